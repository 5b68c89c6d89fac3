import { describe, expect, it, vi } from 'vitest';
import {
  browserRefreshLock,
  nextStorageEvent,
  noRefreshLock,
  REFRESH_LOCK_NAME,
  webLocksRefreshLock,
  type StorageEventSource,
} from '../../../../infrastructure/http/refreshLock';
import { FakeLocks } from './fakeLocks';

const deferred = () => {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
};

/** A window that only delivers storage events when the test says so. */
class FakeWindow implements StorageEventSource {
  private listeners = new Set<() => void>();
  addEventListener(_type: 'storage', l: () => void): void {
    this.listeners.add(l);
  }
  removeEventListener(_type: 'storage', l: () => void): void {
    this.listeners.delete(l);
  }
  fire(): void {
    for (const l of [...this.listeners]) l();
  }
  get listening(): number {
    return this.listeners.size;
  }
}

describe('the refresh lock', () => {
  it('uses navigator.locks when the browser has it, under the app-wide name, exclusively', async () => {
    const locks = new FakeLocks();
    const lock = browserRefreshLock({ locks }, new FakeWindow());
    await expect(lock.run(async (grant) => grant)).resolves.toEqual({ waited: false });
    expect(locks.requests).toEqual([{ name: REFRESH_LOCK_NAME, mode: 'exclusive', ifAvailable: true }]);
  });

  it.each([
    ['no navigator', undefined],
    ['a navigator without locks (older engines, insecure contexts)', {}],
    ['something else in navigator.locks', { locks: { request: 'no' } }],
  ])('falls back to running the task at once with %s', async (_name, nav) => {
    const lock = browserRefreshLock(nav, undefined);
    expect(lock).toBe(noRefreshLock);
    await expect(lock.run(async (grant) => grant)).resolves.toEqual({ waited: false });
    await expect(lock.settle(10_000)).resolves.toBeUndefined();
  });

  it('runs one holder at a time; the second learns it waited', async () => {
    const lock = webLocksRefreshLock(new FakeLocks(), null, { graceMs: 0 });
    const order: string[] = [];
    const gate = deferred();
    const first = lock.run(async (grant) => {
      order.push(`first:start waited=${grant.waited}`);
      await gate.promise;
      order.push('first:end');
    });
    const second = lock.run(async (grant) => {
      order.push(`second:start waited=${grant.waited}`);
    });
    await Promise.resolve();
    await Promise.resolve();
    expect(order).toEqual(['first:start waited=false']);
    gate.resolve();
    await Promise.all([first, second]);
    expect(order).toEqual(['first:start waited=false', 'first:end', 'second:start waited=true']);
  });

  it('a task that fails releases the lock and rejects for its caller only', async () => {
    const lock = webLocksRefreshLock(new FakeLocks(), null, { graceMs: 0 });
    await expect(
      lock.run(async () => {
        throw new Error('refresh crashed');
      }),
    ).rejects.toThrow('refresh crashed');
    await expect(lock.run(async () => 'next')).resolves.toBe('next');
  });

  it('is kept a moment after the task: a 401 that comes in just after another tab refreshed still learns it waited', async () => {
    vi.useFakeTimers();
    try {
      const lock = webLocksRefreshLock(new FakeLocks(), null, { graceMs: 2000 });
      await expect(lock.run(async (grant) => grant)).resolves.toEqual({ waited: false });
      let late: unknown = null;
      void lock.run(async (grant) => (late = grant));
      await vi.advanceTimersByTimeAsync(1999);
      expect(late).toBeNull();
      await vi.advanceTimersByTimeAsync(1);
      expect(late).toEqual({ waited: true });
      // Once the grace is over the lock is free again.
      await vi.advanceTimersByTimeAsync(2000);
      await expect(lock.run(async (grant) => grant)).resolves.toEqual({ waited: false });
    } finally {
      vi.useRealTimers();
    }
  });

  it('settles on the next storage event, or after the time given, and stops listening', async () => {
    vi.useFakeTimers();
    try {
      const w = new FakeWindow();
      let settled = false;
      void nextStorageEvent(w, 1000).then(() => (settled = true));
      await vi.advanceTimersByTimeAsync(10);
      expect(settled).toBe(false);
      w.fire();
      await vi.advanceTimersByTimeAsync(0);
      expect(settled).toBe(true);
      expect(w.listening).toBe(0);

      let timedOut = false;
      void nextStorageEvent(w, 1000).then(() => (timedOut = true));
      await vi.advanceTimersByTimeAsync(999);
      expect(timedOut).toBe(false);
      await vi.advanceTimersByTimeAsync(1);
      expect(timedOut).toBe(true);
      expect(w.listening).toBe(0);
      await expect(nextStorageEvent(null, 1000)).resolves.toBeUndefined();
    } finally {
      vi.useRealTimers();
    }
  });
});
