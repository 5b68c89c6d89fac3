/** What every port call may be given: a signal that cancels it (the screen left, or asked again). */
export interface CallOptions {
  readonly signal?: AbortSignal;
}

/**
 * A write that may be sent again after its answer was lost: the same key each time, so
 * the server does it once (docs/api.md "Idempotent writes").
 */
export interface WriteOptions extends CallOptions {
  readonly idempotencyKey?: string;
}
