import axios, { type AxiosInstance } from 'axios';
import { createAxios } from '../http/axiosInstance';
import { z } from '../zod';
import { ApiError, isApiError } from '../../application/ports/errors';
import type { Clock } from '../../application/ports/runtime';
import type {
  FileHasher,
  UploadOptions,
  UploadResult,
  UploadSource,
  Uploader,
  UploadedFile,
} from '../../application/ports/upload';
import {
  buildObjectKey,
  clampPercent,
  fileExtension,
  fileSavePayload,
  needsUpload,
  uploadConfigRequest,
} from '../../domain/files/files';
import { UPLOAD_FAILED } from '../../domain/files/messages';
import type { HttpClient } from '../http/httpClient';

export const UPLOAD_CONFIG_PATH = '/v1/file-service/api/upload-file/obs-config';
export const STORED_FILE_PATH = '/v1/file-service/api/stored-file';

/** Share of the overall percent given to hashing; the transfer takes the rest up to 99. */
export const HASH_SHARE = 10;
const TRANSFER_END = 99;

const idText = z.pipe(z.union([z.string(), z.number()]), z.transform(String));

/** obs-config answer. `value` may be empty when the server already has the bytes. */
export const UploadConfigSchema = z.looseObject({
  isBe: z.boolean(),
  fileId: idText,
  value: z.nullish(z.string()),
  actualSignedRequestHeaders: z.nullish(
    z.record(z.string(), z.pipe(z.union([z.string(), z.number(), z.boolean()]), z.transform(String))),
  ),
});

/** stored-file answer; domain and path are read when the server gives them. */
export const StoredFileSchema = z.looseObject({
  url: z.string(),
  fileName: z.nullish(z.string()),
  size: z.nullish(z.number()),
  userFileId: idText,
  domain: z.nullish(z.string()),
  path: z.nullish(z.string()),
});

export interface UploaderDeps {
  http: HttpClient;
  hasher: FileHasher;
  clock: Clock;
  /** The client for the PUT to the signed address (no session headers); a plain axios instance by default. */
  transfer?: AxiosInstance;
  newUid?: () => string;
}

let uidCounter = 0;
/** crypto.randomUUID exists only in secure contexts; a school intranet on plain http has none. */
const defaultUid = (): string =>
  typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function'
    ? crypto.randomUUID()
    : `upload-${Date.now().toString(36)}-${(uidCounter++).toString(36)}`;

const headerValue = (headers: Record<string, string>, name: string): string | undefined =>
  Object.entries(headers).find(([k]) => k.toLowerCase() === name.toLowerCase())?.[1];

const originOf = (url: string): string | null => {
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
};

/**
 * The upload pipeline of SPEC point 4 "File upload": hash -> obs-config -> PUT (only
 * when isBe is false) -> stored-file -> done. Every failure ends as 上传失败.
 */
export class HttpUploader implements Uploader {
  private readonly transfer: AxiosInstance;
  private readonly newUid: () => string;

  constructor(private readonly deps: UploaderDeps) {
    this.transfer = deps.transfer ?? createAxios();
    this.newUid = deps.newUid ?? defaultUid;
  }

  prepare(): Promise<void> {
    this.deps.hasher.warm?.();
    return Promise.resolve();
  }

  async upload(file: UploadSource, opts: UploadOptions = {}): Promise<UploadResult> {
    const uid = opts.uid ?? this.newUid();
    const signal = opts.signal;
    let percent = 0;
    const item = (status: UploadedFile['status']): UploadedFile => ({ uid, name: file.name, size: file.size, status, percent });
    const progress = (value: number): void => {
      const p = clampPercent(value);
      if (p <= percent) return;
      percent = p;
      opts.onProgress?.(p);
      opts.onChange?.(item('uploading'));
    };
    opts.onChange?.(item('uploading'));

    try {
      if (signal?.aborted) throw new ApiError('cancelled', UPLOAD_FAILED);
      const md5 = await this.deps.hasher.md5(
        file,
        opts.hashMode ?? 'whole',
        (p) => progress((p * HASH_SHARE) / 100),
        signal,
      );
      const key = buildObjectKey(new Date(this.deps.clock.now()), md5, fileExtension(file.name));
      if (!key.ok) throw new ApiError('malformed', UPLOAD_FAILED, { details: key.error });
      const objectKey = key.value;

      const configRequest = uploadConfigRequest({ objectKey, size: file.size, md5, contentType: file.type });
      const config = await this.deps.http.request({
        method: 'POST',
        url: UPLOAD_CONFIG_PATH,
        data: configRequest,
        schema: UploadConfigSchema,
        signal,
      });
      progress(HASH_SHARE);

      if (needsUpload(config)) {
        if (!config.value) throw new ApiError('malformed', UPLOAD_FAILED, { details: 'no signed address' });
        await this.put(file, config.value, config.actualSignedRequestHeaders ?? {}, configRequest.contentType, signal, (p) =>
          progress(HASH_SHARE + (p * (TRANSFER_END - HASH_SHARE)) / 100),
        );
      }
      progress(TRANSFER_END);

      const stored = await this.deps.http.request({
        method: 'POST',
        url: STORED_FILE_PATH,
        data: fileSavePayload({ fileId: config.fileId, showName: file.name, objectKey, size: file.size, md5 }),
        schema: StoredFileSchema,
        signal,
      });

      percent = 100;
      opts.onProgress?.(100);
      const result: UploadResult = {
        uid,
        name: file.name,
        // The server may not say where it stored the bytes: the address's origin and the object key then.
        domain: stored.domain ?? originOf(stored.url),
        path: stored.path ?? objectKey,
        size: typeof stored.size === 'number' && Number.isFinite(stored.size) ? stored.size : file.size,
        userFileId: stored.userFileId,
        url: stored.url,
        fileName: stored.fileName ?? file.name,
        status: 'done',
        percent: 100,
      };
      opts.onChange?.(result);
      return result;
    } catch (e) {
      opts.onChange?.(item('error'));
      throw this.failure(e, signal);
    }
  }

  /**
   * The PUT carries the signed headers and nothing of the session: the storage service
   * checks its own signature and would refuse (or leak) an Authorization header.
   */
  private async put(
    file: Blob,
    url: string,
    signed: Record<string, string>,
    contentType: string,
    signal: AbortSignal | undefined,
    onProgress: (percent: number) => void,
  ): Promise<void> {
    // Node's axios replaces Content-Type with the body's own type, so the body carries the signed one.
    const type = headerValue(signed, 'Content-Type') ?? contentType;
    const body = file.type === type ? file : new Blob([file], { type });
    await this.transfer.request({
      method: 'PUT',
      url,
      data: body,
      headers: { Accept: false, ...signed },
      transformRequest: [(data: unknown) => data],
      signal,
      onUploadProgress: (e) => {
        const total = e.total ?? file.size;
        onProgress(total > 0 ? (e.loaded / total) * 100 : 100);
      },
    });
    onProgress(100);
  }

  private failure(e: unknown, signal: AbortSignal | undefined): ApiError {
    if (signal?.aborted || (isApiError(e) && e.kind === 'cancelled') || axios.isCancel(e)) {
      return new ApiError('cancelled', UPLOAD_FAILED, { details: e });
    }
    if (isApiError(e)) return new ApiError(e.kind, UPLOAD_FAILED, { status: e.status, code: e.code, details: e });
    const status = axios.isAxiosError(e) ? e.response?.status : undefined;
    return new ApiError(status === undefined ? 'network' : 'http', UPLOAD_FAILED, { status, details: e });
  }
}

export const createUploader = (deps: UploaderDeps): Uploader => new HttpUploader(deps);
