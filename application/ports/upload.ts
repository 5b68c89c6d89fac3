import type { UploadedFile } from '../../domain/files/types';

export type { UploadedFile, UploadStatus } from '../../domain/files/types';

/**
 * The two readings of SPEC point 9 "File hash":
 * - 'whole': MD5 of the whole file, read in 10 MB chunks;
 * - 'headTail': MD5 of the first 1024 bytes followed by the last 1024 bytes; a file of
 *   2048 bytes or fewer is hashed whole (head and tail would overlap).
 */
export type HashMode = 'whole' | 'headTail';

export interface FileHasher {
  /**
   * Lower-case hex MD5 of `file`. `onProgress` gets 0..100. Rejects with an ApiError of
   * kind 'cancelled' when `signal` aborts.
   */
  md5(file: Blob, mode: HashMode, onProgress?: (percent: number) => void, signal?: AbortSignal): Promise<string>;
  /**
   * A file is about to come (a picker opened): what hashing needs starts now, so the
   * file's hash does not wait for it. Nothing happens when it is ready already.
   */
  warm?(): void;
}

/** What can be uploaded: a File, or any Blob given a name. */
export type UploadSource = Blob & { readonly name: string };

/** A finished upload: the domain's record, done, plus the address the server gave. */
export type UploadResult = UploadedFile & {
  readonly status: 'done';
  readonly url: string;
  readonly fileName: string;
};

export interface UploadOptions {
  /**
   * The list item's id. Pass the same uid again to retry a failed upload (a retry is a
   * new call: the pipeline restarts from the hash). Generated when absent.
   */
  uid?: string;
  /** Overall progress 0..100: hashing is the first 10, the transfer up to 99, the saved record 100. */
  onProgress?(percent: number): void;
  /** Every change of the list item: uploading with its percent, then done or error. */
  onChange?(file: UploadedFile): void;
  /** Aborting cancels the upload: the promise rejects with an ApiError of kind 'cancelled'. */
  signal?: AbortSignal;
  /** Defaults to 'whole'. */
  hashMode?: HashMode;
}

export interface Uploader {
  /**
   * Hash -> upload config -> PUT to the signed address (only when the server does not
   * have the bytes) -> save the record -> done. Any failure rejects with an ApiError
   * whose message is 上传失败 (domain/files/messages.ts UPLOAD_FAILED) after reporting
   * the item as 'error'.
   */
  upload(file: UploadSource, opts?: UploadOptions): Promise<UploadResult>;
  /**
   * A file picker opened: the upload's code and the hasher (FileHasher.warm) get ready
   * while the user chooses. Never fails the upload that follows: a failure here is
   * met again, and reported, by `upload`.
   */
  prepare?(): Promise<void>;
}
