import type { AppUpdate } from './ports';

/** The waiting version, told to whoever listens (React's useSyncExternalStore). */
export function createAppUpdate(): AppUpdate {
  let pending: (() => void) | null = null;
  const listeners = new Set<() => void>();
  const changed = (): void => {
    for (const l of [...listeners]) l();
  };
  return {
    ready: () => pending !== null,
    offer(apply) {
      pending = apply;
      changed();
    },
    apply() {
      const run = pending;
      if (run === null) return;
      pending = null;
      changed();
      run();
    },
    subscribe(l) {
      listeners.add(l);
      return () => listeners.delete(l);
    },
  };
}
