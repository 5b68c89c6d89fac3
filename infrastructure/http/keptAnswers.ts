/**
 * What the user last saw, kept on the device per user (IndexedDB through idb-keyval, one
 * database of one object store, keyed [user, request]): every read the app makes is kept
 * when it answers, and answered from here when the network is missing, with the time it
 * was kept (the page says 更新于 …). Signing out deletes the user's answers.
 */
import { createStore, delMany, get, keys, set, type UseStore } from 'idb-keyval';

export interface KeptAnswer {
  readonly body: unknown;
  /** When it was kept (epoch ms). */
  readonly at: number;
}

export interface KeptAnswerStore {
  get(owner: string, key: string): Promise<KeptAnswer | null>;
  put(owner: string, key: string, answer: KeptAnswer): Promise<void>;
  /** Every answer kept for `owner` goes. */
  clear(owner: string): Promise<void>;
}

/** What the HTTP client needs to keep answers: where, for whom, and whom to tell it answered from them. */
export interface KeptAnswers {
  readonly store: KeptAnswerStore;
  /** The signed-in user whose answers these are; null: none are kept or answered. */
  readonly owner: () => string | null;
  readonly now: () => number;
  /** An answer came from the device, kept at `at`. */
  readonly served: (at: number) => void;
  /** How long a read drawn first from the device (RequestOptions.drawnFirst) waits for the network before the device answers it (ms). */
  readonly firstAfterMs?: number;
  /** A read drawn from the device got a different answer from the network: draw again. */
  readonly renewed?: () => void;
}

export const KEPT_DB = 'campus-data';

export class IdbKeptAnswers implements KeptAnswerStore {
  private store: UseStore | null = null;

  constructor(private readonly dbName: string = KEPT_DB) {}

  private db(): UseStore {
    this.store ??= createStore(this.dbName, 'answers');
    return this.store;
  }

  async get(owner: string, key: string): Promise<KeptAnswer | null> {
    const v = await get<KeptAnswer>([owner, key], this.db());
    return v && typeof v.at === 'number' ? v : null;
  }

  async put(owner: string, key: string, answer: KeptAnswer): Promise<void> {
    await set([owner, key], answer, this.db());
  }

  async clear(owner: string): Promise<void> {
    const all = await keys<IDBValidKey>(this.db());
    await delMany(
      all.filter((k) => Array.isArray(k) && k[0] === owner),
      this.db(),
    );
  }
}
