import type { SandboxResponse } from '../module';

/** Keys are kept a day, like the usual payment APIs; the sandbox forgets them on reset. */
const KEEP_MS = 24 * 3600 * 1000;
const KEY = /^[\x21-\x7e]{1,128}$/;

/** Header that marks a replayed answer (tests and curious developers read it). */
export const REPLAYED_HEADER = 'Idempotent-Replayed';

/**
 * Idempotent writes (docs/api.md "Idempotent writes"): a POST, PUT or DELETE of a
 * signed-in user that carries an `Idempotency-Key` is done once. A repeat with the same
 * key, user, method and path gets the first successful answer again without running
 * the handler; a repeat that arrives while the first is still running waits for it.
 * Failures are not kept, so a retry after a refused or faulted attempt runs for real.
 */
export class IdempotencyStore {
  private readonly done = new Map<string, { at: number; out: SandboxResponse }>();
  private readonly running = new Map<string, Promise<SandboxResponse>>();

  constructor(
    private readonly now: () => number = Date.now,
    private readonly log: (line: string) => void = () => undefined,
  ) {}

  /** The scope of a request, or null when it is not an idempotent write. */
  scope(method: string, path: string, userId: string | null, key: string | undefined): string | null {
    if (!userId || key === undefined || !KEY.test(key)) return null;
    if (method !== 'POST' && method !== 'PUT' && method !== 'DELETE') return null;
    return `${userId} ${method} ${path.toLowerCase()} ${key}`;
  }

  async run(scope: string | null, handler: () => Promise<SandboxResponse> | SandboxResponse): Promise<SandboxResponse> {
    if (scope === null) return handler();
    this.prune();
    const kept = this.done.get(scope);
    if (kept) {
      this.log(`[idempotency] replayed ${scope}`);
      return { ...kept.out, headers: { ...kept.out.headers, [REPLAYED_HEADER]: 'true' } };
    }
    const running = this.running.get(scope);
    if (running) {
      await running.catch(() => undefined);
      return this.run(scope, handler);
    }
    const p = Promise.resolve().then(handler);
    this.running.set(scope, p);
    try {
      const out = await p;
      const status = out.status ?? 200;
      if (status >= 200 && status < 300) this.done.set(scope, { at: this.now(), out });
      return out;
    } finally {
      this.running.delete(scope);
    }
  }

  /** How many answers are kept (admin and tests). */
  get size(): number {
    return this.done.size;
  }

  clear(): void {
    this.done.clear();
  }

  private prune(): void {
    const t = this.now();
    for (const [k, v] of this.done) if (t - v.at > KEEP_MS) this.done.delete(k);
  }
}
