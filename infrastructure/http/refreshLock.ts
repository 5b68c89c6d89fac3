/**
 * Cross-tab coordination of the token refresh. Every tab of the app has its own
 * HttpClient but they share one token record (local storage). Without coordination two
 * tabs that meet a 401 at the same time would both spend the refresh token, and a
 * backend that rotates refresh tokens would then refuse the second one and log the
 * user out. The refresh therefore runs under an exclusive, origin-wide lock; whoever
 * gets the lock second re-reads the stored tokens first and, finding a new access
 * token, just retries with it.
 *
 * One subtlety: local storage is shared between tabs but not at once. A tab in another
 * renderer process may be granted the lock before the first tab's write has reached
 * it. A tab that had to wait for the lock and still reads the token it failed with
 * therefore gives the other tab's write a moment to arrive (`settle`: the next
 * `storage` event, or a short timeout) before it reads again.
 */

/** What the task learns about how it got the lock. */
export interface LockGrant {
  /** Another tab held the lock first (and has probably just refreshed). */
  readonly waited: boolean;
}

/** Runs `task` while holding the app-wide refresh lock (or directly when there is none). */
export interface RefreshLock {
  run<T>(task: (grant: LockGrant) => Promise<T>): Promise<T>;
  /** Resolves once another tab's storage write may have reached this tab (a storage event), or after `ms`. */
  settle(ms: number): Promise<void>;
}

/** The lock's name in the Web Locks API; one per origin, so one per deployment. */
export const REFRESH_LOCK_NAME = 'campus-refresh';

/** The part of the Web Locks API (navigator.locks) the lock needs; the callback gets null when ifAvailable finds it held. */
export interface LockManagerLike {
  request<T>(name: string, options: { mode: 'exclusive'; ifAvailable?: boolean }, callback: (lock: unknown) => Promise<T>): Promise<T>;
}

/** Where `storage` events arrive (window in the browser). */
export interface StorageEventSource {
  addEventListener(type: 'storage', listener: () => void): void;
  removeEventListener(type: 'storage', listener: () => void): void;
}

/** No other tab to coordinate with (or no way to): the task runs at once. */
export const noRefreshLock: RefreshLock = Object.freeze({
  run: <T>(task: (grant: LockGrant) => Promise<T>): Promise<T> => task({ waited: false }),
  settle: (): Promise<void> => Promise.resolve(),
});

/** Resolves on the next storage event or after `ms`, whichever comes first. */
export function nextStorageEvent(source: StorageEventSource | null, ms: number): Promise<void> {
  if (!source) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      source.removeEventListener('storage', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    source.addEventListener('storage', done);
  });
}

/**
 * How long a tab keeps the lock after its refresh. Local storage reaches the other tabs
 * within milliseconds but not at once; a tab whose 401 comes in during this time finds
 * the lock taken, so it knows to wait for the new token instead of refreshing again.
 */
export const REFRESH_LOCK_GRACE_MS = 2000;

/** An exclusive Web Lock around each refresh; tells the task whether another tab held it first. */
export function webLocksRefreshLock(
  locks: LockManagerLike,
  storageEvents: StorageEventSource | null = null,
  opts: { name?: string; graceMs?: number } = {},
): RefreshLock {
  const name = opts.name ?? REFRESH_LOCK_NAME;
  const graceMs = opts.graceMs ?? REFRESH_LOCK_GRACE_MS;
  return {
    run<T>(task: (grant: LockGrant) => Promise<T>): Promise<T> {
      return new Promise<T>((resolve, reject) => {
        // The task's outcome goes to the caller at once; the lock is held a little longer.
        const holder = (waited: boolean) => async (lock: unknown) => {
          if (!lock && !waited) return false;
          try {
            resolve(await task({ waited }));
          } catch (e) {
            reject(e);
          }
          if (graceMs > 0) await new Promise((r) => setTimeout(r, graceMs));
          return true;
        };
        locks
          .request(name, { mode: 'exclusive', ifAvailable: true }, holder(false))
          .then((ran) => (ran ? undefined : locks.request(name, { mode: 'exclusive' }, holder(true))))
          .catch(reject);
      });
    },
    settle: (ms) => nextStorageEvent(storageEvents, ms),
  };
}

const isLockManager = (v: unknown): v is LockManagerLike =>
  typeof v === 'object' && v !== null && typeof (v as { request?: unknown }).request === 'function';

const isEventSource = (v: unknown): v is StorageEventSource =>
  typeof v === 'object' && v !== null && typeof (v as { addEventListener?: unknown }).addEventListener === 'function';

/**
 * The browser's lock: Web Locks where the browser has them (every current engine, in
 * secure contexts and on localhost); otherwise none. Without Web Locks two tabs can
 * still both refresh, which the single flight inside each tab and the re-read of the
 * stored tokens keep rare; it is no worse than a single tab.
 */
export function browserRefreshLock(
  nav: unknown = (globalThis as { navigator?: unknown }).navigator,
  events: unknown = (globalThis as { window?: unknown }).window,
): RefreshLock {
  const locks = typeof nav === 'object' && nav !== null ? (nav as { locks?: unknown }).locks : undefined;
  return isLockManager(locks) ? webLocksRefreshLock(locks, isEventSource(events) ? events : null) : noRefreshLock;
}
