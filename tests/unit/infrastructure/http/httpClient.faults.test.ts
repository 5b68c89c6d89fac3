/**
 * The HttpClient under faults: two tabs that meet a 401 together spend the refresh token
 * once (the refresh lock plus a re-read of the stored tokens), the 60 s timeout runs on
 * the page's timers (so browser tests can fast-forward it), and writes carry their
 * idempotency key. The single-tab rules (five concurrent 401s, one refresh) are in
 * tests/integration/infrastructure/httpClient.test.ts.
 */
import { delay, http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from '../../../../infrastructure/zod';
import type { TokenRecord } from '../../../../domain/session/types';
import { HttpClient, IDEMPOTENCY_HEADER, REFRESH_PATH } from '../../../../infrastructure/http/httpClient';
import { noRefreshLock, webLocksRefreshLock, type RefreshLock } from '../../../../infrastructure/http/refreshLock';
import { FakeLocks } from './fakeLocks';

const HOST = 'http://api.test';
const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  vi.useRealTimers();
});
afterAll(() => server.close());

/** Local storage as every tab sees it: one token record. */
function sharedStorage() {
  let token: TokenRecord | null = { encryptedAccessToken: 'old', refreshToken: 'r1' };
  return {
    tokens: { get: () => token, set: (r: TokenRecord) => (token = r), clear: () => (token = null) },
    current: () => token,
  };
}

function tab(storage: ReturnType<typeof sharedStorage>, lock: RefreshLock, timeoutMs = 60_000) {
  const lost = vi.fn();
  const client = new HttpClient({
    host: () => HOST,
    timeoutMs: () => timeoutMs,
    tokens: storage.tokens,
    campus: { get: () => 'campus-1', set: () => {}, clear: () => {} },
    clock: { now: () => 1_000_000 },
    onSessionLost: lost,
    refreshLock: lock,
  });
  return { client, lost };
}

const Ok = z.object({ ok: z.boolean() });
const get = (client: HttpClient) => client.request({ method: 'GET', url: '/v1/thing', schema: Ok });

describe('two tabs, one refresh token', () => {
  let refreshCalls: number;
  let valid: string;
  let arrived: number;
  let bothArrived: () => void;
  let together: Promise<void>;

  beforeEach(() => {
    refreshCalls = 0;
    valid = 'rotated-by-server';
    arrived = 0;
    together = new Promise((r) => (bothArrived = r));
  });

  /** Both tabs' first calls are answered 401 only once both have arrived: their 401s meet. */
  const handlers = (refresh: 'ok' | 'fail') => [
    http.get(`${HOST}/v1/thing`, async ({ request }) => {
      if (request.headers.get('Authorization') === `Bearer ${valid}`) return HttpResponse.json({ ok: true });
      arrived += 1;
      if (arrived === 2) bothArrived();
      await together;
      return HttpResponse.json({ error: { message: '未登录' } }, { status: 401 });
    }),
    http.post(`${HOST}${REFRESH_PATH}`, async () => {
      refreshCalls += 1;
      await delay(30);
      if (refresh === 'fail') return HttpResponse.json({ error: { message: '登录已过期，请重新登录' } }, { status: 400 });
      valid = `new${refreshCalls}`;
      return HttpResponse.json({ encryptedAccessToken: valid, refreshToken: 'r1' });
    }),
  ];

  it('with the lock: one refresh on the wire, and both tabs retry with the new token', async () => {
    server.use(...handlers('ok'));
    const storage = sharedStorage();
    const locks = new FakeLocks();
    const a = tab(storage, webLocksRefreshLock(locks, null, { graceMs: 20 }));
    const b = tab(storage, webLocksRefreshLock(locks, null, { graceMs: 20 }));
    const results = await Promise.all([get(a.client), get(b.client)]);
    expect(results).toEqual([{ ok: true }, { ok: true }]);
    expect(refreshCalls).toBe(1);
    expect(a.client.refreshCount + b.client.refreshCount).toBe(1);
    expect(storage.current()).toEqual({ encryptedAccessToken: 'new1', refreshToken: 'r1' });
    expect(a.lost).not.toHaveBeenCalled();
    expect(b.lost).not.toHaveBeenCalled();
  });

  it('without a lock both tabs would spend the refresh token (what the lock prevents)', async () => {
    server.use(...handlers('ok'));
    const storage = sharedStorage();
    const a = tab(storage, noRefreshLock);
    const b = tab(storage, noRefreshLock);
    await Promise.all([get(a.client), get(b.client)]);
    expect(refreshCalls).toBe(2);
  });

  it('a refresh that fails in one tab is not tried again by the other: both go to login, one refresh call', async () => {
    server.use(...handlers('fail'));
    const storage = sharedStorage();
    const locks = new FakeLocks();
    const a = tab(storage, webLocksRefreshLock(locks, null, { graceMs: 20 }));
    const b = tab(storage, webLocksRefreshLock(locks, null, { graceMs: 20 }));
    const results = await Promise.allSettled([get(a.client), get(b.client)]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    expect(refreshCalls).toBe(1);
    expect(storage.current()).toBeNull();
    expect(a.lost.mock.calls.length + b.lost.mock.calls.length).toBe(2);
  });

  it('a tab whose storage has not yet seen the new token waits for it (a storage event) instead of refreshing again', async () => {
    server.use(...handlers('ok'));
    // Two renderer processes: tab B sees tab A's write 50 ms later, with a storage event.
    const a = sharedStorage();
    let bView: TokenRecord | null = a.current();
    const events = new EventTarget();
    const bTokens = { get: () => bView, set: (r: TokenRecord) => (bView = r), clear: () => (bView = null) };
    const aTokens = {
      get: a.tokens.get,
      set: (r: TokenRecord) => {
        a.tokens.set(r);
        setTimeout(() => {
          bView = r;
          events.dispatchEvent(new Event('storage'));
        }, 50);
      },
      clear: a.tokens.clear,
    };
    const locks = new FakeLocks();
    const source = { addEventListener: (t: 'storage', l: () => void) => events.addEventListener(t, l), removeEventListener: (t: 'storage', l: () => void) => events.removeEventListener(t, l) };
    const tabA = tab({ tokens: aTokens, current: a.current } as ReturnType<typeof sharedStorage>, webLocksRefreshLock(locks, source, { graceMs: 20 }));
    const tabB = tab({ tokens: bTokens, current: () => bView } as ReturnType<typeof sharedStorage>, webLocksRefreshLock(locks, source, { graceMs: 20 }));
    await expect(Promise.all([get(tabA.client), get(tabB.client)])).resolves.toEqual([{ ok: true }, { ok: true }]);
    expect(refreshCalls).toBe(1);
  });

  it('a lock that cannot be had (the browser refuses) is a failed refresh, not a crash or a loop', async () => {
    server.use(...handlers('ok'));
    const storage = sharedStorage();
    const broken: RefreshLock = { run: () => Promise.reject(new Error('SecurityError')), settle: () => Promise.resolve() };
    const a = tab(storage, broken);
    // Only one tab here: the handler waits for two arrivals, so let a second plain call in.
    const b = tab(storage, broken);
    const results = await Promise.allSettled([get(a.client), get(b.client)]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    expect(refreshCalls).toBe(0);
  });
});

describe('the timeout', () => {
  it('is the configured 60000 ms on the page timers: nothing at 59 999 ms, a timeout error at 60 000', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    let seen = 0;
    server.use(
      http.get(`${HOST}/v1/thing`, async () => {
        seen += 1;
        await new Promise(() => undefined);
        return HttpResponse.json({ ok: true });
      }),
    );
    const { client } = tab(sharedStorage(), noRefreshLock, 60_000);
    let outcome: unknown = 'pending';
    const p = get(client).then(
      () => (outcome = 'ok'),
      (e: unknown) => (outcome = e),
    );
    // setImmediate is not faked: let the request reach the server without moving the clock.
    while (seen === 0) await new Promise((r) => setImmediate(r));
    await vi.advanceTimersByTimeAsync(59_999);
    expect(outcome).toBe('pending');
    await vi.advanceTimersByTimeAsync(1);
    await p;
    expect(outcome).toMatchObject({ kind: 'timeout', message: '请求失败' });
  });

  it('a caller that cancels first gets cancelled, not timeout', async () => {
    server.use(
      http.get(`${HOST}/v1/thing`, async () => {
        await delay(500);
        return HttpResponse.json({ ok: true });
      }),
    );
    const { client } = tab(sharedStorage(), noRefreshLock, 60_000);
    const ac = new AbortController();
    const p = client.request({ method: 'GET', url: '/v1/thing', schema: Ok, signal: ac.signal });
    setTimeout(() => ac.abort(), 10);
    await expect(p).rejects.toMatchObject({ kind: 'cancelled' });
  });
});

describe('idempotent writes', () => {
  it('send the key as Idempotency-Key, the same on a retry after a 401', async () => {
    const keys: Array<string | null> = [];
    let valid = 'rotated';
    server.use(
      http.post(`${HOST}/v1/write`, ({ request }) => {
        keys.push(request.headers.get(IDEMPOTENCY_HEADER));
        return request.headers.get('Authorization') === `Bearer ${valid}`
          ? HttpResponse.json({ ok: true })
          : HttpResponse.json({ error: { message: '未登录' } }, { status: 401 });
      }),
      http.post(`${HOST}${REFRESH_PATH}`, () => {
        valid = 'new';
        return HttpResponse.json({ encryptedAccessToken: 'new' });
      }),
    );
    const { client } = tab(sharedStorage(), noRefreshLock);
    await expect(client.request({ method: 'POST', url: '/v1/write', data: {}, schema: Ok, idempotencyKey: 'sub-1' })).resolves.toEqual({ ok: true });
    await client.request({ method: 'POST', url: '/v1/write', data: {}, schema: Ok });
    expect(keys).toEqual(['sub-1', 'sub-1', null]);
  });
});

describe('what the network did with each call (the app counts unanswered calls as offline)', () => {
  it('an answer of any status is heard as answered; no network is heard as unanswered; a timeout or a cancelled call says nothing', async () => {
    const heard: boolean[] = [];
    let timeoutMs = 60_000;
    let mode: 'ok' | '500' | 'down' | 'slow' = 'ok';
    server.use(
      http.get(`${HOST}/v1/thing`, async () => {
        if (mode === 'down') return HttpResponse.error();
        if (mode === 'slow') await delay(500);
        if (mode === '500') return HttpResponse.json({ error: { message: '服务暂不可用' } }, { status: 500 });
        return HttpResponse.json({ ok: true });
      }),
    );
    const client = new HttpClient({
      host: () => HOST,
      timeoutMs: () => timeoutMs,
      tokens: sharedStorage().tokens,
      campus: { get: () => null, set: () => {}, clear: () => {} },
      clock: { now: () => 0 },
      onSessionLost: () => undefined,
      refreshLock: noRefreshLock,
      heard: (answered) => heard.push(answered),
    });
    await get(client);
    mode = '500';
    await expect(get(client)).rejects.toMatchObject({ kind: 'http', status: 500 });
    mode = 'down';
    await expect(get(client)).rejects.toMatchObject({ kind: 'network' });
    mode = 'slow';
    const ac = new AbortController();
    const cancelled = client.request({ method: 'GET', url: '/v1/thing', schema: Ok, signal: ac.signal });
    setTimeout(() => ac.abort(), 10);
    await expect(cancelled).rejects.toMatchObject({ kind: 'cancelled' });
    timeoutMs = 20;
    await expect(get(client)).rejects.toMatchObject({ kind: 'timeout' });
    expect(heard).toEqual([true, true, false]);
  });
});
