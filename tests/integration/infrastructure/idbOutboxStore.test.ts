/**
 * The outbox's IndexedDB store (infrastructure/offline/idbOutboxStore.ts) on
 * fake-indexeddb, an IndexedDB in memory for Node: a user's list comes back as written,
 * after the store is opened again (a reload); users are kept apart; clearing one user
 * leaves the others; an empty list leaves nothing behind.
 */
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { enqueue, type OutboxEntry } from '../../../domain/offline';
import { IdbOutboxStore } from '../../../infrastructure/offline/idbOutboxStore';

let db = 0;
const fresh = () => `outbox-test-${(db += 1)}`;

const entries = (userId: string, n: number): OutboxEntry[] =>
  Array.from({ length: n }).reduce<OutboxEntry[]>(
    (all, _, i) => enqueue(all, { id: `${userId}-${i}`, userId, kind: 'quickAgree', target: `run:${i}`, payload: { flowRunId: `r${i}`, mark: '同意' }, label: '请假 同意', text: '同意' }, 1000 + i),
    [],
  );

describe('the outbox in IndexedDB', () => {
  it('a list comes back whole, also through a store opened again', async () => {
    const name = fresh();
    await new IdbOutboxStore(name).write('u1', entries('u1', 3));
    expect(await new IdbOutboxStore(name).read('u1')).toEqual(entries('u1', 3));
  });

  it('users apart; clearing one leaves the other; an empty list is no key at all', async () => {
    const store = new IdbOutboxStore(fresh());
    await store.write('u1', entries('u1', 2));
    await store.write('u2', entries('u2', 1));
    expect(await store.read('u2')).toEqual(entries('u2', 1));
    await store.clear('u1');
    expect(await store.read('u1')).toEqual([]);
    expect(await store.read('u2')).toHaveLength(1);
    await store.write('u2', []);
    const { keys, createStore } = await import('idb-keyval');
    expect(await keys(createStore((store as unknown as { dbName: string }).dbName, 'entries'))).toEqual([]);
  });

  it('nothing stored reads as an empty list', async () => {
    expect(await new IdbOutboxStore(fresh()).read('nobody')).toEqual([]);
  });
});
