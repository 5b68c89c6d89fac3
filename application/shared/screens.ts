/**
 * Screen models and their lifetimes: the one place that creates a screen's model, keeps
 * it as long as it must live, and drops it.
 *
 * A screen with asynchronous behaviour has one model: an effector factory in
 * application/<context>/ that owns loading, busy state, errors, persistence, uploads and
 * what the user is told. Its `ScreenDefinition` says how it is built from the ports
 * (through the typed registry) and how long it lives:
 * - 'screen': one per open screen (per key), dropped shortly after the screen unmounts;
 * - 'user': kept while the same user is signed in, so the screen finds its state again
 *   after navigating away (the approval centre's tab and filters).
 * Every model is dropped when the session ends (logout, an ended session, another user).
 * Dropping a model calls its `dispose` (abort what is in flight, stop timers) and clears
 * the effector units it made, so nothing of one user's screen survives into the next.
 */
import { clearNode, createNode, withRegion, type Node } from 'effector';
import { token, type Token } from '../ports/token';

/** Reads a port (or anything bound) from the composition root, typed by its token. */
export type Resolve = <T>(token: Token<T>) => T;

export type Lifetime = 'screen' | 'user';

export interface ScreenDefinition<P, M> {
  /** Unique among screen definitions: part of every key. */
  readonly name: string;
  readonly lifetime: Lifetime;
  /** What tells two models of this screen apart ('' when there is one). */
  readonly key: (params: P) => string;
  readonly create: (get: Resolve, params: P) => M;
}

/** A model may say how to stop what it started. */
export interface Disposable {
  dispose?(): void;
}

export const defineScreen = <P, M>(definition: ScreenDefinition<P, M>): ScreenDefinition<P, M> => definition;

interface Entry {
  readonly model: unknown;
  readonly region: Node;
  readonly lifetime: Lifetime;
  holders: number;
  dropTimer: ReturnType<typeof setTimeout> | null;
}

export interface ScreenModels {
  /** The model of `definition` for `params`: the one already alive, or a new one. */
  get<P, M>(definition: ScreenDefinition<P, M>, params: P): M;
  /** A screen shows the model (counted, so a model shown twice lives until both are gone). */
  hold<P, M>(definition: ScreenDefinition<P, M>, params: P): () => void;
  /** How many screens show the model now (1 right after the first `hold`: the screen is opened). */
  holders<P, M>(definition: ScreenDefinition<P, M>, params: P): number;
  /** Drops every model: the session ended. */
  clear(): void;
  /** The signed-in user's id ('' when none): whose 'user' models are alive. */
  userId(): string;
  /** How many models are alive (tests). */
  readonly size: number;
}

export interface ScreenModelsDeps {
  readonly resolve: Resolve;
  /** The signed-in user's id ('' when none): 'user' models belong to one user. */
  readonly userId: () => string;
  /** How long a 'screen' model outlives its last holder (a remount in the same frame keeps it). */
  readonly graceMs?: number;
  /** How long a model nobody came to hold lives (a render that was thrown away). */
  readonly orphanMs?: number;
}

/** The app's one registry of screen models (composition/container.ts binds it). */
export const SCREEN_MODELS = token<ScreenModels>('ScreenModels');

export function createScreenModels(deps: ScreenModelsDeps): ScreenModels {
  const entries = new Map<string, Entry>();
  const grace = deps.graceMs ?? 0;
  const orphan = deps.orphanMs ?? 30_000;

  const keyOf = <P, M>(d: ScreenDefinition<P, M>, params: P): string => {
    const owner = d.lifetime === 'user' ? deps.userId() : '';
    return `${d.name}\u0000${owner}\u0000${d.key(params)}`;
  };

  const drop = (key: string): void => {
    const entry = entries.get(key);
    if (!entry) return;
    entries.delete(key);
    if (entry.dropTimer !== null) clearTimeout(entry.dropTimer);
    try {
      (entry.model as Disposable).dispose?.();
    } finally {
      clearNode(entry.region, { deep: true });
    }
  };

  const get = <P, M>(d: ScreenDefinition<P, M>, params: P): M => {
    const key = keyOf(d, params);
    const found = entries.get(key);
    if (found) return found.model as M;
    const region = createNode();
    const model = withRegion(region, () => d.create(deps.resolve, params));
    const entry: Entry = { model, region, lifetime: d.lifetime, holders: 0, dropTimer: null };
    entries.set(key, entry);
    if (d.lifetime === 'screen') {
      entry.dropTimer = setTimeout(() => {
        if (entry.holders === 0) drop(key);
      }, orphan);
    }
    return model;
  };

  return {
    get,
    hold(d, params) {
      get(d, params);
      const key = keyOf(d, params);
      const entry = entries.get(key)!;
      entry.holders += 1;
      if (entry.dropTimer !== null) {
        clearTimeout(entry.dropTimer);
        entry.dropTimer = null;
      }
      let released = false;
      return () => {
        if (released) return;
        released = true;
        const current = entries.get(key);
        if (current !== entry) return;
        entry.holders -= 1;
        if (entry.holders > 0 || entry.lifetime === 'user') return;
        entry.dropTimer = setTimeout(() => {
          if (entry.holders === 0) drop(key);
        }, grace);
      };
    },
    holders(d, params) {
      return entries.get(keyOf(d, params))?.holders ?? 0;
    },
    clear() {
      for (const key of [...entries.keys()]) drop(key);
    },
    userId: () => deps.userId(),
    get size() {
      return entries.size;
    },
  };
}
