import type { OutboxBadge } from './ports';

/** The badge's value, told to whoever listens (React's useSyncExternalStore). */
export function createOutboxBadge(): OutboxBadge {
  let count = 0;
  const listeners = new Set<() => void>();
  return {
    get: () => count,
    set(next) {
      if (next === count) return;
      count = next;
      for (const changed of [...listeners]) changed();
    },
    subscribe(changed) {
      listeners.add(changed);
      return () => listeners.delete(changed);
    },
  };
}
