import { inspect } from 'node:util';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Navigator, Notifier, RuntimeConfig } from '../../../application/ports/runtime';
import { SESSION_API, type SessionApi } from '../../../application/session/ports';
import { SESSION_MODEL, type SessionModel } from '../../../application/session/model';
import { buildContainer } from '../../../composition/container';
import { DEFAULT_RUNTIME_CONFIG } from '../../../infrastructure/config/runtimeConfig';
import { createMemoryStorage, StoredTokenStore } from '../../../infrastructure/storage';
import { startSandbox, type SandboxHandle } from '../../../sandbox/server';

/**
 * Tokens never travel in an address: every request the composed app makes
 * (login, calls, the 401 -> refresh -> retry path, a refresh that fails) is recorded on
 * its way out, and no URL may hold the access or the refresh token; they go in the
 * Authorization header and the refresh body. Nor may an error the app logs (console.warn
 * of ApiErrors in the use cases) carry one. The one exception, the SignalR WebSocket's
 * access_token query (browsers cannot set headers on a WebSocket; CONTRACT.md
 * "accessTokenFactory"), is checked in the browser: tests/e2e/xss-notice.spec.ts.
 */

const recorder = setupServer();
const sent: Array<{ url: string; authorization: string | null; body: string }> = [];
let sb: SandboxHandle;

beforeAll(async () => {
  sb = await startSandbox({ port: 0, dataFile: null, quiet: true });
  recorder.events.on('request:start', async ({ request }) => {
    const body = request.method === 'GET' ? '' : await request.clone().text();
    sent.push({ url: request.url, authorization: request.headers.get('authorization'), body });
  });
  // Nothing is answered here: every request goes on to the sandbox, only seen on its way.
  recorder.listen({ onUnhandledRequest: 'bypass' });
});
afterAll(async () => {
  recorder.close();
  await sb.close();
});

const fakeWindow = () =>
  ({
    location: { origin: 'http://app.test', href: 'http://app.test/', reload: () => undefined },
    navigator: { userAgent: 'node' },
    history: { back: () => undefined, go: () => undefined, state: null },
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  }) as unknown as Window;

describe('the access and refresh tokens', () => {
  it('appear in no request address and no error, only in the Authorization header and the refresh body', async () => {
    const storage = createMemoryStorage();
    const navigator = { go: vi.fn<Navigator['go']>(), back: vi.fn<Navigator['back']>(), reload: vi.fn<Navigator['reload']>() };
    const notifier: Notifier = { success: vi.fn(), fail: vi.fn(), info: vi.fn(), confirm: vi.fn(async () => true) };
    const config: RuntimeConfig = { ...DEFAULT_RUNTIME_CONFIG, basePath: '/', defaultHost: sb.url };
    const container = buildContainer({ config, window: fakeWindow(), storage, navigator, notifier });
    const model = container.get<SessionModel>(SESSION_MODEL);
    const api = container.get<SessionApi>(SESSION_API);
    const tokenStore = new StoredTokenStore(storage);
    const seen = new Set<string>();
    const remember = () => {
      const t = tokenStore.get();
      if (t) for (const v of [t.encryptedAccessToken, t.refreshToken]) seen.add(v);
    };

    expect((await model.bindSchoolFx('demo')).ok).toBe(true);
    expect((await model.loginFx({ account: 't1001', password: 'Campus2026', agreed: true })).ok).toBe(true);
    remember();
    const firstRefreshToken = tokenStore.get()!.refreshToken;
    await api.userInfo();
    // An expired access token: one refresh, a new pair, the call retried.
    await fetch(`${sb.url}/sandbox/admin/expire-tokens`, { method: 'POST' });
    await api.campuses();
    remember();
    // A refresh that cannot be made (refused within the 10-minute throttle, the refresh
    // token unknown anyway): the session ends, the error is what the screens log.
    await fetch(`${sb.url}/sandbox/admin/expire-tokens`, { method: 'POST' });
    const last = tokenStore.get()!;
    tokenStore.set({ ...last, refreshToken: 'refresh-that-fails' });
    remember();
    const error = await api.userInfo().catch((e: unknown) => e);
    expect(error).toMatchObject({ kind: 'unauthorized' });

    expect(seen.size).toBeGreaterThanOrEqual(3);
    const apiCalls = sent.filter((r) => r.url.startsWith(sb.url) && !r.url.includes('/sandbox/admin/'));
    expect(apiCalls.some((r) => r.url.includes('refreshtoken-app'))).toBe(true);
    for (const token of seen) {
      expect(apiCalls.filter((r) => r.url.includes(token) || r.url.includes(encodeURIComponent(token))).map((r) => r.url)).toEqual([]);
      expect(inspect(error, { depth: 8 })).not.toContain(token);
      expect(JSON.stringify(error)).not.toContain(token);
    }
    // The recorder does see tokens where they belong, so the checks above can fail.
    expect(apiCalls.some((r) => r.authorization === `Bearer ${last.encryptedAccessToken}`)).toBe(true);
    expect(apiCalls.some((r) => r.url.includes('refreshtoken-app') && r.body.includes(firstRefreshToken))).toBe(true);
  });
});
