/**
 * File rules: names and extensions, icons, sizes, preview, rename, and the pure parts
 * of the upload protocol (SPEC point 4 "File upload", point 7 "Files", point 9).
 */
import { err, ok, type Message, type Result } from '../shared/result';
import {
  FILE_NAME_BLANK,
  FILE_NAME_REQUIRED,
  FILE_NAME_TOO_LONG,
  PREVIEW_UNSUPPORTED,
} from './messages';
import type {
  FileIconKind,
  FileSavePayload,
  PreviewDecision,
  UploadConfigRequest,
  UploadedFile,
} from './types';

export const FILE_NAME_MAX = 40;
export const HASH_CHUNK_SIZE = 10 * 1024 * 1024;
export const HASH_EDGE_BYTES = 1024;
export const CONTENT_TYPE_FALLBACK = 'text/plain';
export const STORED_TYPE = 1;
export const UPLOAD_HTTP_VERB = 2;

export const INLINE_IMAGE_EXTENSIONS: readonly string[] = Object.freeze(['jpg', 'jpeg', 'png', 'gif', 'bmp', 'webp', 'ico']);

const ICON_EXTENSIONS: Readonly<Record<Exclude<FileIconKind, 'unknown'>, readonly string[]>> = Object.freeze({
  image: ['jpg', 'jpeg', 'png', 'gif', 'bmp', 'webp', 'ico', 'svg', 'tif', 'tiff', 'heic'],
  pdf: ['pdf'],
  word: ['doc', 'docx', 'dot', 'dotx', 'wps', 'rtf', 'odt'],
  excel: ['xls', 'xlsx', 'xlsm', 'csv', 'et', 'ods'],
  ppt: ['ppt', 'pptx', 'pps', 'ppsx', 'dps', 'odp'],
  zip: ['zip', 'rar', '7z', 'tar', 'gz', 'tgz', 'bz2', 'xz'],
  video: ['mp4', 'mov', 'avi', 'wmv', 'flv', 'mkv', 'webm', 'm4v', '3gp', 'mpeg', 'mpg'],
  audio: ['mp3', 'wav', 'aac', 'flac', 'ogg', 'm4a', 'amr', 'wma'],
  text: ['txt', 'md', 'log', 'json', 'xml'],
});

// ---------------------------------------------------------------------------
// Names and extensions
// ---------------------------------------------------------------------------

/**
 * Splits a file name at its last dot. A leading dot ('.env') or a trailing one ('a.')
 * is not an extension separator. The extension keeps its case; compare lower-cased.
 */
export const splitFileName = (name: unknown): { base: string; extension: string } => {
  if (typeof name !== 'string') return { base: '', extension: '' };
  const dot = name.lastIndexOf('.');
  if (dot <= 0 || dot === name.length - 1) return { base: name, extension: '' };
  return { base: name.slice(0, dot), extension: name.slice(dot + 1) };
};

/** The lower-case extension of a file name without the dot, '' when there is none. */
export const fileExtension = (name: unknown): string => splitFileName(name).extension.toLowerCase();

const normaliseExtension = (ext: unknown): string =>
  typeof ext === 'string' ? ext.trim().replace(/^\.+/, '').toLowerCase() : '';

export const iconKindForExtension = (ext: unknown): FileIconKind => {
  const e = normaliseExtension(ext);
  if (e === '') return 'unknown';
  for (const [kind, list] of Object.entries(ICON_EXTENSIONS)) {
    if (list.includes(e)) return kind as FileIconKind;
  }
  return 'unknown';
};

export const fileIconKind = (name: unknown): FileIconKind => iconKindForExtension(fileExtension(name));

/** Images with one of jpg, jpeg, png, gif, bmp, webp, ico are previewed inline. */
export const isInlineImage = (name: unknown): boolean => INLINE_IMAGE_EXTENSIONS.includes(fileExtension(name));

// ---------------------------------------------------------------------------
// Sizes
// ---------------------------------------------------------------------------

const KB = 1024;
const MB = KB * 1024;
const GB = MB * 1024;

const validBytes = (bytes: unknown): bytes is number =>
  typeof bytes === 'number' && Number.isFinite(bytes) && bytes >= 0;

/** One file (page/file): ceil(bytes/1024) KB, e.g. 1 byte -> '1KB'; '' for no size. */
export const formatFileSize = (bytes: unknown): string => (validBytes(bytes) ? `${Math.ceil(bytes / KB)}KB` : '');

const twoDecimals = (value: number): string => String(Math.round(value * 100) / 100);

/**
 * Lists: below 1 MB as ceil KB (like a single file), below 1 GB as MB, else GB, both
 * rounded to at most two decimals with trailing zeros dropped ('1.5MB', '2GB').
 */
export const formatFileSizeInList = (bytes: unknown): string => {
  if (!validBytes(bytes)) return '';
  if (bytes < MB) return `${Math.ceil(bytes / KB)}KB`;
  if (bytes < GB) return `${twoDecimals(bytes / MB)}MB`;
  return `${twoDecimals(bytes / GB)}GB`;
};

// ---------------------------------------------------------------------------
// Preview
// ---------------------------------------------------------------------------

/** The file-type-view answer ("pdf,docx, .XLSX") as unique lower-case extensions. */
export const parsePreviewableExtensions = (csv: unknown): string[] => {
  const list = Array.isArray(csv) ? csv : typeof csv === 'string' ? csv.split(',') : [];
  return [...new Set(list.map(normaliseExtension).filter((e) => e !== ''))];
};

/** Inline images first, then server-side online preview, else PREVIEW_UNSUPPORTED. */
export const previewDecision = (name: unknown, previewable: readonly string[]): PreviewDecision => {
  if (isInlineImage(name)) return { kind: 'image' };
  const ext = fileExtension(name);
  if (ext !== '' && previewable.map(normaliseExtension).includes(ext)) return { kind: 'online' };
  return { kind: 'unsupported', message: PREVIEW_UNSUPPORTED };
};

// ---------------------------------------------------------------------------
// Rename
// ---------------------------------------------------------------------------

/**
 * The new base name typed in the rename dialog: required (a string), not only
 * whitespace, at most 40 characters (code points, after trimming).
 */
export const validateFileName = (input: unknown): Message => {
  if (typeof input !== 'string' || input === '') return FILE_NAME_REQUIRED;
  const s = input.trim();
  if (s === '') return FILE_NAME_BLANK;
  if (Array.from(s).length > FILE_NAME_MAX) return FILE_NAME_TOO_LONG;
  return null;
};

/**
 * The renamed file name: the trimmed new base plus the original extension. A typed
 * copy of the same extension is not doubled ('new.docx' stays 'new.docx').
 */
export const renameKeepingExtension = (original: unknown, input: unknown): Result<string, string> => {
  const message = validateFileName(input);
  if (message !== null) return err(message);
  const { extension } = splitFileName(original);
  let base = (input as string).trim();
  if (extension !== '' && base.toLowerCase().endsWith(`.${extension.toLowerCase()}`)) {
    base = base.slice(0, base.length - extension.length - 1).trimEnd();
    const again = validateFileName(base);
    if (again !== null) return err(again);
  }
  return ok(extension === '' ? base : `${base}.${extension}`);
};

// ---------------------------------------------------------------------------
// Upload
// ---------------------------------------------------------------------------

/** The browser's type, or text/plain when it has none. */
export const uploadContentType = (type: unknown): string =>
  typeof type === 'string' && type.trim() !== '' ? type.trim() : CONTENT_TYPE_FALLBACK;

/** Byte ranges [start, end) of the 10 MB chunks hashed in turn; one empty range for an empty file. */
export const hashChunkRanges = (size: number): Array<readonly [number, number]> => {
  if (!validBytes(size) || size === 0) return [[0, 0]];
  const n = Math.floor(size);
  const ranges: Array<readonly [number, number]> = [];
  for (let start = 0; start < n; start += HASH_CHUNK_SIZE) ranges.push([start, Math.min(n, start + HASH_CHUNK_SIZE)]);
  return ranges;
};

/** Byte ranges of the quick hash: the first and last 1024 bytes, or the whole file when it is shorter than both. */
export const hashEdgeRanges = (size: number): Array<readonly [number, number]> => {
  const n = validBytes(size) ? Math.floor(size) : 0;
  if (n <= 2 * HASH_EDGE_BYTES) return [[0, n]];
  return [
    [0, HASH_EDGE_BYTES],
    [n - HASH_EDGE_BYTES, n],
  ];
};

const MD5 = /^[0-9a-f]{32}$/i;
const SAFE_EXTENSION = /^[a-z0-9]{1,16}$/;

export type ObjectKeyError = 'invalid-date' | 'invalid-md5';

const pad2 = (n: number): string => String(n).padStart(2, '0');

/**
 * Storage object key `{yyyy}/{MM}/{dd}/{md5}.{ext}`. The date parts are UTC so a key
 * does not depend on the device's zone; an extension that is not 1-16 letters or
 * digits is left out (`{yyyy}/{MM}/{dd}/{md5}`) rather than copied into a path.
 */
export const buildObjectKey = (date: Date, md5: string, extension: string): Result<string, ObjectKeyError> => {
  if (!(date instanceof Date) || Number.isNaN(date.getTime())) return err('invalid-date');
  if (typeof md5 !== 'string' || !MD5.test(md5)) return err('invalid-md5');
  const ext = normaliseExtension(extension);
  const prefix = `${date.getUTCFullYear()}/${pad2(date.getUTCMonth() + 1)}/${pad2(date.getUTCDate())}/${md5.toLowerCase()}`;
  return ok(SAFE_EXTENSION.test(ext) ? `${prefix}.${ext}` : prefix);
};

export const uploadConfigRequest = (input: {
  readonly objectKey: string;
  readonly size: number;
  readonly md5: string;
  readonly contentType: unknown;
}): UploadConfigRequest => ({
  objectKey: input.objectKey,
  size: input.size,
  fileMd5: input.md5.toLowerCase(),
  httpVerb: UPLOAD_HTTP_VERB,
  contentType: uploadContentType(input.contentType),
});

/** The PUT to the signed address is needed only when the server does not have the bytes. */
export const needsUpload = (response: { readonly isBe: boolean }): boolean => response.isBe !== true;

/**
 * The stored-file record: `showName` is the user's file name, `name` the object key,
 * `extension` the lower-case extension without its dot.
 */
export const fileSavePayload = (input: {
  readonly fileId: string;
  readonly showName: string;
  readonly objectKey: string;
  readonly size: number;
  readonly md5: string;
}): FileSavePayload => ({
  id: input.fileId,
  showName: input.showName,
  name: input.objectKey,
  extension: fileExtension(input.showName),
  size: input.size,
  storedType: STORED_TYPE,
  fileMD5: input.md5.toLowerCase(),
});

export const clampPercent = (percent: unknown): number =>
  typeof percent === 'number' && Number.isFinite(percent) ? Math.min(100, Math.max(0, Math.round(percent))) : 0;

/** True when every file finished uploading (an empty list counts as done). */
export const allUploadsDone = (files: readonly Pick<UploadedFile, 'status'>[]): boolean =>
  files.every((f) => f.status === 'done');
