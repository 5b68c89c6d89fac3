import { waitsForNetwork, type Failure, type Outcome } from '../shared/failure';

/** Where an action that may wait in the outbox ended. */
export type KeptOrDone<T> = { readonly kind: 'kept' } | { readonly kind: 'done'; readonly value: T } | { readonly kind: 'failed'; readonly failure: Failure };

/**
 * The one rule of an action that may wait in the outbox: kept at once, nothing tried, when
 * the phone knows it has no network (`online` false); else tried, and kept when the try
 * got no answer (waitsForNetwork: it goes with the key of the try, so one the server did
 * get is not done twice). Without `online` (no outbox for this action) it is only tried.
 * Screens whose action must not be tried twice without a key (the run's page, the to-do
 * form) keep only in the first case and do not use this.
 */
export async function keepOrAttempt<T>(online: (() => boolean) | undefined, attempt: () => Promise<Outcome<T>>): Promise<KeptOrDone<T>> {
  if (online && !online()) return { kind: 'kept' };
  const outcome = await attempt();
  if (outcome.ok) return { kind: 'done', value: outcome.value };
  if (online && waitsForNetwork(outcome.error)) return { kind: 'kept' };
  return { kind: 'failed', failure: outcome.error };
}
