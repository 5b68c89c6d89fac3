/**
 * The outbox on the device: IndexedDB through idb-keyval (a few hundred bytes; one
 * database of one object store, a key per user holding that user's list). IndexedDB
 * outlives a reload and a closed app, and a web view without a service worker has it too.
 */
import { createStore, del, get, set, type UseStore } from 'idb-keyval';
import type { OutboxStore } from '../../application/offline/ports';
import type { OutboxEntry } from '../../domain/offline/outbox';

export const OUTBOX_DB = 'campus-outbox';
const STORE = 'entries';

export class IdbOutboxStore implements OutboxStore {
  private store: UseStore | null = null;

  constructor(private readonly dbName: string = OUTBOX_DB) {}

  /** Opened on first use, so a page that never queues anything never opens it. */
  private db(): UseStore {
    this.store ??= createStore(this.dbName, STORE);
    return this.store;
  }

  async read(userId: string): Promise<readonly OutboxEntry[]> {
    const v = await get<unknown>(userId, this.db());
    return Array.isArray(v) ? (v as OutboxEntry[]) : [];
  }

  async write(userId: string, entries: readonly OutboxEntry[]): Promise<void> {
    if (entries.length === 0) await del(userId, this.db());
    else await set(userId, entries, this.db());
  }

  async clear(userId: string): Promise<void> {
    await del(userId, this.db());
  }
}
