/** Where stored bytes are served from; `domain + path` is a file's address. */
export const FILES_DOMAIN = '/sandbox/files/';

export function encodeKey(key: string): string {
  return key.split('/').map(encodeURIComponent).join('/');
}

export function fileUrl(key: string): string {
  return FILES_DOMAIN + encodeKey(key);
}

/** An object key is a relative path without empty, '.' or '..' segments. */
export function isSafeKey(key: string): boolean {
  if (key.length === 0 || key.length > 500 || key.startsWith('/') || key.includes('\\') || key.includes('\0')) return false;
  return key.split('/').every((s) => s.length > 0 && s !== '.' && s !== '..');
}

export function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot > 0 && dot < name.length - 1 ? name.slice(dot + 1).toLowerCase() : '';
}

const TYPES: Record<string, string> = {
  html: 'text/html; charset=utf-8',
  htm: 'text/html; charset=utf-8',
  js: 'text/javascript; charset=utf-8',
  mjs: 'text/javascript; charset=utf-8',
  css: 'text/css; charset=utf-8',
  json: 'application/json; charset=utf-8',
  map: 'application/json; charset=utf-8',
  txt: 'text/plain; charset=utf-8',
  svg: 'image/svg+xml',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  bmp: 'image/bmp',
  ico: 'image/x-icon',
  woff: 'font/woff',
  woff2: 'font/woff2',
  ttf: 'font/ttf',
  wasm: 'application/wasm',
  pdf: 'application/pdf',
  webmanifest: 'application/manifest+json',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xls: 'application/vnd.ms-excel',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  ppt: 'application/vnd.ms-powerpoint',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  zip: 'application/zip',
  mp4: 'video/mp4',
  mp3: 'audio/mpeg',
};

export function contentTypeFor(name: string): string {
  return TYPES[extensionOf(name)] ?? 'application/octet-stream';
}
