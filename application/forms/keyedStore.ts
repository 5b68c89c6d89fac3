/**
 * A tiny keyed subscription store: one snapshot and one listener set per key.
 *
 * Why not one store for the whole form: a keystroke must redraw the one field that
 * changed (and the fields its rules touched), not the 300 around it. React reads a key
 * with useSyncExternalStore(subscribe(key), get(key)), so only that key's readers run.
 */
export type StoreListener = () => void;

export class KeyedStore {
  private readonly values = new Map<string, unknown>();
  private readonly listeners = new Map<string, Set<StoreListener>>();

  get<T>(key: string): T | undefined {
    return this.values.get(key) as T | undefined;
  }

  /** Sets and notifies the key's readers; the same snapshot again notifies nobody. */
  set(key: string, value: unknown): void {
    if (this.values.get(key) === value && this.values.has(key)) return;
    this.values.set(key, value);
    this.notify(key);
  }

  /** Sets every entry first, then notifies: readers never see half of a change. */
  setMany(entries: Iterable<readonly [string, unknown]>): void {
    const changed: string[] = [];
    for (const [key, value] of entries) {
      if (this.values.get(key) === value && this.values.has(key)) continue;
      this.values.set(key, value);
      changed.push(key);
    }
    for (const key of changed) this.notify(key);
  }

  subscribe(key: string, listener: StoreListener): () => void {
    let set = this.listeners.get(key);
    if (!set) {
      set = new Set();
      this.listeners.set(key, set);
    }
    set.add(listener);
    return () => {
      set.delete(listener);
      if (set.size === 0) this.listeners.delete(key);
    };
  }

  /** How many readers a key has (tests and the bench check that nothing leaks). */
  listenerCount(key?: string): number {
    if (key !== undefined) return this.listeners.get(key)?.size ?? 0;
    let n = 0;
    for (const s of this.listeners.values()) n += s.size;
    return n;
  }

  clearListeners(): void {
    this.listeners.clear();
  }

  private notify(key: string): void {
    const set = this.listeners.get(key);
    if (!set) return;
    for (const l of [...set]) l();
  }
}
