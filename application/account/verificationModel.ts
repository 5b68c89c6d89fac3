/**
 * The one piece of account state that crosses pages: a masked value waiting for the
 * security page (SPEC point 4 "Masked value reveal": the reveal goes to the security
 * page first, then decrypts). The profile page marks which value it wants before it
 * leaves; the security page marks the verification passed; back on the profile page
 * the pending reveal is taken once, and decrypted only when the verification passed.
 * It is the signed-in user's (lifetime 'user'), so it is dropped with the session.
 */
import { createEvent, createStore, sample } from 'effector';
import { defineScreen } from '../shared/screens';

export interface PendingReveal {
  /** Which value of the page (e.g. 'phone', 'email', 'family:<id>'). */
  readonly key: string;
  /** The encrypted value to decrypt. */
  readonly encrypted: string;
}

export function createVerificationModel() {
  /** The profile page leaves for the security page to reveal this value. */
  const revealRequested = createEvent<PendingReveal>();
  /** The security page's check passed. */
  const verificationPassed = createEvent();
  /** The profile page took the pending reveal (whatever came of it). */
  const revealTaken = createEvent();

  const $pending = createStore<PendingReveal | null>(null, { serialize: 'ignore' }).on(revealRequested, (_, p) => p).reset(revealTaken);
  const $passed = createStore(false, { serialize: 'ignore' })
    .on(verificationPassed, () => true)
    .reset(revealRequested, revealTaken);

  /** What the profile page should decrypt on its return: the pending value when the verification passed. */
  const $ready = sample({
    source: { pending: $pending, passed: $passed },
    fn: ({ pending, passed }) => (pending !== null && passed ? pending : null),
  });

  return { $pending, $passed, $ready, revealRequested, verificationPassed, revealTaken };
}

export type VerificationModel = ReturnType<typeof createVerificationModel>;

/** The user's pending reveal: one, shared by the profile pages and the security page. */
export const verificationScreen = defineScreen({
  name: 'accountVerification',
  lifetime: 'user',
  key: () => '',
  create: () => createVerificationModel(),
});
