/**
 * Stale while revalidate, the screens' half: a read drawn first from what the device kept
 * got a different answer from the network behind it (infrastructure/http/httpClient.ts
 * keptFirst), so the screens on show draw again. Renewals that come together (a cold open
 * asks for several reads at once) are told once, after they settle; each model hears one
 * round once, however many parts of the screen hold it.
 */
import { token } from '../ports/token';

export interface Renewals {
  /** Some data drawn from the device has a newer answer. */
  renewed(): void;
  /** Calls `listener` with the round's number once renewals settle; answers how to stop. */
  subscribe(listener: (round: number) => void): () => void;
}

export const RENEWALS = token<Renewals>('Renewals');

/** How long renewals gather before the screens are told (ms). */
export const RENEWALS_SETTLE_MS = 150;

export function createRenewals(opts: { readonly settleMs?: number } = {}): Renewals {
  const listeners = new Set<(round: number) => void>();
  let timer: ReturnType<typeof setTimeout> | null = null;
  let round = 0;
  return {
    renewed() {
      if (timer !== null) return;
      timer = setTimeout(() => {
        timer = null;
        round += 1;
        for (const l of [...listeners]) l(round);
      }, opts.settleMs ?? RENEWALS_SETTLE_MS);
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
