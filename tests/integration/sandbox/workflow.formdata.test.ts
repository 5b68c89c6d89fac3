import { describe, expect, it } from 'vitest';
import { matchValue } from '../../../domain/forms/matchers';
import { HttpError } from '../../../sandbox/module';
import {
  displayValue,
  fieldStates,
  firstMissing,
  isEmptyValue,
  matcherHolds,
  mergeFields,
  precisOf,
  readFormData,
  storedFormData,
  valuesOf,
} from '../../../sandbox/workflow/formData';
import { LEAVE_FORM, PURCHASE_FORM, SEAL_FORM, STUDENT_INFO_FORM } from '../../../sandbox/workflow/forms';
import type { FieldDefinition, Matcher } from '../../../sandbox/workflow/forms/schema';
import { formData } from '../../../sandbox/workflow/seed';

const NOW = new Date(2025, 2, 13, 10, 0, 0);
const f = (type: FieldDefinition['type'], extra: Partial<FieldDefinition> = {}): FieldDefinition => ({ id: 'x', type, ...extra });
const m = (factor: Matcher['factor'], value?: unknown, relative?: Matcher['relative']): Matcher => ({ fieldId: 'x', factor, value, ...(relative ? { relative } : {}) });

/** The server's matcher reading must agree with the client's (domain/forms/matchers.ts). */
const CASES: [string, FieldDefinition, Matcher, unknown][] = [
  ['number more (at least)', f('number'), m('more', 3), 3],
  ['number more fails', f('number'), m('more', 3.5), 3],
  ['number less (at most)', f('number'), m('less', 3), 3],
  ['number between reversed', f('number'), m('between', [5, 1]), 2],
  ['number between outside', f('number'), m('between', [0.5, 1]), 2],
  ['number is', f('number'), m('is', 2), 2],
  ['number not', f('number'), m('not', 2), 3],
  ['number as text', f('number'), m('more', '3'), '4'],
  ['empty on null', f('input'), m('empty'), null],
  ['empty on blank', f('input'), m('empty'), '  '],
  ['not-empty on list', f('checkbox'), m('not-empty'), ['a']],
  ['empty on empty list', f('checkbox'), m('empty'), []],
  ['text is', f('input'), m('is', 'abc'), 'abc'],
  ['text in contains', f('input'), m('in', 'bc'), 'abc'],
  ['text in any of', f('textarea'), m('in', ['zz', 'ab']), 'abc'],
  ['text not-in', f('input'), m('not-in', ['zz']), 'abc'],
  ['switch is true', f('switch'), m('is', true), true],
  ['switch is true on "1"', f('switch'), m('is', true), '1'],
  ['switch not true on false', f('switch'), m('not', true), false],
  ['switch not true on missing', f('switch'), m('not', true), undefined],
  ['radio is', f('radio'), m('is', 'external'), 'external'],
  ['radio not', f('radio'), m('not', 'external'), 'internal'],
  ['select in', f('select'), m('in', ['it', 'furniture']), 'it'],
  ['select not-in', f('select'), m('not-in', ['it', 'furniture']), 'office'],
  ['select is number vs text', f('select'), m('is', 1), '1'],
  ['checkbox is same set', f('checkbox'), m('is', ['b', 'a']), ['a', 'b']],
  ['checkbox in overlap', f('multiselect'), m('in', ['a', 'z']), ['a', 'b']],
  ['checkbox not-in', f('checkbox'), m('not-in', ['z']), ['a', 'b']],
  ['picker in by id', f('picker'), m('in', ['u1']), [{ id: 'u1', name: 'A' }]],
  ['files count more', f('file'), m('more', 2), [{ uid: 1 }, { uid: 2 }]],
  ['subform rows less', f('subform'), m('less', 1), [{}, {}]],
  ['cascader in passes through', f('cascader'), m('in', ['440000']), ['440000', '440100']],
  ['cascader is a list: the whole path', f('cascader'), m('is', ['440100']), ['440000', '440100']],
  ['cascader is a value: the last level', f('cascader'), m('is', '440100'), ['440000', '440100']],
  ['address in a province', f('address'), m('in', ['440000']), { region: ['440000', '440100'], street: 'x' }],
  ['date less at day precision', f('date', { mode: 'day' }), m('less', '2025-03-13'), '2025-03-13'],
  ['date more', f('date', { mode: 'month' }), m('more', '2025-02'), '2025-03'],
  ['date between', f('date', { mode: 'year' }), m('between', ['2024', '2026']), '2025'],
  ['date relative more (a week ahead)', f('date', { mode: 'Date' }), m('more', undefined, { value: 7, unit: 'day' }), '2025-03-25'],
  ['date relative more fails', f('date', { mode: 'Date' }), m('more', undefined, { value: 7, unit: 'day' }), '2025-03-15'],
  ['date-range in', f('date-range', { mode: 'day' }), m('in', '2025-03-14'), ['2025-03-13', '2025-03-15']],
];

describe('matchers agree with the client', () => {
  it.each(CASES)('%s', (_, field, matcher, value) => {
    const server = matcherHolds(matcher, field, { x: value }, NOW);
    expect(server).toBe(matchValue(matcher as never, value, field as never, NOW));
  });
});

describe('reading form data', () => {
  it('accepts the object, its JSON text and a plain map; rejects the rest with 400', () => {
    const data = formData('leave', LEAVE_FORM, { leave_days: 2 });
    expect(readFormData(data)).toEqual(data);
    expect(readFormData(JSON.stringify(data))).toEqual(data);
    expect(readFormData({ leave_days: 2 }, 'leave')).toEqual({ code: 'leave', mainTable: { id: '', fields: [{ id: 'leave_days', key: 'leave_days', value: 2 }] }, subTable: [] });
    expect(readFormData(undefined)).toBeNull();
    expect(readFormData('')).toBeNull();
    for (const bad of ['{', 5, [1], { mainTable: 1 }, { mainTable: { fields: [1] } }, { subTable: {} }, { subTable: [{ id: 1 }] }, { subTable: [{ id: 's', subDatas: 2 }] }])
      expect(() => readFormData(bad), JSON.stringify(bad)).toThrow(HttpError);
  });

  it('stores rows as saved (type 0, with ids) and drops removed ones', () => {
    const data = formData('purchase', PURCHASE_FORM, {}, { pur_items: [{ pur_item_name: 'a' }, { pur_item_name: 'b' }] });
    data.subTable[0]!.subDatas[0]!.type = 3;
    data.subTable[0]!.subDatas[1]!.id = '';
    const stored = storedFormData(data, () => 'new-id');
    expect(stored.subTable[0]!.subDatas).toEqual([{ id: 'new-id', type: 0, fields: [{ id: 'pur_item_name', key: 'name', value: 'b' }] }]);
    expect(valuesOf(stored, PURCHASE_FORM).items).toEqual([{ pur_item_name: 'b', name: 'b' }]);
  });

  it('merges only the fields an approver may edit', () => {
    const base = formData('purchase', PURCHASE_FORM, { pur_title: 'a' });
    const patch = formData('purchase', PURCHASE_FORM, { pur_title: 'hacked', pur_budget_code: 'YS000001' });
    const merged = mergeFields(base, patch, ['pur_budget_code'], PURCHASE_FORM);
    expect(valuesOf(merged, PURCHASE_FORM)).toMatchObject({ pur_title: 'a', pur_budget_code: 'YS000001' });
  });

  it.each([
    [null, true],
    ['', true],
    [[], true],
    [{}, true],
    [{ region: [], street: '' }, true],
    [{ region: ['110000'] }, false],
    [0, false],
    [false, false],
  ])('isEmptyValue(%j) is %s', (v, empty) => {
    expect(isEmptyValue(v)).toBe(empty);
  });
});

describe('required fields with rules and limits', () => {
  const seal = (main: Record<string, unknown>) => valuesOf(formData('seal', SEAL_FORM, main), SEAL_FORM);

  it('follows the steady state of the interceptors', () => {
    const states = fieldStates(SEAL_FORM, seal({ seal_usage: 'external', seal_takeout: true }), [], NOW);
    expect(states.get('seal_receiver')).toMatchObject({ visible: true, required: true });
    expect(states.get('seal_return')).toMatchObject({ visible: true, required: true });
    const off = fieldStates(SEAL_FORM, seal({ seal_usage: 'internal' }), [], NOW);
    expect(off.get('seal_receiver')).toMatchObject({ visible: false, required: false });
  });

  it('names the first missing field in the spec wording, subforms with their message', () => {
    expect(firstMissing(SEAL_FORM, seal({}), [], NOW)).toBe('请选择印章类型');
    const student = valuesOf(formData('student-info', STUDENT_INFO_FORM, { stu_name: 'a', stu_gender: '1', stu_idcard: 'x', stu_address: { region: ['1'] }, stu_reason: 'r', stu_mobile: '1' }), STUDENT_INFO_FORM);
    expect(firstMissing(STUDENT_INFO_FORM, student, [], NOW)).toBe('请至少填写一位家庭成员');
    expect(firstMissing(null, {}, [], NOW)).toBeNull();
  });

  it('applies field limits after the rules', () => {
    const values = valuesOf(formData('purchase', PURCHASE_FORM, {}), PURCHASE_FORM);
    const hidden = fieldStates(PURCHASE_FORM, values, [{ fieldId: 'pur_title', hidden: true, editable: false, required: false }], NOW);
    expect(hidden.get('pur_title')!.visible).toBe(false);
    const required = fieldStates(PURCHASE_FORM, values, [{ fieldId: 'pur_budget_code', hidden: false, editable: true, required: true }], NOW);
    expect(required.get('pur_budget_code')).toMatchObject({ visible: true, required: true });
  });
});

describe('precis', () => {
  it('shows option labels, booleans, ranges and names', () => {
    const values = valuesOf(
      formData('seal', SEAL_FORM, { seal_types: ['official', 'legal'], seal_usage: 'external', seal_takeout: true }),
      SEAL_FORM,
    );
    expect(precisOf(SEAL_FORM, ['seal_types', 'seal_usage', 'seal_takeout', 'seal_copies'], values)).toBe('印章类型：公章、法人章\n用途：对外\n印章外带：是');
    expect(displayValue(undefined, [{ id: 'u', name: '王老师' }])).toBe('王老师');
    expect(displayValue(f('date-range'), ['a', 'b'])).toBe('a 至 b');
    expect(displayValue(undefined, { name: 'n' })).toBe('n');
  });
});
