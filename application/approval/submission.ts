/**
 * One submission, however many taps and retries it takes. A launch or an approval is
 * a write the user may have to repeat: the answer can be lost (offline, timeout) after
 * the server already did it. Two rules keep it from happening twice:
 * - the flow and action sessions carry a submission id, made when the session is made
 *   and sent as the idempotency key on every attempt, so the server answers a repeat
 *   with the first result (docs/api.md "Idempotent writes");
 * - while an attempt is on the wire, another tap on the same submission does not send
 *   anything (`onceAtATime`), whatever state the button is in.
 */

export { newSubmissionId } from '../shared/idempotency';

/** What a second tap gets while the first attempt is still on the wire: nothing was sent. */
export type AlreadySubmitting = { readonly kind: 'pending' };
const PENDING: AlreadySubmitting = Object.freeze({ kind: 'pending' });

const inFlight = new Map<string, Promise<unknown>>();

/**
 * Runs `attempt` unless an attempt with the same key is still running; a caller that
 * arrives meanwhile waits for that attempt to end and gets `pending` (the first caller
 * alone acts on the outcome: one toast, one navigation).
 */
export async function onceAtATime<T>(key: string, attempt: () => Promise<T>): Promise<T | AlreadySubmitting> {
  const running = inFlight.get(key);
  if (running) {
    await running.catch(() => undefined);
    return PENDING;
  }
  const p = attempt();
  inFlight.set(key, p);
  try {
    return await p;
  } finally {
    inFlight.delete(key);
  }
}
