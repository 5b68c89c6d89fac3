import type { OutboxEntry } from '../../domain/offline/outbox';
import { token } from '../ports/token';

/**
 * Where a user's outbox is kept on the device (IndexedDB in a browser). Every write holds
 * the user's whole list: a few dozen entries at most.
 */
export interface OutboxStore {
  read(userId: string): Promise<readonly OutboxEntry[]>;
  write(userId: string, entries: readonly OutboxEntry[]): Promise<void>;
  /** Everything of the user goes (logout, another user on the device). */
  clear(userId: string): Promise<void>;
}

export const OUTBOX_STORE = token<OutboxStore>('OutboxStore');

/** Sends one kind of entry, with the entry's id as its Idempotency-Key. Throws as the API adapters do. */
export type OutboxSender = (payload: never, opts: { readonly idempotencyKey: string }) => Promise<unknown>;
