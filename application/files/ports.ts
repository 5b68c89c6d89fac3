import type { FileTypeEntry } from '../../domain/files/types';
import { token } from '../ports/token';
import type { CallOptions } from '../ports/call';

export type { CallOptions };

/** The stored file an online view or edit is asked for (an attachment or an uploaded record). */
export interface OnlineFileRef {
  readonly domain?: string | null;
  readonly path: string;
  readonly name: string;
  readonly userFileId?: string | null;
}

/**
 * The files context's reading calls (SPEC point 7 "Files"). The upload pipeline, the
 * stored-file save and the avatar are other ports (application/ports/upload.ts).
 */
export interface FilesApi {
  /** GET stored-file/file-type: the document types a new document may have. */
  fileTypes(opts?: CallOptions): Promise<readonly FileTypeEntry[]>;
  /** POST stored-file/file-type-view: the extensions that can be previewed, lower case, without dots. */
  previewableExtensions(opts?: CallOptions): Promise<readonly string[]>;
  /** GET stored-file/online-view: the preview address, or null when the server gives none (only logged). */
  onlineViewUrl(file: OnlineFileRef, opts?: CallOptions): Promise<string | null>;
  /** GET stored-file/online-edit: the editor address, or null when the server gives none (only logged). */
  onlineEditUrl(file: OnlineFileRef, opts?: CallOptions): Promise<string | null>;
}

export const FILES_API = token<FilesApi>('FilesApi');
