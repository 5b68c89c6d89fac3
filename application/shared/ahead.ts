/**
 * Answers asked ahead of the screen that reads them (speed on a slow network).
 *
 * A first screen's data normally waits for the screen: its code, the session check, the
 * render, then its own call. The boot (composition/warmUp.ts) knows the address opened and
 * can ask for that data while the session is being checked; the screen's own call, with
 * the same arguments, then takes the answer already travelling instead of asking again.
 *
 * Rules, so that an answer asked ahead is never worse than one asked by the screen:
 * - taken once: a second call (pull to refresh, coming back later) asks the server;
 * - ahead or not at all: once the screen has made a call through a store, that store asks
 *   nothing more ahead (a late boot would only send the screen's request twice);
 * - fresh only: an answer asked more than AHEAD_MAX_AGE_MS before it is taken is dropped;
 * - never an error of its own: a failed answer asked ahead makes the screen ask itself,
 *   so the screen's retry, its messages and its cancellation are what they always were;
 * - cleared with the session (logout), so nobody takes another user's answer.
 */

/** How long an answer asked ahead may wait for its screen (the boot of a slow phone). */
export const AHEAD_MAX_AGE_MS = 15_000;

export interface AnswersAhead<T> {
  /**
   * Asks now; the answer waits under `key` for the screen's call (and is returned, for a
   * caller that wants it too). Null, asking nothing, once the screen has asked for itself.
   */
  ask(key: string, call: () => Promise<T>): Promise<T> | null;
  /**
   * The call under `key`: the answer asked ahead when there is a fresh one (falling back
   * to `call` if it failed), otherwise `call` itself.
   */
  take(key: string, call: () => Promise<T>): Promise<T>;
  /** Forgets every answer not taken yet. */
  clear(): void;
}

const registry = new Set<{ clear(): void }>();

export function answersAhead<T>(now: () => number = Date.now, maxAgeMs = AHEAD_MAX_AGE_MS): AnswersAhead<T> {
  const waiting = new Map<string, { at: number; answer: Promise<T> }>();
  let screenAsked = false;
  const store: AnswersAhead<T> = {
    ask(key, call) {
      if (screenAsked) return null;
      let answer: Promise<T>;
      try {
        answer = call();
      } catch (e) {
        answer = Promise.reject(e);
      }
      // Whoever takes it handles a failure; nobody may be left to.
      answer.catch(() => undefined);
      waiting.set(key, { at: now(), answer });
      return answer;
    },
    take(key, call) {
      screenAsked = true;
      const found = waiting.get(key);
      waiting.delete(key);
      if (!found || now() - found.at > maxAgeMs) return call();
      return found.answer.catch(() => call());
    },
    clear() {
      waiting.clear();
      screenAsked = false;
    },
  };
  registry.add(store);
  return store;
}

/** Forgets every answer asked ahead, in every store (the session ends). */
export function clearAnswersAhead(): void {
  for (const store of registry) store.clear();
}
