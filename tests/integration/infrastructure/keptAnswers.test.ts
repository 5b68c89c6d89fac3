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

function phone(store: KeptAnswerStore = memory(), firstAfterMs = 30) {
  const state = { owner: 'u1' as string | null, campus: 'c1', now: 1_000, served: [] as number[], renewed: 0 };
  const client = new HttpClient({
    host: () => HOST,
    timeoutMs: () => 60_000,
    tokens: { get: () => ({ encryptedAccessToken: 't', refreshToken: 'r' }), set: () => {}, clear: () => {} },
    campus: { get: () => state.campus, set: () => {}, clear: () => {} },
    clock: { now: () => state.now },
    onSessionLost: () => {},
    kept: {
      store,
      owner: () => state.owner,
      now: () => state.now,
      served: (at) => state.served.push(at),
      firstAfterMs,
      renewed: () => {
        state.renewed += 1;
      },
    },
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

describe('stale while revalidate: a read its screen draws again (drawnFirst)', () => {
  /** The list answers `n` after `ms`, and counts what it was asked. */
  function slowList(n: () => number, ms: number) {
    const asked = { count: 0 };
    server.use(
      http.get(`${HOST}/v1/list`, async () => {
        asked.count += 1;
        await new Promise((r) => setTimeout(r, ms));
        return HttpResponse.json({ n: n() });
      }),
    );
    return asked;
  }
  const drawn = (client: HttpClient) => client.request({ method: 'GET', url: '/v1/list', params: { page: 1 }, schema: Page, drawnFirst: true });

  it('slow: what the device kept is answered at once; the different answer behind it renews it and waits for the next read', async () => {
    const store = memory();
    const first = phone(store);
    server.use(online(1));
    await drawn(first.client); // online and quick: from the network, kept
    await settle();
    // The next open of the app, on a slow network.
    const second = phone(store);
    let n = 2;
    const asked = slowList(() => n, 400);
    expect(await drawn(second.client)).toEqual({ n: 1 });
    expect(second.state.renewed).toBe(0);
    await expect.poll(() => second.state.renewed, { timeout: 2_000 }).toBe(1);
    // The screen draws again: the answer that came behind, without asking the network again.
    expect(await drawn(second.client)).toEqual({ n: 2 });
    expect(asked.count).toBe(1);
    // Once only: the next read is the network's, and not drawn first any more.
    n = 3;
    expect(await drawn(second.client)).toEqual({ n: 3 });
    expect(asked.count).toBe(2);
    expect(second.state.served).toEqual([]);
  });

  it('a quick network answers itself: nothing stale is drawn and nothing renews', async () => {
    const store = memory();
    await store.put('u1', ['GET', '/v1/list', JSON.stringify({ page: 1 }), 'null', 'c1'].join('\u0000'), { body: { n: 1 }, at: 1 });
    const { client, state } = phone(store, 10_000);
    server.use(online(5));
    expect(await drawn(client)).toEqual({ n: 5 });
    await settle();
    expect(state.renewed).toBe(0);
  });

  it('the same answer behind it: no renewal, nothing held (a later read, e.g. after a hub push, asks the network); a read not marked drawnFirst always waits for the network', async () => {
    const store = memory();
    const key = ['GET', '/v1/list', JSON.stringify({ page: 1 }), 'null', 'c1'].join('\u0000');
    await store.put('u1', key, { body: { n: 1 }, at: 1 });
    const { client, state } = phone(store);
    let n = 1;
    const asked = slowList(() => n, 400);
    expect(await drawn(client)).toEqual({ n: 1 });
    await new Promise((r) => setTimeout(r, 600));
    expect(state.renewed).toBe(0);
    // The server changed since (a pushed message): the screen's next read is the network's.
    n = 2;
    expect(await drawn(client)).toEqual({ n: 2 });
    expect(asked.count).toBe(2);
    const other = phone(store);
    slowList(() => 9, 400);
    expect(await read(other.client)).toEqual({ n: 9 });
  });

  it('the network never answers behind it: the drawn data says its age; another user never gets it', async () => {
    const store = memory();
    const key = ['GET', '/v1/list', JSON.stringify({ page: 1 }), 'null', 'c1'].join('\u0000');
    await store.put('u1', key, { body: { n: 1 }, at: 77 });
    const { client, state } = phone(store);
    server.use(
      http.get(`${HOST}/v1/list`, async () => {
        await new Promise((r) => setTimeout(r, 400));
        return HttpResponse.error();
      }),
    );
    expect(await drawn(client)).toEqual({ n: 1 });
    await expect.poll(() => state.served, { timeout: 2_000 }).toEqual([77]);
    state.owner = 'u2';
    await expect(drawn(client)).rejects.toMatchObject({ kind: 'network' });
  });
});
