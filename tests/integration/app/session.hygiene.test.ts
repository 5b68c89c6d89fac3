/**
 * Session hygiene (the session under hostile use) through the real composition
 * root, HTTP client and storage adapters against the in-process sandbox: what a device
 * keeps after signing out, and after a refresh that fails.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Navigator, Notifier, RuntimeConfig } from '../../../application/ports/runtime';
import type { SearchHistoryStore } from '../../../application/ports/searchHistory';
import { SEARCH_HISTORY_STORE } from '../../../application/ports/tokens';
import { formDraftKey, liveSnapshots } from '../../../application/forms/drafts';
import { SESSION_API, type SessionApi } from '../../../application/session/ports';
import { SESSION_MODEL, type SessionModel } from '../../../application/session/model';
import { todoDraftKey } from '../../../application/todo/useCases';
import { buildContainer } from '../../../composition/container';
import { DEFAULT_RUNTIME_CONFIG } from '../../../infrastructure/config/runtimeConfig';
import { createMemoryStorage, StoredTokenStore } from '../../../infrastructure/storage';
import type { KeyValueStorage } from '../../../application/ports/runtime';
import { startSandbox, type SandboxHandle } from '../../../sandbox/server';
import { defineScreen, SCREEN_MODELS, type ScreenModels } from '../../../application/shared/screens';
import { $selections, selectionRequested } from '../../../application/selectors/model';
import { $chartContext, chartContextSet } from '../../../application/flowchart/model';

const CONFIG: RuntimeConfig = { ...DEFAULT_RUNTIME_CONFIG, basePath: '/' };

let sb: SandboxHandle;
beforeAll(async () => {
  sb = await startSandbox({ port: 0, dataFile: null, quiet: true });
});
afterAll(async () => {
  await sb.close();
});
beforeEach(() => {
  sb.reset();
  liveSnapshots.clear();
});

const fakeWindow = () =>
  ({
    location: { origin: 'http://app.test', href: 'http://app.test/', reload: () => undefined },
    navigator: { userAgent: 'node' },
    history: { back: () => undefined, go: () => undefined, state: null },
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  }) as unknown as Window;

/** The app as composed for the browser, signed in as t1001, with some of the user's own work stored. */
async function signedInWithWork() {
  const storage = createMemoryStorage();
  const navigator = { go: vi.fn<Navigator['go']>(), back: vi.fn<Navigator['back']>(), reload: vi.fn<Navigator['reload']>() };
  const notifier: Notifier = { success: vi.fn(), fail: vi.fn(), info: vi.fn(), confirm: vi.fn(async () => true) };
  const container = buildContainer({ config: { ...CONFIG, defaultHost: sb.url }, window: fakeWindow(), storage, navigator, notifier });
  const model = container.get<SessionModel>(SESSION_MODEL);
  expect((await model.bindSchoolFx('demo')).ok).toBe(true);
  expect((await model.loginFx({ account: 't1001', password: 'Campus2026', agreed: true })).ok).toBe(true);
  const api = container.get<SessionApi>(SESSION_API);
  const user = await api.userInfo();
  const history = container.get<SearchHistoryStore>(SEARCH_HISTORY_STORE);
  const tokens = new StoredTokenStore(storage).get();
  expect(tokens).not.toBeNull();

  const launchDraft = formDraftKey(user.id, { flowCode: 'leave' });
  storage.set(launchDraft, JSON.stringify({ values: { reason: '病假' } }));
  storage.set(formDraftKey(user.id, { runId: 'run-1' }), JSON.stringify({ values: { opinion: '同意' } }));
  storage.set(todoDraftKey(user.id), JSON.stringify({ name: '备课' }));
  liveSnapshots.set(launchDraft, { signature: 'x' });
  history.add(user.id, '请假');
  history.add(user.id, '课表');
  // Someone else's draft on the same phone is not this session's to remove.
  storage.set(formDraftKey('someone-else', { flowCode: 'leave' }), '{}');
  return { storage, navigator, model, api, user, history, tokens: tokens!, launchDraft, container };
}

/** Every stored key and value, to search for what must be gone. */
const dump = (storage: KeyValueStorage): string => storage.keys().map((k) => `${k}=${storage.get(k) ?? ''}`).join('\n');
const userKeys = (storage: KeyValueStorage, userId: string): string[] => storage.keys().filter((k) => k.includes(userId));

describe('signing out', () => {
  it('clears the tokens, every draft of the user (form, approval step, to-do, in memory) and the search history', async () => {
    const { storage, navigator, model, user, history, tokens } = await signedInWithWork();
    expect(userKeys(storage, user.id)).toHaveLength(3);

    await model.logoutFx(user.id);

    expect(new StoredTokenStore(storage).get()).toBeNull();
    expect(dump(storage)).not.toContain(tokens.encryptedAccessToken);
    expect(dump(storage)).not.toContain(tokens.refreshToken);
    expect(userKeys(storage, user.id)).toEqual([]);
    expect([...liveSnapshots.keys()].filter((k) => k.includes(user.id))).toEqual([]);
    expect(history.terms(user.id)).toEqual([]);
    expect(dump(storage)).not.toContain('请假');
    expect(storage.get(formDraftKey('someone-else', { flowCode: 'leave' }))).toBe('{}');
    expect(navigator.go).toHaveBeenCalledWith('/login', { replace: true });
  });

  it("drops every screen model of the user and the channels between pages: nothing of one user's screens reaches the next", async () => {
    const { model, user, container } = await signedInWithWork();
    const screens = container.get<ScreenModels>(SCREEN_MODELS);
    const kept = defineScreen({ name: 'kept-per-user', lifetime: 'user', key: () => '', create: () => ({ user: user.id }) });
    screens.get(kept, undefined);
    selectionRequested({ key: 'leave:approver', request: { code: 'staff' } });
    chartContextSet({ runId: 'run-1' } as never);
    expect(screens.size).toBeGreaterThan(0);
    await model.logoutFx(user.id);
    expect(screens.size).toBe(0);
    expect($selections.getState()).toEqual({});
    expect($chartContext.getState()).toBeNull();
  });
});

describe('a refresh that fails', () => {
  it('clears the tokens from storage once, goes to /login once and does not loop', async () => {
    const { storage, navigator, api, tokens } = await signedInWithWork();
    // Both tokens dead: the access token expired on the server, the refresh token unknown.
    await fetch(`${sb.url}/sandbox/admin/expire-tokens`, { method: 'POST' });
    new StoredTokenStore(storage).set({ encryptedAccessToken: tokens.encryptedAccessToken, refreshToken: 'not-a-refresh-token' });

    await expect(api.userInfo()).rejects.toMatchObject({ kind: 'unauthorized' });
    await expect(api.campuses()).rejects.toMatchObject({ kind: 'unauthorized' });
    await vi.waitFor(() => expect(navigator.go).toHaveBeenCalledWith('/login', { replace: true }));

    expect(new StoredTokenStore(storage).get()).toBeNull();
    expect(dump(storage)).not.toContain(tokens.encryptedAccessToken);
    expect(dump(storage)).not.toContain('not-a-refresh-token');
    expect(navigator.go).toHaveBeenCalledTimes(1);
  });

  it('keeps the user\'s drafts and history under that user only, for the same user\'s next sign-in', async () => {
    // Two wishes meet here: "a failed refresh clears drafts" and "a session that expires
    // while a long form is filled: a new login brings the user back to the form with
    // everything in it" (tests/e2e/flowlaunch.spec.ts). The second needs the draft to
    // outlive the session, so an expired session keeps it; signing out (above) forgets
    // it. The drafts are keyed by user id and read only by that user's screens.
    const { storage, navigator, api, user, history, tokens, launchDraft } = await signedInWithWork();
    await fetch(`${sb.url}/sandbox/admin/expire-tokens`, { method: 'POST' });
    new StoredTokenStore(storage).set({ encryptedAccessToken: tokens.encryptedAccessToken, refreshToken: 'not-a-refresh-token' });
    await expect(api.userInfo()).rejects.toMatchObject({ kind: 'unauthorized' });
    await vi.waitFor(() => expect(navigator.go).toHaveBeenCalledWith('/login', { replace: true }));

    expect(new StoredTokenStore(storage).get()).toBeNull();
    expect(storage.get(launchDraft)).toContain('病假');
    expect(history.terms(user.id)).toEqual(['课表', '请假']);
    expect(storage.keys().filter((k) => k.startsWith('formDraft:')).every((k) => k.includes(user.id) || k.includes('someone-else'))).toBe(true);
  });
});
