import type { UploadSource } from '../ports/upload';

/**
 * A file kept in an outbox entry until it can go up: its bytes as an ArrayBuffer, which
 * every web view's IndexedDB stores (some older ones refuse a Blob), with its name and type.
 */
export interface KeptFile {
  readonly name: string;
  readonly type: string;
  readonly bytes: ArrayBuffer;
}

/** The bytes of a picked file (or a drawn signature), read once to be kept. */
export const keepFile = async (file: Blob, name: string): Promise<KeptFile> => ({ name, type: file.type, bytes: await file.arrayBuffer() });

/** A kept file as the upload port takes it. */
export const sourceOfKept = (kept: KeptFile): UploadSource => Object.assign(new Blob([kept.bytes], { type: kept.type }), { name: kept.name });
