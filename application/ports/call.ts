/** What every port call may be given: a signal that cancels it (the screen left, or asked again). */
export interface CallOptions {
  readonly signal?: AbortSignal;
}
