import type { NewOutboxEntry, OutboxEntry } from '../../domain/offline/outbox';
import type { Failure } from '../shared/failure';
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

/**
 * Whether the device has a network, and when it comes back: the browser's online events,
 * and in the app the answers its own calls get (./reachability.ts).
 */
export interface Connectivity {
  /** False when the device is sure it has none (or, in the app, its calls go unanswered). */
  online(): boolean;
  /** Calls `listener` each time the network comes back; answers how to stop. */
  onOnline(listener: () => void): () => void;
  /** Calls `listener` whenever online() may have changed (React's useSyncExternalStore); answers how to stop. */
  subscribe(listener: () => void): () => void;
}

export const CONNECTIVITY = token<Connectivity>('Connectivity');

/** How a pass over the outbox ended. */
export interface FlushReport {
  readonly sent: readonly OutboxEntry[];
  readonly refused: readonly OutboxEntry[];
  /** Why the pass stopped before the end: the network (entries wait), or the session (after the login). */
  readonly stoppedBy: Failure | null;
}

/** The outbox's use cases (./outbox.ts createOutbox). */
export interface Outbox {
  /** Adds an entry; the user's list after it. */
  add(entry: NewOutboxEntry): Promise<OutboxEntry[]>;
  /** The user's entries in the order they were made. */
  list(userId: string): Promise<OutboxEntry[]>;
  /** Sends what can go now; a pass already running for the user is joined, not doubled. */
  flush(userId: string): Promise<FlushReport>;
  retry(userId: string, id: string): Promise<OutboxEntry[]>;
  giveUp(userId: string, id: string): Promise<OutboxEntry[]>;
  clear(userId: string): Promise<void>;
}

/** The outbox service, built in the composition root with a sender for each kind. */
export const OUTBOX = token<Outbox>('Outbox');

/**
 * The count of the signed-in user's entries not sent, for the tab bar's badge, the 待发送
 * row and the offline banner: a plain value outside the outbox's code, which loads only
 * after sign-in (./badge.ts).
 */
export interface OutboxBadge {
  get(): number;
  set(count: number): void;
  /** Calls `changed` after each change; answers how to stop. */
  subscribe(changed: () => void): () => void;
}

export const OUTBOX_BADGE = token<OutboxBadge>('OutboxBadge');

/**
 * A new version of the app, downloaded and waiting (the service worker's): 新版本可用 on
 * the main tabs, applied when the user taps 更新, never by itself in the middle of a form.
 */
export interface AppUpdate {
  /** Whether a new version waits. */
  ready(): boolean;
  /** The worker says a new version waits; `apply` switches to it (the page reloads). */
  offer(apply: () => void): void;
  /** 更新 tapped. */
  apply(): void;
  subscribe(changed: () => void): () => void;
}

export const APP_UPDATE = token<AppUpdate>('AppUpdate');

/**
 * How old the data on screen is when it came from the device (no network): the oldest
 * answer given from it since the network went. The offline banner says 更新于 ….
 */
export interface DataAge {
  /** When the oldest answer from the device was kept (epoch ms); null when none was used. */
  since(): number | null;
  saw(at: number): void;
  /** The network is back: what is drawn from now on is fresh. */
  reset(): void;
  subscribe(changed: () => void): () => void;
}

export const DATA_AGE = token<DataAge>('DataAge');
