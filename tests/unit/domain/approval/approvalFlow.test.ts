import { describe, expect, it } from 'vitest';
import {
  NO_NEXT_NODES,
  SUCCESS_BACK_STEPS,
  actionSubmitPlan,
  actionSuccessBackSteps,
  afterFormStep,
  asApprovalType,
  asFlowLaunchType,
  backStepsAfterNodeSubmit,
  formStep,
  nextNodesDecision,
  selectNodeRoute,
  type FlowNode,
} from '../../../../domain/approval';

describe('approval type flow (SPEC point 4)', () => {
  it.each([
    [0, { kind: 'validate-form' }],
    [3, { kind: 'validate-form' }],
    [1, { kind: 'collect-form', next: { kind: 'approval-pass', actionType: 1, title: '拒绝', backCount: 2 } }],
    [2, { kind: 'collect-form', next: { kind: 'approval-pass', actionType: 2, title: '退回', backCount: 2 } }],
  ] as const)('approvalType %i: %j', (type, step) => {
    expect(formStep(type)).toEqual(step);
  });

  it.each([
    [3, { kind: 'request-next-nodes' }],
    [0, { kind: 'approval-pass', actionType: 0, title: '同意', backCount: null }],
    [1, { kind: 'approval-pass', actionType: 1, title: '拒绝', backCount: 2 }],
    [2, { kind: 'approval-pass', actionType: 2, title: '退回', backCount: 2 }],
  ] as const)('after the form, approvalType %i: %j', (type, step) => {
    expect(afterFormStep(type)).toEqual(step);
  });

  it.each([
    [0, 0],
    ['3', 3],
    [4, null],
    [null, null],
  ])('approval type %j parses to %j', (value, type) => {
    expect(asApprovalType(value)).toBe(type);
  });

  const node: FlowNode = { id: 'n', name: '审批', type: 1, isSelect: false, isAuto: false, handlers: [] };
  it.each([
    [[], false],
    [null, false],
    [undefined, false],
    [[node], true],
  ])('next nodes %j continue: %s', (nodes, continues) => {
    const result = nextNodesDecision(nodes);
    expect(result.ok).toBe(continues);
    if (!result.ok) expect(result.error).toBe('无符合条件的办理节点，请确认流程设置是否正确');
  });

  it('uses the spec string for no nodes', () => {
    expect(NO_NEXT_NODES).toBe('无符合条件的办理节点，请确认流程设置是否正确');
  });
});

describe('submit plan of the action screen', () => {
  it.each([
    [true, { isAuto: true }, { openSignature: true, callAutoNode: true }],
    [false, { isAuto: true }, { openSignature: false, callAutoNode: true }],
    [true, { isAuto: false }, { openSignature: true, callAutoNode: false }],
    [false, null, { openSignature: false, callAutoNode: false }],
  ])('isSign %s, chosen node %j: %j', (isSign, chosen, plan) => {
    expect(actionSubmitPlan(isSign, chosen)).toEqual(plan);
  });
});

describe('select node and going back (SPEC point 8)', () => {
  it.each([
    [0, 0],
    [1, 1],
    ['1', 1],
    [undefined, 0],
    [7, 0],
  ])('flowLaunchType %j is %i', (value, type) => {
    expect(asFlowLaunchType(value)).toBe(type);
  });

  it('back 3 steps after launching, 2 after approving', () => {
    expect(SUCCESS_BACK_STEPS).toEqual({ launch: 3, approval: 2 });
    expect(backStepsAfterNodeSubmit(0)).toBe(3);
    expect(backStepsAfterNodeSubmit(1)).toBe(2);
  });

  it.each([
    [2, 2],
    ['2', 2],
    [1, 1],
    [null, 2],
    [0, 2],
    ['x', 2],
  ])('backCount %j goes back %i after an action', (backCount, steps) => {
    expect(actionSuccessBackSteps(backCount)).toBe(steps);
  });

  it('the approval case carries its step id, the launch case none', () => {
    expect(selectNodeRoute(1, 'prcs')).toEqual({ kind: 'select-node', flowLaunchType: 1, flowRunPrcsId: 'prcs' });
    expect(selectNodeRoute(0, 'prcs')).toEqual({ kind: 'select-node', flowLaunchType: 0, flowRunPrcsId: null });
  });
});
