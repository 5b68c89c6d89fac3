/**
 * Ports whose adapters load on first use. The login screen must start with little
 * JavaScript (the route budgets of scripts/budget-check.ts), while axios, the zod schemas of thirteen
 * APIs, SignalR and the MD5 engines are only needed once a call is made. Every method
 * of these ports answers a promise, so a forwarding proxy is invisible to callers.
 */
import { ApiError, REQUEST_FAILED } from '../application/ports/errors';
import type { HubState, MessageHub, Unsubscribe } from '../application/ports/hub';

/** A failed chunk download (offline, redeployed) becomes the same error as a failed call. */
const chunkFailed = (e: unknown): never => {
  if (e instanceof ApiError) throw e;
  console.warn('[composition] adapter failed to load', e);
  throw new ApiError('network', REQUEST_FAILED);
};

/** Memoises a loader; a failed load is retried on the next use. */
export function once<T>(load: () => Promise<T>): () => Promise<T> {
  let pending: Promise<T> | null = null;
  return () => {
    pending ??= load().catch((e: unknown) => {
      pending = null;
      return chunkFailed(e);
    });
    return pending;
  };
}

/**
 * A port whose methods all answer promises, backed by an adapter loaded on the first
 * call. The proxy is not thenable (no `then`), so it is never mistaken for a promise.
 */
export function lazyPort<T extends object>(load: () => Promise<T>): T {
  const get = once(load);
  return new Proxy({} as T, {
    get(_target, prop) {
      if (prop === 'then' || typeof prop === 'symbol') return undefined;
      return (...args: unknown[]) =>
        get().then((adapter) => {
          const method = (adapter as Record<string, unknown>)[prop];
          if (typeof method !== 'function') throw new TypeError(`${String(prop)} is not a method of the adapter`);
          return (method as (...a: unknown[]) => unknown).apply(adapter, args);
        });
    },
  });
}

/**
 * A store whose writes wait for `later` (the app: after the next paint, at an idle moment);
 * reads go at once. For writes nobody waits on that would otherwise load their code and
 * open their database while a screen is still drawing. A write that `stillWanted` no
 * longer wants when its moment comes (its user signed out meanwhile) is dropped.
 */
export function writesLater<T extends { put(...args: never[]): Promise<unknown> }>(
  store: T,
  later: (task: () => void) => void,
  stillWanted: (...args: Parameters<T['put']>) => boolean = () => true,
): T {
  return new Proxy(store, {
    get(target, prop, receiver) {
      if (prop !== 'put') return Reflect.get(target, prop, receiver) as unknown;
      return (...args: Parameters<T['put']>) =>
        new Promise((resolve, reject) => later(() => (stillWanted(...args) ? void target.put(...args).then(resolve, reject) : resolve(undefined))));
    },
  });
}

/**
 * The MessageHub port in front of the SignalR adapter, which loads when the hub first
 * starts. Listeners registered earlier are carried over.
 */
export class LazyMessageHub implements MessageHub {
  private real: MessageHub | null = null;
  private readonly stateListeners = new Set<(state: HubState) => void>();
  private readonly messageListeners = new Set<(payload: unknown) => void>();
  private readonly get: () => Promise<MessageHub>;

  constructor(load: () => Promise<MessageHub>) {
    this.get = once(async () => {
      const hub = await load();
      this.real = hub;
      hub.subscribe((state) => this.stateListeners.forEach((l) => l(state)));
      hub.onMessage((payload) => this.messageListeners.forEach((l) => l(payload)));
      return hub;
    });
  }

  get state(): HubState {
    return this.real?.state ?? 'disconnected';
  }

  start(user: string | PromiseLike<string>): Promise<void> {
    return this.get().then((hub) => hub.start(user));
  }

  stop(): Promise<void> {
    return this.real ? this.real.stop() : Promise.resolve();
  }

  subscribe(listener: (state: HubState) => void): Unsubscribe {
    this.stateListeners.add(listener);
    return () => this.stateListeners.delete(listener);
  }

  onMessage(listener: (payload: unknown) => void): Unsubscribe {
    this.messageListeners.add(listener);
    return () => this.messageListeners.delete(listener);
  }
}
