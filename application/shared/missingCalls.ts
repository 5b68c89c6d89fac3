/**
 * The calls the spec leaves unnamed (docs/decided-calls.md) that the school's backend
 * turned out not to have: one that answered 404 or 501 (`isMissingCall`) is noted here,
 * so every screen after it offers only what still works (the security page drops 账户密码
 * once the password check is missing, the to-do list asks no categories) instead of
 * failing the same way again. Forgotten when the session ends: another school may be
 * signed in next, on another backend (composition/container.ts).
 */
import { createEvent, createStore } from 'effector';
import type { UnnamedCall } from '../ports/runtime';
import { token } from '../ports/token';

export function createMissingCalls() {
  /** A call answered 404 or 501. */
  const noted = createEvent<UnnamedCall>();
  const cleared = createEvent();
  const $missing = createStore<readonly UnnamedCall[]>([], { serialize: 'ignore' })
    .on(noted, (calls, call) => (calls.includes(call) ? calls : [...calls, call]))
    .reset(cleared);
  return { $missing, noted, cleared };
}

export type MissingCalls = ReturnType<typeof createMissingCalls>;

/** The app's one record of missing calls (composition/container.ts binds it). */
export const MISSING_CALLS = token<MissingCalls>('MissingCalls');
