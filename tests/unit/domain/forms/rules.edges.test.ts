import { describe, expect, it } from 'vitest';
import { initialFormState } from '../../../../domain/forms/fields';
import { INITIAL_RULE_STATE, applyChange, applyEventResult, applyFlagOp, initialiseRules, revertFlagOp, type RuleOutcome } from '../../../../domain/forms/rules';
import type { FieldState, FormDefinition, FormState } from '../../../../domain/forms/types';

/*
 * The rule engine (domain/forms/rules.ts) at its edges, one case for each way a backend's
 * rules can be malformed or odd: what is not a list, an op or a field is left out, and
 * the well-formed rules beside it still run. Found by mutation testing (reports/README.md).
 */

const NOW = new Date(2024, 5, 15, 10, 30);

const open = (definition: FormDefinition, state: FormState = initialFormState(definition)): RuleOutcome => initialiseRules(state, definition, NOW);
const change = (from: RuleOutcome, definition: FormDefinition, fieldId: string, value: unknown): RuleOutcome =>
  applyChange(from.state, from.ruleState, definition, fieldId, value, NOW);
const fs = (o: RuleOutcome, id: string): FieldState => o.state[id] as FieldState;

const fields = [
  { id: 'a', type: 'input', title: 'A' },
  { id: 'b', type: 'input', title: 'B' },
  { id: 'c', type: 'input', title: 'C' },
];

describe('rules that are not lists, ids that are not text', () => {
  it.each([
    ['text', 'x'],
    ['a number', 5],
    ['a record', { matchers: [], executors: [{ fieldId: 'b', op: 'hidden' }] }],
    ['null', null],
  ])('interceptors and listeners given as %s: none run, and the rule state stays empty', (_, rules) => {
    const definition = { fields, interceptors: rules, listeners: rules } as unknown as FormDefinition;
    const opened = open(definition);
    expect(opened.ruleState).toEqual({ results: {} });
    expect(fs(opened, 'b').visible).toBe(true);
    expect(change(opened, definition, 'a', 'x').changedFieldIds).toEqual(['a']);
  });

  it('a definition that is no record has no rules (a change still sets the value)', () => {
    const state = initialFormState({ fields } as FormDefinition);
    const opened = initialiseRules(state, null as unknown as FormDefinition, NOW);
    expect(opened.ruleState).toEqual({ results: {} });
    expect(opened.state).toBe(state);
    const changed = applyChange(state, INITIAL_RULE_STATE, null as unknown as FormDefinition, 'a', 'x', NOW);
    expect(changed.changedFieldIds).toEqual(['a']);
    expect(changed.ruleState).toBe(INITIAL_RULE_STATE);
  });

  it('executors given as one record, not a list, do nothing; the interceptor is still evaluated', () => {
    const definition = {
      fields,
      interceptors: [{ id: 'r', matchers: [{ fieldId: 'a', factor: 'is', value: 'x' }], executors: { fieldId: 'b', op: 'hidden' } }],
    } as unknown as FormDefinition;
    const changed = change(open(definition), definition, 'a', 'x');
    expect(fs(changed, 'b').visible).toBe(true);
    expect(changed.ruleState).toEqual({ results: { r: true } });
  });

  it('an interceptor whose id is not text is kept under its place, #index', () => {
    const definition = {
      fields,
      interceptors: [
        { id: 'named', matchers: [{ fieldId: 'a', factor: 'is', value: 'x' }], executors: [] },
        { id: 7, matchers: [{ fieldId: 'a', factor: 'is', value: 'x' }], executors: [{ fieldId: 'b', op: 'hidden' }] },
        { matchers: [{ fieldId: 'a', factor: 'not-empty' }], executors: [] },
      ],
    } as unknown as FormDefinition;
    const changed = change(open(definition), definition, 'a', 'x');
    expect(changed.ruleState).toEqual({ results: { named: true, '#1': true, '#2': true } });
    expect(fs(changed, 'b').visible).toBe(false);
  });

  it('an executor naming a field the form does not have changes nothing, applied or reverted; its neighbour still runs', () => {
    const definition = {
      fields,
      interceptors: [
        {
          id: 'r',
          matchers: [{ fieldId: 'a', factor: 'is', value: 'x' }],
          executors: [
            { fieldId: 'ghost', op: 'required' },
            { fieldId: 5, op: 'hidden' },
            { fieldId: 'b', op: 'hidden' },
          ],
        },
      ],
    } as unknown as FormDefinition;
    const state = { ...initialFormState(definition), '5': { value: '', visible: true, required: false, readonly: false, errors: [] } } as FormState;
    const opened = open(definition, state);
    const on = change(opened, definition, 'a', 'x');
    expect(Object.keys(on.state).sort()).toEqual(['5', 'a', 'b', 'c']);
    expect(on.changedFieldIds.sort()).toEqual(['a', 'b']);
    expect(fs(on, '5').visible).toBe(true);
    const off = change(on, definition, 'a', 'y');
    expect(Object.keys(off.state).sort()).toEqual(['5', 'a', 'b', 'c']);
    expect(fs(off, 'b').visible).toBe(true);
  });

  it('a matcher on a field the form does not have never holds, and nothing fails', () => {
    const definition = {
      fields,
      interceptors: [{ id: 'r', matchers: [{ fieldId: 'ghost', factor: 'is', value: 'x' }], executors: [{ fieldId: 'b', op: 'hidden' }] }],
    } as unknown as FormDefinition;
    const opened = open(definition);
    expect(opened.ruleState).toEqual({ results: { r: false } });
    expect(fs(opened, 'b').visible).toBe(true);
  });
});

describe('listeners', () => {
  const withListener = (listener: Record<string, unknown>): FormDefinition =>
    ({ fields, listeners: [{ executors: [{ fieldId: 'b', op: 'set', value: 'set by a' }], ...listener }] }) as unknown as FormDefinition;

  it.each([
    ['enabled (no flag)', 'set by a', {}],
    ['disabled: false', 'set by a', { disabled: false }],
    ['disabled: true', '', { disabled: true }],
    ['fields as text, not a list', '', { fields: 'a' }],
    ['fields as a record', '', { fields: { a: true } }],
  ])('a listener on a, %s: b after a changes is "%s"', (_, b, listener) => {
    const definition = withListener({ fields: ['a'], ...listener });
    expect(fs(change(open(definition), definition, 'a', 'x'), 'b').value).toBe(b);
  });

  it('ids in its fields that are not text are passed over; the text ones still fire', () => {
    const definition = withListener({ fields: [1, null, 'a', 'a'] });
    const changed = change(open(definition), definition, 'a', 'x');
    expect(fs(changed, 'b').value).toBe('set by a');
    expect(changed.changedFieldIds).toEqual(['a', 'b']);
  });
});

describe('set', () => {
  const setting = (executor: Record<string, unknown>, extraFields: unknown[] = []): FormDefinition =>
    ({
      fields: [...fields, ...extraFields],
      interceptors: [{ id: 'r', matchers: [{ fieldId: 'a', factor: 'is', value: 'go' }], executors: [executor] }],
    }) as unknown as FormDefinition;

  it.each([
    ['calc', [{ kind: 'run-event', fieldId: 'b', event: 'calc' }]],
    [' calc ', [{ kind: 'run-event', fieldId: 'b', event: ' calc ' }]],
    ['', []],
    ['   ', []],
  ])('event "%s": a run-event effect only for an event with text', (event, effects) => {
    const definition = setting({ fieldId: 'b', op: 'set', event, value: 'v' });
    const changed = change(open(definition), definition, 'a', 'go');
    expect(changed.effects).toEqual(effects);
    expect(fs(changed, 'b').value).toBe(effects.length > 0 ? '' : 'v');
  });

  it('a set without a value gives null to a field the definition does not describe (kept in the state)', () => {
    const definition = setting({ fieldId: 'extra', op: 'set' });
    const state = { ...initialFormState(definition), extra: { value: 'old', visible: true, required: false, readonly: false, errors: [] } } as FormState;
    const changed = change(open(definition, state), definition, 'a', 'go');
    expect(fs(changed, 'extra').value).toBeNull();
  });

  it('a set is not undone when its interceptor stops holding', () => {
    const definition = setting({ fieldId: 'b', op: 'set', value: 'v' });
    const on = change(open(definition), definition, 'a', 'go');
    const off = change(on, definition, 'a', 'stop');
    expect(fs(off, 'b').value).toBe('v');
    expect(off.changedFieldIds).toEqual(['a']);
  });

  it('rules that set a field back and forth end: a field is run once a change, with what the rules left in it', () => {
    const definition = {
      fields,
      interceptors: [
        { id: 'one', matchers: [{ fieldId: 'a', factor: 'is', value: '1' }], executors: [{ fieldId: 'a', op: 'set', value: '2' }] },
        { id: 'two', matchers: [{ fieldId: 'a', factor: 'is', value: '2' }], executors: [{ fieldId: 'a', op: 'set', value: '1' }] },
      ],
    } as unknown as FormDefinition;
    // a = 1: 'one' holds and sets 2; 'two', next on a, reads 2, holds and sets 1. a is not
    // run again (it would flip for ever), so both are recorded as holding.
    const changed = change(open(definition), definition, 'a', '1');
    expect(fs(changed, 'a').value).toBe('1');
    expect(changed.ruleState).toEqual({ results: { one: true, two: true } });
  });

  it('a matcher reads a date at its field\'s precision (month): 2024-06-15 is 2024-06-01', () => {
    const definition = {
      fields: [...fields, { id: 'd', type: 'date', title: '月份', mode: 'month' }],
      interceptors: [{ id: 'june', matchers: [{ fieldId: 'd', factor: 'is', value: '2024-06-01' }], executors: [{ fieldId: 'b', op: 'hidden' }] }],
    } as unknown as FormDefinition;
    const changed = change(open(definition), definition, 'd', '2024-06-15');
    expect(changed.ruleState).toEqual({ results: { june: true } });
    expect(fs(changed, 'b').visible).toBe(false);
  });
});

describe('effects', () => {
  it('one load per field and one event per field, the later asking superseding the earlier; different fields or kinds all kept', () => {
    const definition = {
      fields: [
        { id: 'a', type: 'input' },
        { id: 'p', type: 'select', dataSource: { type: 'dictionary', code: 'first' } },
        { id: 'q', type: 'select', dataSource: { type: 'dictionary', code: 'other' } },
      ],
      interceptors: [
        {
          id: 'r',
          matchers: [{ fieldId: 'a', factor: 'is', value: 'go' }],
          executors: [
            { fieldId: 'p', op: 'data-source', dataSource: { type: 'dictionary', code: 'second' } },
            { fieldId: 'p', op: 'set', event: 'fill-p' },
            { fieldId: 'q', op: 'set', event: 'fill-q' },
            { fieldId: 'p', op: 'data-source', dataSource: { type: 'dictionary', code: 'third' } },
          ],
        },
      ],
    } as unknown as FormDefinition;
    const opened = open(definition);
    expect(opened.effects.map((e) => [e.kind, e.fieldId])).toEqual([
      ['load-data-source', 'p'],
      ['load-data-source', 'q'],
    ]);
    const changed = change(opened, definition, 'a', 'go');
    expect(changed.effects).toEqual([
      { kind: 'run-event', fieldId: 'p', event: 'fill-p' },
      { kind: 'run-event', fieldId: 'q', event: 'fill-q' },
      { kind: 'load-data-source', fieldId: 'p', dataSource: { type: 'dictionary', code: 'third' } },
    ]);
  });
});

describe('data-source undone', () => {
  const definition = {
    fields: [
      { id: 'a', type: 'input' },
      { id: 'pick', type: 'select', title: '选项' },
    ],
    interceptors: [
      {
        id: 'r',
        matchers: [{ fieldId: 'a', factor: 'is', value: 'go' }],
        executors: [{ fieldId: 'pick', op: 'data-source', dataSource: { type: 'static', options: [{ label: '甲', value: 'x' }] } }],
      },
    ],
  } as unknown as FormDefinition;

  it('a field with no source of its own loses the options and keeps its value', () => {
    const on = change(open(definition), definition, 'a', 'go');
    expect(fs(on, 'pick').options).toEqual([{ label: '甲', value: 'x' }]);
    const picked = change(on, definition, 'pick', 'x');
    const off = change(picked, definition, 'a', 'stop');
    expect('options' in fs(off, 'pick')).toBe(false);
    expect('dataSource' in fs(off, 'pick')).toBe(false);
    expect(fs(off, 'pick').value).toBe('x');
  });
});

describe('rule state', () => {
  const definition = {
    fields,
    interceptors: [{ id: 'r', matchers: [{ fieldId: 'a', factor: 'is', value: 'x' }], executors: [{ fieldId: 'b', op: 'hidden' }] }],
  } as unknown as FormDefinition;

  it('is the same object when no result changed, a new one when one did', () => {
    const opened = open(definition);
    const same = change(opened, definition, 'a', 'y');
    expect(same.ruleState).toBe(opened.ruleState);
    const flipped = change(same, definition, 'a', 'x');
    expect(flipped.ruleState).not.toBe(same.ruleState);
    expect(flipped.ruleState).toEqual({ results: { r: true } });
  });
});

describe('flag operations', () => {
  const base: FieldState = { value: '', visible: false, required: true, readonly: true, errors: [] };
  it.each([
    ['required', { visible: true, required: true, readonly: false }],
    ['optional', { visible: false, required: false, readonly: true }],
    ['visible', { visible: true, required: true, readonly: true }],
    ['hidden', { visible: false, required: true, readonly: true }],
    ['disabled', { visible: false, required: true, readonly: true }],
    ['editable', { visible: false, required: true, readonly: false }],
  ] as const)('%s on a hidden, required, read-only field', (op, flags) => {
    expect(applyFlagOp(base, op)).toEqual({ ...base, ...flags });
  });

  it.each(['set', 'data-source', 'nonsense'] as const)('%s changes no flag, done or undone', (op) => {
    expect(applyFlagOp(base, op as never)).toBe(base);
    expect(revertFlagOp(base, op as never, undefined)).toBe(base);
  });
});

describe('an event result', () => {
  it('for a field the definition has but the state does not: nothing changes, nothing fails', () => {
    const definition = { fields: [{ id: 'a', type: 'select', title: 'A' }] } as unknown as FormDefinition;
    const out = applyEventResult({}, INITIAL_RULE_STATE, definition, 'a', { result: 'x' }, NOW);
    expect(out.state).toEqual({});
    expect(out.changedFieldIds).toEqual([]);
  });
});
