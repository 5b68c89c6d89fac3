/**
 * What the user last saw, kept per user (infrastructure/http/keptAnswers.ts) and given
 * back by the HTTP client when there is no network: reads are kept as they answer and
 * answered from the device, with their time, only for the same user, campus and request;
 * a write or a refusal is never answered from it; IndexedDB keeps each user's apart.
 */
import 'fake-indexeddb/auto';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { z } from '../../../infrastructure/zod';
import { ApiError } from '../../../application/ports/errors';
import { HttpClient } from '../../../infrastructure/http/httpClient';
import { IdbKeptAnswers, type KeptAnswer, type KeptAnswerStore } from '../../../infrastructure/http/keptAnswers';

const HOST = 'http://api.test';
const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const Page = z.object({ n: z.number() });

function phone(store: KeptAnswerStore = memory()) {
  const state = { owner: 'u1' as string | null, campus: 'c1', now: 1_000, served: [] as number[] };
  const client = new HttpClient({
    host: () => HOST,
    timeoutMs: () => 60_000,
    tokens: { get: () => ({ encryptedAccessToken: 't', refreshToken: 'r' }), set: () => {}, clear: () => {} },
    campus: { get: () => state.campus, set: () => {}, clear: () => {} },
    clock: { now: () => state.now },
    onSessionLost: () => {},
    kept: { store, owner: () => state.owner, now: () => state.now, served: (at) => state.served.push(at) },
  });
  return { client, state, store };
}

function memory(): KeptAnswerStore & { size: () => number } {
  const all = new Map<string, KeptAnswer>();
  return {
    size: () => all.size,
    get: async (o, k) => all.get(`${o}|${k}`) ?? null,
    put: async (o, k, a) => void all.set(`${o}|${k}`, a),
    clear: async (o) => [...all.keys()].filter((k) => k.startsWith(`${o}|`)).forEach((k) => all.delete(k)),
  };
}

const online = (n: number) => http.get(`${HOST}/v1/list`, () => HttpResponse.json({ n }));
const offline = () => [http.get(`${HOST}/v1/list`, () => HttpResponse.error()), http.post(`${HOST}/v1/list`, () => HttpResponse.error())];
const read = (client: HttpClient, page = 1) => client.request({ method: 'GET', url: '/v1/list', params: { page }, schema: Page });
const settle = () => new Promise((r) => setTimeout(r, 10));

describe('answers kept for when there is no network', () => {
  it('a read answers from the network and is kept; without a network the kept answer comes back with its time', async () => {
    const { client, state } = phone();
    server.use(online(7));
    expect(await read(client)).toEqual({ n: 7 });
    await settle();
    state.now = 5_000;
    server.use(...offline());
    expect(await read(client)).toEqual({ n: 7 });
    expect(state.served).toEqual([1_000]);
  });

  it('only the same user, campus and request: anything else fails as the network does', async () => {
    const { client, state } = phone();
    server.use(online(1));
    await read(client, 1);
    await settle();
    server.use(...offline());
    await expect(read(client, 2)).rejects.toMatchObject({ kind: 'network' });
    state.campus = 'c2';
    await expect(read(client, 1)).rejects.toMatchObject({ kind: 'network' });
    state.campus = 'c1';
    state.owner = 'u2';
    await expect(read(client, 1)).rejects.toMatchObject({ kind: 'network' });
    state.owner = null;
    await expect(read(client, 1)).rejects.toBeInstanceOf(ApiError);
  });

  it('a write is never kept nor answered from the device; a POST that reads is when it says so; a refusal is not replaced', async () => {
    const store = memory();
    const { client } = phone(store);
    server.use(http.post(`${HOST}/v1/list`, () => HttpResponse.json({ n: 3 })));
    await client.request({ method: 'POST', url: '/v1/list', data: { a: 1 }, schema: Page });
    await settle();
    expect(store.size()).toBe(0);
    await client.request({ method: 'POST', url: '/v1/list', data: { a: 1 }, schema: Page, keep: true });
    await settle();
    expect(store.size()).toBe(1);
    server.use(...offline());
    expect(await client.request({ method: 'POST', url: '/v1/list', data: { a: 1 }, schema: Page, keep: true })).toEqual({ n: 3 });
    server.use(http.post(`${HOST}/v1/list`, () => HttpResponse.json({ error: { message: '无权查看' } }, { status: 403 })));
    await expect(client.request({ method: 'POST', url: '/v1/list', data: { a: 1 }, schema: Page, keep: true })).rejects.toMatchObject({ kind: 'http', message: '无权查看' });
  });

  it('in IndexedDB each user has their own; clearing one leaves the other', async () => {
    const idb = new IdbKeptAnswers(`kept-test-${Math.random()}`);
    await idb.put('u1', 'k', { body: { n: 1 }, at: 1 });
    await idb.put('u2', 'k', { body: { n: 2 }, at: 2 });
    expect(await idb.get('u1', 'k')).toEqual({ body: { n: 1 }, at: 1 });
    await idb.clear('u1');
    expect(await idb.get('u1', 'k')).toBeNull();
    expect(await idb.get('u2', 'k')).toEqual({ body: { n: 2 }, at: 2 });
  });
});
