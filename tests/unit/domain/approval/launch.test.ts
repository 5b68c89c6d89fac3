import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  APP_CONFIG_ERROR,
  FLOW_SEARCH_PLACEHOLDER,
  LAUNCH_TABS,
  NO_APPROVAL_FLOW,
  canCloseReminder,
  filterLaunchableFlows,
  flowIdError,
  flowLaunchQuery,
  launchConfigError,
  reminderCloseLabel,
  reminderModal,
  remainingSeconds,
  type LaunchableFlowCategory,
} from '../../../../domain/approval';

describe('flow launch (SPEC point 2)', () => {
  it('tabs 发起申请 and 查看流程', () => {
    expect(LAUNCH_TABS.map((t) => t.title)).toEqual(['发起申请', '查看流程']);
  });

  it.each([
    [null, '应用配置有误，请联系管理员'],
    [undefined, '应用配置有误，请联系管理员'],
    [{ message: '流程未配置表单' }, '流程未配置表单'],
    [{ message: '流程未配置表单', appId: 'a' }, '流程未配置表单'],
    [{ message: '  ', appId: 'a' }, null],
    [{ appId: '' }, '应用配置有误，请联系管理员'],
    [{ appId: 'a' }, null],
  ])('initiate-flow answer %j shows %j', (info, message) => {
    expect(launchConfigError(info)).toBe(message);
    expect(APP_CONFIG_ERROR).toBe('应用配置有误，请联系管理员');
  });

  it.each([
    ['', '未开通审批流程'],
    [null, '未开通审批流程'],
    ['flow-1', null],
  ])('flow id %j -> %j', (flowId, message) => {
    expect(flowIdError(flowId)).toBe(message);
    expect(NO_APPROVAL_FLOW).toBe('未开通审批流程');
  });
});

describe('initial reminder (SPEC point 9: default title 提示, button 关闭)', () => {
  it.each([
    [null, null],
    [undefined, null],
    [{ disabled: true, title: 'x' }, null],
    [{}, { title: '提示', content: '', closeText: '关闭', closeColor: null, countdown: 0 }],
    [
      { title: '须知', content: '<p>请如实填写</p>', countdown: 5, closeText: '我知道了', closeColor: '#f00', disabled: false },
      { title: '须知', content: '<p>请如实填写</p>', closeText: '我知道了', closeColor: '#f00', countdown: 5 },
    ],
    [{ title: ' ', closeText: '', countdown: -3 }, { title: '提示', content: '', closeText: '关闭', closeColor: null, countdown: 0 }],
    [{ countdown: 2.2 }, { title: '提示', content: '', closeText: '关闭', closeColor: null, countdown: 3 }],
    [{ countdown: NaN }, { title: '提示', content: '', closeText: '关闭', closeColor: null, countdown: 0 }],
  ])('%j -> %j', (reminder, modal) => {
    expect(reminderModal(reminder)).toEqual(modal);
  });

  it.each([
    [5, 0, 5, false],
    [5, 1.5, 4, false],
    [5, 4.01, 1, false],
    [5, 5, 0, true],
    [5, 9, 0, true],
    [0, 0, 0, true],
    [null, 0, 0, true],
    [5, -2, 5, false],
    [5, NaN, 5, false],
    [5, Infinity, 0, true],
    [5, 'x', 5, false],
  ])('countdown %j after %j s: %i left, can close %s', (countdown, elapsed, left, canClose) => {
    expect(remainingSeconds(countdown, elapsed)).toBe(left);
    expect(canCloseReminder(countdown, elapsed)).toBe(canClose);
  });

  it('the close label counts down, then reads the close text', () => {
    const modal = reminderModal({ countdown: 3 });
    if (!modal) throw new Error('expected a modal');
    expect(reminderCloseLabel(modal, 1)).toBe('关闭（2s）');
    expect(reminderCloseLabel(modal, 3)).toBe('关闭');
  });

  it('remaining time never grows and reaches zero by the countdown', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 600 }), fc.double({ min: 0, max: 700, noNaN: true }), fc.double({ min: 0, max: 50, noNaN: true }), (c, t, dt) => {
        expect(remainingSeconds(c, t + dt)).toBeLessThanOrEqual(remainingSeconds(c, t));
        expect(remainingSeconds(c, c)).toBe(0);
        expect(remainingSeconds(c, t)).toBeGreaterThanOrEqual(0);
      }),
    );
  });
});

describe('launchable flow list', () => {
  const categories: LaunchableFlowCategory[] = [
    { name: '人事', flows: [{ code: 'leave', name: 'Leave 请假' }, { code: 'trip', name: '出差', describe: '外地公务，部门审批' }] },
    { name: '行政', flows: [{ code: 'seal', name: '用章' }, { code: 'leave', name: 'Leave 请假' }] },
  ];

  it('placeholder 搜索', () => {
    expect(FLOW_SEARCH_PLACEHOLDER).toBe('搜索');
  });

  it.each(['', '   ', null, undefined])('no search (%j) keeps the categories', (search) => {
    expect(filterLaunchableFlows(categories, search)).toEqual({ mode: 'grouped', categories });
  });

  it.each([
    ['leave', ['leave']],
    ['LEAVE', ['leave']],
    [' 请 ', ['leave']],
    ['差', ['trip']],
    ['公务', ['trip']],
    ['zzz', []],
  ])('search %j lists %j flat (case-insensitive contains in the name or the description, each flow once)', (search, codes) => {
    const view = filterLaunchableFlows(categories, search);
    expect(view.mode).toBe('flat');
    if (view.mode === 'flat') expect(view.flows.map((f) => f.code)).toEqual(codes);
  });

  it('tolerates missing lists', () => {
    expect(filterLaunchableFlows(null, 'a')).toEqual({ mode: 'flat', flows: [] });
    expect(filterLaunchableFlows([{ name: 'x', flows: null as never }], 'a')).toEqual({ mode: 'flat', flows: [] });
  });

  it('opens flowLaunch with the code', () => {
    expect(flowLaunchQuery({ code: 'leave' })).toEqual({ code: 'leave' });
  });

  it('every flat result contains the search, whatever the input', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ name: fc.string(), flows: fc.array(fc.record({ code: fc.string(), name: fc.string() })) })),
        fc.string(),
        (cats, search) => {
          const view = filterLaunchableFlows(cats, search);
          if (view.mode === 'flat') {
            for (const f of view.flows) expect(f.name.toLowerCase()).toContain(search.trim().toLowerCase());
          } else expect(search.trim()).toBe('');
        },
      ),
    );
  });
});
