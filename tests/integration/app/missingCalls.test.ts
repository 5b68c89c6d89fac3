/**
 * A school's backend without one of the calls the spec leaves unnamed
 * (docs/decided-calls.md): the call answers 404 or 501, and the feature it serves
 * degrades instead of failing. Models and use cases with fake ports answering so, in
 * fork() scopes; the app's record of missing calls shared between screens as the
 * composition root shares it.
 */
import { allSettled, createEffect, fork } from 'effector';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { bindStudent } from '../../../application/account/boundStudents';
import { createBoundStudentsModel } from '../../../application/account/boundStudentsModel';
import type { AccountApi, BoundStudent } from '../../../application/account/ports';
import { createSecurityModel } from '../../../application/account/securityModel';
import { createSmsCode, type CodeCheck } from '../../../application/account/smsCode';
import { createVerificationModel } from '../../../application/account/verificationModel';
import { loadShadedChart } from '../../../application/flowchart/useCases';
import type { FlowchartApi } from '../../../application/flowchart/ports';
import { loadPortal } from '../../../application/portal/useCases';
import type { PortalApi } from '../../../application/portal/ports';
import { ApiError } from '../../../application/ports/errors';
import type { Notifier } from '../../../application/ports/runtime';
import { recordingNotifier as notifier } from './screenModels.fixtures';
import { failureOf, isMissingCall } from '../../../application/shared/failure';
import { createMissingCalls } from '../../../application/shared/missingCalls';
import { createTodoListModel } from '../../../application/todo/model';
import type { TodoApi } from '../../../application/todo/ports';
import { loadTodoCategories } from '../../../application/todo/useCases';
import { PASSWORD_CHECK_UNAVAILABLE } from '../../../domain/account/messages';
import { ok } from '../../../domain/shared/result';
import { ALL_CATEGORIES } from '../../../domain/todo/messages';
import { Md5PasswordHasher } from '../../../infrastructure/session/md5PasswordHasher';

const answered = (status: number, message = '接口不存在') => new ApiError('http', message, { status });
const rejecting = (status: number) => vi.fn(async () => Promise.reject(answered(status)));

const disposers: Array<() => void> = [];
afterEach(() => {
  while (disposers.length > 0) disposers.pop()?.();
});

describe('isMissingCall: the one rule', () => {
  it.each([
    [404, true],
    [501, true],
    [400, false],
    [403, false],
    [405, false],
    [500, false],
    [502, false],
  ])('an answer %d: %s', (status, missing) => {
    expect(isMissingCall(answered(status))).toBe(missing);
    expect(isMissingCall(failureOf(answered(status)))).toBe(missing);
  });

  it.each([
    ['no answer', new ApiError('network', '')],
    ['too late', new ApiError('timeout', '')],
    ['the session ended', new ApiError('unauthorized', '', { status: 401 })],
    ['an unreadable 200', new ApiError('malformed', '')],
    ['something else thrown', new Error('boom')],
  ])('%s is not a missing call', (_why, e) => expect(isMissingCall(e)).toBe(false));
});

describe('to-do categories', () => {
  const todoApi = (categories: TodoApi['categories']) =>
    ({ tabs: vi.fn(async () => []), categories, list: vi.fn(async () => ({ items: [], totalCount: 0 })) }) as unknown as TodoApi;

  it.each([404, 501])('answering %d: null from the use case, logged as missing', async (status) => {
    const log = vi.fn();
    expect(await loadTodoCategories(todoApi(rejecting(status)), log)).toBeNull();
    expect(log).toHaveBeenCalledWith(expect.stringContaining('no categories call'), expect.any(ApiError));
  });

  it('answering 404: the dropdown hides, and the next list screen does not ask again', async () => {
    const categories = rejecting(404);
    const missingCalls = createMissingCalls();
    const scope = fork();
    const model = createTodoListModel({ api: todoApi(categories), missingCalls });
    expect(scope.getState(model.$categoryFilter)).toBe(true);
    await allSettled(model.opened, { scope });
    expect(scope.getState(model.$categoryFilter)).toBe(false);
    expect(scope.getState(missingCalls.$missing)).toEqual(['todoCategories']);

    const again = createTodoListModel({ api: todoApi(categories), missingCalls });
    await allSettled(again.opened, { scope });
    expect(scope.getState(again.$categoryFilter)).toBe(false);
    expect(categories).toHaveBeenCalledTimes(1);
  });

  it('a passing failure (500) is not a missing call: hidden for now, asked again next time', async () => {
    const categories = rejecting(500);
    const missingCalls = createMissingCalls();
    const scope = fork();
    await allSettled(createTodoListModel({ api: todoApi(categories), missingCalls }).opened, { scope });
    await allSettled(createTodoListModel({ api: todoApi(categories), missingCalls }).opened, { scope });
    expect(categories).toHaveBeenCalledTimes(2);
    expect(scope.getState(missingCalls.$missing)).toEqual([]);
  });

  it('categories to choose: the dropdown shows them after 全部分类; none at all hides it', async () => {
    const scope = fork();
    const some = createTodoListModel({ api: todoApi(vi.fn(async () => [{ type: 1, name: '个人待办' }])) });
    await allSettled(some.opened, { scope });
    expect(scope.getState(some.$categoryFilter)).toBe(true);
    expect(scope.getState(some.$categories).map((c) => c.label)).toEqual([ALL_CATEGORIES, '个人待办']);
    const none = createTodoListModel({ api: todoApi(vi.fn(async () => [])) });
    await allSettled(none.opened, { scope });
    expect(scope.getState(none.$categoryFilter)).toBe(false);
  });
});

describe('the security check', () => {
  const hasher = new Md5PasswordHasher();
  const clock = { now: () => Date.now() };
  const nav = () => ({ go: vi.fn(), leave: vi.fn() });

  /** A backend where the SMS code 1234 (or 123456) passes. */
  const accountApi = (patch: Partial<AccountApi>): AccountApi =>
    ({
      securitySettings: vi.fn(async () => ({ passwordVerification: 1, verification: true })),
      checkPassword: vi.fn(async () => true),
      sendVerifyCodeToUserPhone: vi.fn(async () => ({ ok: true })),
      verifySms: vi.fn(async (code: string) => {
        if (code !== '1234' && code !== '123456') throw answered(400, '验证码错误');
      }),
      ...patch,
    }) as unknown as AccountApi;

  const security = (api: AccountApi, n: Notifier, missingCalls = createMissingCalls(), smsCodeLength?: number) => {
    const navigator = nav();
    const model = createSecurityModel(
      { api, hasher, clock, navigator, notifier: n, verification: createVerificationModel(), missingCalls, ...(smsCodeLength ? { smsCodeLength } : {}) },
      { type: '1', userType: '1', phone: '138****1234' },
    );
    disposers.push(model.dispose);
    return { model, navigator };
  };

  it.each([404, 501])('the password check answering %d: 短信验证 alone from then on, and it passes', async (status) => {
    const n = notifier();
    const missingCalls = createMissingCalls();
    const api = accountApi({ checkPassword: rejecting(status) });
    const scope = fork();
    const { model, navigator } = security(api, n, missingCalls);
    await allSettled(model.opened, { scope });
    expect(scope.getState(model.$methods)).toEqual(['password', 'sms']);
    expect(scope.getState(model.$method)).toBe('password');

    await allSettled(model.passwordChanged, { scope, params: 'Campus2026' });
    await allSettled(model.passwordConfirmed, { scope });
    expect(n.said).toEqual([`fail:${PASSWORD_CHECK_UNAVAILABLE}`]);
    expect(scope.getState(model.$methods)).toEqual(['sms']);
    expect(scope.getState(model.$method)).toBe('sms');
    expect(navigator.go).not.toHaveBeenCalled();
    // 账户密码 cannot be chosen back, nor confirmed.
    await allSettled(model.methodChosen, { scope, params: 'password' });
    expect(scope.getState(model.$method)).toBe('sms');
    await allSettled(model.passwordConfirmed, { scope });
    expect(api.checkPassword).toHaveBeenCalledTimes(1);

    await allSettled(model.codeRequested, { scope });
    await allSettled(model.sms.codeFilled, { scope, params: '123456' });
    expect(navigator.go).toHaveBeenCalledWith('/page/editPassword?userType=1', { replace: true });

    // The next security page of the session offers 短信验证 alone from the start, whatever the settings say.
    const next = security(api, notifier(), missingCalls);
    await allSettled(next.model.opened, { scope });
    expect(scope.getState(next.model.$methods)).toEqual(['sms']);
    expect(scope.getState(next.model.$method)).toBe('sms');
  });

  it('a wrong password or a failing server is told as before and keeps both methods', async () => {
    const n = notifier();
    const scope = fork();
    const { model } = security(accountApi({ checkPassword: vi.fn().mockResolvedValueOnce(false).mockRejectedValueOnce(answered(500, '服务器内部错误')) }), n);
    await allSettled(model.opened, { scope });
    await allSettled(model.passwordChanged, { scope, params: 'nope' });
    await allSettled(model.passwordConfirmed, { scope });
    await allSettled(model.passwordConfirmed, { scope });
    expect(n.said).toEqual(['fail:密码错误', 'fail:服务器内部错误']);
    expect(scope.getState(model.$methods)).toEqual(['password', 'sms']);
  });

  it.each([404, 501])('the settings call answering %d: 短信验证 first, both offered, the password still checks', async (status) => {
    const n = notifier();
    const scope = fork();
    const { model, navigator } = security(accountApi({ securitySettings: rejecting(status) }), n);
    await allSettled(model.opened, { scope });
    expect(scope.getState(model.$method)).toBe('sms');
    expect(scope.getState(model.$methods)).toEqual(['password', 'sms']);
    await allSettled(model.methodChosen, { scope, params: 'password' });
    await allSettled(model.passwordChanged, { scope, params: 'Campus2026' });
    await allSettled(model.passwordConfirmed, { scope });
    expect(navigator.go).toHaveBeenCalledWith('/page/editPassword?userType=1', { replace: true });
    expect(n.said).toEqual([]);
  });

  it('a 4-digit code (smsCodeLength 4): a shorter one is never sent, the full one passes', async () => {
    const api = accountApi({ securitySettings: vi.fn(async () => ({ passwordVerification: 0, verification: true })) });
    const scope = fork();
    const { model, navigator } = security(api, notifier(), createMissingCalls(), 4);
    await allSettled(model.opened, { scope });
    await allSettled(model.codeRequested, { scope });
    expect(model.sms.length).toBe(4);
    await allSettled(model.sms.codeChanged, { scope, params: '123' });
    expect(scope.getState(model.sms.$complete)).toBe(false);
    await allSettled(model.sms.codeConfirmed, { scope });
    await allSettled(model.sms.codeFilled, { scope, params: '123' });
    expect(api.verifySms).not.toHaveBeenCalled();
    await allSettled(model.sms.codeChanged, { scope, params: '12345' });
    expect(scope.getState(model.sms.$code)).toBe('1234');
    expect(scope.getState(model.sms.$complete)).toBe(true);
    await allSettled(model.sms.codeConfirmed, { scope });
    expect(api.verifySms).toHaveBeenCalledWith('1234');
    expect(navigator.go).toHaveBeenCalledWith('/page/editPassword?userType=1', { replace: true });
  });
});

describe('the SMS code step: 确定', () => {
  const step = (verify: (code: string) => Promise<CodeCheck>, length?: number) => {
    const send = createEffect(async () => true);
    const verifyFx = createEffect(verify);
    const sms = createSmsCode({ clock: { now: () => Date.now() }, send, wentOut: Boolean, verify: verifyFx, ...(length ? { length } : {}) });
    disposers.push(sms.dispose);
    return { sms, verifyFx };
  };

  it('six digits by default: 确定 sends the full code only', async () => {
    const verify = vi.fn(async (): Promise<CodeCheck> => 'passed');
    const { sms } = step(verify);
    const scope = fork();
    await allSettled(sms.codeChanged, { scope, params: '12345' });
    await allSettled(sms.codeConfirmed, { scope });
    expect(verify).not.toHaveBeenCalled();
    await allSettled(sms.codeChanged, { scope, params: '123456' });
    await allSettled(sms.codeConfirmed, { scope });
    expect(verify).toHaveBeenCalledWith('123456');
  });

  it('a code nobody could check (no answer) stays for 确定; a refused one empties the cells', async () => {
    const verify = vi.fn<(code: string) => Promise<CodeCheck>>().mockResolvedValueOnce('unchecked').mockResolvedValueOnce('refused');
    const { sms } = step(verify, 4);
    const scope = fork();
    await allSettled(sms.codeChanged, { scope, params: '4321' });
    await allSettled(sms.codeFilled, { scope, params: '4321' });
    expect(scope.getState(sms.$code)).toBe('4321');
    await allSettled(sms.codeConfirmed, { scope });
    expect(verify).toHaveBeenCalledTimes(2);
    expect(scope.getState(sms.$code)).toBe('');
    expect(scope.getState(sms.$complete)).toBe(false);
  });
});

describe('bound students', () => {
  const students: BoundStudent[] = [
    { id: 's1', name: '张三', imagePath: null },
    { id: 's2', name: '李四', imagePath: null },
  ] as unknown as BoundStudent[];
  const accountApi = (patch: Partial<AccountApi>): AccountApi =>
    ({ boundStudents: vi.fn(async () => students), unbindStudent: vi.fn(async () => undefined), bindStudent: vi.fn(async () => undefined), ...patch }) as unknown as AccountApi;

  it.each([404, 501])('the list answering %d: the card hides, nothing is told, and it is not asked again', async (status) => {
    const n = notifier();
    const missingCalls = createMissingCalls();
    const api = accountApi({ boundStudents: rejecting(status) });
    const scope = fork();
    const model = createBoundStudentsModel({ api, notifier: n, missingCalls }, 3);
    expect(scope.getState(model.$available)).toBe(true);
    await allSettled(model.opened, { scope });
    expect(scope.getState(model.$available)).toBe(false);
    expect(n.said).toEqual([]);
    await allSettled(createBoundStudentsModel({ api, notifier: n, missingCalls }, 3).opened, { scope });
    expect(api.boundStudents).toHaveBeenCalledTimes(1);
  });

  it('a list failing otherwise keeps the card, told, as before', async () => {
    const n = notifier();
    const scope = fork();
    const model = createBoundStudentsModel({ api: accountApi({ boundStudents: rejecting(500) }), notifier: n }, 3);
    await allSettled(model.opened, { scope });
    expect(scope.getState(model.$available)).toBe(true);
    expect(scope.getState(model.$view)).toEqual({ students: [], canAdd: true });
    expect(n.said).toEqual(['fail:接口不存在']);
  });

  it.each([404, 501])('the unbind answering %d: told, editing ends and 编辑 goes', async (status) => {
    const n = notifier();
    const api = accountApi({ unbindStudent: rejecting(status) });
    const scope = fork();
    const model = createBoundStudentsModel({ api, notifier: n }, 3);
    await allSettled(model.opened, { scope });
    await allSettled(model.editToggled, { scope });
    expect(scope.getState(model.$canUnbind)).toBe(true);
    await allSettled(model.unbindRequested, { scope, params: 's1' });
    expect(n.said).toEqual(['confirm:解绑学生 此操作将解绑该学生！', 'fail:接口不存在']);
    expect(scope.getState(model.$canUnbind)).toBe(false);
    expect(scope.getState(model.$editing)).toBe(false);
    expect(scope.getState(model.$view)?.students).toHaveLength(2);
    // No second try: the unbind is not offered any more.
    await allSettled(model.unbindRequested, { scope, params: 's1' });
    expect(api.unbindStudent).toHaveBeenCalledTimes(1);
  });

  it('binding without the list call: the binding is sent and the server holds the limit', async () => {
    const api = accountApi({ boundStudents: rejecting(404) });
    const form = { campusId: 'c1', studentName: '李四', studentIdCard: '110101200801011234', type: 2 };
    expect(await bindStudent({ api }, form, 'tenant')).toEqual(ok(undefined));
    expect(api.bindStudent).toHaveBeenCalledWith(expect.objectContaining({ studentName: '李四', schoolId: 'tenant' }), {});
    const failing = accountApi({ boundStudents: rejecting(500) });
    expect(await bindStudent({ api: failing }, form, 'tenant')).toMatchObject({ ok: false, error: { kind: 'refused', status: 500 } });
    expect(failing.bindStudent).not.toHaveBeenCalled();
  });
});

describe('the flow chart', () => {
  const chart = { nodes: [{ id: 'n1', data: { label: '开始' } }], edges: [] };

  it.each([404, 501])('the app-id call answering %d: the code call draws it when the code is known', async (status) => {
    const api: FlowchartApi = { chart: vi.fn(async (q) => (q.appId ? Promise.reject(answered(status)) : chart)) as FlowchartApi['chart'] };
    const shaded = await loadShadedChart(api, { appId: 'app-1', code: 'leave' });
    expect(shaded.ok).toBe(true);
    expect(api.chart).toHaveBeenLastCalledWith({ appId: null, code: 'leave' }, expect.anything());
  });

  it('without a code, or on another failure, the failure is shown as before', async () => {
    const missing: FlowchartApi = { chart: vi.fn(async () => Promise.reject(answered(404, '接口不存在'))) };
    expect(await loadShadedChart(missing, { appId: 'app-1' })).toEqual({ ok: false, error: '接口不存在' });
    expect(missing.chart).toHaveBeenCalledTimes(1);
    const failing: FlowchartApi = { chart: vi.fn(async () => Promise.reject(answered(500, '服务器内部错误'))) };
    expect(await loadShadedChart(failing, { appId: 'app-1', code: 'leave' })).toEqual({ ok: false, error: '服务器内部错误' });
    expect(failing.chart).toHaveBeenCalledTimes(1);
  });
});

describe('the portal config version (config.json portalConfigVersion)', () => {
  const api = (v: unknown) =>
    ({
      portalLayout: vi.fn(async () => ({ v, platform: 'mobile', widgets: [{ code: 'mobile-todo', x: 0, y: 0, w: 2, h: 2 }] })),
      widgetInfo: vi.fn(async () => [{ code: 'mobile-todo', state: 1, url: null, id: '1' }]),
    }) as unknown as PortalApi;

  it('draws the layout of the configured version and no other', async () => {
    expect((await loadPortal({ api: api('2') }, 1, { origin: 'https://s.example', version: '2' })).widgets).toHaveLength(1);
    expect((await loadPortal({ api: api(2) }, 1, { origin: 'https://s.example', version: '2' })).v).toBe('2');
    expect((await loadPortal({ api: api('1') }, 1, { origin: 'https://s.example', version: '2' })).widgets).toHaveLength(0);
    // Without a version: the decided 1.
    expect((await loadPortal({ api: api('1') }, 1, { origin: 'https://s.example' })).widgets).toHaveLength(1);
  });
});
