import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  HANDLER_REQUIRED,
  NO_ELIGIBLE_HANDLERS,
  addHandlers,
  addRecipients,
  chooseNode,
  chosenNode,
  initialNextStep,
  initialRecipients,
  nodeHandlerIssue,
  removeHandler,
  removeRecipient,
  showCopySection,
  showsHandlers,
  validateNextStep,
  type FlowNode,
  type NextNodeData,
  type NextStepSelection,
  type Recipient,
} from '../../../../domain/approval';

const flowNode = (over: Partial<FlowNode> = {}): FlowNode => ({
  id: 'n1',
  name: '部门审批',
  type: 1,
  isSelect: false,
  isAuto: false,
  handlers: [{ value: 'u1', name: '张三' }],
  ...over,
});

const data = (over: Partial<NextNodeData> = {}): NextNodeData => ({
  flowNodes: [flowNode(), flowNode({ id: 'n2', isSelect: true, handlers: [] }), flowNode({ id: 'end', type: 4, handlers: [] })],
  sends: [{ value: 's1', name: '李四' }],
  sendIsSelect: false,
  isMark: false,
  ...over,
});

describe('next-step chooser (SPEC points 2 and 5)', () => {
  it.each([
    [4, false],
    [1, true],
    [0, true],
  ])('node type %i shows handlers: %s', (type, shows) => {
    expect(showsHandlers({ type })).toBe(shows);
  });

  it('starts on the first node with its proposed handlers and the preset recipients', () => {
    expect(initialNextStep(data())).toEqual({
      nodeId: 'n1',
      handlers: [{ value: 'u1', name: '张三' }],
      recipients: [{ value: 's1', name: '李四', preset: true }],
    });
    expect(initialNextStep(data({ flowNodes: [], sends: [] }))).toEqual({ nodeId: null, handlers: [], recipients: [] });
  });

  it('choosing another node resets handlers and keeps recipients; an unknown node changes nothing', () => {
    const start = initialNextStep(data());
    const second = chooseNode(data(), start, 'n2');
    expect(second).toEqual({ ...start, nodeId: 'n2', handlers: [] });
    expect(chosenNode(data(), second)?.id).toBe('n2');
    expect(chooseNode(data(), start, 'missing')).toBe(start);
    expect(chosenNode(data(), { ...start, nodeId: 'missing' })).toBeNull();
  });

  it.each([
    ['selectable, nobody chosen', flowNode({ isSelect: true }), [], 'handler-required', '请选择审批人'],
    ['selectable, someone chosen', flowNode({ isSelect: true }), [{ value: 'u', name: 'U' }], null, null],
    ['fixed with handlers', flowNode(), [{ value: 'u1', name: '张三' }], null, null],
    ['no handlers, not selectable, not automatic', flowNode({ handlers: [] }), [], 'no-handlers', '无符合条件的人员，请联系管理员查看流程设置！'],
    ['no handlers but automatic', flowNode({ handlers: [], isAuto: true }), [], null, null],
    ['no handlers but selectable and empty', flowNode({ handlers: [], isSelect: true }), [], 'handler-required', '请选择审批人'],
    ['end node (type 4)', flowNode({ type: 4, handlers: [], isSelect: true }), [], null, null],
  ])('%s -> %j %j', (_name, node, handlers, code, message) => {
    const issue = nodeHandlerIssue(node, handlers);
    expect(issue?.code ?? null).toBe(code);
    expect(issue?.message ?? null).toBe(message);
  });

  it('uses the spec strings', () => {
    expect(HANDLER_REQUIRED).toBe('请选择审批人');
    expect(NO_ELIGIBLE_HANDLERS).toBe('无符合条件的人员，请联系管理员查看流程设置！');
  });

  it('handlers can be added and removed only on selectable nodes, without duplicates', () => {
    const current = [{ value: 'u1', name: '张三' }];
    expect(addHandlers({ isSelect: true }, current, [{ value: 'u1', name: '张三' }, { value: 'u2', name: '王五' }])).toEqual({
      ok: true,
      value: [
        { value: 'u1', name: '张三' },
        { value: 'u2', name: '王五' },
      ],
    });
    expect(addHandlers({ isSelect: false }, current, [])).toEqual({ ok: false, error: 'not-selectable' });
    expect(removeHandler({ isSelect: true }, current, 'u1')).toEqual({ ok: true, value: [] });
    expect(removeHandler({ isSelect: false }, current, 'u1')).toEqual({ ok: false, error: 'not-selectable' });
  });
});

describe('copy recipients (抄送人)', () => {
  it.each([
    [true, [], true],
    [false, [{ value: 's', name: 'S', preset: true }], true],
    [false, [], false],
  ])('sendIsSelect %s with %j shows the section: %s', (sendIsSelect, recipients, shows) => {
    expect(showCopySection({ sendIsSelect }, recipients)).toBe(shows);
  });

  it('preset recipients cannot be removed; added ones can', () => {
    const preset = initialRecipients([{ value: 's1', name: '李四' }, { value: 's1', name: '李四' }]);
    expect(preset).toEqual([{ value: 's1', name: '李四', preset: true }]);
    const added = addRecipients({ sendIsSelect: true }, preset, [{ value: 's2', name: '赵六' }, { value: 's1', name: 'x' }]);
    expect(added).toEqual({
      ok: true,
      value: [
        { value: 's1', name: '李四', preset: true },
        { value: 's2', name: '赵六', preset: false },
      ],
    });
    const list = added.ok ? added.value : [];
    expect(removeRecipient(list, 's1')).toEqual({ ok: false, error: 'preset' });
    expect(removeRecipient(list, 's2')).toEqual({ ok: true, value: [{ value: 's1', name: '李四', preset: true }] });
    expect(removeRecipient(list, 'nobody')).toEqual({ ok: false, error: 'not-found' });
    expect(addRecipients({ sendIsSelect: false }, preset, [])).toEqual({ ok: false, error: 'not-selectable' });
    expect(initialRecipients(null)).toEqual([]);
  });

  it('no sequence of removals ever drops a preset recipient', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.record({ value: fc.string({ maxLength: 3 }), preset: fc.boolean() }), {
          selector: (r) => r.value,
          maxLength: 8,
        }),
        fc.array(fc.string({ maxLength: 3 }), { maxLength: 12 }),
        (people, removals) => {
          let list: readonly Recipient[] = people.map((p) => ({ ...p, name: p.value }));
          for (const value of removals) {
            const next = removeRecipient(list, value);
            if (next.ok) list = next.value;
          }
          for (const p of people.filter((x) => x.preset)) expect(list.some((r) => r.value === p.value)).toBe(true);
        },
      ),
    );
  });
});

describe('validateNextStep', () => {
  it('gives the ids for the bodies when complete', () => {
    expect(validateNextStep(data(), initialNextStep(data()))).toEqual({
      ok: true,
      value: { flowNodeId: 'n1', userIds: ['u1'], sendIds: ['s1'] },
    });
  });

  it('an end node sends no handlers', () => {
    const selection: NextStepSelection = { nodeId: 'end', handlers: [{ value: 'x', name: 'X' }], recipients: [] };
    expect(validateNextStep(data(), selection)).toEqual({
      ok: true,
      value: { flowNodeId: 'end', userIds: [], sendIds: [] },
    });
  });

  it.each([
    ['no nodes', data({ flowNodes: [] }), { nodeId: null, handlers: [], recipients: [] }, 'no-nodes', '无符合条件的办理节点，请确认流程设置是否正确'],
    ['no node chosen', data(), { nodeId: null, handlers: [], recipients: [] }, 'node-required', null],
    ['selectable without handler', data(), { nodeId: 'n2', handlers: [], recipients: [] }, 'handler-required', '请选择审批人'],
    [
      'nobody eligible',
      data({ flowNodes: [flowNode({ handlers: [] })] }),
      { nodeId: 'n1', handlers: [], recipients: [] },
      'no-handlers',
      '无符合条件的人员，请联系管理员查看流程设置！',
    ],
  ] as const)('%s blocks with %s', (_name, d, selection, code, message) => {
    expect(validateNextStep(d, selection)).toEqual({ ok: false, error: { code, message } });
  });
});
