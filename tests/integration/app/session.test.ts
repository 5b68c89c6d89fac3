/**
 * Session and shell use cases (application/session, application/shell) with fake
 * ports, the session model in an effector fork, and the composition root against the
 * in-process sandbox.
 */
import { allSettled, fork } from 'effector';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, REQUEST_FAILED } from '../../../application/ports/errors';
import type { HubState, MessageHub } from '../../../application/ports/hub';
import type { KeyValueStorage, Navigator, Notifier, RuntimeConfig } from '../../../application/ports/runtime';
import type { SearchHistoryStore } from '../../../application/ports/searchHistory';
import type { NativeShell } from '../../../application/ports/shell';
import * as tokens from '../../../application/ports/tokens';
import { ACCOUNT_API } from '../../../application/account/ports';
import { APPROVAL_API } from '../../../application/approval/ports';
import { APPS_API } from '../../../application/apps/ports';
import { FILES_API } from '../../../application/files/ports';
import { FLOWCHART_API } from '../../../application/flowchart/ports';
import { FORMS_API } from '../../../application/forms/ports';
import { MESSAGES_API } from '../../../application/messages/ports';
import { PORTAL_API } from '../../../application/portal/ports';
import { REGISTRATION_API } from '../../../application/registration/ports';
import { SEARCH_API } from '../../../application/search/ports';
import { SELECTORS_API } from '../../../application/selectors/ports';
import { SESSION_API, type SessionApi } from '../../../application/session/ports';
import { TODO_API } from '../../../application/todo/ports';
import { createSessionModel, SESSION_MODEL, type SessionModel, type SessionModelDeps } from '../../../application/session/model';
import type { Token } from '../../../application/ports/token';
import { SchoolStore, parseBoundSchool, sameSchool } from '../../../application/session/schoolStore';
import {
  applyLinkCampus,
  bindSchool,
  clearSession,
  HUB_READY_TIMEOUT_MS,
  initialise,
  initialisationFailureMessage,
  login,
  NotSignedInError,
  scanSchoolCode,
  SSO_MISSING_SID,
  ssoLogin,
  switchCampus,
  USER_DRAFT_KEY_PREFIX,
} from '../../../application/session/useCases';
import { setVibration, tapCoreVersion, vibrationEnabled } from '../../../application/shell/useCases';
import {
  ACCOUNT_REQUIRED,
  AGREEMENT_REQUIRED,
  PASSWORD_REQUIRED,
  SCHOOL_CODE_INVALID,
  SCHOOL_CODE_REQUIRED,
  USE_NATIVE_APP,
} from '../../../domain/account/messages';
import type { CurrentUser } from '../../../domain/account/types';
import { CAMPUS_NOT_FOUND } from '../../../domain/session/messages';
import type { Campus, SchoolInfo, TokenRecord } from '../../../domain/session/types';
import { ABOUT_REST_HINT } from '../../../domain/shell/messages';
import { INITIAL_TAPS } from '../../../domain/shell/coreVersionTaps';
import { buildContainer } from '../../../composition/container';
import { lazyPort, LazyMessageHub, once } from '../../../composition/lazyPorts';
import { DEFAULT_RUNTIME_CONFIG } from '../../../infrastructure/config/runtimeConfig';
import { Md5PasswordHasher } from '../../../infrastructure/session/md5PasswordHasher';
import { createMemoryStorage, StoredCampusStore, StoredHostStore, StoredSearchHistory, StoredTokenStore } from '../../../infrastructure/storage';
import { startSandbox, type SandboxHandle } from '../../../sandbox/server';

// ---------------------------------------------------------------------------
// fakes
// ---------------------------------------------------------------------------

const md5 = (s: string) => new Md5PasswordHasher().hash(s);
const TOKENS: TokenRecord = { encryptedAccessToken: 'access-1', refreshToken: 'refresh-1' };
const USER: CurrentUser = { id: 'u1', name: '王老师', userType: 1 };
const CAMPUSES: Campus[] = [
  { id: 'c-main', name: '主校区' },
  { id: 'c-east', name: '东校区' },
];
const CONFIG: RuntimeConfig = { ...DEFAULT_RUNTIME_CONFIG, basePath: '/', supportPhone: '400-800-1234' };

const lookup = (data: Partial<NonNullable<SchoolInfo['Data']>> | null, result = true, msg = ''): SchoolInfo => ({
  Result: result,
  Data: data === null ? null : { name: '未来校园示范学校', code: 'demo', SchoolCode: 'demo', ProjectType: 1, ...data },
  Msg: msg,
});

function fakeApi(overrides: Partial<SessionApi> = {}): SessionApi {
  return {
    lookupSchool: vi.fn(async () => lookup({})),
    mobileLogin: vi.fn(async () => ({ ...TOKENS })),
    sidLogin: vi.fn(async () => ({ ...TOKENS })),
    userInfo: vi.fn(async () => USER),
    campuses: vi.fn(async () => CAMPUSES),
    ...overrides,
  };
}

class FakeHub implements MessageHub {
  state: HubState = 'disconnected';
  started: string[] = [];
  stopped = 0;
  private stateListeners = new Set<(s: HubState) => void>();
  private messageListeners = new Set<(p: unknown) => void>();
  constructor(private readonly behaviour: 'connect' | 'hang' | 'fail' = 'connect') {}
  async start(user: string | PromiseLike<string>): Promise<void> {
    this.started.push(await user);
    if (this.behaviour === 'hang') return new Promise(() => undefined);
    if (this.behaviour === 'fail') throw new ApiError('network', REQUEST_FAILED);
    this.set('connected');
  }
  async stop(): Promise<void> {
    this.stopped++;
    this.set('disconnected');
  }
  subscribe(l: (s: HubState) => void) {
    this.stateListeners.add(l);
    return () => this.stateListeners.delete(l);
  }
  onMessage(l: (p: unknown) => void) {
    this.messageListeners.add(l);
    return () => this.messageListeners.delete(l);
  }
  push(payload: unknown) {
    this.messageListeners.forEach((l) => l(payload));
  }
  private set(s: HubState) {
    this.state = s;
    this.stateListeners.forEach((l) => l(s));
  }
}

const fakeShell = (inShell: boolean, scanText: string | null = null): NativeShell => ({
  isInShell: () => inShell,
  coreVersion: async () => (inShell ? '2.3.1' : null),
  openLink: () => true,
  openFile: () => true,
  scan: vi.fn(async () => scanText),
  back: vi.fn(),
  developerMode: vi.fn(() => inShell),
  setVibration: vi.fn(() => inShell),
  ready: vi.fn(() => inShell),
  sessionChanged: vi.fn(() => inShell),
  newMessage: vi.fn(() => inShell),
  onMessage: () => () => undefined,
});

const fakeNavigator = () => ({
  go: vi.fn<Navigator['go']>(),
  back: vi.fn<Navigator['back']>(),
  reload: vi.fn<Navigator['reload']>(),
});

const fakeNotifier = () => ({
  success: vi.fn<Notifier['success']>(),
  fail: vi.fn<Notifier['fail']>(),
  info: vi.fn<Notifier['info']>(),
  confirm: vi.fn<Notifier['confirm']>(async () => true),
});

function stores(storage: KeyValueStorage = createMemoryStorage()) {
  return {
    storage,
    tokens: new StoredTokenStore(storage),
    campus: new StoredCampusStore(storage),
    host: new StoredHostStore(storage),
    school: new SchoolStore(storage),
    searchHistory: new StoredSearchHistory(storage) as SearchHistoryStore,
  };
}

// ---------------------------------------------------------------------------
// school binding
// ---------------------------------------------------------------------------

describe('bindSchool (SPEC point 2 "Login", point 5 school code)', () => {
  it.each([
    ['', '请输入识别码'],
    ['   ', '请输入识别码'],
  ])('code %j gives %s without a lookup', async (code, message) => {
    const api = fakeApi();
    const s = stores();
    const r = await bindSchool({ api, shell: fakeShell(false), config: CONFIG, host: s.host, school: s.school, tokens: s.tokens }, code);
    expect(r).toEqual({ ok: false, error: message });
    expect(SCHOOL_CODE_REQUIRED).toBe(message);
    expect(api.lookupSchool).not.toHaveBeenCalled();
  });

  it.each<[string, () => Promise<SchoolInfo>, boolean, string]>([
    ['the server Msg', async () => lookup(null, false, '识别码不存在'), false, '识别码不存在'],
    ['识别码无效 without Msg', async () => lookup(null, false, ''), false, '识别码无效'],
    ['识别码无效 for an HTTP error without message', async () => Promise.reject(new ApiError('http', REQUEST_FAILED, { status: 404 })), false, '识别码无效'],
    ['the HTTP error message', async () => Promise.reject(new ApiError('http', '查询服务维护中', { status: 503 })), false, '查询服务维护中'],
    ['识别码无效 for a malformed answer', async () => Promise.reject(new ApiError('malformed', REQUEST_FAILED)), false, '识别码无效'],
    ['请求失败 when the network is down', async () => Promise.reject(new ApiError('network', REQUEST_FAILED)), false, '请求失败'],
    ['请使用小渔未来校园App for a non-web project outside the shell', async () => lookup({ ProjectType: 2 }), false, '请使用小渔未来校园App'],
  ])('%s', async (_name, answer, inShell, message) => {
    const s = stores();
    const r = await bindSchool(
      { api: fakeApi({ lookupSchool: answer }), shell: fakeShell(inShell), config: CONFIG, host: s.host, school: s.school, tokens: s.tokens },
      'code',
    );
    expect(r).toEqual({ ok: false, error: message });
    expect(s.school.get()).toBeNull();
  });

  it('spec strings are the constants', () => {
    expect([SCHOOL_CODE_INVALID, USE_NATIVE_APP]).toEqual(['识别码无效', '请使用小渔未来校园App']);
  });

  it('inside the shell a non-web project binds; the code is trimmed', async () => {
    const api = fakeApi({ lookupSchool: vi.fn(async () => lookup({ ProjectType: 2, SchoolCode: 'PC', code: 'pc' })) });
    const s = stores();
    const r = await bindSchool({ api, shell: fakeShell(true), config: CONFIG, host: s.host, school: s.school, tokens: s.tokens }, '  pc ');
    expect(r.ok).toBe(true);
    expect(api.lookupSchool).toHaveBeenCalledWith('pc', expect.anything());
    expect(s.school.get()).toEqual({ code: 'pc', tenantCode: 'PC', name: '未来校园示范学校' });
  });

  it('stores the SaasAddress as the service host, and forgets it for a school without one', async () => {
    const s = stores();
    const deps = { shell: fakeShell(false), config: CONFIG, host: s.host, school: s.school, tokens: s.tokens };
    await bindSchool({ ...deps, api: fakeApi({ lookupSchool: async () => lookup({ SaasAddress: 'https://school-a.example.edu/' }) }) }, 'a');
    expect(s.host.get()).toBe('https://school-a.example.edu');
    await bindSchool({ ...deps, api: fakeApi() }, 'demo');
    expect(s.host.get()).toBeNull();
  });

  it('another school drops the stored session; the same school reports alreadySignedIn', async () => {
    const s = stores();
    const deps = { shell: fakeShell(false), config: CONFIG, host: s.host, school: s.school, tokens: s.tokens };
    await bindSchool({ ...deps, api: fakeApi() }, 'demo');
    s.tokens.set(TOKENS);
    const same = await bindSchool({ ...deps, api: fakeApi() }, 'DEMO');
    expect(same).toMatchObject({ ok: true, value: { alreadySignedIn: true } });
    expect(s.tokens.get()).toEqual(TOKENS);
    const other = await bindSchool({ ...deps, api: fakeApi({ lookupSchool: async () => lookup({ SchoolCode: 'other', code: 'other' }) }) }, 'other');
    expect(other).toMatchObject({ ok: true, value: { alreadySignedIn: false } });
    expect(s.tokens.get()).toBeNull();
  });

  it('a cancelled lookup propagates (the screen has gone)', async () => {
    const s = stores();
    await expect(
      bindSchool(
        {
          api: fakeApi({ lookupSchool: async () => Promise.reject(new ApiError('cancelled', REQUEST_FAILED)) }),
          shell: fakeShell(false),
          config: CONFIG,
          host: s.host,
          school: s.school,
          tokens: s.tokens,
        },
        'demo',
      ),
    ).rejects.toMatchObject({ kind: 'cancelled' });
  });

  it('scanning answers the trimmed text, or null when closed or blank', async () => {
    expect(await scanSchoolCode(fakeShell(true, ' demo\n'))).toBe('demo');
    expect(await scanSchoolCode(fakeShell(true, null))).toBeNull();
    expect(await scanSchoolCode(fakeShell(true, '  '))).toBeNull();
  });

  it('the stored school survives only in a readable shape', () => {
    expect(parseBoundSchool('{"code":"a","tenantCode":"A"}')).toEqual({ code: 'a', tenantCode: 'A', name: 'A' });
    expect(parseBoundSchool('{"code":"a"}')).toBeNull();
    expect(parseBoundSchool('not json')).toBeNull();
    expect(parseBoundSchool('[1]')).toBeNull();
    expect(parseBoundSchool(null)).toBeNull();
    expect(sameSchool(null, null)).toBe(false);
  });
});

// ---------------------------------------------------------------------------
// login
// ---------------------------------------------------------------------------

describe('login (SPEC point 5 "Login")', () => {
  const bound = () => {
    const s = stores();
    s.school.set({ code: 'demo', tenantCode: 'demo', name: '示范学校' });
    return s;
  };

  it.each([
    [{ account: 't', password: 'p', agreed: false }, '请先阅读并同意《服务条款》和《隐私政策》'],
    [{ account: '  ', password: 'p', agreed: true }, '账号不能为空'],
    [{ account: 't', password: ' ', agreed: true }, '密码不能为空'],
  ])('%j gives %s and calls nothing', async (form, message) => {
    const api = fakeApi();
    const s = bound();
    const r = await login({ api, hasher: new Md5PasswordHasher(), tokens: s.tokens, school: s.school }, form);
    expect(r).toEqual({ ok: false, error: { message, needsSchool: false } });
    expect([AGREEMENT_REQUIRED, ACCOUNT_REQUIRED, PASSWORD_REQUIRED]).toContain(message);
    expect(api.mobileLogin).not.toHaveBeenCalled();
  });

  it('without a bound school it asks for one', async () => {
    const s = stores();
    const r = await login({ api: fakeApi(), hasher: new Md5PasswordHasher(), tokens: s.tokens, school: s.school }, { account: 't', password: 'p', agreed: true });
    expect(r).toEqual({ ok: false, error: { message: '请输入识别码', needsSchool: true } });
  });

  it('trims, hashes through the port, sends the tenant code and stores the token record', async () => {
    const api = fakeApi();
    const s = bound();
    const hasher = { hash: vi.fn((p: string) => `hashed(${p})`) };
    const r = await login({ api, hasher, tokens: s.tokens, school: s.school }, { account: ' t1001 ', password: ' Campus2026 ', agreed: true });
    expect(r.ok).toBe(true);
    expect(hasher.hash).toHaveBeenCalledWith('Campus2026');
    expect(api.mobileLogin).toHaveBeenCalledWith({ account: 't1001', hashedPassword: 'hashed(Campus2026)', tenantCode: 'demo' }, expect.anything());
    expect(s.tokens.get()).toEqual(TOKENS);
  });

  it('a server error is the message; nothing is stored', async () => {
    const s = bound();
    const api = fakeApi({ mobileLogin: async () => Promise.reject(new ApiError('http', '账号或密码错误', { status: 400 })) });
    const r = await login({ api, hasher: new Md5PasswordHasher(), tokens: s.tokens, school: s.school }, { account: 't', password: 'p', agreed: true });
    expect(r).toEqual({ ok: false, error: { message: '账号或密码错误', needsSchool: false } });
    expect(s.tokens.get()).toBeNull();
  });
});

// ---------------------------------------------------------------------------
// SSO
// ---------------------------------------------------------------------------

describe('ssoLogin (SPEC point 2 route sso)', () => {
  const run = (query: Parameters<typeof ssoLogin>[1], basePath = '/', api = fakeApi()) => {
    const s = stores();
    return { s, api, result: ssoLogin({ api, tokens: s.tokens, config: { basePath } }, query) };
  };

  it('no sid: an error without a call', async () => {
    const { api, result } = run({ sid: '  ' });
    expect(await result).toEqual({ ok: false, error: SSO_MISSING_SID });
    expect(api.sidLogin).not.toHaveBeenCalled();
  });

  it.each([
    ['/', '/page/aboutMe', '/page/aboutMe'],
    ['/', '/page/todo?todoId=1#x', '/page/todo?todoId=1#x'],
    ['/', undefined, '/'],
    ['/', 'https://evil.example/', '/'],
    ['/', '//evil.example/', '/'],
    ['/', '/\\evil.example', '/'],
    ['/', 'javascript:alert(1)', '/'],
    ['/campus/', '/campus/page/aboutMe', '/campus/page/aboutMe'],
    ['/campus/', '/other/page', '/campus/'],
    ['/campus/', '/campus/../admin', '/campus/'],
  ])('base %s, redirectPath %s -> %s', async (base, redirectPath, expected) => {
    const { s, result } = run({ sid: 'sid-1', redirectPath }, base);
    expect(await result).toEqual({ ok: true, value: { redirect: expected } });
    expect(s.tokens.get()).toEqual(TOKENS);
  });

  it('sends only an http(s) sourceURL', async () => {
    const a = run({ sid: 's', sourceURL: 'https://portal.example.edu/x' });
    await a.result;
    expect(a.api.sidLogin).toHaveBeenCalledWith({ sid: 's', sourceURL: 'https://portal.example.edu/x' }, expect.anything());
    const b = run({ sid: 's', sourceURL: 'javascript:alert(1)' });
    await b.result;
    expect(b.api.sidLogin).toHaveBeenCalledWith({ sid: 's', sourceURL: '' }, expect.anything());
  });

  it('a refused sid is the server message', async () => {
    const api = fakeApi({ sidLogin: async () => Promise.reject(new ApiError('http', '登录凭证无效或已过期', { status: 400 })) });
    const { s, result } = run({ sid: 'used' }, '/', api);
    expect(await result).toEqual({ ok: false, error: '登录凭证无效或已过期' });
    expect(s.tokens.get()).toBeNull();
  });
});

// ---------------------------------------------------------------------------
// initialisation
// ---------------------------------------------------------------------------

describe('initialise (SPEC point 2 gate, point 4 "Initialisation failure")', () => {
  it('without a session it refuses at once', async () => {
    const s = stores();
    await expect(initialise({ api: fakeApi(), tokens: s.tokens, campus: s.campus, hub: new FakeHub() })).rejects.toBeInstanceOf(NotSignedInError);
  });

  it('loads the user and campuses, keeps the stored campus when listed, starts the hub as the user', async () => {
    const s = stores();
    s.tokens.set(TOKENS);
    s.campus.set('c-east');
    const hub = new FakeHub();
    const snap = await initialise({ api: fakeApi(), tokens: s.tokens, campus: s.campus, hub });
    expect(snap).toEqual({ user: USER, campuses: CAMPUSES, campusId: 'c-east' });
    expect(hub.started).toEqual(['u1']);
  });

  it('starts the hub while the user is still being fetched, as that user', async () => {
    const s = stores();
    s.tokens.set(TOKENS);
    let give!: (u: typeof USER) => void;
    const hub = new FakeHub();
    const starts = vi.spyOn(hub, 'start');
    const running = initialise({ api: fakeApi({ userInfo: () => new Promise((r) => (give = r)) }), tokens: s.tokens, campus: s.campus, hub });
    await Promise.resolve();
    expect(starts).toHaveBeenCalledTimes(1);
    give(USER);
    await running;
    expect(hub.started).toEqual(['u1']);
  });

  it('a failed user load fails the gate with its own error, not with the hub error', async () => {
    const s = stores();
    s.tokens.set(TOKENS);
    const failure = new ApiError('http', '用户信息获取失败');
    await expect(
      initialise({ api: fakeApi({ userInfo: async () => Promise.reject(failure) }), tokens: s.tokens, campus: s.campus, hub: new FakeHub() }),
    ).rejects.toBe(failure);
  });

  it('falls back to the first campus when the stored one is gone, and clears it when there is none', async () => {
    const s = stores();
    s.tokens.set(TOKENS);
    s.campus.set('c-gone');
    await initialise({ api: fakeApi(), tokens: s.tokens, campus: s.campus, hub: new FakeHub() });
    expect(s.campus.get()).toBe('c-main');
    await initialise({ api: fakeApi({ campuses: async () => [] }), tokens: s.tokens, campus: s.campus, hub: new FakeHub() });
    expect(s.campus.get()).toBeNull();
  });

  it('a hub that never connects fails after the timeout', async () => {
    const s = stores();
    s.tokens.set(TOKENS);
    let fire: () => void = () => undefined;
    const setTimer = vi.fn((run: () => void, ms: number) => {
      expect(ms).toBe(HUB_READY_TIMEOUT_MS);
      fire = run;
      return () => undefined;
    });
    const pending = initialise({ api: fakeApi(), tokens: s.tokens, campus: s.campus, hub: new FakeHub('hang'), setTimer });
    await vi.waitFor(() => expect(setTimer).toHaveBeenCalled());
    fire();
    await expect(pending).rejects.toMatchObject({ kind: 'timeout' });
  });

  it('with the phone offline the start does not wait for the hub (the user came from the device; the hub connects on its own later)', async () => {
    const s = stores();
    s.tokens.set(TOKENS);
    const setTimer = vi.fn(() => () => undefined);
    const snapshot = await initialise({ api: fakeApi(), tokens: s.tokens, campus: s.campus, hub: new FakeHub('hang'), setTimer, online: () => false });
    expect(snapshot.campusId).toBe('c-main');
    expect(setTimer).not.toHaveBeenCalled();
  });

  it('a phone that says online but whose start was answered from the device does not wait for the hub either', async () => {
    const s = stores();
    s.tokens.set(TOKENS);
    const setTimer = vi.fn(() => () => undefined);
    const snapshot = await initialise({ api: fakeApi(), tokens: s.tokens, campus: s.campus, hub: new FakeHub('hang'), setTimer, online: () => true, fromDevice: () => true });
    expect(snapshot.campusId).toBe('c-main');
    expect(setTimer).not.toHaveBeenCalled();
    // Answered by the network: the gate waits for the hub as the spec says.
    const waited = vi.fn(() => () => undefined);
    void initialise({ api: fakeApi(), tokens: s.tokens, campus: s.campus, hub: new FakeHub('hang'), setTimer: waited, online: () => true, fromDevice: () => false });
    await vi.waitFor(() => expect(waited).toHaveBeenCalled());
  });

  it('which failures say something', () => {
    expect(initialisationFailureMessage(new NotSignedInError())).toBeNull();
    expect(initialisationFailureMessage(new ApiError('unauthorized', REQUEST_FAILED))).toBeNull();
    expect(initialisationFailureMessage(new ApiError('http', '服务暂不可用'))).toBe('服务暂不可用');
    expect(initialisationFailureMessage(new Error('boom'))).toBe('请求失败');
  });
});

// ---------------------------------------------------------------------------
// leaving, campus
// ---------------------------------------------------------------------------

describe('clearSession, campus switching', () => {
  it('a lost session keeps the drafts and history for the next login', async () => {
    const s = stores();
    s.tokens.set(TOKENS);
    s.storage.set('formDraft:u1:flow:leave', '{}');
    s.searchHistory.add('u1', '请假');
    const forgotten: string[] = [];
    const deviceData = { forget: async (id: string) => void forgotten.push(id) };
    await clearSession({ hub: new FakeHub(), tokens: s.tokens, storage: s.storage, searchHistory: s.searchHistory, deviceData }, 'u1', { forgetUserData: false });
    expect(forgotten).toEqual([]);
    expect(s.tokens.get()).toBeNull();
    expect(s.storage.get('formDraft:u1:flow:leave')).toBe('{}');
    expect(s.searchHistory.terms('u1')).toEqual(['请假']);
  });

  it('signing out forgets tokens, drafts, the user history and their device data; keeps school, campus and others', async () => {
    const s = stores();
    s.tokens.set(TOKENS);
    s.school.set({ code: 'demo', tenantCode: 'demo', name: 'x' });
    s.campus.set('c-main');
    s.storage.set(`${USER_DRAFT_KEY_PREFIX}leave`, '{}');
    s.storage.set('other.key', 'kept');
    s.storage.set('formDraft:u1:flow:leave', '{}');
    s.storage.set('formDraft:u2:flow:leave', '{}');
    s.searchHistory.add('u1', '请假');
    s.searchHistory.add('u2', '课表');
    const hub = new FakeHub();
    const forgotten: string[] = [];
    const deviceData = { forget: async (id: string) => void forgotten.push(id) };
    await clearSession({ hub, tokens: s.tokens, storage: s.storage, searchHistory: s.searchHistory, deviceData }, 'u1', { forgetUserData: true });
    // The outbox and the data last seen (IndexedDB), the user's only.
    expect(forgotten).toEqual(['u1']);
    expect(s.tokens.get()).toBeNull();
    expect(s.storage.get(`${USER_DRAFT_KEY_PREFIX}leave`)).toBeNull();
    expect(s.storage.get('formDraft:u1:flow:leave')).toBeNull();
    expect(s.storage.get('formDraft:u2:flow:leave')).toBe('{}');
    expect(s.searchHistory.terms('u1')).toEqual([]);
    expect(s.searchHistory.terms('u2')).toEqual(['课表']);
    expect(s.storage.get('other.key')).toBe('kept');
    expect(s.school.get()).not.toBeNull();
    expect(s.campus.get()).toBe('c-main');
    expect(hub.stopped).toBe(1);
  });

  it('the top-bar switch stores a listed campus and reloads; the same or an unknown one does nothing', () => {
    const s = stores();
    s.campus.set('c-main');
    const navigator = fakeNavigator();
    expect(switchCampus({ campus: s.campus, navigator }, CAMPUSES, 'c-east')).toBe(true);
    expect(s.campus.get()).toBe('c-east');
    expect(navigator.reload).toHaveBeenCalledTimes(1);
    expect(switchCampus({ campus: s.campus, navigator }, CAMPUSES, 'c-east')).toBe(false);
    expect(switchCampus({ campus: s.campus, navigator }, CAMPUSES, 'c-x')).toBe(false);
    expect(navigator.reload).toHaveBeenCalledTimes(1);
  });

  it('a link campus switches when listed, else 该校区不存在', () => {
    const s = stores();
    s.campus.set('c-main');
    expect(applyLinkCampus({ campus: s.campus }, CAMPUSES, undefined)).toEqual({ ok: true, value: 'none' });
    expect(applyLinkCampus({ campus: s.campus }, CAMPUSES, 'C-EAST')).toEqual({ ok: true, value: 'switched' });
    expect(s.campus.get()).toBe('c-east');
    expect(applyLinkCampus({ campus: s.campus }, CAMPUSES, 'c-nowhere')).toEqual({ ok: false, error: '该校区不存在' });
    expect(CAMPUS_NOT_FOUND).toBe('该校区不存在');
  });
});

// ---------------------------------------------------------------------------
// the session model
// ---------------------------------------------------------------------------

describe('session model', () => {
  const build = (over: Partial<SessionModelDeps> = {}) => {
    const s = stores();
    const deps: SessionModelDeps = {
      api: fakeApi(),
      tokens: s.tokens,
      campus: s.campus,
      host: s.host,
      school: s.school,
      hub: new FakeHub(),
      hasher: new Md5PasswordHasher(),
      shell: fakeShell(false),
      config: CONFIG,
      storage: s.storage,
      searchHistory: s.searchHistory,
      navigator: fakeNavigator(),
      notifier: fakeNotifier(),
      ...over,
    };
    return { s, deps, model: createSessionModel(deps) };
  };

  it('ready after initialisation, with $user, $campuses, $campusId and $hubState', async () => {
    const { s, model } = build();
    s.tokens.set(TOKENS);
    const scope = fork();
    expect(scope.getState(model.$ready)).toBe(false);
    await allSettled(model.initialiseFx, { scope });
    expect(scope.getState(model.$ready)).toBe(true);
    expect(scope.getState(model.$status)).toBe('ready');
    expect(scope.getState(model.$user)).toEqual(USER);
    expect(scope.getState(model.$campuses)).toEqual(CAMPUSES);
    expect(scope.getState(model.$campusId)).toBe('c-main');
  });

  it('knows the user and campus while the hub still connects (the gate stays pending), in the fork it runs in', async () => {
    let connect!: () => void;
    const hub = new FakeHub();
    vi.spyOn(hub, 'start').mockImplementation(async (user) => {
      hub.started.push(await user);
      await new Promise<void>((r) => (connect = r));
    });
    const { s, model } = build({ hub });
    s.tokens.set(TOKENS);
    const scope = fork();
    const other = fork();
    const settled = allSettled(model.initialiseFx, { scope });
    await vi.waitFor(() => expect(scope.getState(model.$user)).toEqual(USER));
    expect(scope.getState(model.$status)).toBe('pending');
    expect(scope.getState(model.$campusId)).toBe('c-main');
    expect(scope.getState(model.$campuses)).toEqual(CAMPUSES);
    // The event is bound to the scope that ran the effect, not to another one.
    expect(other.getState(model.$user)).toBeNull();
    connect();
    await settled;
    expect(scope.getState(model.$status)).toBe('ready');
  });

  it.each([
    ['a server error', new ApiError('http', '服务暂不可用', { status: 500 }), 'refused', '服务暂不可用'],
    ['an answer that cannot be read', new ApiError('malformed', '请求失败'), 'malformed', '请求失败'],
    ['no network', new ApiError('network', '请求失败'), 'offline', '网络不可用，请检查网络后重试'],
    ['a timeout', new ApiError('timeout', '请求失败'), 'timeout', '网络超时，请稍后重试'],
  ])('%s at the start keeps the session: the gate shows why with 重试, and 重试 continues', async (_name, error, kind, message) => {
    const navigator = fakeNavigator();
    const notifier = fakeNotifier();
    let failing = true;
    const { s, model } = build({
      navigator,
      notifier,
      api: fakeApi({ campuses: async () => (failing ? Promise.reject(error) : CAMPUSES) }),
    });
    s.tokens.set(TOKENS);
    const scope = fork();
    await allSettled(model.initialiseFx, { scope });
    expect(s.tokens.get()).toEqual(TOKENS);
    expect(navigator.go).not.toHaveBeenCalled();
    expect(notifier.fail).not.toHaveBeenCalled();
    expect(scope.getState(model.$status)).toBe('failed');
    expect(scope.getState(model.$bootFailure)).toMatchObject({ kind, message });
    failing = false;
    await allSettled(model.bootRetried, { scope });
    expect(scope.getState(model.$status)).toBe('ready');
    expect(scope.getState(model.$bootFailure)).toBeNull();
  });

  it('a hub that does not connect keeps the session too', async () => {
    const navigator = fakeNavigator();
    const { s, model } = build({ navigator, hub: new FakeHub('fail') });
    s.tokens.set(TOKENS);
    const scope = fork();
    await allSettled(model.initialiseFx, { scope });
    expect(s.tokens.get()).toEqual(TOKENS);
    expect(navigator.go).not.toHaveBeenCalled();
    expect(scope.getState(model.$bootFailure)).not.toBeNull();
  });

  it('an ended session at the start goes to /login quietly and comes back to the address opened', async () => {
    const navigator = { ...fakeNavigator(), current: () => '/page/approvalCenter/flowApproval?FlowRunId=r1' };
    const notifier = fakeNotifier();
    const { s, model } = build({
      navigator,
      notifier,
      api: fakeApi({ userInfo: async () => Promise.reject(new ApiError('unauthorized', '请求失败', { status: 401 })) }),
    });
    s.tokens.set(TOKENS);
    await allSettled(model.initialiseFx, { scope: fork() });
    expect(s.tokens.get()).toBeNull();
    expect(navigator.go).toHaveBeenCalledWith('/login', { replace: true, state: { returnTo: '/page/approvalCenter/flowApproval?FlowRunId=r1' } });
    expect(notifier.fail).not.toHaveBeenCalled();
  });

  it('without a session it goes to /login silently', async () => {
    const navigator = fakeNavigator();
    const notifier = fakeNotifier();
    const { model } = build({ navigator, notifier });
    await allSettled(model.initialiseFx, { scope: fork() });
    expect(navigator.go).toHaveBeenCalledWith('/login', { replace: true });
    expect(notifier.fail).not.toHaveBeenCalled();
  });

  it('the HTTP client losing the session leaves it the same way, keeping the drafts', async () => {
    const navigator = fakeNavigator();
    const { s, model } = build({ navigator });
    s.tokens.set(TOKENS);
    s.storage.set('formDraft:u1:flow:leave', '{}');
    const scope = fork();
    await allSettled(model.initialiseFx, { scope });
    await allSettled(model.sessionLost, { scope });
    expect(s.tokens.get()).toBeNull();
    expect(s.storage.get('formDraft:u1:flow:leave')).toBe('{}');
    expect(scope.getState(model.$user)).toBeNull();
    expect(navigator.go).toHaveBeenCalledWith('/login', { replace: true });
  });

  it('a lost session takes the screen the user was on to the login page, for the way back', async () => {
    const navigator = { ...fakeNavigator(), current: () => '/page/approvalCenter/flowLaunch?code=leave' };
    const { s, model } = build({ navigator });
    s.tokens.set(TOKENS);
    const scope = fork();
    await allSettled(model.initialiseFx, { scope });
    await allSettled(model.sessionLost, { scope });
    expect(navigator.go).toHaveBeenCalledWith('/login', { replace: true, state: { returnTo: '/page/approvalCenter/flowLaunch?code=leave' } });
    // Signing out is not a lost session: home after the next login.
    navigator.go.mockClear();
    await allSettled(model.logoutFx, { scope, params: 'u1' });
    expect(navigator.go).toHaveBeenCalledWith('/login', { replace: true });
  });

  it('login and SSO send the gate back to idle so it runs again for the new session', async () => {
    const { s, model } = build();
    s.school.set({ code: 'demo', tenantCode: 'demo', name: 'x' });
    const scope = fork({ values: [[model.$status, 'ready']] });
    await allSettled(model.loginFx, { scope, params: { account: 't', password: 'p', agreed: true } });
    expect(scope.getState(model.$status)).toBe('idle');
  });

  it('one sid is exchanged once, however often it is asked', async () => {
    const api = fakeApi();
    const { model } = build({ api });
    const scope = fork();
    await Promise.all([
      allSettled(model.ssoLoginFx, { scope, params: { sid: 'sid-1' } }),
      allSettled(model.ssoLoginFx, { scope, params: { sid: 'sid-1' } }),
    ]);
    await allSettled(model.ssoLoginFx, { scope, params: { sid: 'sid-1' } });
    expect(api.sidLogin).toHaveBeenCalledTimes(1);
  });

  it('logout clears tokens, drafts and the user history and goes to /login', async () => {
    const navigator = fakeNavigator();
    const { s, model } = build({ navigator });
    s.tokens.set(TOKENS);
    s.storage.set(`${USER_DRAFT_KEY_PREFIX}x`, '1');
    s.storage.set('formDraft:u1:run:r1', '{}');
    s.searchHistory.add('u1', '请假');
    const scope = fork();
    await allSettled(model.initialiseFx, { scope });
    await allSettled(model.logoutFx, { scope, params: 'u1' });
    expect(s.tokens.get()).toBeNull();
    expect(s.storage.get(`${USER_DRAFT_KEY_PREFIX}x`)).toBeNull();
    expect(s.storage.get('formDraft:u1:run:r1')).toBeNull();
    expect(s.searchHistory.terms('u1')).toEqual([]);
    expect(navigator.go).toHaveBeenCalledWith('/login', { replace: true });
    expect(scope.getState(model.$user)).toBeNull();
  });

  it('hub pushes and state changes reach the model', async () => {
    const hub = new FakeHub();
    const { model } = build({ hub });
    const seen: unknown[] = [];
    model.hubMessageReceived.watch((p) => seen.push(p));
    hub.push({ id: 1 });
    await hub.start('u1');
    expect(seen).toEqual([{ id: 1 }]);
    expect(model.$hubState.getState()).toBe('connected');
  });

  it('profile edits update $user; the link campus updates $campusId', async () => {
    const { s, model } = build();
    s.tokens.set(TOKENS);
    const scope = fork();
    await allSettled(model.initialiseFx, { scope });
    await allSettled(model.userUpdated, { scope, params: { profileSummary: '你好' } });
    expect(scope.getState(model.$user)).toMatchObject({ id: 'u1', profileSummary: '你好' });
    const r = await allSettled(model.linkCampusFx, { scope, params: { campuses: CAMPUSES, campusId: 'c-east' } });
    expect(r).toMatchObject({ status: 'done', value: { ok: true, value: 'switched' } });
    expect(scope.getState(model.$campusId)).toBe('c-east');
  });
});

// ---------------------------------------------------------------------------
// shell use cases
// ---------------------------------------------------------------------------

describe('shell use cases', () => {
  it('core version taps: the rest hint on the 16th tap within 5 s, developer mode on the 26th', () => {
    const shell = fakeShell(true);
    const notifier = fakeNotifier();
    let state = INITIAL_TAPS;
    for (let i = 1; i <= 26; i++) {
      state = tapCoreVersion({ shell, notifier }, state, 1000 + i * 100);
      if (i === 15) expect(notifier.info).not.toHaveBeenCalled();
      if (i === 16) expect(notifier.info).toHaveBeenCalledWith('眺望远方，休息一下');
      if (i === 25) expect(shell.developerMode).not.toHaveBeenCalled();
    }
    expect(notifier.info).toHaveBeenCalledTimes(1);
    expect(shell.developerMode).toHaveBeenCalledTimes(1);
    expect(ABOUT_REST_HINT).toBe('眺望远方，休息一下');
  });

  it('taps slower than the window never count up', () => {
    const shell = fakeShell(true);
    const notifier = fakeNotifier();
    let state = INITIAL_TAPS;
    for (let i = 0; i < 40; i++) state = tapCoreVersion({ shell, notifier }, state, i * 400);
    expect(notifier.info).not.toHaveBeenCalled();
  });

  it('vibration: on unless disabled; the switch talks to the shell', () => {
    expect(vibrationEnabled(undefined)).toBe(true);
    expect(vibrationEnabled({ disableNotificationVibration: true })).toBe(false);
    expect(vibrationEnabled({ disableNotificationVibration: false })).toBe(true);
    const shell = fakeShell(true);
    expect(setVibration(shell, false)).toBe(true);
    expect(shell.setVibration).toHaveBeenCalledWith(false);
    expect(setVibration(fakeShell(false), true)).toBe(false);
  });
});

// ---------------------------------------------------------------------------
// composition root
// ---------------------------------------------------------------------------

describe('lazy ports', () => {
  it('load once, forward calls, retry after a failed load, and are not thenable', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    let loads = 0;
    const port = lazyPort<{ hello(n: string): Promise<string> }>(async () => {
      loads++;
      if (loads === 1) throw new Error('chunk failed');
      return { hello: async (n: string) => `hi ${n}` };
    });
    expect((port as unknown as { then?: unknown }).then).toBeUndefined();
    await expect(port.hello('a')).rejects.toMatchObject({ kind: 'network', message: '请求失败' });
    await expect(port.hello('b')).resolves.toBe('hi b');
    await expect(port.hello('c')).resolves.toBe('hi c');
    expect(loads).toBe(2);
    expect(warn).toHaveBeenCalledTimes(1);
    warn.mockRestore();
  });

  it('the lazy hub carries listeners over to the real one', async () => {
    const real = new FakeHub();
    const load = vi.fn(async () => real);
    const hub = new LazyMessageHub(load);
    const states: HubState[] = [];
    const payloads: unknown[] = [];
    hub.subscribe((s) => states.push(s));
    hub.onMessage((p) => payloads.push(p));
    expect(hub.state).toBe('disconnected');
    await hub.stop();
    expect(load).not.toHaveBeenCalled();
    await hub.start('u1');
    real.push('m');
    expect(states).toEqual(['connected']);
    expect(payloads).toEqual(['m']);
    expect(hub.state).toBe('connected');
    await hub.stop();
    expect(real.stopped).toBe(1);
    expect(load).toHaveBeenCalledTimes(1);
    const memo = once(async () => ({}));
    expect(await memo()).toBe(await memo());
  });
});

describe('composition root against the sandbox', () => {
  let sb: SandboxHandle;
  beforeAll(async () => {
    sb = await startSandbox({ port: 0, dataFile: null, quiet: true });
  });
  afterAll(async () => {
    await sb.close();
  });
  beforeEach(async () => {
    await sb.reset();
  });

  const fakeWindow = () =>
    ({
      location: { origin: 'http://app.test', href: 'http://app.test/', reload: () => undefined },
      navigator: { userAgent: 'node' },
      history: { back: () => undefined, go: () => undefined, state: null },
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
    }) as unknown as Window;

  const compose = (storage = createMemoryStorage()) => {
    const navigator = fakeNavigator();
    const notifier = fakeNotifier();
    const container = buildContainer({
      config: { ...CONFIG, defaultHost: sb.url },
      window: fakeWindow(),
      storage,
      navigator,
      notifier,
    });
    return { container, navigator, notifier, storage };
  };

  it('binds every port', () => {
    const { container } = compose();
    const all = [
      ...Object.values(tokens),
      SESSION_API,
      ACCOUNT_API,
      APPROVAL_API,
      APPS_API,
      FILES_API,
      FLOWCHART_API,
      FORMS_API,
      MESSAGES_API,
      PORTAL_API,
      REGISTRATION_API,
      SEARCH_API,
      SELECTORS_API,
      TODO_API,
      SESSION_MODEL,
    ];
    for (const token of all) expect(container.get(token as symbol as Token<unknown>), String(token)).toBeTruthy();
    expect(container.get(tokens.RUNTIME_CONFIG)).toMatchObject({ defaultHost: sb.url });
  });

  it('binds a school, logs in with a hashed password and reads the user through the real adapters', async () => {
    const { container, storage } = compose();
    const model = container.get<SessionModel>(SESSION_MODEL);
    const bound = await model.bindSchoolFx('demo');
    expect(bound).toMatchObject({ ok: true, value: { school: { tenantCode: 'demo' }, alreadySignedIn: false } });
    const wrong = await model.loginFx({ account: 't1001', password: 'nope', agreed: true });
    expect(wrong).toMatchObject({ ok: false, error: { message: '账号或密码错误' } });
    const ok = await model.loginFx({ account: ' t1001 ', password: ' Campus2026 ', agreed: true });
    expect(ok.ok).toBe(true);
    expect(new StoredTokenStore(storage).get()).not.toBeNull();
    const api = container.get<SessionApi>(SESSION_API);
    const user = await api.userInfo();
    expect(user.name).toBe('王老师');
    expect(md5('Campus2026')).toMatch(/^[0-9a-f]{32}$/);
    // The other APIs share the same client and session.
    const campuses = await api.campuses();
    expect(campuses.length).toBeGreaterThan(0);
  });

  it('a pc-only school is refused outside the shell with the domain message', async () => {
    const { container } = compose();
    const model = container.get<SessionModel>(SESSION_MODEL);
    expect(await model.bindSchoolFx('pc-only')).toEqual({ ok: false, error: '请使用小渔未来校园App' });
    expect(await model.bindSchoolFx('nope')).toEqual({ ok: false, error: '识别码不存在' });
  });

  it('SSO through sid-login: once only', async () => {
    const { container } = compose();
    const model = container.get<SessionModel>(SESSION_MODEL);
    const res = await fetch(`${sb.url}/sandbox/admin/sid`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ account: 's2001' }),
    });
    const { sid } = (await res.json()) as { sid: string };
    expect(await model.ssoLoginFx({ sid, redirectPath: '/page/aboutMe' })).toEqual({ ok: true, value: { redirect: '/page/aboutMe' } });
    const { container: other } = compose();
    const again = await other.get<SessionModel>(SESSION_MODEL).ssoLoginFx({ sid });
    expect(again).toEqual({ ok: false, error: '登录凭证无效或已过期' });
  });
});

// ---------------------------------------------------------------------------
// address rules of the shell screens
// ---------------------------------------------------------------------------

describe('addresses and history', () => {
  it('the main layout reads tab=message|me, else home; a spelled-out home tab is removed', async () => {
    const { tabOf, withoutHomeTab } = await import('../../../presentation/shared/layout/tabs');
    expect(tabOf('')).toBe('home');
    expect(tabOf('?tab=message')).toBe('message');
    expect(tabOf('tab=me&x=1')).toBe('me');
    expect(tabOf('?tab=anything')).toBe('home');
    expect(withoutHomeTab('?tab=home')).toBe('');
    expect(withoutHomeTab('?tab=home&x=1')).toBe('?x=1');
    expect(withoutHomeTab('?tab=bogus')).toBe('');
    expect(withoutHomeTab('?tab=me')).toBeNull();
    expect(withoutHomeTab('')).toBeNull();
  });

  it('the SSO page drops only the sid from its address', async () => {
    const { withoutSid } = await import('../../../application/session/ssoModel');
    expect(withoutSid('?sid=abc&sourceURL=https%3A%2F%2Fa.example')).toBe('/sso?sourceURL=https%3A%2F%2Fa.example');
    expect(withoutSid('?sid=abc')).toBe('/sso');
  });

  it('the navigator joins paths under the base', async () => {
    const { underBase } = await import('../../../composition/browserNavigator');
    expect(underBase('/', '/login')).toBe('/login');
    expect(underBase('/campus/', '/login')).toBe('/campus/login');
    expect(underBase('/campus', 'page/aboutMe')).toBe('/campus/page/aboutMe');
  });

  it('history entries carry their index; only the first one opened is index 0', async () => {
    const { installHistoryIndex, isFirstPage, historyIndexOf } = await import('../../../presentation/shared/history');
    const entries: unknown[] = [null];
    let at = 0;
    const h = {
      get state() {
        return entries[at];
      },
      pushState(state: unknown) {
        entries.splice(at + 1);
        entries.push(state);
        at++;
      },
      replaceState(state: unknown) {
        entries[at] = state;
      },
    } as unknown as History;
    installHistoryIndex(h);
    installHistoryIndex(h);
    expect(isFirstPage(h)).toBe(true);
    h.replaceState({ title: 'x' }, '');
    expect(isFirstPage(h)).toBe(true);
    expect(h.state).toMatchObject({ title: 'x' });
    h.pushState({ title: 'web' }, '');
    expect(historyIndexOf(h.state)).toBe(1);
    expect(isFirstPage(h)).toBe(false);
    h.pushState(null, '');
    expect(historyIndexOf(h.state)).toBe(2);
    h.pushState('a string state', '');
    expect(isFirstPage(h)).toBe(false);
    at = 0;
    expect(isFirstPage(h)).toBe(true);
  });

  it('route state titles', async () => {
    const { routeStateTitle } = await import('../../../presentation/shared/navigation');
    expect(routeStateTitle({ title: ' 同意 ' })).toBe('同意');
    expect(routeStateTitle({ title: '' })).toBeNull();
    expect(routeStateTitle({ title: 3 })).toBeNull();
    expect(routeStateTitle(null)).toBeNull();
  });
});
