/**
 * Registration use cases against the in-process sandbox through the real adapter, and
 * with fakes where a hand-made answer pins a rule down (an unknown period, a failed
 * call, the shell's scan).
 */
import { describe, expect, it, vi } from 'vitest';
import { testSandbox } from '../testSandbox';
import { ID_CARDS } from '../../../sandbox/seed/users';
import { MATTER } from '../../../sandbox/seed/registration';
import { HttpRegistrationApi } from '../../../infrastructure/registration/registrationApi';
import { ApiError } from '../../../application/ports/errors';
import type { RegistrationApi } from '../../../application/registration/ports';
import { loadMatter, loadReport, qrCodeText, scanStudent, startVerify, verifyMatter } from '../../../application/registration/useCases';
import {
  backCountOf,
  checkFeePath,
  matterQueryOf,
  qrcodePath,
  reportNumberOf,
  reportPath,
  safeRedirect,
  scannerQueryOf,
  scannerResultPath,
  selectTypeRemarksPath,
  verifierScannerPath,
} from '../../../application/registration/routes';
import { PATHS } from '../../../application/shared/routes';
import { err, ok } from '../../../domain/shared/result';
import {
  ALL_MATTERS_DONE,
  FILL_REMARK,
  HANDLE_THIS_STEP_FIRST,
  OUTSIDE_REGISTRATION_PERIOD,
  REFRESH_STATUS,
  SELECT_ITEMS,
  SELECT_TYPE,
  VERIFY_PASS,
  VERIFY_SUCCESS,
  WAITING_FOR_HANDLING,
} from '../../../domain/registration/messages';
import type { Matter } from '../../../domain/registration/types';
import { loginAs } from '../contract/support/partA';

const sb = testSandbox();

const apiFor = async (account: string) => new HttpRegistrationApi((await loginAs(sb.url, account)).http);
const ZHANG_SAN = '2026010001';

describe('the spec strings', () => {
  it.each([
    [VERIFY_PASS, '核验通过'],
    [REFRESH_STATUS, '刷新状态'],
    [VERIFY_SUCCESS, '核验成功'],
    [HANDLE_THIS_STEP_FIRST, '请先办理此步骤'],
    [ALL_MATTERS_DONE, '恭喜，您的所有事项已办理完成'],
    [OUTSIDE_REGISTRATION_PERIOD, '当前不在报到时间范围'],
    [SELECT_ITEMS, '请选择项目'],
    [SELECT_TYPE, '请选择类型'],
    [FILL_REMARK, '请填写备注'],
  ])('%s is %s', (constant, literal) => expect(constant).toBe(literal));
});

describe('loadReport', () => {
  it('a verifier with no number gets the search state without a call', async () => {
    const api = { studentMatters: vi.fn() } as unknown as RegistrationApi;
    expect(await loadReport({ api }, { userType: 1, number: '  ' })).toEqual({ kind: 'search', viewer: 1 });
    expect(api.studentMatters).not.toHaveBeenCalled();
  });

  it('a verifier looks a student up by number, ID number or QR content (the ID number)', async () => {
    const api = await apiFor('t1001');
    for (const number of [ZHANG_SAN, ID_CARDS.s2001]) {
      const state = await loadReport({ api }, { userType: 1, number });
      expect(state.kind).toBe('loaded');
      if (state.kind !== 'loaded' || state.view.kind !== 'verifier') throw new Error('not the verifier view');
      expect(state.student?.name).toBe('张三');
      expect(state.view.current?.name).toBe('缴费确认');
      expect(state.view.canVerify).toBe(true);
      expect(state.view.progressTitle).toBe('事项办理情况（1 / 5）');
      expect(state.view.rows.map((r) => r.name)).toEqual(['信息确认', '缴费确认', '领取物品', '宿舍入住', '绿色通道']);
    }
  });

  it('nowMatter asks for a given matter as the current one', async () => {
    const api = await apiFor('t1001');
    const state = await loadReport({ api }, { userType: 1, number: ZHANG_SAN, nowMatter: MATTER.dorm });
    if (state.kind !== 'loaded' || state.view.kind !== 'verifier') throw new Error('not the verifier view');
    expect(state.view.current?.name).toBe('宿舍入住');
    expect(state.view.canVerify).toBe(false);
    expect(state.view.currentState).toMatchObject({ kind: 'blocked', text: '请先完成「缴费确认」' });
  });

  it('a student outside the period: 当前不在报到时间范围', async () => {
    const state = await loadReport({ api: await apiFor('t1001') }, { userType: 1, number: '2026010003' });
    expect(state.kind === 'loaded' && state.view).toEqual({ kind: 'outsidePeriod', text: OUTSIDE_REGISTRATION_PERIOD });
    const own = await loadReport({ api: await apiFor('s2003') }, { userType: 2 });
    expect(own.kind === 'loaded' && own.view.kind).toBe('outsidePeriod');
  });

  it('a student sees the next step (请先办理此步骤) or 恭喜…', async () => {
    const zhang = await loadReport({ api: await apiFor('s2001') }, { userType: 2 });
    if (zhang.kind !== 'loaded' || zhang.view.kind !== 'student') throw new Error('not the student view');
    expect(zhang.view.next).toMatchObject({ title: '下一步骤', hint: HANDLE_THIS_STEP_FIRST });
    expect(zhang.view.next?.matter.name).toBe('缴费确认');
    expect(zhang.view.allDoneText).toBeNull();

    const li = await loadReport({ api: await apiFor('s2002') }, { userType: 2 });
    if (li.kind !== 'loaded' || li.view.kind !== 'student') throw new Error('not the student view');
    expect(li.view.next).toBeNull();
    expect(li.view.allDoneText).toBe(ALL_MATTERS_DONE);
  });

  it('parents and other users see the waiting message without a call', async () => {
    const api = { studentMatters: vi.fn(), ownMatters: vi.fn() } as unknown as RegistrationApi;
    for (const userType of [3, 4, 5, undefined]) {
      const state = await loadReport({ api }, { userType });
      expect(state.kind === 'loaded' && state.view).toMatchObject({ kind: 'waiting', text: WAITING_FOR_HANDLING });
    }
    expect(api.studentMatters).not.toHaveBeenCalled();
    expect(api.ownMatters).not.toHaveBeenCalled();
  });

  it('rejects with the server message (未找到该学生, 您没有报到核验权限)', async () => {
    await expect(loadReport({ api: await apiFor('t1001') }, { userType: 1, number: 'nobody' })).rejects.toMatchObject({ message: '未找到该学生' });
    await expect(loadReport({ api: await apiFor('t1002') }, { userType: 1, number: ZHANG_SAN })).rejects.toMatchObject({
      message: '您没有报到核验权限',
    });
  });
});

describe('loadMatter', () => {
  it('the verifier reads a student matter, the student their own', async () => {
    const verifier = await loadMatter({ api: await apiFor('t1001') }, { userType: 1, matterId: MATTER.fee, number: ZHANG_SAN });
    expect(verifier).toMatchObject({ name: '缴费确认', subMatters: '学费,住宿费,教材费' });
    const own = await loadMatter({ api: await apiFor('s2002') }, { userType: 2, matterId: MATTER.fee });
    expect(own).toMatchObject({ name: '缴费确认', fillSubBeType: '线上支付', isMatterHand: 1 });
  });
});

describe('passing a matter', () => {
  const matterOf = async (number: string, id: string): Promise<Matter> =>
    loadMatter({ api: await apiFor('t1001') }, { userType: 1, matterId: id, number });

  it('startVerify: the remark form when the matter asks for something, else at once', async () => {
    expect(startVerify(await matterOf(ZHANG_SAN, MATTER.fee), ZHANG_SAN, 1)).toEqual({
      kind: 'remarks',
      path: `${PATHS.selectTypeRemarks}?idCard=${ZHANG_SAN}&id=${MATTER.fee}&backCount=1`,
    });
    expect(startVerify(await matterOf(ZHANG_SAN, MATTER.dorm), ZHANG_SAN, 1)).toEqual({ kind: 'unavailable' });
    expect(startVerify(await matterOf(ZHANG_SAN, MATTER.info), ZHANG_SAN, 1)).toEqual({ kind: 'unavailable' });
    expect(startVerify(null, ZHANG_SAN, 1)).toEqual({ kind: 'unavailable' });
  });

  it('the rules come before the call, in order; then 核验成功 and the matter is handled', async () => {
    const api = await apiFor('t1001');
    const fee = await matterOf(ZHANG_SAN, MATTER.fee);
    const define = vi.spyOn(api, 'defineMatter');
    expect(await verifyMatter({ api }, ZHANG_SAN, fee, {})).toEqual(err({ kind: 'invalid', message: SELECT_ITEMS }));
    expect(await verifyMatter({ api }, ZHANG_SAN, fee, { items: ['学费'] })).toEqual(err({ kind: 'invalid', message: SELECT_TYPE }));
    expect(define).not.toHaveBeenCalled();
    expect(await verifyMatter({ api }, ZHANG_SAN, fee, { items: ['学费', '教材费'], types: ['刷卡'], remark: ' 已刷卡 ' })).toEqual(ok(undefined));
    expect(define).toHaveBeenCalledWith({ number: ZHANG_SAN, matterId: MATTER.fee, fillSubMatters: '学费,教材费', fillSubBeType: '刷卡', fillSubBeRemark: '已刷卡' }, {});
    const after = await matterOf(ZHANG_SAN, MATTER.fee);
    expect(after).toMatchObject({ isMatterHand: 1, type: 3, handName: '王老师', fillSubMatters: '学费,教材费' });

    // The dormitory needed the fee: it can be passed now, with nothing to fill in.
    const dorm = await matterOf(ZHANG_SAN, MATTER.dorm);
    expect(startVerify(dorm, ZHANG_SAN, 2)).toEqual({ kind: 'direct' });
    expect(await verifyMatter({ api }, ZHANG_SAN, dorm)).toEqual(ok(undefined));
  });

  it('a required remark: 请填写备注', async () => {
    const goods = await matterOf(ZHANG_SAN, MATTER.goods);
    const api = await apiFor('t1001');
    expect(await verifyMatter({ api }, ZHANG_SAN, goods, { items: ['被褥'], remark: '   ' })).toEqual(err({ kind: 'invalid', message: FILL_REMARK }));
  });

  it('a server refusal is its message; a cancelled call says so', async () => {
    const fee = await matterOf(ZHANG_SAN, MATTER.fee);
    const outside = { ...fee };
    const refusing = { defineMatter: vi.fn().mockRejectedValue(new ApiError('http', '当前不在报到时间范围', { status: 409 })) } as unknown as RegistrationApi;
    expect(await verifyMatter({ api: refusing }, ZHANG_SAN, outside, { items: ['学费'], types: ['现金'] })).toMatchObject(
      err({ kind: 'refused', message: '当前不在报到时间范围' }),
    );
    const cancelled = { defineMatter: vi.fn().mockRejectedValue(new ApiError('cancelled', 'x')) } as unknown as RegistrationApi;
    expect(await verifyMatter({ api: cancelled }, ZHANG_SAN, fee, { items: ['学费'], types: ['现金'] })).toMatchObject(err({ kind: 'cancelled' }));
  });
});

describe('routes and queries', () => {
  it.each([
    ['?code=2026010001', '2026010001'],
    ['?idCard=%20110101%20', '110101'],
    ['?code=&idCard=X1', 'X1'],
    ['', ''],
  ])('reportNumberOf(%s) is %s', (search, number) => expect(reportNumberOf(search)).toBe(number));

  it('builds the paths with their queries', () => {
    expect(reportPath(' 123 ')).toBe('/page/student/report?code=123');
    expect(reportPath('')).toBe('/page/student/report');
    expect(checkFeePath('m1', 'n1')).toBe('/page/student/report/checkFee?idCard=n1&id=m1');
    expect(checkFeePath('m1')).toBe('/page/student/report/checkFee?id=m1');
    expect(selectTypeRemarksPath('m1', 'n1', 2)).toBe('/page/student/report/checkFee/selectTypeRemarks?idCard=n1&id=m1&backCount=2');
    expect(qrcodePath('ID')).toBe('/page/student/qrcode?idCard=ID');
    expect(verifierScannerPath()).toBe(
      `/scanner?${new URLSearchParams({ modalTitle: '查找学生', modalContent: '请输入学号或身份证号', redirect: '/page/student/report' })}`,
    );
  });

  it('checkFee and selectTypeRemarks read the matter, the number and backCount', () => {
    expect(matterQueryOf('?idCard=%20n1%20&id=m1&backCount=2')).toEqual({ matterId: 'm1', number: 'n1', backCount: 2 });
    expect(matterQueryOf('?id=m1')).toEqual({ matterId: 'm1', number: '', backCount: 1 });
  });

  it.each([
    ['2', 2],
    ['1', 1],
    ['0', 1],
    ['11', 1],
    ['x', 1],
    [null, 1],
    [3, 3],
  ])('backCountOf(%s) is %s', (value, count) => expect(backCountOf(value)).toBe(count));

  it('the QR text is the query idCard, else the user qrCode', () => {
    expect(qrCodeText(' A ', 'B')).toBe('A');
    expect(qrCodeText(null, ' B ')).toBe('B');
    expect(qrCodeText('', null)).toBe('');
  });
});

describe('the scanner page', () => {
  it.each([
    ['/page/student/report', '/page/student/report'],
    ['/login', '/login'],
    ['//evil.example', null],
    ['https://evil.example/', null],
    ['javascript:alert(1)', null],
    ['/\\evil.example', null],
    ['', null],
    [null, null],
  ])('safeRedirect(%s) is %s', (value, expected) => expect(safeRedirect(value)).toBe(expected));

  it('reads modalTitle, modalContent and redirect', () => {
    expect(scannerQueryOf('?modalTitle=%E6%9F%A5&modalContent=c&redirect=%2Flogin')).toEqual({ modalTitle: '查', modalContent: 'c', redirect: '/login' });
    expect(scannerQueryOf('')).toEqual({ modalTitle: '', modalContent: '', redirect: null });
  });

  it('sends the result as ?code=, keeping the redirect query', () => {
    expect(scannerResultPath('/login', ' demo ')).toBe('/login?code=demo');
    expect(scannerResultPath('/page/student/report?x=1&code=old', 'A B')).toBe('/page/student/report?x=1&code=A+B');
  });

  it('scanStudent: the native scanner inside the shell, the scanner page in a browser', async () => {
    const go = vi.fn();
    const inShell = { isInShell: () => true, scan: vi.fn().mockResolvedValue(` ${ID_CARDS.s2001} `) };
    expect(await scanStudent({ shell: inShell, navigator: { go } })).toBe(ID_CARDS.s2001);
    const closed = { isInShell: () => true, scan: vi.fn().mockResolvedValue(null) };
    expect(await scanStudent({ shell: closed, navigator: { go } })).toBeNull();
    expect(go).not.toHaveBeenCalled();

    const browser = { isInShell: () => false, scan: vi.fn() };
    expect(await scanStudent({ shell: browser, navigator: { go } })).toBeNull();
    expect(browser.scan).not.toHaveBeenCalled();
    expect(go).toHaveBeenCalledWith(verifierScannerPath());
  });
});
