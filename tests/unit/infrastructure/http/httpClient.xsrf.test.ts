// @vitest-environment jsdom
/**
 * The app's calls carry a Bearer token, never a cookie: no XSRF cookie is read before a
 * call goes out. In a browser with the Cookie Store API, axios would otherwise await
 * `cookieStore.get` before sending each same-origin call (infrastructure/http/axiosInstance.ts).
 * Here the cookie store never answers: a call that waited on it would never be sent.
 */
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createAxios } from '../../../../infrastructure/http/axiosInstance';
import { HttpClient } from '../../../../infrastructure/http/httpClient';
import { z } from '../../../../infrastructure/zod';

const server = setupServer();
const cookieGet = vi.fn(() => new Promise<never>(() => undefined));

beforeAll(() => {
  server.listen({ onUnhandledRequest: 'error' });
  Object.defineProperty(window, 'cookieStore', { configurable: true, value: { get: cookieGet } });
});
afterEach(() => {
  server.resetHandlers();
  cookieGet.mockClear();
});
afterAll(() => {
  server.close();
  Reflect.deleteProperty(window, 'cookieStore');
});

const ORIGIN = () => window.location.origin;

describe('no XSRF cookie read before a call', () => {
  it('a same-origin call through the HttpClient goes out and is answered, the cookie store never asked', async () => {
    server.use(http.get(`${ORIGIN()}/v1/thing`, () => HttpResponse.json({ ok: true })));
    const client = new HttpClient({
      host: ORIGIN,
      timeoutMs: () => 5_000,
      tokens: { get: () => ({ encryptedAccessToken: 't', refreshToken: 'r' }), set: () => undefined, clear: () => undefined },
      campus: { get: () => 'campus-1', set: () => undefined, clear: () => undefined },
      clock: { now: () => 0 },
      onSessionLost: () => undefined,
    });
    await expect(client.request({ method: 'GET', url: '/v1/thing', schema: z.object({ ok: z.boolean() }) })).resolves.toEqual({ ok: true });
    expect(cookieGet).not.toHaveBeenCalled();
  });

  it('the upload transfer instance does not read it either', async () => {
    server.use(http.put(`${ORIGIN()}/obs/file`, () => new HttpResponse(null, { status: 200 })));
    const res = await createAxios().put(`${ORIGIN()}/obs/file`, 'body');
    expect(res.status).toBe(200);
    expect(cookieGet).not.toHaveBeenCalled();
  });

  it('a plain axios instance in the same page would ask the cookie store (what the setting turns off)', async () => {
    const { default: axios } = await import('axios');
    server.use(http.get(`${ORIGIN()}/v1/plain`, () => HttpResponse.json({ ok: true })));
    void axios.create().get(`${ORIGIN()}/v1/plain`).catch(() => undefined);
    await vi.waitFor(() => expect(cookieGet).toHaveBeenCalled());
  });
});
