/** File entities (SPEC point 3 "Files"), named as on the wire. */

export type Attachment = {
  readonly name: string;
  readonly suffix?: string | null;
  /** Bytes. */
  readonly size: number;
  readonly domain?: string | null;
  readonly path?: string | null;
  readonly fileUrl?: string | null;
};

export type UploadStatus = 'uploading' | 'done' | 'error';

/**
 * A file in a list: an upload's status, or 'waiting' for a file kept on the phone that
 * goes up with its action when the network is back (the outbox, application/offline).
 */
export type ListedFileStatus = UploadStatus | 'waiting';

export type UploadedFile = {
  readonly uid: string;
  readonly name: string;
  readonly domain?: string | null;
  readonly path?: string | null;
  readonly size: number;
  readonly userFileId?: string | null;
  readonly status: UploadStatus;
  /** 0..100. */
  readonly percent: number;
};

export type FileSavePayload = {
  readonly id: string;
  readonly showName: string;
  readonly name: string;
  readonly extension: string;
  readonly size: number;
  readonly storedType: 1;
  readonly fileMD5: string;
};

export type UploadConfigRequest = {
  readonly objectKey: string;
  readonly size: number;
  readonly fileMd5: string;
  readonly httpVerb: 2;
  readonly contentType: string;
};

export type UploadConfigResponse = {
  /** true: the server already has the bytes, skip the PUT. */
  readonly isBe: boolean;
  readonly fileId: string;
  /** Signed upload address. */
  readonly value: string;
  readonly actualSignedRequestHeaders?: Readonly<Record<string, string>> | null;
};

export type StoredFile = {
  readonly url: string;
  readonly fileName: string;
  readonly size: number;
  readonly userFileId: string;
};

export type FileTypeEntry = {
  readonly suffix: string;
  readonly suffixMsg: string;
};

export type FileIconKind = 'image' | 'pdf' | 'word' | 'excel' | 'ppt' | 'zip' | 'video' | 'audio' | 'text' | 'unknown';

/** How a file is shown when tapped. */
export type PreviewDecision =
  | { readonly kind: 'image' }
  | { readonly kind: 'online' }
  | { readonly kind: 'unsupported'; readonly message: string };
