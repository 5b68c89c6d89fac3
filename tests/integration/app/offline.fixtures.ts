/**
 * A phone for the offline tests: its outbox store in memory, its network switched by
 * `net.down` (a call then fails as the HTTP client's does with no network), and the
 * signed-in user's outbox model over senders the test gives.
 */
import { createOutbox } from '../../../application/offline/outbox';
import { createOutboxModel, type OfflineQueue } from '../../../application/offline/outboxModel';
import type { OutboxSender, OutboxStore } from '../../../application/offline/ports';
import { ApiError } from '../../../application/ports/errors';
import type { OutboxEntry } from '../../../domain/offline';
import { recordingNotifier } from './approval.fixtures';

export function memoryOutboxStore(): OutboxStore & { readonly raw: Map<string, readonly OutboxEntry[]> } {
  const raw = new Map<string, readonly OutboxEntry[]>();
  return {
    raw,
    read: async (userId) => structuredClone(raw.get(userId) ?? []),
    write: async (userId, entries) => void raw.set(userId, structuredClone(entries)),
    clear: async (userId) => void raw.delete(userId),
  };
}

export interface OfflineNet {
  down: boolean;
  /** `call` as the phone makes it: no network while `down`. */
  guard<T>(call: () => Promise<T>): Promise<T>;
}

export function offlineDevice(userId: string, senders: (net: OfflineNet) => Readonly<Record<string, OutboxSender>>) {
  const net: OfflineNet = {
    down: true,
    guard: (call) => (net.down ? Promise.reject(new ApiError('network', '')) : call()),
  };
  const listeners: Array<() => void> = [];
  const store = memoryOutboxStore();
  const outbox = createOutbox({ store, clock: { now: () => Date.now() }, senders: senders(net) });
  const notifier = recordingNotifier();
  const outboxModel = createOutboxModel({
    outbox,
    notifier,
    userId,
    connectivity: { online: () => !net.down, onOnline: (l) => (listeners.push(l), () => undefined), subscribe: () => () => undefined },
  });
  const offline: OfflineQueue = { online: () => !net.down, outbox: outboxModel };
  /** The network comes back: the browser's online event. */
  const backOnline = (): void => {
    net.down = false;
    for (const l of listeners) l();
  };
  return { net, store, outboxModel, notifier, offline, backOnline };
}
