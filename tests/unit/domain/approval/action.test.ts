import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  OPINION_MAX_LENGTH,
  OPINION_REQUIRED,
  RETURN_STEP_REQUIRED,
  actionTypeFromTitle,
  appendQuickOpinion,
  approvalActionView,
  asApprovalActionType,
  initialReturnNode,
  isOpinionRequired,
  normaliseOpinionInput,
  opinionLength,
  quickOpinionOptions,
  validateOpinion,
  validateReturnStep,
  type ApprovalActionType,
} from '../../../../domain/approval';

describe('approval action screen (SPEC point 2)', () => {
  it.each([
    [0, '同意', '确认同意', 'primary', true, false],
    [1, '拒绝', '确认拒绝', 'danger', false, false],
    [2, '退回', '确认退回', 'danger', false, true],
  ] as const)('type %i: title %s, button %s in %s, next step %s, return step %s', (type, title, confirmText, confirmColor, showNextStep, showReturnStep) => {
    expect(approvalActionView(type)).toEqual({ type, title, confirmText, confirmColor, showNextStep, showReturnStep });
    expect(actionTypeFromTitle(title)).toBe(type);
  });

  it.each([3, -1, 'x', null, 0.5])('type %j has no view', (type) => {
    expect(approvalActionView(type)).toBeNull();
  });

  it.each([
    ['1', 1],
    [2, 2],
    ['提交', null],
  ])('%j parses to %j', (value, type) => {
    expect(asApprovalActionType(value)).toBe(type);
  });

  it.each(['提交', '', null, 0])('title %j names no action', (title) => {
    expect(actionTypeFromTitle(title)).toBeNull();
  });
});

describe('return step', () => {
  it.each([
    [2, '', '请选择退回节点！'],
    [2, null, '请选择退回节点！'],
    [2, 'node-1', null],
    [0, null, null],
    [1, undefined, null],
  ] as const)('type %i with return node %j -> %j', (type, node, message) => {
    expect(validateReturnStep(type, node)).toBe(message);
  });

  it('uses the spec string', () => {
    expect(RETURN_STEP_REQUIRED).toBe('请选择退回节点！');
  });
});

describe('opinion (SPEC point 5)', () => {
  it.each([
    [0, false, false],
    [0, true, true],
    [1, false, true],
    [1, true, true],
    [2, false, true],
    [2, true, true],
  ] as const)('type %i isMark %s: required %s', (type, isMark, required) => {
    expect(isOpinionRequired(type, isMark)).toBe(required);
    const result = validateOpinion('', type, isMark);
    expect(result.ok).toBe(!required);
    if (!result.ok) expect(result.error).toEqual({ code: 'required', message: '请填写审批意见！' });
  });

  it.each([
    ['同意', 1, true],
    ['   ', 1, false],
    [undefined, 0, true],
    ['x'.repeat(200), 1, true],
    ['x'.repeat(201), 0, false],
  ] as const)('opinion %j for type %i valid: %s', (opinion, type, valid) => {
    expect(validateOpinion(opinion, type, false).ok).toBe(valid);
  });

  it('too long carries no message of its own', () => {
    expect(validateOpinion('好'.repeat(201), 1, false)).toEqual({
      ok: false,
      error: { code: 'too-long', message: null },
    });
    expect(OPINION_REQUIRED).toBe('请填写审批意见！');
  });

  it.each([
    ['同 意\n', '同意'],
    ['  a\tb  c ', 'abc'],
    ['x'.repeat(250), 'x'.repeat(200)],
    ['😀'.repeat(201), '😀'.repeat(200)],
    [42, ''],
    [null, ''],
  ])('typing %j keeps %j', (typed, kept) => {
    expect(normaliseOpinionInput(typed)).toBe(kept);
  });

  it('max is 200, counted in characters', () => {
    expect(OPINION_MAX_LENGTH).toBe(200);
    expect(opinionLength('😀好')).toBe(2);
  });

  it('typed text never keeps whitespace or exceeds 200', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 400 }), (typed) => {
        const kept = normaliseOpinionInput(typed);
        expect(/\s/u.test(kept)).toBe(false);
        expect(opinionLength(kept)).toBeLessThanOrEqual(200);
        expect(normaliseOpinionInput(kept)).toBe(kept);
      }),
    );
  });

  it.each([
    ['x'.repeat(190), '同意。', true],
    ['x'.repeat(197), '同意。', true],
    ['x'.repeat(198), '同意。', false],
    ['', 'x'.repeat(201), false],
  ])('appending to %j the quick opinion %j is allowed: %s', (current, quick, allowed) => {
    const result = appendQuickOpinion(current, quick);
    expect(result.ok).toBe(allowed);
    if (result.ok) expect(result.value).toBe(current + quick);
    else expect(result.error).toBe('too-long');
  });

  it('the opinion never exceeds 200 after any sequence of typing and appends', () => {
    const step = fc.oneof(
      fc.record({ kind: fc.constant('type' as const), text: fc.string({ maxLength: 80 }) }),
      fc.record({ kind: fc.constant('append' as const), text: fc.string({ maxLength: 80 }) }),
    );
    fc.assert(
      fc.property(fc.array(step, { maxLength: 30 }), (steps) => {
        let opinion = '';
        for (const s of steps) {
          if (s.kind === 'type') opinion = normaliseOpinionInput(opinion + s.text);
          else {
            const next = appendQuickOpinion(opinion, s.text);
            if (next.ok) opinion = next.value;
          }
          expect(opinionLength(opinion)).toBeLessThanOrEqual(OPINION_MAX_LENGTH);
        }
      }),
    );
  });

  it('validation never throws and accepts any non-blank opinion within the limit', () => {
    const type = fc.constantFrom<ApprovalActionType>(0, 1, 2);
    fc.assert(
      fc.property(fc.anything(), type, fc.boolean(), (opinion, t, isMark) => {
        const result = validateOpinion(opinion, t, isMark);
        expect(typeof result.ok).toBe('boolean');
      }),
    );
    fc.assert(
      fc.property(fc.string({ minLength: 1, maxLength: 200 }).filter((s) => s.trim() !== ''), type, fc.boolean(), (opinion, t, isMark) => {
        expect(validateOpinion(opinion, t, isMark)).toEqual({ ok: true, value: opinion });
      }),
    );
  });

  it('quick feedback is offered as value and name, blanks dropped', () => {
    expect(quickOpinionOptions([{ content: '同意' }, { content: '  ' }, { content: '请补充材料' }])).toEqual([
      { value: '同意', name: '同意' },
      { value: '请补充材料', name: '请补充材料' },
    ]);
    expect(quickOpinionOptions(null)).toEqual([]);
  });
});

describe('the return step the action screen starts with', () => {
  const step = (value: string) => ({ value, name: `第${value}步` });
  it.each([
    ['the one chosen before, while still offered', [step('a'), step('b')], 'b', 'b'],
    ['not one no longer offered', [step('a'), step('b')], 'gone', null],
    ['the only one offered, with no choice before', [step('a')], null, 'a'],
    ['the only one offered, over a choice no longer offered', [step('a')], 'gone', 'a'],
    ['none of several without a choice', [step('a'), step('b')], undefined, null],
    ['none when the only one has no id', [step(' ')], null, null],
    ['none when none is offered', [], 'a', null],
    ['an empty choice is no choice', [step('a'), step('b')], '', null],
  ] as const)('%s', (_label, nodes, wanted, expected) => {
    expect(initialReturnNode(nodes, wanted)).toBe(expected);
  });
});
