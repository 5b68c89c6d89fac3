export { Md5FileHasher, createFileHasher } from './fileHasher';
export type { FileHasherOptions } from './fileHasher';
export { HttpUploader, createUploader, UPLOAD_CONFIG_PATH, STORED_FILE_PATH, HASH_SHARE } from './uploader';
export type { UploaderDeps } from './uploader';
export { createMd5Engine, md5OfBlob, wasmAvailable } from './md5';
export type { Md5Engine, Md5EngineChoice, Md5EngineKind } from './md5';
