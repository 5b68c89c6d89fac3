/**
 * The registration screens' models in fork() scopes, against the in-process sandbox
 * (or fakes where a hand-made answer pins a rule down), no React: the report page, the
 * matter detail and its 核验通过 (the one verification piece both use), the remark form,
 * the scanner page and the QR code page.
 */
import { allSettled, fork } from 'effector';
import { describe, expect, it, vi } from 'vitest';
import { testSandbox } from '../testSandbox';
import { MATTER } from '../../../sandbox/seed/registration';
import { HttpRegistrationApi } from '../../../infrastructure/registration/registrationApi';
import { ApiError } from '../../../application/ports/errors';
import type { Notifier } from '../../../application/ports/runtime';
import type { RegistrationApi } from '../../../application/registration/ports';
import { createMatterModel } from '../../../application/registration/matterModel';
import { createQrCodeModel } from '../../../application/registration/qrCodeModel';
import { createRemarksModel } from '../../../application/registration/remarksModel';
import { createReportModel } from '../../../application/registration/reportModel';
import { createScannerModel } from '../../../application/registration/scannerModel';
import { loginAs } from '../contract/support/partA';

const sb = testSandbox();

const ZHANG_SAN = '2026010001';
const apiFor = async (account: string) => new HttpRegistrationApi((await loginAs(sb.url, account)).http);

const notifier = (): Notifier & { said: string[] } => {
  const said: string[] = [];
  return {
    said,
    success: (t) => void said.push(`ok:${t}`),
    fail: (t) => void said.push(`fail:${t}`),
    info: (t) => void said.push(`info:${t}`),
    confirm: vi.fn(async () => true),
  };
};

type ShellFake = { isInShell: () => boolean; scan: () => Promise<string | null> };
const browserShell: ShellFake = { isInShell: () => false, scan: vi.fn(async () => null) };

describe('the report model', () => {
  const setup = async (number: string, over: Partial<{ api: RegistrationApi; shell: ShellFake }> = {}) => {
    const api = over.api ?? (await apiFor('t1001'));
    const n = notifier();
    const navigator = { go: vi.fn() };
    const model = createReportModel({ api, shell: over.shell ?? browserShell, navigator, notifier: n }, { userType: 1, number });
    return { model, api, n, navigator, scope: fork() };
  };

  it('a verifier without a number gets the search state; a lookup goes to the student’s own address', async () => {
    const { model, navigator, scope } = await setup('');
    await allSettled(model.opened, { scope });
    expect(scope.getState(model.$view)).toEqual({ kind: 'ready', data: { kind: 'search', viewer: 1 } });
    await allSettled(model.lookedUp, { scope, params: '   ' });
    expect(navigator.go).not.toHaveBeenCalled();
    await allSettled(model.lookedUp, { scope, params: ` ${ZHANG_SAN} ` });
    expect(navigator.go).toHaveBeenCalledWith(`/page/student/report?code=${ZHANG_SAN}`, { replace: true });
  });

  it('loads the student; 核验通过 on a matter that asks for items goes to the remark form; a matter opens its detail', async () => {
    const { model, navigator, scope } = await setup(ZHANG_SAN);
    await allSettled(model.opened, { scope });
    const view = scope.getState(model.$view);
    if (view.kind !== 'ready' || view.data.kind !== 'loaded' || view.data.view.kind !== 'verifier') throw new Error('not loaded');
    expect(scope.getState(model.$searchText)).toBe(ZHANG_SAN);
    const current = view.data.view.current;
    expect(current?.id).toBe(MATTER.fee);
    await allSettled(model.verifyRequested, { scope, params: current });
    expect(navigator.go).toHaveBeenLastCalledWith(`/page/student/report/checkFee/selectTypeRemarks?idCard=${ZHANG_SAN}&id=${MATTER.fee}&backCount=1`);
    await allSettled(model.matterOpened, { scope, params: current! });
    expect(navigator.go).toHaveBeenLastCalledWith(`/page/student/report/checkFee?idCard=${ZHANG_SAN}&id=${MATTER.fee}`);
  });

  it('an unknown student: the server message told and shown in place; 重试 asks again', async () => {
    const { model, n, scope } = await setup('9999999999');
    await allSettled(model.opened, { scope });
    expect(n.said).toEqual(['fail:未找到该学生']);
    expect(scope.getState(model.$view)).toEqual({ kind: 'failed', message: '未找到该学生' });
    await allSettled(model.retried, { scope });
    expect(n.said).toHaveLength(2);
  });

  it('a refresh keeps what is shown while it asks, and when it fails (told)', async () => {
    const real = await apiFor('t1001');
    let fail = false;
    const api = { ...real, studentMatters: (q: { number: string }, o?: object) => (fail ? Promise.reject(new ApiError('network', '网络异常')) : real.studentMatters(q, o)) } as RegistrationApi;
    const { model, n, scope } = await setup(ZHANG_SAN, { api });
    await allSettled(model.opened, { scope });
    fail = true;
    await allSettled(model.refreshFx, { scope });
    expect(scope.getState(model.$view).kind).toBe('ready');
    expect(n.said).toEqual(['fail:网络异常']);
    // A lookup of the same student is a fresh load: its failure is shown in place.
    await allSettled(model.lookedUp, { scope, params: ZHANG_SAN });
    expect(scope.getState(model.$view)).toEqual({ kind: 'failed', message: '网络异常' });
  });

  it('the scan: inside the shell the scanned code is looked up; an ended session is not told', async () => {
    const shell = { isInShell: () => true, scan: vi.fn(async () => ' 2026010002 ') };
    const { model, navigator, scope } = await setup('', { shell });
    await allSettled(model.scanPressed, { scope });
    expect(navigator.go).toHaveBeenCalledWith('/page/student/report?code=2026010002', { replace: true });

    const ended = { studentMatters: () => Promise.reject(new ApiError('unauthorized', '')) } as unknown as RegistrationApi;
    const quiet = await setup(ZHANG_SAN, { api: ended });
    await allSettled(quiet.model.opened, { scope: quiet.scope });
    expect(quiet.n.said).toEqual([]);
  });
});

describe('the matter detail model and its 核验通过', () => {
  const passByApi = async (api: RegistrationApi) => api.defineMatter({ number: ZHANG_SAN, matterId: MATTER.fee, fillSubMatters: '学费', fillSubBeType: '现金' });

  it('passes a matter that asks for nothing: 核验成功, then the matter shows as handled; busy until then', async () => {
    const api = await apiFor('t1001');
    await passByApi(api);
    const n = notifier();
    const navigator = { go: vi.fn() };
    const model = createMatterModel({ api, navigator, notifier: n }, { userType: 1, matterId: MATTER.dorm, number: ZHANG_SAN });
    const scope = fork();
    await allSettled(model.opened, { scope });
    const view = scope.getState(model.$view);
    if (view.kind !== 'ready') throw new Error('not loaded');
    expect(view.data.isMatterHand).not.toBe(1);
    const define = vi.spyOn(api, 'defineMatter');
    const pass = allSettled(model.verifyRequested, { scope, params: view.data });
    expect(scope.getState(model.$verifying)).toBe(true);
    // A second tap while the first runs is ignored.
    const again = allSettled(model.verifyRequested, { scope, params: view.data });
    await Promise.all([pass, again]);
    expect(define).toHaveBeenCalledTimes(1);
    expect(n.said).toEqual(['ok:核验成功']);
    expect(navigator.go).not.toHaveBeenCalled();
    expect(scope.getState(model.$verifying)).toBe(false);
    const after = scope.getState(model.$view);
    expect(after.kind === 'ready' && after.data.isMatterHand).toBe(1);
  });

  it('a matter with a form goes to it, two entries back to the report; a refusal is told', async () => {
    const api = await apiFor('t1001');
    const n = notifier();
    const navigator = { go: vi.fn() };
    const model = createMatterModel({ api, navigator, notifier: n }, { userType: 1, matterId: MATTER.fee, number: ZHANG_SAN });
    const scope = fork();
    await allSettled(model.opened, { scope });
    const view = scope.getState(model.$view);
    if (view.kind !== 'ready') throw new Error('not loaded');
    await allSettled(model.verifyRequested, { scope, params: view.data });
    expect(navigator.go).toHaveBeenCalledWith(`/page/student/report/checkFee/selectTypeRemarks?idCard=${ZHANG_SAN}&id=${MATTER.fee}&backCount=2`);

    await passByApi(api);
    vi.spyOn(api, 'defineMatter').mockRejectedValue(new ApiError('http', '当前不在报到时间范围'));
    const m2 = createMatterModel({ api, navigator, notifier: n }, { userType: 1, matterId: MATTER.dorm, number: ZHANG_SAN });
    await allSettled(m2.opened, { scope });
    const v2 = scope.getState(m2.$view);
    if (v2.kind !== 'ready') throw new Error('not loaded');
    await allSettled(m2.verifyRequested, { scope, params: v2.data });
    expect(n.said).toEqual(['fail:当前不在报到时间范围']);
  });
});

describe('the remark form model', () => {
  it('the rules under their fields and as toasts; a change clears its field; the pass goes back backCount', async () => {
    const api = await apiFor('t1001');
    const n = notifier();
    const navigator = { returnTo: vi.fn() };
    const model = createRemarksModel({ api, navigator, notifier: n }, { userType: 1, matterId: MATTER.fee, number: ZHANG_SAN, backCount: 2 });
    const scope = fork();
    await allSettled(model.opened, { scope });
    expect(scope.getState(model.$spec)?.itemOptions).toEqual(['学费', '住宿费', '教材费']);
    expect(scope.getState(model.$form)).toEqual({ items: [], types: [], remark: '' });

    await allSettled(model.submitted, { scope });
    expect(scope.getState(model.$errors)).toEqual({ items: '请选择项目' });
    await allSettled(model.formChanged, { scope, params: { items: ['学费'] } });
    expect(scope.getState(model.$errors)).toEqual({});
    await allSettled(model.submitted, { scope });
    expect(scope.getState(model.$errors)).toEqual({ types: '请选择类型' });
    await allSettled(model.formChanged, { scope, params: { types: ['刷卡'], remark: '现场' } });
    await allSettled(model.submitted, { scope });
    expect(n.said).toEqual(['fail:请选择项目', 'fail:请选择类型', 'ok:核验成功']);
    expect(navigator.returnTo).toHaveBeenCalledWith(2, '/page/student/report?code=2026010001');
    expect(scope.getState(model.$busy)).toBe(false);
  });
});

describe('the scanner model', () => {
  const setup = (redirect: string | null, modalContent = '') => {
    const n = notifier();
    const navigator = { go: vi.fn(), leave: vi.fn() };
    const model = createScannerModel({ navigator, notifier: n }, { modalTitle: '查找学生', modalContent, redirect });
    return { model, n, navigator, scope: fork() };
  };

  it('a code goes to the redirect with ?code=, once; later reads are ignored', async () => {
    const { model, navigator, scope } = setup('/page/student/report');
    await allSettled(model.codeRead, { scope, params: '   ' });
    expect(navigator.go).not.toHaveBeenCalled();
    await allSettled(model.codeRead, { scope, params: ' 2026010001 ' });
    await allSettled(model.codeRead, { scope, params: '2026010002' });
    expect(navigator.go).toHaveBeenCalledTimes(1);
    expect(navigator.go).toHaveBeenCalledWith('/page/student/report?code=2026010001', { replace: true });
    expect(scope.getState(model.$done)).toBe(true);
  });

  it('no camera opens the manual entry; nothing typed is the prompt again; without a redirect a result goes back', async () => {
    const { model, n, navigator, scope } = setup(null, '请输入学号或身份证号');
    await allSettled(model.cameraUnavailable, { scope });
    expect(scope.getState(model.$camera)).toBe('unavailable');
    expect(scope.getState(model.$manualOpen)).toBe(true);
    await allSettled(model.manualConfirmed, { scope });
    expect(n.said).toEqual(['info:请输入学号或身份证号']);
    expect(scope.getState(model.$manualOpen)).toBe(true);
    await allSettled(model.manualTextChanged, { scope, params: 'A1' });
    await allSettled(model.manualConfirmed, { scope });
    expect(scope.getState(model.$manualOpen)).toBe(false);
    expect(navigator.leave).toHaveBeenCalledTimes(1);
    expect(navigator.go).not.toHaveBeenCalled();
  });

  it('the default prompt, and a picture without a code says so', async () => {
    const { model, n, scope } = setup('/login');
    expect(model.prompt).toBe('请输入内容');
    await allSettled(model.imageUnreadable, { scope });
    expect(n.said).toEqual(['info:未识别到二维码']);
  });
});

describe('the QR code model', () => {
  it('draws the query idCard, else the user qrCode; the renderer’s words for empty and too long', async () => {
    const render = vi.fn(async (text: string) => `data:${text}`);
    const scope = fork();
    const model = createQrCodeModel({ idCard: ' ID1 ', userQrCode: 'Q', render });
    await allSettled(model.opened, { scope });
    expect(scope.getState(model.$state)).toEqual({ status: 'done', url: 'data:ID1' });

    const none = createQrCodeModel({ idCard: null, userQrCode: null, render });
    await allSettled(none.opened, { scope });
    expect(scope.getState(none.$state)).toEqual({ status: 'error', message: 'No input text' });

    const failing = createQrCodeModel({ idCard: 'X', userQrCode: null, render: () => Promise.reject(new Error('The amount of data is too big')) });
    await allSettled(failing.opened, { scope });
    expect(scope.getState(failing.$state)).toEqual({ status: 'error', message: 'The amount of data is too big to be stored in a QR Code' });
  });
});
