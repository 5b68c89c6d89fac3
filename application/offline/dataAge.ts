import type { DataAge } from './ports';

/** The age of what is drawn from the device, told to whoever listens (React's useSyncExternalStore). */
export function createDataAge(): DataAge {
  let since: number | null = null;
  const listeners = new Set<() => void>();
  const set = (next: number | null): void => {
    if (next === since) return;
    since = next;
    for (const l of [...listeners]) l();
  };
  return {
    since: () => since,
    saw: (at) => set(since === null ? at : Math.min(since, at)),
    reset: () => set(null),
    subscribe(l) {
      listeners.add(l);
      return () => listeners.delete(l);
    },
  };
}
