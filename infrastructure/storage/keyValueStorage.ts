import type { KeyValueStorage } from '../../application/ports/runtime';

/** A KeyValueStorage in memory: tests, and the fallback when the browser refuses storage. */
export function createMemoryStorage(initial: Record<string, string> = {}): KeyValueStorage {
  const map = new Map(Object.entries(initial));
  return {
    get: (key) => map.get(key) ?? null,
    set: (key, value) => void map.set(key, value),
    remove: (key) => void map.delete(key),
    keys: () => [...map.keys()],
  };
}

const defaultLocalStorage = (): Storage | null => {
  // Reading the property itself throws when storage is disabled (SecurityError).
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
};

/**
 * KeyValueStorage over localStorage that never throws. Private modes and full quotas
 * make setItem throw; the value is then kept in memory for this page's life, so the
 * session still works until the tab closes instead of failing on every call.
 */
export function createBrowserStorage(getStorage: () => Storage | null = defaultLocalStorage): KeyValueStorage {
  const memory = new Map<string, string>();
  const attempt = <T>(run: (s: Storage) => T): { ok: true; value: T } | { ok: false } => {
    try {
      const s = getStorage();
      return s ? { ok: true, value: run(s) } : { ok: false };
    } catch {
      return { ok: false };
    }
  };
  return {
    get(key) {
      const r = attempt((s) => s.getItem(key));
      return (r.ok ? r.value : null) ?? memory.get(key) ?? null;
    },
    set(key, value) {
      const r = attempt((s) => s.setItem(key, value));
      if (r.ok) memory.delete(key);
      else memory.set(key, value);
    },
    remove(key) {
      memory.delete(key);
      attempt((s) => s.removeItem(key));
    },
    keys() {
      const r = attempt((s) => {
        const out: string[] = [];
        for (let i = 0; i < s.length; i++) {
          const k = s.key(i);
          if (k !== null) out.push(k);
        }
        return out;
      });
      return [...new Set([...(r.ok ? r.value : []), ...memory.keys()])];
    },
  };
}
