import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { initialFormState } from '../../../../domain/forms/fields';
import * as M from '../../../../domain/forms/messages';
import {
  clampStep,
  findStepsContainer,
  isFinalStep,
  nextStep,
  pagesSteps,
  prevStep,
  stepsOf,
  submitGate,
  submitSteps,
} from '../../../../domain/forms/steps';
import type { FormDefinition, FormNode, FormState } from '../../../../domain/forms/types';
import { walkFields } from '../../../../domain/forms/fields';

const nodes: FormNode[] = [
  { id: 'top', type: 'input', title: '备注', required: true },
  {
    id: 'wrap',
    type: 'collapse',
    panes: [
      {
        children: [
          {
            id: 's',
            type: 'steps',
            panes: [
              { id: 'one', title: '基本信息', children: [{ id: 'name', type: 'input', title: '姓名', required: true }] },
              {
                title: '联系方式',
                children: [
                  { id: 'g', type: 'grid', children: [{ id: 'phone', type: 'input', title: '手机', format: 'mobile', required: true }] },
                ],
              },
              { children: [{ id: 'p', type: 'paragraph' }] },
            ],
          },
        ],
      },
    ],
  },
];
const definition: FormDefinition = { fields: nodes };

const set = (state: FormState, id: string, value: unknown): FormState => ({
  ...state,
  [id]: { ...(state[id] as FormState[string]), value },
});

describe('steps model', () => {
  it('finds the steps and their fields', () => {
    expect(findStepsContainer(nodes)?.id).toBe('s');
    expect(stepsOf(nodes).map((s) => [s.id, s.title, s.fields.map((f) => f.id)])).toEqual([
      ['one', '基本信息', ['name']],
      [undefined, '联系方式', ['phone']],
      [undefined, undefined, []],
    ]);
  });

  it.each([[[]], [null], [[{ id: 'a', type: 'input' }]], [[{ id: 's', type: 'steps' }]], [[{ id: 'g', type: 'grid', panes: [null] }]]])(
    'no steps in %j',
    (n) => {
      expect(stepsOf(n)).toEqual([]);
    },
  );

  it('skips junk panes', () => {
    expect(stepsOf([{ id: 's', type: 'steps', panes: [null, { title: 'a' }] }])).toEqual([{ title: 'a', fields: [] }]);
  });

  it.each([
    [0, 3, 0, false],
    [1, 3, 1, false],
    [2, 3, 2, true],
    [5, 3, 2, true],
    [-1, 3, 0, false],
    [0, 0, 0, true],
    [0, 1, 0, true],
    [1.5, 3, 0, false],
    ['2', 3, 0, false],
  ])('step %j of %d: clamped %d, final %s', (current, total, clamped, final) => {
    expect(clampStep(current, total)).toBe(clamped);
    expect(isFinalStep(current, total)).toBe(final);
  });

  it('prev never goes below 0', () => {
    expect(prevStep(2, 3)).toBe(1);
    expect(prevStep(0, 3)).toBe(0);
  });
});

describe('next step', () => {
  const steps = stepsOf(nodes);
  const empty = initialFormState(definition);

  it('validates only the current step', () => {
    const r = nextStep(steps, 0, empty);
    expect(r).toEqual({ ok: false, error: { message: '请检查输入', errors: { name: '请选择姓名' } } });
    expect(r.ok ? '' : r.error.message).toBe(M.STEP_FAILED);
  });

  it('moves on when the current step is valid, even if later steps and other fields are not', () => {
    expect(nextStep(steps, 0, set(empty, 'name', '张三'))).toEqual({ ok: true, value: { current: 1 } });
  });

  it('checks the second step on its own', () => {
    const state = set(empty, 'phone', '123');
    expect(nextStep(steps, 1, state)).toEqual({
      ok: false,
      error: { message: '请检查输入', errors: { phone: '请输入正确的手机号' } },
    });
    expect(nextStep(steps, 1, set(state, 'phone', '13812345678'))).toEqual({ ok: true, value: { current: 2 } });
  });

  it('stays on the last step', () => {
    expect(nextStep(steps, 2, empty)).toEqual({ ok: true, value: { current: 2 } });
    expect(nextStep(null as never, 0, empty)).toEqual({ ok: true, value: { current: 0 } });
  });
});

describe('who the steps rule is for', () => {
  it.each([
    ['edit', 3, true],
    ['edit', 2, true],
    ['edit', 1, false],
    ['edit', 0, false],
    ['readonly', 3, false],
    ['readonly', 1, false],
  ] as const)('%s with %d steps: paged %s', (mode, total, paged) => {
    expect(pagesSteps(mode, total)).toBe(paged);
  });
});

describe('submit', () => {
  const fields = walkFields(nodes);
  const full = set(set(set(initialFormState(definition), 'name', '张三'), 'phone', '13812345678'), 'top', '无');

  it.each([
    [0, 3, '请完成下一步'],
    [1, 3, '请完成下一步'],
    [2, 3, null],
    [0, 0, null],
  ])('gate at %d of %d -> %s', (current, total, expected) => {
    expect(submitGate(current, total)).toBe(expected);
  });

  it('needs the final step', () => {
    expect(submitSteps(fields, full, 1, 3)).toEqual({ ok: false, error: { message: M.NEXT_STEP_REQUIRED, errors: {} } });
  });

  it('then checks every field', () => {
    expect(submitSteps(fields, set(full, 'top', ''), 2, 3)).toEqual({
      ok: false,
      error: { message: '请检查输入', errors: { top: '请选择备注' } },
    });
    expect(submitSteps(fields, full, 2, 3)).toEqual({ ok: true, value: full });
  });

  it('never throws', () => {
    fc.assert(
      fc.property(fc.anything(), fc.anything(), fc.integer({ min: -5, max: 10 }), (n, current, total) => {
        const steps = stepsOf(n);
        nextStep(steps, current, {});
        submitGate(current, total);
        clampStep(current, total);
      }),
    );
  });
});
