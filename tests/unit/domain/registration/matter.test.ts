import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  canVerifyMatter,
  chosenSubItems,
  hasMatterContent,
  isMatterHandled,
  isMustDo,
  matterContentView,
  matterProgress,
  matterRow,
  matterState,
  matterStateBlock,
  registrationView,
  registrationViewer,
} from '../../../../domain/registration/matter';
import {
  ALL_MATTERS_DONE,
  NO_MATTER_CONTENT,
  OUTSIDE_REGISTRATION_PERIOD,
  progressTitle,
  VERIFY_PASS,
  WAITING_FOR_HANDLING,
} from '../../../../domain/registration/messages';
import type { Matter } from '../../../../domain/registration/types';

const matter = (overrides: Partial<Matter> = {}): Matter => ({ id: 'm1', name: '缴费', type: 0, isMatterHand: 0, isMustDoIt: 1, ...overrides });

describe('matter states', () => {
  it.each([
    [0, 'waiting'],
    [1, 'blocked'],
    [2, 'unavailable'],
    [3, 'done'],
    [9, 'unavailable'],
    [null, 'unavailable'],
    ['0', 'unavailable'],
  ])('type %j is %s', (type, state) => {
    expect(matterState(type)).toBe(state);
  });

  it.each([
    [{ isMatterHand: 1 }, true],
    [{ isMatterHand: 0 }, false],
    [{ isMatterHand: null }, false],
  ])('isMatterHandled(%j) is %j', (m, expected) => {
    expect(isMatterHandled(m)).toBe(expected);
  });

  it.each([
    [{ isMustDoIt: 1 }, true],
    [{ isMustDoIt: 0 }, false],
  ])('isMustDo(%j) is %j', (m, expected) => {
    expect(isMustDo(m)).toBe(expected);
  });

  it.each([
    // [matter overrides, viewer, expected block]
    [{ type: 0 }, 1, { kind: 'verify', label: '核验通过' }],
    [{ type: 0 }, 2, { kind: 'handleFirst', text: '请先办理此步骤' }],
    [{ type: 0 }, 0, { kind: 'waiting', text: '该事项等待办理中，请耐心等待' }],
    [{ type: 1, msg: '请先完成缴费' }, 1, { kind: 'blocked', text: '请先完成缴费' }],
    [{ type: 1, msg: ' ' }, 2, { kind: 'blocked', text: '暂不可办理' }],
    [{ type: 2 }, 1, { kind: 'unavailable', text: '当前事项无法办理' }],
    [{ type: 3, handName: '李老师', doneTime: '2024-09-01 10:00' }, 0, { kind: 'done', text: '已办理', handName: '李老师', doneTime: '2024-09-01 10:00' }],
    [{ type: 0, isMatterHand: 1 }, 1, { kind: 'done', text: '已办理', handName: null, doneTime: null }],
  ] as const)('%j seen by %i is %j', (overrides, viewer, expected) => {
    expect(matterStateBlock(matter(overrides), viewer)).toEqual(expected);
  });

  it.each([
    [matter(), true],
    [matter({ isMatterHand: 1 }), false],
    [matter({ type: 1 }), false],
    [matter({ type: 3 }), false],
    [null, false],
  ])('canVerifyMatter(%j) is %j', (m, expected) => {
    expect(canVerifyMatter(m)).toBe(expected);
  });

  it.each([
    [1, undefined, 1],
    [2, undefined, 2],
    [3, undefined, 0],
    [5, undefined, 0],
    [3, 1, 1],
    [1, 0, 0],
    [1, 7, 1],
    [undefined, undefined, 0],
  ])('registrationViewer(%j, %j) is %i', (userType, userView, expected) => {
    expect(registrationViewer(userType, userView)).toBe(expected);
  });

  it('rows carry 必办 and the handled label', () => {
    expect(matterRow(matter({ iconImage: 'i.png' }))).toEqual({
      id: 'm1',
      name: '缴费',
      iconImage: 'i.png',
      mustDo: '必办',
      handled: false,
      handledLabel: '未办理',
    });
    expect(matterRow(matter({ isMustDoIt: 0, isMatterHand: 1, name: undefined as never }))).toMatchObject({
      name: '',
      iconImage: null,
      mustDo: null,
      handled: true,
      handledLabel: '已办理',
    });
  });
});

describe('progress title', () => {
  it.each([
    [0, 0, '事项办理情况（0 / 0）'],
    [2, 5, '事项办理情况（2 / 5）'],
    [5, 5, '事项办理情况（5 / 5）'],
  ])('%i of %i is %s', (done, total, title) => {
    expect(progressTitle(done, total)).toBe(title);
  });

  it('counts handled matters', () => {
    const matters = [matter({ isMatterHand: 1 }), matter({ id: 'm2' }), matter({ id: 'm3', isMatterHand: 1 })];
    expect(matterProgress(matters)).toEqual({ done: 2, total: 3, title: '事项办理情况（2 / 3）' });
  });

  it('done never exceeds total', () => {
    fc.assert(
      fc.property(fc.array(fc.record({ id: fc.string(), name: fc.string(), isMatterHand: fc.option(fc.integer({ min: -1, max: 2 })) })), (ms) => {
        const p = matterProgress(ms);
        expect(p.done).toBeLessThanOrEqual(p.total);
        expect(p.title).toBe(progressTitle(p.done, p.total));
      }),
    );
  });
});

describe('registrationView', () => {
  const hands = [matter({ isMatterHand: 1 }), matter({ id: 'm2', name: '宿舍' })];

  it.each([
    [null, 1, { kind: 'unknown' }],
    [{ isHandData: -1, matterHands: hands }, 1, { kind: 'unknown' }],
    [{ isHandData: 0, matterHands: hands }, 1, { kind: 'outsidePeriod', text: '当前不在报到时间范围' }],
    [{ isHandData: 0 }, 2, { kind: 'outsidePeriod', text: OUTSIDE_REGISTRATION_PERIOD }],
  ] as const)('%j for viewer %i is %j', (response, viewer, expected) => {
    expect(registrationView(response, viewer)).toEqual(expected);
  });

  it('a verifier sees the current matter, 核验通过, progress and 刷新状态', () => {
    const view = registrationView({ isHandData: 1, nowMatter: hands[1], matterHands: hands }, 1);
    expect(view).toMatchObject({
      kind: 'verifier',
      current: hands[1],
      currentState: { kind: 'verify', label: '核验通过' },
      canVerify: true,
      verifyLabel: VERIFY_PASS,
      progressTitle: '事项办理情况（1 / 2）',
      refreshLabel: '刷新状态',
    });
    expect(view.kind === 'verifier' && view.rows.map((r) => r.id)).toEqual(['m1', 'm2']);
  });

  it('a verifier without a current matter cannot verify', () => {
    expect(registrationView({ isHandData: 1, matterHands: null }, 1)).toMatchObject({
      kind: 'verifier',
      current: null,
      currentState: null,
      canVerify: false,
      progressTitle: '事项办理情况（0 / 0）',
      rows: [],
    });
  });

  it('a student sees 我的二维码 and the next step', () => {
    expect(registrationView({ isHandData: 1, nextMatter: hands[1], matterHands: hands }, 2)).toMatchObject({
      kind: 'student',
      qrEntryLabel: '我的二维码',
      next: { title: '下一步骤', hint: '请先办理此步骤', matter: hands[1] },
      allDoneText: null,
    });
  });

  it('a student with no next matter is congratulated', () => {
    expect(registrationView({ isHandData: 1, nextMatter: null, matterHands: hands }, 2)).toMatchObject({
      kind: 'student',
      next: null,
      allDoneText: '恭喜，您的所有事项已办理完成',
    });
    expect(registrationView({ matterHands: [] }, 2)).toMatchObject({ allDoneText: ALL_MATTERS_DONE });
  });

  it('anyone else sees the waiting message', () => {
    expect(registrationView({ isHandData: 1, nowMatter: hands[1], matterHands: hands }, 0)).toMatchObject({
      kind: 'waiting',
      text: WAITING_FOR_HANDLING,
      current: hands[1],
    });
    expect(registrationView({ isHandData: 1, nextMatter: hands[0] }, 0)).toMatchObject({ current: hands[0], rows: [] });
    expect(registrationView({ isHandData: 1 }, 0)).toMatchObject({ current: null });
  });

  it('never throws on arbitrary responses', () => {
    fc.assert(
      fc.property(fc.anything(), fc.constantFrom(0 as const, 1 as const, 2 as const), (response, viewer) => {
        expect(['unknown', 'outsidePeriod', 'verifier', 'student', 'waiting']).toContain(registrationView(response as never, viewer).kind);
      }),
    );
  });
});

describe('checkFee content', () => {
  it.each([
    [null, false],
    ['', false],
    ['   ', false],
    ['<p></p>', false],
    ['<p>&nbsp;</p>', false],
    ['<p>请携带身份证</p>', true],
    ['<img src="a.png">', true],
    ['纯文本', true],
  ])('hasMatterContent(%j) is %j', (content, expected) => {
    expect(hasMatterContent(content)).toBe(expected);
  });

  it('empty content shows 无事项内容', () => {
    expect(matterContentView('')).toEqual({ empty: true, text: '无事项内容' });
    expect(matterContentView(undefined)).toEqual({ empty: true, text: NO_MATTER_CONTENT });
    expect(matterContentView('<b>x</b>')).toEqual({ empty: false, html: '<b>x</b>' });
  });

  it('never throws', () => {
    fc.assert(
      fc.property(fc.anything(), (content) => {
        expect(typeof matterContentView(content).empty).toBe('boolean');
      }),
    );
  });

  it('reads the chosen sub-items', () => {
    expect(chosenSubItems(matter({ fillSubMatters: '校服,被褥', fillSubBeType: '现金', fillSubBeRemark: '已交' }))).toEqual({
      items: ['校服', '被褥'],
      types: ['现金'],
      remark: '已交',
    });
    expect(chosenSubItems(matter())).toEqual({ items: [], types: [], remark: null });
  });
});
