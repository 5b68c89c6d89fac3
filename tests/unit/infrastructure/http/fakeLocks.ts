import type { LockManagerLike } from '../../../../infrastructure/http/refreshLock';

/**
 * A LockManager with the Web Locks semantics the refresh needs: exclusive per name,
 * granted in request order, released when the callback's promise settles; with
 * ifAvailable the callback gets null at once when the name is held or asked for.
 */
export class FakeLocks implements LockManagerLike {
  readonly requests: Array<{ name: string; mode: string; ifAvailable: boolean }> = [];
  private tails = new Map<string, Promise<unknown>>();
  private busy = new Map<string, number>();

  request<T>(name: string, options: { mode: 'exclusive'; ifAvailable?: boolean }, callback: (lock: unknown) => Promise<T>): Promise<T> {
    this.requests.push({ name, mode: options.mode, ifAvailable: options.ifAvailable === true });
    if (options.ifAvailable && (this.busy.get(name) ?? 0) > 0) return callback(null);
    this.busy.set(name, (this.busy.get(name) ?? 0) + 1);
    const before = this.tails.get(name) ?? Promise.resolve();
    const lock = { name, mode: options.mode };
    const run = before.then(
      () => callback(lock),
      () => callback(lock),
    );
    const settled = run.then(
      () => undefined,
      () => undefined,
    );
    void settled.then(() => this.busy.set(name, (this.busy.get(name) ?? 1) - 1));
    this.tails.set(name, settled);
    return run;
  }
}
