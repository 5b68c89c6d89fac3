import { http, HttpResponse, delay } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from '../../../infrastructure/zod';
import { ApiError } from '../../../application/ports/errors';
import { HttpClient, REFRESH_PATH, REFRESH_THROTTLE_MS } from '../../../infrastructure/http/httpClient';
import type { TokenRecord } from '../../../domain/session/types';

const HOST = 'http://api.test';
const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

function makeClient(opts: { timeoutMs?: number } = {}) {
  let token: TokenRecord | null = { encryptedAccessToken: 'old', refreshToken: 'r1' };
  let now = 1_000_000;
  const lost = vi.fn();
  const client = new HttpClient({
    host: () => HOST,
    timeoutMs: () => opts.timeoutMs ?? 60000,
    tokens: { get: () => token, set: (r) => (token = r), clear: () => (token = null) },
    campus: { get: () => 'campus-1', set: () => {}, clear: () => {} },
    clock: { now: () => now },
    onSessionLost: lost,
  });
  return {
    client,
    lost,
    token: () => token,
    advance: (ms: number) => (now += ms),
  };
}

const Echo = z.object({ ok: z.boolean() });
const get = (client: HttpClient, signal?: AbortSignal) =>
  client.request({ method: 'GET', url: '/v1/thing', schema: Echo, signal });

/** A protected resource that accepts only the current access token. */
function protectedResource(valid: () => string) {
  return http.get(`${HOST}/v1/thing`, ({ request }) =>
    request.headers.get('Authorization') === `Bearer ${valid()}`
      ? HttpResponse.json({ ok: true, extra: 'unknown fields pass' })
      : HttpResponse.json({ error: { message: '未登录' } }, { status: 401 }),
  );
}

describe('HttpClient', () => {
  let refreshCalls: number;
  let current: string;
  beforeEach(() => {
    refreshCalls = 0;
    current = 'old';
  });
  const refreshOk = () =>
    http.post(`${HOST}${REFRESH_PATH}`, async ({ request }) => {
      refreshCalls++;
      const body = (await request.json()) as { refreshToken: string };
      expect(body).toEqual({ refreshToken: 'r1' });
      await delay(20);
      current = `new${refreshCalls}`;
      return HttpResponse.json({ encryptedAccessToken: current });
    });

  it('sends the bearer token and the Campus header on every call', async () => {
    const { client } = makeClient();
    let seen: Headers | null = null;
    server.use(
      http.get(`${HOST}/v1/thing`, ({ request }) => {
        seen = request.headers;
        return HttpResponse.json({ ok: true });
      }),
    );
    await expect(get(client)).resolves.toEqual({ ok: true });
    expect(seen!.get('Authorization')).toBe('Bearer old');
    expect(seen!.get('Campus')).toBe('campus-1');
  });

  it('on 401 refreshes once and retries the request once', async () => {
    const { client, token, lost } = makeClient();
    current = 'rotated-by-server';
    server.use(protectedResource(() => current), refreshOk());
    await expect(get(client)).resolves.toEqual({ ok: true });
    expect(refreshCalls).toBe(1);
    expect(token()).toEqual({ encryptedAccessToken: 'new1', refreshToken: 'r1' });
    expect(lost).not.toHaveBeenCalled();
  });

  it('five concurrent 401s cause exactly one refresh, and all five succeed', async () => {
    const { client } = makeClient();
    current = 'rotated';
    server.use(protectedResource(() => current), refreshOk());
    const results = await Promise.all([1, 2, 3, 4, 5].map(() => get(client)));
    expect(results).toHaveLength(5);
    expect(results.every((r) => r.ok)).toBe(true);
    expect(refreshCalls).toBe(1);
    expect(client.refreshCount).toBe(1);
  });

  it('a failed refresh clears the session and goes to /login, once', async () => {
    const { client, token, lost } = makeClient();
    current = 'rotated';
    server.use(
      protectedResource(() => current),
      http.post(`${HOST}${REFRESH_PATH}`, () => HttpResponse.json({ error: { message: 'expired' } }, { status: 400 })),
    );
    const results = await Promise.allSettled([get(client), get(client)]);
    for (const r of results) {
      expect(r.status).toBe('rejected');
      expect((r as PromiseRejectedResult).reason).toMatchObject({ kind: 'unauthorized' });
    }
    expect(token()).toBeNull();
    expect(lost).toHaveBeenCalledTimes(1);
  });

  it('retries only once: a 401 after a successful refresh loses the session', async () => {
    const { client, lost } = makeClient();
    server.use(
      http.get(`${HOST}/v1/thing`, () => HttpResponse.json({}, { status: 401 })),
      refreshOk(),
    );
    await expect(get(client)).rejects.toMatchObject({ kind: 'unauthorized' });
    expect(refreshCalls).toBe(1);
    expect(lost).toHaveBeenCalledTimes(1);
  });

  it('refreshes at most once in 10 minutes', async () => {
    const { client, lost, advance } = makeClient();
    server.use(protectedResource(() => current), refreshOk());
    current = 'a';
    await get(client);
    expect(refreshCalls).toBe(1);
    // The server expires the new token again within the window: no second refresh.
    current = 'b';
    advance(REFRESH_THROTTLE_MS - 1);
    await expect(get(client)).rejects.toMatchObject({ kind: 'unauthorized' });
    expect(refreshCalls).toBe(1);
    expect(lost).toHaveBeenCalledTimes(1);
  });

  it('refreshes again once 10 minutes have passed', async () => {
    const { client, advance } = makeClient();
    server.use(protectedResource(() => current), refreshOk());
    current = 'a';
    await get(client);
    current = 'b';
    advance(REFRESH_THROTTLE_MS);
    // Refresh #2 issues new2; the resource now expects it.
    await expect(get(client)).resolves.toEqual({ ok: true });
    expect(refreshCalls).toBe(2);
  });

  it.each([
    ['with error.message', { error: { message: '流程不存在' } }, '流程不存在'],
    ['without error.message', { error: {} }, '请求失败'],
    ['with an empty body', null, '请求失败'],
  ])('a 500 %s gives a typed error with the message to show', async (_n, body, message) => {
    const { client } = makeClient();
    server.use(http.get(`${HOST}/v1/thing`, () => HttpResponse.json(body, { status: 500 })));
    const e = await get(client).catch((x: unknown) => x);
    expect(e).toBeInstanceOf(ApiError);
    expect(e).toMatchObject({ kind: 'http', status: 500, message });
  });

  it('a timeout gives a typed timeout error', async () => {
    const { client } = makeClient({ timeoutMs: 50 });
    server.use(
      http.get(`${HOST}/v1/thing`, async () => {
        await delay(500);
        return HttpResponse.json({ ok: true });
      }),
    );
    await expect(get(client)).rejects.toMatchObject({ kind: 'timeout', message: '请求失败' });
  });

  it('a malformed body gives a typed error, not a crash later', async () => {
    const { client } = makeClient();
    server.use(http.get(`${HOST}/v1/thing`, () => HttpResponse.json({ nope: 1 })));
    await expect(get(client)).rejects.toMatchObject({ kind: 'malformed', message: '请求失败' });
  });

  it('a network failure gives a typed error', async () => {
    const { client } = makeClient();
    server.use(http.get(`${HOST}/v1/thing`, () => HttpResponse.error()));
    await expect(get(client)).rejects.toMatchObject({ kind: 'network', message: '请求失败' });
  });

  it('a request can be cancelled when the screen leaves', async () => {
    const { client } = makeClient();
    server.use(
      http.get(`${HOST}/v1/thing`, async () => {
        await delay(300);
        return HttpResponse.json({ ok: true });
      }),
    );
    const ac = new AbortController();
    const p = get(client, ac.signal);
    setTimeout(() => ac.abort(), 20);
    await expect(p).rejects.toMatchObject({ kind: 'cancelled' });
  });
});
