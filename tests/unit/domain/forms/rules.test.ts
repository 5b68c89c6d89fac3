import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { initialFormState } from '../../../../domain/forms/fields';
import {
  INITIAL_RULE_STATE,
  applyChange,
  applyEventResult,
  applyFlagOp,
  applyLoadedOptions,
  initialiseRules,
  interceptorWatches,
  revertFlagOp,
  type RuleOutcome,
  type RuleState,
} from '../../../../domain/forms/rules';
import {
  EXECUTOR_OPS,
  MATCHER_FACTORS,
  type ExecutorOp,
  type FieldState,
  type FormDefinition,
  type FormState,
} from '../../../../domain/forms/types';

const NOW = new Date(2024, 5, 15, 10, 30);

const leaveOptions = [
  { label: '请假', value: 'leave' },
  { label: '出差', value: 'trip' },
];

/** A leave / trip request: the rules of SPEC point 4 on a realistic form. */
const definition: FormDefinition = {
  fields: [
    { id: 'type', type: 'radio', title: '类型', dataSource: { type: 'static', options: leaveOptions } },
    {
      id: 'grid',
      type: 'grid',
      panes: [
        { children: [{ id: 'days', type: 'number', title: '天数' }] },
        { children: [{ id: 'reason', type: 'textarea', title: '事由', hidden: true }] },
      ],
    } as never,
    { id: 'dest', type: 'input', title: '目的地' },
    { id: 'approver', type: 'select', title: '审批人', dataSource: { type: 'dictionary', code: 'approvers' } },
    { id: 'total', type: 'number', title: '合计', readonly: true },
    { id: 'note', type: 'input', title: '备注' },
    { id: 'city', type: 'cascader', title: '城市' },
    { id: 'locked', type: 'input', readonly: true, required: true },
  ],
  interceptors: [
    {
      id: 'leave',
      matchers: [{ fieldId: 'type', factor: 'is', value: 'leave' }],
      executors: [
        { fieldId: 'reason', op: 'required' },
        { fieldId: 'dest', op: 'disabled' },
      ],
    },
    {
      id: 'long',
      matchers: [{ fieldId: 'days', factor: 'more', value: 3 }],
      executors: [
        { fieldId: 'approver', op: 'data-source', dataSource: { type: 'dictionary', code: 'senior' } },
        { fieldId: 'note', op: 'set', value: '长假' },
      ],
    },
    {
      id: 'off',
      disabled: true,
      matchers: [{ fieldId: 'days', factor: 'less', value: 1 }],
      executors: [{ fieldId: 'days', op: 'hidden' }],
    },
    {
      id: 'noted',
      matchers: [{ fieldId: 'note', factor: 'is', value: '已填' }],
      executors: [{ fieldId: 'city', op: 'hidden' }],
    },
  ],
  listeners: [
    { id: 'sum', fields: ['days'], executors: [{ fieldId: 'total', op: 'set', event: 'calc-total' }] },
    { id: 'fill', fields: ['dest'], executors: [{ fieldId: 'note', op: 'set', value: '已填' }] },
    { id: 'mute', disabled: true, fields: ['dest'], executors: [{ fieldId: 'total', op: 'set', value: 99 }] },
  ],
};

const start = (): RuleOutcome => initialiseRules(initialFormState(definition), definition, NOW);

const change = (from: RuleOutcome, fieldId: string, value: unknown): RuleOutcome =>
  applyChange(from.state, from.ruleState, definition, fieldId, value, NOW);

const flags = (fs: FieldState | undefined) => fs && { visible: fs.visible, required: fs.required, readonly: fs.readonly };

describe('the eight operations of SPEC point 4', () => {
  it('are exactly these', () => {
    expect([...EXECUTOR_OPS]).toEqual(['required', 'optional', 'visible', 'hidden', 'disabled', 'editable', 'set', 'data-source']);
  });

  const hiddenLocked: FieldState = { value: '', visible: false, required: false, readonly: true, errors: [] };
  it.each<[ExecutorOp, Partial<FieldState>]>([
    ['required', { required: true, visible: true, readonly: false }],
    ['optional', { required: false }],
    ['visible', { visible: true }],
    ['hidden', { visible: false }],
    ['disabled', { readonly: true }],
    ['editable', { readonly: false }],
    ['set', {}],
    ['data-source', {}],
  ])('%s', (op, expected) => {
    expect(applyFlagOp(hiddenLocked, op)).toEqual({ ...hiddenLocked, ...expected });
  });

  const field = { id: 'x', type: 'input' as const, hidden: true, readonly: true, required: true };
  const shown: FieldState = { value: '', visible: true, required: false, readonly: false, errors: [] };
  it.each<[ExecutorOp, Partial<FieldState>]>([
    ['required', { visible: false, required: true, readonly: true }],
    ['optional', { required: true }],
    ['visible', { visible: false }],
    ['hidden', { visible: false }],
    ['disabled', { readonly: true }],
    ['editable', { readonly: true }],
    ['set', {}],
  ])('reverting %s restores what the definition says', (op, expected) => {
    expect(revertFlagOp(shown, op, field)).toEqual({ ...shown, ...expected });
  });

  it('reverting without a definition restores visible, optional, editable', () => {
    const fs: FieldState = { value: 1, visible: false, required: true, readonly: true, errors: [] };
    expect(revertFlagOp(fs, 'required', undefined)).toEqual({ ...fs, visible: true, required: false, readonly: false });
  });
});

describe('initialiseRules', () => {
  it('requests the remote sources of the definition and records every enabled interceptor', () => {
    const out = start();
    expect(out.effects).toEqual([{ kind: 'load-data-source', fieldId: 'approver', dataSource: { type: 'dictionary', code: 'approvers' } }]);
    expect(out.ruleState).toEqual({ results: { leave: false, long: false, noted: false } });
    expect(out.changedFieldIds).toEqual([]);
  });

  it('applies interceptors that already hold (a restored draft)', () => {
    const state = initialFormState(definition);
    state.type = { ...(state.type as FieldState), value: 'leave' };
    state.days = { ...(state.days as FieldState), value: 5 };
    const out = initialiseRules(state, definition, NOW);
    expect(flags(out.state.reason)).toEqual({ visible: true, required: true, readonly: false });
    expect(out.state.dest?.readonly).toBe(true);
    expect(out.state.note?.value).toBe('长假');
    expect(out.state.approver?.dataSource).toEqual({ type: 'dictionary', code: 'senior' });
    // The replacement source supersedes the definition's request.
    expect(out.effects).toEqual([{ kind: 'load-data-source', fieldId: 'approver', dataSource: { type: 'dictionary', code: 'senior' } }]);
    expect(out.ruleState.results).toEqual({ leave: true, long: true, noted: false });
    expect(new Set(out.changedFieldIds)).toEqual(new Set(['reason', 'dest', 'note', 'approver']));
  });

  it('clears restored values the static options do not offer', () => {
    const state = initialFormState(definition);
    state.type = { ...(state.type as FieldState), value: 'holiday' };
    const out = initialiseRules(state, definition, NOW);
    expect(out.state.type?.value).toBe('');
    expect(out.changedFieldIds).toContain('type');
  });

  it('keeps a restored value that only the source a rule puts in offers (checked when it loads)', () => {
    // Like 全字段演示: static sub-categories, swapped for an event config's when the category is it.
    const def: FormDefinition = {
      fields: [
        { id: 'cat', type: 'select', title: '类别', dataSource: { type: 'static', options: [{ label: '信息化', value: 'it' }, { label: '其他', value: 'other' }] } },
        { id: 'sub', type: 'select', title: '细分', dataSource: { type: 'static', options: [{ label: '通用', value: 'general' }] } },
        { id: 'size', type: 'select', title: '规格', dataSource: { type: 'static', options: [{ label: '大', value: 'l' }] } },
      ],
      interceptors: [
        { id: 'it', matchers: [{ fieldId: 'cat', factor: 'is', value: 'it' }], executors: [{ fieldId: 'sub', op: 'data-source', dataSource: { type: 'event-config', id: 'ec-it' } }] },
        { id: 'small', matchers: [{ fieldId: 'cat', factor: 'is', value: 'it' }], executors: [{ fieldId: 'size', op: 'data-source', dataSource: { type: 'static', options: [{ label: '小', value: 's' }] } }] },
      ],
    };
    const state = initialFormState(def);
    state.cat = { ...(state.cat as FieldState), value: 'it' };
    state.sub = { ...(state.sub as FieldState), value: 'printer' };
    state.size = { ...(state.size as FieldState), value: 'l' };
    const out = initialiseRules(state, def, NOW);
    expect(out.state.sub?.value).toBe('printer');
    expect(out.effects).toEqual([{ kind: 'load-data-source', fieldId: 'sub', dataSource: { type: 'event-config', id: 'ec-it' } }]);
    // A static replacement reconciles at once, with its own options.
    expect(out.state.size).toMatchObject({ value: '', options: [{ label: '小', value: 's' }] });
    // When the options come, a value they do not offer is cleared after all.
    const loaded = applyLoadedOptions(out.state, out.ruleState, def, 'sub', [{ label: '计算机', value: 'pc' }], NOW, { type: 'event-config', id: 'ec-it' });
    expect(loaded.state.sub?.value).toBe('');
    const kept = applyLoadedOptions(out.state, out.ruleState, def, 'sub', [{ label: '打印机', value: 'printer' }], NOW, { type: 'event-config', id: 'ec-it' });
    expect(kept.state.sub?.value).toBe('printer');
  });

  it('tolerates junk', () => {
    const out = initialiseRules(null as never, null as never, NOW);
    expect(out).toEqual({ state: null, ruleState: { results: {} }, effects: [], changedFieldIds: [] });
  });
});

describe('interceptors fire when a watched field changes and the result differs', () => {
  it('turning true applies the executors; only named fields change', () => {
    const s0 = start();
    const s1 = change(s0, 'type', 'leave');
    expect(flags(s1.state.reason)).toEqual({ visible: true, required: true, readonly: false });
    expect(s1.state.dest?.readonly).toBe(true);
    expect(new Set(s1.changedFieldIds)).toEqual(new Set(['type', 'reason', 'dest']));
    expect(s1.ruleState.results.leave).toBe(true);
    expect(s1.effects).toEqual([]);
    // Untouched fields keep their objects, so a renderer can skip them.
    for (const id of ['days', 'approver', 'total', 'note', 'city']) expect(s1.state[id]).toBe(s0.state[id]);
  });

  it('turning false puts back what the definition says', () => {
    const s1 = change(start(), 'type', 'leave');
    const s2 = change(s1, 'type', 'trip');
    expect(flags(s2.state.reason)).toEqual({ visible: false, required: false, readonly: false });
    expect(s2.state.dest?.readonly).toBe(false);
    expect(s2.ruleState.results.leave).toBe(false);
  });

  it('a change that keeps the result does not fire again', () => {
    const s1 = change(start(), 'days', 5);
    const hand = applyChange(s1.state, s1.ruleState, definition, 'note', '手写', NOW);
    const s2 = change(hand, 'days', 6);
    // "long" stayed true: its set does not overwrite the user's note, no new load.
    expect(s2.state.note?.value).toBe('手写');
    expect(s2.effects).toEqual([{ kind: 'run-event', fieldId: 'total', event: 'calc-total' }]);
  });

  it('data-source returns an effect, and reverting asks for the definition source again', () => {
    const s1 = change(start(), 'days', 5);
    expect(s1.state.approver?.dataSource).toEqual({ type: 'dictionary', code: 'senior' });
    expect(s1.effects).toEqual([
      { kind: 'load-data-source', fieldId: 'approver', dataSource: { type: 'dictionary', code: 'senior' } },
      { kind: 'run-event', fieldId: 'total', event: 'calc-total' },
    ]);
    expect(s1.state.note?.value).toBe('长假');
    const s2 = change(s1, 'days', 2);
    expect(s2.state.approver?.dataSource).toBeUndefined();
    expect(s2.effects).toEqual([
      { kind: 'load-data-source', fieldId: 'approver', dataSource: { type: 'dictionary', code: 'approvers' } },
      { kind: 'run-event', fieldId: 'total', event: 'calc-total' },
    ]);
    // set has no inverse: the value stays.
    expect(s2.state.note?.value).toBe('长假');
  });

  it('a disabled interceptor never fires', () => {
    const s1 = change(start(), 'days', 0);
    expect(s1.state.days?.visible).toBe(true);
    expect(s1.ruleState.results.off).toBeUndefined();
  });

  it('interceptors watching other fields are not evaluated', () => {
    const s0 = start();
    const s1 = change(s0, 'city', ['x']);
    expect(s1.ruleState).toBe(s0.ruleState);
  });
});

describe('listeners fire when a watched field changes', () => {
  it('sets values and cascades into the rules watching them', () => {
    const s1 = change(start(), 'dest', '上海');
    expect(s1.state.note?.value).toBe('已填');
    // note is watched by "noted": city hides.
    expect(s1.state.city?.visible).toBe(false);
    expect(s1.ruleState.results.noted).toBe(true);
    expect(new Set(s1.changedFieldIds)).toEqual(new Set(['dest', 'note', 'city']));
    // The disabled listener did not set total.
    expect(s1.state.total?.value).toBeNull();
  });

  it('a set with an event is an effect for the application', () => {
    const s1 = change(start(), 'days', 1);
    expect(s1.effects).toEqual([{ kind: 'run-event', fieldId: 'total', event: 'calc-total' }]);
    const s2 = applyEventResult(s1.state, s1.ruleState, definition, 'total', { result: '12' }, NOW);
    expect(s2.state.total?.value).toBe(12);
    expect(s2.changedFieldIds).toEqual(['total']);
  });
});

describe('idempotence and totality', () => {
  it('the same value again changes nothing', () => {
    const s1 = change(start(), 'days', 5);
    const s2 = change(s1, 'days', 5);
    expect(s2.state).toBe(s1.state);
    expect(s2.ruleState).toBe(s1.ruleState);
    expect(s2.effects).toEqual([]);
    expect(s2.changedFieldIds).toEqual([]);
  });

  it('an unknown field changes nothing', () => {
    const s0 = start();
    for (const id of ['nope', 'toString', '__proto__']) {
      const s1 = change(s0, id, 1);
      expect(s1.state).toBe(s0.state);
      expect(s1.changedFieldIds).toEqual([]);
    }
  });

  it('rule cycles end: each field fires at most once per change', () => {
    const def: FormDefinition = {
      fields: [
        { id: 'a', type: 'number' },
        { id: 'b', type: 'number' },
      ],
      listeners: [
        { id: 'ab', fields: ['a'], executors: [{ fieldId: 'b', op: 'set', value: 1 }] },
        { id: 'ba', fields: ['b'], executors: [{ fieldId: 'a', op: 'set', value: 2 }] },
      ],
    };
    const init = initialiseRules(initialFormState(def), def, NOW);
    const out = applyChange(init.state, init.ruleState, def, 'a', 5, NOW);
    expect(out.state.a?.value).toBe(2);
    expect(out.state.b?.value).toBe(1);
  });

  it('a field changed and changed back is not reported', () => {
    const def: FormDefinition = {
      fields: [
        { id: 'a', type: 'input' },
        { id: 'b', type: 'input' },
      ],
      listeners: [
        {
          id: 'flip',
          fields: ['a'],
          executors: [
            { fieldId: 'b', op: 'hidden' },
            { fieldId: 'b', op: 'visible' },
          ],
        },
      ],
    };
    const init = initialiseRules(initialFormState(def), def, NOW);
    const out = applyChange(init.state, init.ruleState, def, 'a', 'x', NOW);
    expect(out.changedFieldIds).toEqual(['a']);
    expect(out.state.b).toBe(init.state.b);
  });
});

describe('set and data-source details', () => {
  const def: FormDefinition = {
    fields: [
      { id: 'trigger', type: 'input' },
      { id: 'pick', type: 'select', dataSource: { type: 'static', options: [{ label: 'A', value: 'a' }] } },
      { id: 'num', type: 'number' },
      { id: 'free', type: 'select' },
    ],
    listeners: [
      {
        id: 'l',
        fields: ['trigger'],
        executors: [
          { fieldId: 'num', op: 'set', value: '7' },
          { fieldId: 'pick', op: 'set', value: 'zz' },
          { fieldId: 'missing', op: 'hidden' },
          { fieldId: 'num', op: 'explode' as ExecutorOp },
          null as never,
          { fieldId: 'free', op: 'data-source', dataSource: { type: 'static', options: [{ label: 'X', value: 'x' }] } },
          { fieldId: 'free', op: 'data-source', dataSource: { type: 'bogus' } as never },
        ],
      },
    ],
    interceptors: [
      {
        id: 'swap',
        matchers: [{ fieldId: 'trigger', factor: 'is', value: 'swap' }],
        executors: [
          { fieldId: 'pick', op: 'data-source', dataSource: { type: 'static', options: [{ label: 'B', value: 'b' }] } },
          { fieldId: 'free', op: 'data-source', dataSource: { type: 'area' } },
          { fieldId: 'num', op: 'set' },
        ],
      },
    ],
  };
  const init = initialiseRules(initialFormState(def), def, NOW);

  it('set coerces to the field type and is reconciled with the options', () => {
    const out = applyChange(init.state, init.ruleState, def, 'trigger', 'go', NOW);
    expect(out.state.num?.value).toBe(7);
    expect(out.state.pick?.value).toBe('');
    expect(out.state.free?.options).toEqual([{ label: 'X', value: 'x' }]);
    expect(out.state.free?.dataSource).toEqual({ type: 'static', options: [{ label: 'X', value: 'x' }] });
  });

  it('static data-source applies at once and reconciles; reverting restores the static options or drops them', () => {
    const withValue = applyChange(init.state, init.ruleState, def, 'pick', 'a', NOW);
    const swapped = applyChange(withValue.state, withValue.ruleState, def, 'trigger', 'swap', NOW);
    expect(swapped.state.pick?.options).toEqual([{ label: 'B', value: 'b' }]);
    expect(swapped.state.pick?.value).toBe('');
    // Interceptors run before listeners: the listener's set wins over the interceptor's.
    expect(swapped.state.num?.value).toBe(7);
    expect(swapped.effects).toContainEqual({ kind: 'load-data-source', fieldId: 'free', dataSource: { type: 'area' } });

    const back = applyChange(swapped.state, swapped.ruleState, def, 'trigger', 'x', NOW);
    expect(back.state.pick?.options).toEqual([{ label: 'A', value: 'a' }]);
    expect(back.state.pick?.dataSource).toBeUndefined();
    // free has no source of its own: the listener's static replacement then the revert.
    expect(back.state.free?.dataSource).toEqual({ type: 'static', options: [{ label: 'X', value: 'x' }] });

    const def2: FormDefinition = { ...def, listeners: [] };
    const i2 = initialiseRules(initialFormState(def2), def2, NOW);
    const three = applyChange(i2.state, i2.ruleState, def2, 'num', 3, NOW);
    const on = applyChange(three.state, three.ruleState, def2, 'trigger', 'swap', NOW);
    // set without a value clears.
    expect(on.state.num?.value).toBeNull();
    const off = applyChange(on.state, on.ruleState, def2, 'trigger', '', NOW);
    expect(off.state.free?.options).toBeUndefined();
    expect(off.state.free?.dataSource).toBeUndefined();
  });
});

describe('applyLoadedOptions', () => {
  const loaded = [
    { label: '张三', value: 'u1' },
    { label: '李四', value: 'u2' },
  ];
  const withApprover = (): RuleOutcome => change(start(), 'approver', 'u9');

  it('puts the options in and clears a value they do not offer', () => {
    const s1 = withApprover();
    const s2 = applyLoadedOptions(s1.state, s1.ruleState, definition, 'approver', loaded, NOW);
    expect(s2.state.approver?.options).toEqual(loaded);
    expect(s2.state.approver?.value).toBe('');
    expect(s2.changedFieldIds).toEqual(['approver']);
  });

  it('keeps an offered value', () => {
    const s1 = change(start(), 'approver', 'u2');
    const s2 = applyLoadedOptions(s1.state, s1.ruleState, definition, 'approver', loaded, NOW, { type: 'dictionary', code: 'approvers' });
    expect(s2.state.approver?.value).toBe('u2');
  });

  it('drops a stale answer for a source the field no longer uses', () => {
    const s1 = change(withApprover(), 'days', 5); // approver now uses "senior"
    const stale = applyLoadedOptions(s1.state, s1.ruleState, definition, 'approver', loaded, NOW, { type: 'dictionary', code: 'approvers' });
    expect(stale.state).toBe(s1.state);
    const fresh = applyLoadedOptions(s1.state, s1.ruleState, definition, 'approver', loaded, NOW, { type: 'dictionary', code: 'senior' });
    expect(fresh.state.approver?.options).toEqual(loaded);
  });

  it('ignores unknown fields and sanitises junk options', () => {
    const s0 = start();
    expect(applyLoadedOptions(s0.state, s0.ruleState, definition, 'nope', loaded, NOW).state).toBe(s0.state);
    const s1 = applyLoadedOptions(s0.state, s0.ruleState, definition, 'approver', 'junk', NOW);
    expect(s1.state.approver?.options).toEqual([]);
  });

  it('drops an answer for a field without any source when a source is named', () => {
    const s0 = start();
    const out = applyLoadedOptions(s0.state, s0.ruleState, definition, 'note', loaded, NOW, { type: 'area' });
    expect(out.state).toBe(s0.state);
  });
});

describe('applyEventResult', () => {
  it('takes the raw value for a field the definition does not know', () => {
    const state: FormState = { x: { value: null, visible: true, required: false, readonly: false, errors: [] } };
    const out = applyEventResult(state, INITIAL_RULE_STATE, { fields: [] }, 'x', { result: { items: [1] } }, NOW);
    expect(out.state.x?.value).toEqual([1]);
  });
});

describe('fields in the state but not in the definition', () => {
  it('take rule values as given and lose replaced options when the rule lapses', () => {
    const extra: FieldState = { value: null, visible: true, required: false, readonly: false, errors: [] };
    const def: FormDefinition = {
      fields: [{ id: 't', type: 'input' }],
      interceptors: [
        {
          id: 'i',
          matchers: [{ fieldId: 't', factor: 'is', value: 'on' }],
          executors: [
            { fieldId: 'x', op: 'set', value: '5' },
            { fieldId: 'x', op: 'data-source', dataSource: { type: 'static', options: [{ label: 'A', value: 'a' }] } },
            { fieldId: 'x', op: 'required' },
          ],
        },
      ],
    };
    const init = initialiseRules({ ...initialFormState(def), x: extra }, def, NOW);
    const on = applyChange(init.state, init.ruleState, def, 't', 'on', NOW);
    // No definition: no coercion, no reconciliation.
    expect(on.state.x?.value).toBe('5');
    expect(on.state.x?.options).toEqual([{ label: 'A', value: 'a' }]);
    const off = applyChange(on.state, on.ruleState, def, 't', 'off', NOW);
    expect(off.state.x).toEqual({ ...extra, value: '5' });
    const loaded = applyLoadedOptions(off.state, off.ruleState, def, 'x', [{ label: 'B', value: 'b' }], NOW, { type: 'area' });
    expect(loaded.state).toBe(off.state);
  });
});

describe('interceptorWatches', () => {
  it.each<[unknown, string[]]>([
    [{ id: 'i', matchers: [{ fieldId: 'a', factor: 'empty' }, { fieldId: 'b', factor: 'is', value: 1 }], executors: [] }, ['a', 'b']],
    [null, []],
  ])('%j watches %j', (interceptor, ids) => {
    expect(interceptorWatches(interceptor as never)).toEqual(ids);
  });
});

describe('properties', () => {
  const ids = ['a', 'b', 'c', 'd'] as const;
  const fieldId = fc.constantFrom(...ids);
  const value = fc.oneof(fc.constantFrom('', 'x', 'y'), fc.integer({ min: -2, max: 5 }), fc.constant(null));
  const matcher = fc.record({ fieldId, factor: fc.constantFrom(...MATCHER_FACTORS), value: fc.oneof(value, fc.array(value, { maxLength: 2 })) });
  const executor = fc.record({
    fieldId,
    op: fc.constantFrom(...EXECUTOR_OPS),
    value: fc.option(value, { nil: undefined }),
    dataSource: fc.constantFrom(undefined, { type: 'area' }, { type: 'static', options: [{ label: 'X', value: 'x' }] }),
  });
  const defArb: fc.Arbitrary<FormDefinition> = fc.record({
    fields: fc.constant([
      { id: 'a', type: 'input' },
      { id: 'b', type: 'number' },
      { id: 'c', type: 'select', hidden: true },
      { id: 'd', type: 'checkbox', required: true },
    ]),
    interceptors: fc.array(
      fc.record({ id: fc.string({ maxLength: 3 }), disabled: fc.boolean(), matchers: fc.array(matcher, { maxLength: 2 }), executors: fc.array(executor, { maxLength: 3 }) }),
      { maxLength: 4 },
    ),
    listeners: fc.array(
      fc.record({ id: fc.string({ maxLength: 3 }), disabled: fc.boolean(), fields: fc.array(fieldId, { maxLength: 2 }), executors: fc.array(executor, { maxLength: 3 }) }),
      { maxLength: 3 },
    ),
  }) as fc.Arbitrary<FormDefinition>;
  const changes = fc.array(fc.tuple(fieldId, value), { maxLength: 6 });

  const play = (def: FormDefinition, steps: [string, unknown][]): RuleOutcome => {
    let out = initialiseRules(initialFormState(def), def, NOW);
    for (const [id, v] of steps) out = applyChange(out.state, out.ruleState, def, id, v, NOW);
    return out;
  };

  it('rules are idempotent when the value does not change', () => {
    fc.assert(
      fc.property(defArb, changes, fieldId, (def, steps, id) => {
        const out = play(def, steps);
        const again = applyChange(out.state, out.ruleState, def, id, out.state[id]?.value, NOW);
        expect(again.state).toBe(out.state);
        expect(again.ruleState).toBe(out.ruleState);
        expect(again.effects).toEqual([]);
        expect(again.changedFieldIds).toEqual([]);
      }),
    );
  });

  it('changedFieldIds lists exactly the fields whose state differs; the others keep their objects', () => {
    fc.assert(
      fc.property(defArb, changes, fieldId, value, (def, steps, id, v) => {
        const before = play(def, steps);
        const after = applyChange(before.state, before.ruleState, def, id, v, NOW);
        for (const f of ids) {
          const listed = after.changedFieldIds.includes(f);
          if (listed) expect(after.state[f]).not.toEqual(before.state[f]);
          else expect(after.state[f]).toBe(before.state[f]);
        }
      }),
    );
  });

  it('never throws on arbitrary input', () => {
    fc.assert(
      fc.property(fc.anything(), fc.anything(), fc.anything(), fc.string(), fc.anything(), (state, ruleState, def, id, v) => {
        const out = applyChange(state as FormState, ruleState as RuleState, def as FormDefinition, id, v, NOW);
        expect(Array.isArray(out.effects)).toBe(true);
        initialiseRules(state as FormState, def as FormDefinition, NOW);
        applyLoadedOptions(state as FormState, ruleState as RuleState, def as FormDefinition, id, v, NOW);
      }),
    );
  });

  it('never throws on arbitrary rules over a real form', () => {
    fc.assert(
      fc.property(defArb, changes, (def, steps) => {
        const out = play(def, steps);
        expect(Object.keys(out.state).sort()).toEqual([...ids].sort());
      }),
    );
  });
});
