/** What every port call may be given: a signal that cancels it (the screen left, or asked again). */
export interface CallOptions {
  readonly signal?: AbortSignal;
  /**
   * The caller draws the answer again when told it was renewed (a screen model with a
   * `renew` event, application/offline/renewals.ts): on a slow network the read may be
   * answered first from what the device kept, and renewed behind it. Never for a read
   * whose answer decides something (the look for a lost launch).
   */
  readonly drawnFirst?: boolean;
}

/**
 * A write that may be sent again after its answer was lost: the same key each time, so
 * the server does it once (docs/api.md "Idempotent writes").
 */
export interface WriteOptions extends CallOptions {
  readonly idempotencyKey?: string;
}
