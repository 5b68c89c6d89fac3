import type { CallOptions, FilesApi, OnlineFileRef } from '../../application/files/ports';
import type { FileTypeEntry } from '../../domain/files/types';
import { parsePreviewableExtensions } from '../../domain/files/files';
import type { HttpClient } from '../http/httpClient';
import { FileTypesSchema, OnlineUrlSchema, PreviewableSchema } from './schemas';

const STORED_FILE = '/v1/file-service/api/stored-file';

/** Only the parts of the reference that are known travel; absent ones are left out, not sent empty. */
const onlineParams = (file: OnlineFileRef): Record<string, string> => {
  const params: Record<string, string> = { path: file.path, name: file.name };
  if (file.domain) params.domain = file.domain;
  if (file.userFileId) params.userFileId = file.userFileId;
  return params;
};

export class HttpFilesApi implements FilesApi {
  constructor(private readonly http: HttpClient) {}

  fileTypes(opts?: CallOptions): Promise<readonly FileTypeEntry[]> {
    return this.http.request({ method: 'GET', url: `${STORED_FILE}/file-type`, schema: FileTypesSchema, signal: opts?.signal });
  }

  async previewableExtensions(opts?: CallOptions): Promise<readonly string[]> {
    const csv = await this.http.request({
      method: 'POST',
      url: `${STORED_FILE}/file-type-view`,
      schema: PreviewableSchema,
      signal: opts?.signal,
    });
    return parsePreviewableExtensions(csv ?? '');
  }

  onlineViewUrl(file: OnlineFileRef, opts?: CallOptions): Promise<string | null> {
    return this.online('online-view', file, opts);
  }

  onlineEditUrl(file: OnlineFileRef, opts?: CallOptions): Promise<string | null> {
    return this.online('online-edit', file, opts);
  }

  private online(which: 'online-view' | 'online-edit', file: OnlineFileRef, opts?: CallOptions): Promise<string | null> {
    return this.http.request({
      method: 'GET',
      url: `${STORED_FILE}/${which}`,
      params: onlineParams(file),
      schema: OnlineUrlSchema,
      signal: opts?.signal,
    });
  }
}
