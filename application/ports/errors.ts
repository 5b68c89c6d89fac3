/**
 * The one error type that crosses the ports. Adapters translate whatever their
 * library throws (axios, zod, SignalR) into this, so use cases and screens never
 * see a transport type.
 */
export type ApiErrorKind =
  | 'http' // the server answered 4xx/5xx
  | 'unauthorized' // 401 after the single refresh and retry
  | 'network' // no answer at all
  | 'timeout'
  | 'cancelled' // the screen left before the answer came
  | 'malformed'; // the answer did not match the contract's schema

/** Shown when the server gives no error.message (SPEC point 7, 8). */
export const REQUEST_FAILED = '请求失败';

/**
 * No answer at all (the spec is silent; a lost network must not read as the server's
 * refusal): the phone is offline or the server cannot be reached.
 */
export const NETWORK_OFFLINE = '网络不可用，请检查网络后重试';
/** The answer did not come in time (SPEC: HTTP timeout 60000 ms). */
export const NETWORK_TIMEOUT = '网络超时，请稍后重试';

export class ApiError extends Error {
  readonly kind: ApiErrorKind;
  readonly status: number | undefined;
  readonly code: string | undefined;
  readonly details: unknown;

  constructor(kind: ApiErrorKind, message: string, opts: { status?: number; code?: string; details?: unknown } = {}) {
    super(message || REQUEST_FAILED);
    this.name = 'ApiError';
    this.kind = kind;
    this.status = opts.status;
    this.code = opts.code;
    this.details = opts.details;
  }

  get cancelled(): boolean {
    return this.kind === 'cancelled';
  }
}

export const isApiError = (e: unknown): e is ApiError => e instanceof ApiError;

/** The message a user should see for any failure. */
export function messageOf(e: unknown): string {
  if (e instanceof ApiError) return e.message;
  return REQUEST_FAILED;
}
