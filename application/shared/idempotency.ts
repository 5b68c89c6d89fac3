/**
 * Keys for writes that may be sent again (docs/api.md "Idempotent writes"): the server
 * does a write once per key, so a retry after a lost answer is safe when it carries the
 * key of the first attempt.
 */
import { hashText } from '../../domain/shared/hash';

let seq = 0;

/** A random id for a new submission; crypto.randomUUID needs a secure context, a school intranet on plain http has none. */
export function newSubmissionId(): string {
  const c = (globalThis as { crypto?: { randomUUID?: () => string; getRandomValues?: (a: Uint32Array) => Uint32Array } }).crypto;
  if (c && typeof c.randomUUID === 'function') return c.randomUUID();
  const words = c && typeof c.getRandomValues === 'function' ? Array.from(c.getRandomValues(new Uint32Array(4))) : [Math.random() * 2 ** 32, Math.random() * 2 ** 32];
  return `sub-${Date.now().toString(36)}-${(seq++).toString(36)}-${words.map((w) => Math.floor(w).toString(36)).join('')}`;
}

/**
 * The key of a save of `payload` in one sitting of a form (`sitting`, a submission id
 * made when the form opened): the same content sent again is the same write, done once
 * however often the answer is lost; changed content is a new write (a key reused for it
 * would get the first answer back and drop the change).
 */
export const contentKey = (sitting: string, payload: unknown): string => `${sitting}-${hashText(JSON.stringify(payload) ?? '')}`;
