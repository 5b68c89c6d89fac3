/**
 * Files use cases (SPEC point 2 "Files", page/file, page/onlinePreview,
 * page/onlineEditing; point 8 暂不支持预览 and the URLs that are only logged). Plain
 * functions over ports; the rules are domain/files. What the user is told is the
 * screen models' (./filePageModel.ts, ./onlineFileModel.ts, ./fileListModel.ts).
 */
import { previewDecision } from '../../domain/files/files';
import { resolveWebAddress } from '../../domain/shell/links';
import { ok } from '../../domain/shared/result';
import { attempt, type Outcome } from '../shared/failure';
import { PATHS, queryOf } from '../shared/routes';
import type { CallOptions, FilesApi, OnlineFileRef } from './ports';
import type { Log } from '../ports/logger';

// ---------------------------------------------------------------------------
// Routes (SPEC point 2 route table)
// ---------------------------------------------------------------------------

/** A file as the pages and lists know it: its address and its display name. */
export interface FileAddress {
  readonly url: string;
  readonly name: string;
  readonly size?: number | null;
  readonly domain?: string | null;
  readonly path?: string | null;
  readonly userFileId?: string | null;
}

const query = queryOf;

/** page/file?url&name&size. */
export const filePagePath = (file: Pick<FileAddress, 'url' | 'name' | 'size'>): string =>
  `${PATHS.file}${query({
    url: file.url,
    name: file.name,
    size: typeof file.size === 'number' && Number.isFinite(file.size) && file.size >= 0 ? String(file.size) : null,
  })}`;

/** page/onlinePreview?url (name too, when the address does not end in it). */
export const previewPagePath = (file: Pick<FileAddress, 'url' | 'name'>): string =>
  `${PATHS.onlinePreview}${query({ url: file.url, name: file.name })}`;

/** page/onlineEditing?url (name too, when the address does not end in it). */
export const editPagePath = (file: Pick<FileAddress, 'url' | 'name'>): string =>
  `${PATHS.onlineEditing}${query({ url: file.url, name: file.name })}`;

// ---------------------------------------------------------------------------
// Reading the page query
// ---------------------------------------------------------------------------

const decode = (s: string): string => {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
};

/**
 * The file name of an address: its `name` query parameter when it has one (signed and
 * download addresses often do), else the last path segment, decoded.
 */
export function fileNameFromUrl(url: unknown): string {
  if (typeof url !== 'string' || url.trim() === '') return '';
  let parsed: URL;
  try {
    parsed = new URL(url.trim(), 'http://file.invalid/');
  } catch {
    return '';
  }
  const named = parsed.searchParams.get('name') ?? parsed.searchParams.get('fileName');
  if (named && named.trim() !== '') return named.trim();
  const segments = parsed.pathname.split('/').filter((s) => s !== '');
  return decode(segments[segments.length - 1] ?? '');
}

/** The name a page shows: the query's name, else the one the address carries. */
export const displayFileName = (name: unknown, url: unknown): string => (typeof name === 'string' ? name.trim() : '') || fileNameFromUrl(url);

/** The size query as bytes; null when absent or not a count. */
export function parseSizeParam(raw: unknown): number | null {
  if (typeof raw !== 'string' || raw.trim() === '') return null;
  const n = Number(raw);
  return Number.isFinite(n) && n >= 0 ? n : null;
}

/**
 * An absolute http(s) address for a file address the server gave (often a same-origin
 * path such as /files/a.pdf); null when it is anything else (javascript:, data:,
 * '//host', '/\\host', ...). The rule is domain resolveWebAddress.
 */
export function absoluteFileAddress(url: unknown, base: string): string | null {
  return resolveWebAddress(url, base);
}

// ---------------------------------------------------------------------------
// Preview and online edit
// ---------------------------------------------------------------------------

export type Preview =
  /** jpg, jpeg, png, gif, bmp, webp, ico: shown inline from the file's own address. */
  | { readonly kind: 'image'; readonly src: string }
  /** The online-view (or online-edit) address, shown in a sandboxed frame. */
  | { readonly kind: 'frame'; readonly src: string }
  /** The type is not in file-type-view: 暂不支持预览. */
  | { readonly kind: 'unsupported'; readonly message: string }
  /** No address: the server gave none, or the page had no url. Logged only (SPEC point 8). */
  | { readonly kind: 'missing' };

/**
 * The address as the file service knows it: an address on the app's own origin goes
 * as its path (the service stored '/files/a.pdf', not the host the page happens to use).
 */
export function serviceAddress(url: string, base: string): string {
  try {
    const parsed = new URL(url, base);
    if (parsed.origin === new URL(base).origin) return parsed.pathname + parsed.search;
  } catch {
    // Not an address: sent as given.
  }
  return url;
}

const fileRef = (file: FileAddress, base: string): OnlineFileRef => ({
  domain: file.domain ?? null,
  path: file.path || serviceAddress(file.url, base),
  name: file.name,
  userFileId: file.userFileId ?? null,
});

export interface PreviewDeps {
  api: Pick<FilesApi, 'previewableExtensions' | 'onlineViewUrl'>;
  /** Base for relative addresses: the page's address. */
  base: string;
  log?: Log;
}

/**
 * page/onlinePreview: an image inline; otherwise the types file-type-view lists get the
 * online-view address in a frame, any other type 暂不支持预览.
 */
export async function resolvePreview(deps: PreviewDeps, file: FileAddress, opts?: CallOptions): Promise<Outcome<Preview>> {
  const log: Log = deps.log ?? (() => undefined);
  if (file.url.trim() === '') {
    log('[files] page/onlinePreview without a url', null);
    return ok({ kind: 'missing' });
  }
  const name = file.name || fileNameFromUrl(file.url);
  if (previewDecision(name, []).kind === 'image') {
    const src = absoluteFileAddress(file.url, deps.base);
    if (src === null) {
      log('[files] the image address is not a web address', file.url);
      return ok({ kind: 'missing' });
    }
    return ok({ kind: 'image', src });
  }
  return attempt(async (): Promise<Preview> => {
    const decision = previewDecision(name, await deps.api.previewableExtensions(opts));
    if (decision.kind === 'unsupported') return { kind: 'unsupported', message: decision.message };
    const url = await deps.api.onlineViewUrl(fileRef({ ...file, name }, deps.base), opts);
    const src = absoluteFileAddress(url, deps.base);
    if (src === null) {
      log('[files] online-view gave no preview address', url);
      return { kind: 'missing' };
    }
    return { kind: 'frame', src };
  });
}

export interface EditDeps {
  api: Pick<FilesApi, 'onlineEditUrl'>;
  base: string;
  log?: Log;
}

/** page/onlineEditing: the online-edit address in a frame; a missing one is only logged. */
export async function resolveOnlineEdit(deps: EditDeps, file: FileAddress, opts?: CallOptions): Promise<Outcome<Preview>> {
  const log: Log = deps.log ?? (() => undefined);
  if (file.url.trim() === '') {
    log('[files] page/onlineEditing without a url', null);
    return ok({ kind: 'missing' });
  }
  const name = file.name || fileNameFromUrl(file.url);
  return attempt(async (): Promise<Preview> => {
    const url = await deps.api.onlineEditUrl(fileRef({ ...file, name }, deps.base), opts);
    const src = absoluteFileAddress(url, deps.base);
    if (src === null) {
      log('[files] online-edit gave no edit address', url);
      return { kind: 'missing' };
    }
    return { kind: 'frame', src };
  });
}

export type { Log };
