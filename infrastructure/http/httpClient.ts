import axios, { AxiosError, type AxiosInstance, type AxiosRequestConfig } from 'axios';
import type { z } from 'zod/mini';
import { ApiError, REQUEST_FAILED } from '../../application/ports/errors';
import type { Clock } from '../../application/ports/runtime';
import type { CampusStore, TokenStore } from '../../application/ports/session';
import { createAxios } from './axiosInstance';
import { browserRefreshLock, type RefreshLock } from './refreshLock';
import type { KeptAnswers } from './keptAnswers';

/** Refresh at most once in 10 minutes (SPEC point 4, Token). */
export const REFRESH_THROTTLE_MS = 10 * 60 * 1000;
export const REFRESH_PATH = '/v1/saas-identity-service/api/account/refreshtoken-app';
/** How long a tab that waited for the refresh lock gives the other tab's token write to arrive (refreshLock.ts). */
export const CROSS_TAB_SETTLE_MS = 1000;
/** The header that makes a write safe to repeat (docs/api.md "Idempotent writes"). */
export const IDEMPOTENCY_HEADER = 'Idempotency-Key';

export interface HttpClientDeps {
  /** Service host ('' = same origin) and timeout, read per call so a school switch applies at once. */
  host: () => string;
  timeoutMs: () => number;
  tokens: TokenStore;
  campus: CampusStore;
  clock: Clock;
  /** Called once when the session cannot be recovered: clear it and go to /login. */
  onSessionLost: () => void;
  /** Coordinates the refresh with the app's other tabs; Web Locks by default (refreshLock.ts). */
  refreshLock?: RefreshLock;
  /** Where reads are kept for when there is no network (./keptAnswers.ts); none kept without it. */
  kept?: KeptAnswers;
  /**
   * Hears each call's fate: answered by the server (any status) or not at all (no network;
   * a timeout says neither). The app's connectivity (application/offline/reachability.ts) counts
   * calls that go unanswered as offline, whatever the browser says.
   */
  heard?: (answered: boolean) => void;
}

/** How long a read drawn first from the device waits for the network before drawing it. */
export const DRAWN_FIRST_AFTER_MS = 300;
/** How long the network's answer behind a read drawn from the device waits for the screen to read it again. */
const RECENT_MS = 15_000;

interface KeptKey {
  readonly store: KeptAnswers['store'];
  readonly now: () => number;
  readonly served: (at: number) => void;
  readonly owner: string;
  readonly key: string;
  /** The read in this run's memory: the user and the request. */
  readonly memo: string;
  readonly first: boolean;
  readonly firstAfterMs: number;
  readonly renewed: () => void;
}

export interface RequestOptions<T> {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  url: string;
  params?: Record<string, unknown>;
  data?: unknown;
  /** The contract's schema for the answer; `null` when the answer is not read. */
  schema: z.ZodMiniType<T> | null;
  signal?: AbortSignal;
  /** Calls made before there is a session (login, school lookup) skip the 401 recovery. */
  anonymous?: boolean;
  /** Absolute URL outside the service host (the school lookup). */
  absolute?: boolean;
  headers?: Record<string, string>;
  /**
   * Sent as the Idempotency-Key header: the same key on a repeated write (a retry after
   * a lost answer) lets the server answer the first result instead of doing it twice.
   */
  idempotencyKey?: string;
  /**
   * A read whose answer is kept on the device and given back when there is no network:
   * every signed-in GET unless false; a POST that only reads (a list page) says true.
   */
  keep?: boolean;
  /**
   * A kept read whose screen draws it again when told (application/offline/renewals.ts):
   * on a slow network, the first time in a run of the app, what the device kept is
   * answered at once and the network's answer renews it (stale while revalidate).
   */
  drawnFirst?: boolean;
}

interface ErrorBody {
  error?: { message?: unknown; code?: unknown; details?: unknown };
}

const serverMessage = (data: unknown): string | undefined => {
  const m = (data as ErrorBody | undefined)?.error?.message;
  return typeof m === 'string' && m.trim() !== '' ? m : undefined;
};

/**
 * The one HTTP client (axios). It adds the session headers, recovers from an expired
 * access token with a single shared refresh, and turns every failure into an ApiError.
 */
export class HttpClient {
  private readonly http: AxiosInstance;
  private refreshing: Promise<boolean> | null = null;
  private lastRefreshAt: number | null = null;
  private sessionLost = false;
  private readonly lock: RefreshLock;
  /** Reads already drawn first from the device (or asked) in this run of the app. */
  private readonly drawnFirst = new Set<string>();
  private readonly recent = new Map<string, { body: unknown; until: number }>();

  constructor(private readonly deps: HttpClientDeps) {
    this.http = createAxios({ validateStatus: (s) => s >= 200 && s < 300 });
    this.lock = deps.refreshLock ?? browserRefreshLock();
  }

  async request<T>(opts: RequestOptions<T>): Promise<T> {
    const kept = this.keptKey(opts);
    const recent = kept ? this.takeRecent(kept.memo) : undefined;
    if (recent !== undefined) return this.parse(opts, recent);
    const network = this.send(opts, false);
    const early = kept?.first ? await this.keptFirst(opts, kept, network) : null;
    if (early) return early.data;
    let body: unknown;
    let fresh = true;
    try {
      body = await network;
    } catch (e) {
      // No network: what was last seen, when the device has it.
      const found = kept && e instanceof ApiError && e.kind === 'network' ? await kept.store.get(kept.owner, kept.key).catch(() => null) : null;
      if (!found || !kept) throw e;
      kept.served(found.at);
      body = found.body;
      fresh = false;
    }
    const data = this.parse(opts, body);
    if (kept && fresh) void kept.store.put(kept.owner, kept.key, { body, at: kept.now() }).catch(() => undefined);
    return data;
  }

  private parse<T>(opts: RequestOptions<T>, body: unknown): T {
    if (opts.schema === null) return undefined as T;
    const parsed = opts.schema.safeParse(body);
    if (!parsed.success) {
      throw new ApiError('malformed', REQUEST_FAILED, { details: parsed.error.issues });
    }
    return parsed.data;
  }

  /**
   * Stale while revalidate, for the reads a screen draws again when told (RequestOptions.drawnFirst):
   * the first time in this run of the app that such a read is slower than `firstAfterMs`,
   * what the device kept is answered at once and the network's answer goes on behind it.
   * When it comes it is kept and, when it differs from what was drawn, held for the
   * screen's next read of it (RECENT_MS) while `renewed` tells the screens to draw again.
   * null: the read goes on as any other (the network answered in time, or nothing usable
   * is kept).
   */
  private async keptFirst<T>(opts: RequestOptions<T>, kept: KeptKey, network: Promise<unknown>): Promise<{ data: T } | null> {
    if (this.drawnFirst.has(kept.memo)) return null;
    this.drawnFirst.add(kept.memo);
    const settled = network.then(
      () => 'answered' as const,
      () => 'answered' as const,
    );
    let timer: ReturnType<typeof setTimeout> | null = null;
    const slow = new Promise<'slow'>((resolve) => {
      timer = setTimeout(() => resolve('slow'), kept.firstAfterMs);
    });
    const first = await Promise.race([settled, slow]);
    if (timer !== null) clearTimeout(timer);
    if (first === 'answered') return null;
    const found = await kept.store.get(kept.owner, kept.key).catch(() => null);
    if (!found) return null;
    let data: T;
    try {
      data = this.parse(opts, found.body);
    } catch {
      return null;
    }
    network.then(
      (body) => {
        try {
          this.parse(opts, body);
        } catch {
          return;
        }
        void kept.store.put(kept.owner, kept.key, { body, at: kept.now() }).catch(() => undefined);
        // Held only for the read the renewal asks for. The same answer renews nothing, so
        // nothing is held: a later read (after a hub push, say) must ask the network.
        if (JSON.stringify(body) === JSON.stringify(found.body)) return;
        this.recent.set(kept.memo, { body, until: kept.now() + RECENT_MS });
        kept.renewed();
      },
      (e: unknown) => {
        // The network never answered: what is drawn is what the device had, and says so.
        if (e instanceof ApiError && e.kind === 'network') kept.served(found.at);
      },
    );
    return { data };
  }

  /** The answer a read drawn first from the device got behind it, once, while still new. */
  private takeRecent(key: string): unknown {
    const hit = this.recent.get(key);
    if (!hit) return undefined;
    this.recent.delete(key);
    return hit.until >= (this.deps.kept?.now() ?? 0) ? hit.body : undefined;
  }

  /** Where a read's answer is kept: the signed-in user and the request (with the campus); null when it is not kept. */
  private keptKey(opts: RequestOptions<unknown>): KeptKey | null {
    const kept = this.deps.kept;
    const reads = opts.keep ?? opts.method === 'GET';
    if (!kept || !reads || opts.anonymous || opts.absolute || opts.schema === null) return null;
    const owner = kept.owner();
    if (!owner) return null;
    const key = [opts.method, opts.url, JSON.stringify(opts.params ?? null), JSON.stringify(opts.data ?? null), this.deps.campus.get() ?? ''].join('\u0000');
    return {
      store: kept.store,
      now: kept.now,
      served: kept.served,
      owner,
      key,
      memo: `${owner}\u0000${key}`,
      first: opts.drawnFirst === true,
      firstAfterMs: kept.firstAfterMs ?? DRAWN_FIRST_AFTER_MS,
      renewed: () => kept.renewed?.(),
    };
  }

  /** How many refresh calls were made; for tests and diagnostics. */
  refreshCount = 0;

  private async send(opts: RequestOptions<unknown>, retried: boolean): Promise<unknown> {
    const sentToken = this.deps.tokens.get()?.encryptedAccessToken ?? null;
    try {
      const res = await this.timed(opts.signal, (signal) => this.http.request({ ...this.config(opts, sentToken), signal }));
      if (!opts.absolute) this.deps.heard?.(true);
      return res.data;
    } catch (e) {
      const error = this.translate(e);
      if (!opts.absolute) {
        if (error.kind === 'http') this.deps.heard?.(true);
        // A timeout is not counted: a slow server is no proof that the network is gone,
        // and the user's next tap should try again rather than wait in the outbox.
        else if (error.kind === 'network') this.deps.heard?.(false);
      }
      if (error.status !== 401 || opts.anonymous) throw error;
      if (retried) throw this.loseSession();
      const recovered = await this.recover(sentToken);
      if (!recovered) throw this.loseSession();
      return this.send(opts, true);
    }
  }

  private config(opts: RequestOptions<unknown>, token: string | null): AxiosRequestConfig {
    const headers: Record<string, string> = { ...opts.headers };
    if (!opts.absolute) {
      if (token) headers.Authorization = `Bearer ${token}`;
      const campus = this.deps.campus.get();
      if (campus) headers.Campus = campus;
    }
    if (opts.idempotencyKey) headers[IDEMPOTENCY_HEADER] = opts.idempotencyKey;
    return {
      method: opts.method,
      url: opts.absolute ? opts.url : `${this.deps.host().replace(/\/$/, '')}${opts.url}`,
      params: opts.params,
      data: opts.data,
      headers,
      paramsSerializer: { indexes: null },
    };
  }

  /**
   * Runs one call under the configured timeout (60000 ms, SPEC point 9). The timeout is
   * our own timer rather than XMLHttpRequest's: it covers the whole exchange the same way
   * in every adapter, and it runs on the page's clock, so a test can fast-forward it.
   * The caller's signal still cancels; a timeout becomes ApiError 'timeout'.
   */
  private async timed<T>(outer: AbortSignal | undefined, call: (signal: AbortSignal) => Promise<T>): Promise<T> {
    const ac = new AbortController();
    const cancel = () => ac.abort();
    if (outer?.aborted) ac.abort();
    else outer?.addEventListener('abort', cancel, { once: true });
    const ms = this.deps.timeoutMs();
    let timedOut = false;
    const timer =
      ms > 0 && Number.isFinite(ms)
        ? setTimeout(() => {
            timedOut = true;
            ac.abort();
          }, ms)
        : null;
    try {
      return await call(ac.signal);
    } catch (e) {
      if (timedOut && !outer?.aborted) throw new ApiError('timeout', REQUEST_FAILED);
      throw e;
    } finally {
      if (timer !== null) clearTimeout(timer);
      outer?.removeEventListener('abort', cancel);
    }
  }

  /**
   * Any number of concurrent 401s share one refresh. A request that failed with a token
   * that has since been replaced just retries; a refresh is refused inside the throttle.
   * Across tabs the refresh runs under the refresh lock, and the tokens are read again
   * once it is held: another tab may have refreshed (retry with its token) or lost the
   * session (nothing to refresh) while this one waited.
   */
  private async recover(sentToken: string | null): Promise<boolean> {
    const current = this.deps.tokens.get();
    if (current && current.encryptedAccessToken !== sentToken) return true;
    if (this.refreshing) return this.refreshing;
    this.refreshing = this.lock
      .run(async ({ waited }) => {
        let stored = this.deps.tokens.get();
        if (waited && stored?.encryptedAccessToken === sentToken) {
          // Another tab held the lock first: its new tokens may still be on their way here.
          await this.lock.settle(CROSS_TAB_SETTLE_MS);
          stored = this.deps.tokens.get();
        }
        if (stored && stored.encryptedAccessToken !== sentToken) return true;
        if (!stored?.refreshToken) return false;
        const now = this.deps.clock.now();
        if (this.lastRefreshAt !== null && now - this.lastRefreshAt < REFRESH_THROTTLE_MS) return false;
        this.lastRefreshAt = now;
        const refreshed = await this.refresh(stored.refreshToken);
        // Still holding the lock: a tab waiting for it must find no session rather than
        // the refresh token that was just refused, or it would spend it again.
        if (!refreshed) this.deps.tokens.clear();
        return refreshed;
      })
      .catch(() => false)
      .finally(() => {
        this.refreshing = null;
      });
    return this.refreshing;
  }

  private async refresh(refreshToken: string): Promise<boolean> {
    this.refreshCount++;
    try {
      const res = await this.timed(undefined, (signal) =>
        this.http.request({
          method: 'POST',
          url: `${this.deps.host().replace(/\/$/, '')}${REFRESH_PATH}`,
          data: { refreshToken },
          signal,
        }),
      );
      const data = res.data as { encryptedAccessToken?: unknown; refreshToken?: unknown } | null;
      if (!data || typeof data.encryptedAccessToken !== 'string' || data.encryptedAccessToken === '') return false;
      this.deps.tokens.set({
        encryptedAccessToken: data.encryptedAccessToken,
        refreshToken: typeof data.refreshToken === 'string' && data.refreshToken ? data.refreshToken : refreshToken,
      });
      return true;
    } catch {
      return false;
    }
  }

  private loseSession(): ApiError {
    if (!this.sessionLost) {
      this.sessionLost = true;
      this.deps.tokens.clear();
      this.deps.onSessionLost();
    }
    return new ApiError('unauthorized', REQUEST_FAILED, { status: 401 });
  }

  /** A new session (login) re-arms the session-lost signal. */
  sessionStarted(): void {
    this.sessionLost = false;
  }

  private translate(e: unknown): ApiError {
    if (e instanceof ApiError) return e;
    if (axios.isCancel(e)) return new ApiError('cancelled', REQUEST_FAILED);
    if (e instanceof AxiosError) {
      if (e.code === AxiosError.ERR_CANCELED) return new ApiError('cancelled', REQUEST_FAILED);
      if (e.response) {
        const data = e.response.data as ErrorBody | undefined;
        const code = data?.error?.code;
        return new ApiError('http', serverMessage(data) ?? REQUEST_FAILED, {
          status: e.response.status,
          code: typeof code === 'string' ? code : code == null ? undefined : String(code),
          details: data?.error?.details,
        });
      }
      if (e.code === AxiosError.ECONNABORTED || e.code === AxiosError.ETIMEDOUT) return new ApiError('timeout', REQUEST_FAILED);
      return new ApiError('network', REQUEST_FAILED);
    }
    return new ApiError('network', REQUEST_FAILED);
  }
}
