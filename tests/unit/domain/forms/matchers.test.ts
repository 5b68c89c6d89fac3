import dayjs from 'dayjs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  isEmptyForMatch,
  matchAll,
  matcherFieldIds,
  matchValue,
  recordContext,
  valuesEqual,
  type MatchField,
} from '../../../../domain/forms/matchers';
import { FIELD_TYPES, MATCHER_FACTORS, type Matcher, type MatcherFactor } from '../../../../domain/forms/types';

// Local time: dates in forms are wall-clock values.
const NOW = new Date(2024, 5, 15, 10, 30, 20); // 2024-06-15 10:30:20

const m = (factor: MatcherFactor, value?: unknown, extra: Partial<Matcher> = {}): Matcher => ({
  fieldId: 'f',
  factor,
  ...(value !== undefined ? { value } : {}),
  ...extra,
});

const f = (type: MatchField['type'], mode?: string): MatchField => ({ type, ...(mode ? { mode } : {}) });

type Row = [string, Matcher, MatchField | undefined, unknown, boolean];

describe('the nine factors of SPEC point 5 exist', () => {
  it('lists empty, not-empty, in, not-in, is, not, less, more, between', () => {
    expect([...MATCHER_FACTORS]).toEqual(['empty', 'not-empty', 'in', 'not-in', 'is', 'not', 'less', 'more', 'between']);
  });
});

describe('empty / not-empty', () => {
  it.each<[string, MatchField | undefined, unknown, boolean]>([
    ['blank text', f('input'), '   ', true],
    ['text', f('input'), 'a', false],
    ['number null', f('number'), null, true],
    ['number 0 is a value', f('number'), 0, false],
    ['switch off is an answer', f('switch'), false, false],
    ['checkbox []', f('checkbox'), [], true],
    ['checkbox [a]', f('checkbox'), ['a'], false],
    ['address without region', f('address'), { region: [], street: 'x' }, true],
    ['date-range with one end', f('date-range'), ['2024-01-01', ''], true],
    ['subform with only removed rows', f('subform'), [{ _id: '1', _removed: true, values: {} }], true],
    ['subform with a live row', f('subform'), [{ _id: '1', values: {} }], false],
    ['unknown field: undefined', undefined, undefined, true],
    ['unknown field: blank', undefined, ' ', true],
    ['unknown field: NaN', undefined, Number.NaN, true],
    ['unknown field: 3', undefined, 3, false],
    ['unknown field: []', undefined, [], true],
    ['unknown field: {}', undefined, {}, true],
    ['unknown field: {a}', undefined, { a: 1 }, false],
    ['unknown field: false', undefined, false, false],
    ['unknown field: null', undefined, null, true],
    ['unknown field: text', undefined, 'a', false],
    ['unknown field: [a]', undefined, ['a'], false],
  ])('%s', (_name, field, value, empty) => {
    expect(isEmptyForMatch(value, field)).toBe(empty);
    expect(matchValue(m('empty'), value, field, NOW)).toBe(empty);
    expect(matchValue(m('not-empty'), value, field, NOW)).toBe(!empty);
  });
});

describe('text: in means contains', () => {
  it.each<Row>([
    ['is equal', m('is', 'abc'), f('input'), 'abc', true],
    ['is differs', m('is', 'abc'), f('input'), 'abcd', false],
    ['is compares numbers as text', m('is', 12), f('textarea'), '12', true],
    ['not', m('not', 'abc'), f('input'), 'xyz', true],
    ['not on empty value', m('not', 'abc'), f('input'), '', true],
    ['in contains', m('in', 'bc'), f('input'), 'abcd', true],
    ['in does not contain', m('in', 'zz'), f('input'), 'abcd', false],
    ['in is case-sensitive', m('in', 'B'), f('input'), 'abc', false],
    ['in with a list: any needle', m('in', ['x', 'cd']), f('input'), 'abcd', true],
    ['not-in: does not contain', m('not-in', 'zz'), f('input'), 'abcd', true],
    ['not-in: contains', m('not-in', 'bc'), f('input'), 'abcd', false],
    ['numeric text value', m('in', '2'), f('input'), 123, true],
    ['less does not apply to text', m('less', 5), f('input'), '3', false],
    ['in with an empty needle is no rule', m('in', ''), f('input'), 'abc', false],
    ['not-in with an empty needle is no rule', m('not-in', ''), f('input'), 'abc', false],
    ['is without a value', m('is'), f('input'), 'abc', false],
    ['not without a value', m('not'), f('input'), 'abc', false],
    ['is with an object', m('is', { a: 1 }), f('input'), 'abc', false],
    ['in with a bad list item', m('in', ['a', {}]), f('input'), 'abc', false],
    ['non-text value reads as empty', m('is', ''), f('input'), { x: 1 }, true],
  ])('%s', (_n, matcher, field, value, expected) => {
    expect(matchValue(matcher, value, field, NOW)).toBe(expected);
  });
});

describe('number: less is at most, more is at least, between inclusive', () => {
  it.each<Row>([
    ['less equal bound', m('less', 5), f('number'), 5, true],
    ['less below', m('less', 5), f('number'), 4.5, true],
    ['less above', m('less', 5), f('number'), 6, false],
    ['more equal bound', m('more', 5), f('number'), 5, true],
    ['more above', m('more', 5), f('number'), 7, true],
    ['more below', m('more', 5), f('number'), 4, false],
    ['between low bound', m('between', [1, 10]), f('number'), 1, true],
    ['between high bound', m('between', [1, 10]), f('number'), 10, true],
    ['between outside', m('between', [1, 10]), f('number'), 11, false],
    ['between reversed bounds', m('between', [10, 1]), f('number'), 5, true],
    ['between numeric strings', m('between', ['1', '10']), f('number'), '5', true],
    ['is', m('is', 3), f('number'), 3, true],
    ['is numeric string', m('is', '3'), f('number'), 3, true],
    ['not', m('not', 3), f('number'), 4, true],
    ['not on no value', m('not', 3), f('number'), null, true],
    ['in list', m('in', [1, 2, 3]), f('number'), 2, true],
    ['in scalar', m('in', 2), f('number'), 2, true],
    ['not-in list', m('not-in', [1, 2, 3]), f('number'), 4, true],
    ['less with no value', m('less', 5), f('number'), null, false],
    ['less with an unreadable value', m('less', 5), f('number'), 'abc', false],
    ['less with a bad bound', m('less', 'abc'), f('number'), 1, false],
    ['between with one bound', m('between', [1]), f('number'), 1, false],
    ['between with a bad bound', m('between', [1, 'x']), f('number'), 1, false],
    ['between with no value', m('between', [1, 2]), f('number'), null, false],
    ['in with an empty list', m('in', []), f('number'), 1, false],
    ['not-in with a bad list', m('not-in', ['x']), f('number'), 1, false],
    ['Infinity is not a number', m('less', 5), f('number'), Number.NEGATIVE_INFINITY, false],
    ['value inferred from a number without definition', m('more', 2), undefined, 3, true],
  ])('%s', (_n, matcher, field, value, expected) => {
    expect(matchValue(matcher, value, field, NOW)).toBe(expected);
  });
});

describe('switch', () => {
  it.each<Row>([
    ['is true', m('is', true), f('switch'), true, true],
    ['is "true"', m('is', 'true'), f('switch'), true, true],
    ['is 0', m('is', 0), f('switch'), false, true],
    ['not true', m('not', true), f('switch'), false, true],
    ['is with a bad value', m('is', 'maybe'), f('switch'), true, false],
    ['in [true]', m('in', [true]), f('switch'), true, true],
    ['in with a bad item', m('in', ['x']), f('switch'), true, false],
    ['in on no value', m('in', [true, false]), f('switch'), null, false],
    ['less does not apply', m('less', 1), f('switch'), true, false],
    ['inferred from a boolean', m('is', '1'), undefined, true, true],
  ])('%s', (_n, matcher, field, value, expected) => {
    expect(matchValue(matcher, value, field, NOW)).toBe(expected);
  });
});

describe('dates compare at the field granularity', () => {
  it.each<Row>([
    // day (mode day, Date, or none)
    ['day: same day different time is', m('is', '2024-06-15 23:59'), f('date', 'day'), '2024-06-15', true],
    ['Date mode: is', m('is', '2024-06-15'), f('date', 'Date'), '2024-06-15', true],
    ['no mode is day', m('is', '2024-06-15 08:00'), f('date'), '2024-06-15 20:00', true],
    ['day: less same day', m('less', '2024-06-15 00:00'), f('date', 'day'), '2024-06-15 12:00', true],
    ['day: less next day', m('less', '2024-06-15'), f('date', 'day'), '2024-06-16', false],
    ['day: more same day', m('more', '2024-06-15 23:00'), f('date', 'day'), '2024-06-15 01:00', true],
    ['day: more previous day', m('more', '2024-06-15'), f('date', 'day'), '2024-06-14', false],
    ['day: between inclusive', m('between', ['2024-06-01', '2024-06-15']), f('date', 'day'), '2024-06-15', true],
    ['day: between reversed', m('between', ['2024-06-15', '2024-06-01']), f('date', 'day'), '2024-06-10', true],
    ['day: between outside', m('between', ['2024-06-01', '2024-06-15']), f('date', 'day'), '2024-06-16', false],
    ['day: in list', m('in', ['2024-01-01', '2024-06-15']), f('date', 'day'), '2024-06-15', true],
    ['day: not-in list', m('not-in', ['2024-01-01']), f('date', 'day'), '2024-06-15', true],
    ['day: not', m('not', '2024-06-14'), f('date', 'day'), '2024-06-15', true],
    // year, month
    ['year: is', m('is', '2024-12-31'), f('date', 'year'), '2024', true],
    ['year: less', m('less', '2023-01-01'), f('date', 'year'), '2023', true],
    ['month: more', m('more', '2024-06-30'), f('date', 'month'), '2024-06', true],
    ['month: is different month', m('is', '2024-07-01'), f('date', 'month'), '2024-06', false],
    // minute (DateTime), second
    ['DateTime: same minute', m('is', '2024-06-15 10:30:59'), f('date', 'DateTime'), '2024-06-15 10:30', true],
    ['DateTime: next minute', m('less', '2024-06-15 10:30'), f('date', 'DateTime'), '2024-06-15 10:31', false],
    ['second: differs by a second', m('is', '2024-06-15 10:30:01'), f('date', 'second'), '2024-06-15 10:30:00', false],
    // value kinds
    ['timestamp value', m('is', '2024-06-15'), f('date'), NOW.getTime(), true],
    ['Date value', m('is', '2024-06-15'), f('date'), NOW, true],
    // bad input
    ['no value: less', m('less', '2024-06-15'), f('date'), '', false],
    ['no value: not', m('not', '2024-06-15'), f('date'), '', true],
    ['bad bound: less', m('less', 'not a date'), f('date'), '2024-06-15', false],
    ['bad bound: not', m('not', 'not a date'), f('date'), '2024-06-15', false],
    ['between one bound', m('between', ['2024-06-15']), f('date'), '2024-06-15', false],
    ['between no value', m('between', ['2024-06-01', '2024-06-30']), f('date'), null, false],
    ['in empty list', m('in', []), f('date'), '2024-06-15', false],
    ['in bad item', m('in', ['x']), f('date'), '2024-06-15', false],
    ['in no value', m('in', ['2024-06-15']), f('date'), null, false],
  ])('%s', (_n, matcher, field, value, expected) => {
    expect(matchValue(matcher, value, field, NOW)).toBe(expected);
  });
});

describe('relative dates: value plus a unit, counted from now', () => {
  const rel = (value: number, unit: 'day' | 'week' | 'month' | 'year') => ({ value, unit });
  it.each<Row>([
    ['today', m('is', undefined, { relative: rel(0, 'day') }), f('date'), '2024-06-15', true],
    ['yesterday', m('is', undefined, { relative: rel(-1, 'day') }), f('date'), '2024-06-14', true],
    ['at most a week from now', m('less', undefined, { relative: rel(1, 'week') }), f('date'), '2024-06-22', true],
    ['after a week from now', m('less', undefined, { relative: rel(1, 'week') }), f('date'), '2024-06-23', false],
    ['at least a month ago', m('more', undefined, { relative: rel(-1, 'month') }), f('date'), '2024-05-15', true],
    ['more than a year ago', m('more', undefined, { relative: rel(-1, 'year') }), f('date'), '2023-06-14', false],
    [
      'between last week and next week',
      m('between', undefined, { relative: [rel(-1, 'week'), rel(1, 'week')] }),
      f('date'),
      '2024-06-20',
      true,
    ],
    ['relative in value', m('is', rel(1, 'day')), f('date'), '2024-06-16', true],
    ['relative wins over value', m('is', '2000-01-01', { relative: rel(0, 'day') }), f('date'), '2024-06-15', true],
    ['relative in a between pair', m('between', ['2024-06-01', rel(0, 'day')]), f('date'), '2024-06-10', true],
    ['relative at minute granularity', m('is', undefined, { relative: rel(0, 'day') }), f('date', 'DateTime'), '2024-06-15 10:30', true],
    ['unknown unit', m('is', { value: 1, unit: 'fortnight' }), f('date'), '2024-06-16', false],
    ['non-finite amount', m('is', { value: Number.NaN, unit: 'day' }), f('date'), '2024-06-16', false],
  ])('%s', (_n, matcher, field, value, expected) => {
    expect(matchValue(matcher, value, field, NOW)).toBe(expected);
  });

  it('takes now as a timestamp or a dayjs value too', () => {
    const matcher = m('is', undefined, { relative: rel(-1, 'day') });
    expect(matchValue(matcher, '2024-06-14', f('date'), NOW.getTime())).toBe(true);
    expect(matchValue(matcher, '2024-06-14', f('date'), dayjs(NOW))).toBe(true);
  });

  it('an unreadable now gives false, not a throw', () => {
    const matcher = m('is', undefined, { relative: rel(-1, 'day') });
    expect(matchValue(matcher, '2024-06-14', f('date'), Number.NaN)).toBe(false);
  });
});

describe('date-range', () => {
  const range = ['2024-06-10', '2024-06-20'];
  it.each<Row>([
    ['in: range contains the date', m('in', '2024-06-15'), f('date-range'), range, true],
    ['in: on the end', m('in', '2024-06-20'), f('date-range'), range, true],
    ['in: outside', m('in', '2024-06-21'), f('date-range'), range, false],
    ['not-in: outside', m('not-in', '2024-06-21'), f('date-range'), range, true],
    ['in: any of a list', m('in', ['2024-01-01', '2024-06-11']), f('date-range'), range, true],
    ['less: ends at most at', m('less', '2024-06-20'), f('date-range'), range, true],
    ['less: ends after', m('less', '2024-06-19'), f('date-range'), range, false],
    ['more: starts at least at', m('more', '2024-06-10'), f('date-range'), range, true],
    ['more: starts before', m('more', '2024-06-11'), f('date-range'), range, false],
    ['between: inside bounds', m('between', ['2024-06-01', '2024-06-30']), f('date-range'), range, true],
    ['between: sticks out', m('between', ['2024-06-15', '2024-06-30']), f('date-range'), range, false],
    ['between: reversed bounds', m('between', ['2024-06-30', '2024-06-01']), f('date-range'), range, true],
    ['is: both ends', m('is', ['2024-06-10', '2024-06-20']), f('date-range'), range, true],
    ['is: one end differs', m('is', ['2024-06-10', '2024-06-21']), f('date-range'), range, false],
    ['not: one end differs', m('not', ['2024-06-10', '2024-06-21']), f('date-range'), range, true],
    ['is: not a pair', m('is', '2024-06-10'), f('date-range'), range, false],
    ['not: not a pair', m('not', '2024-06-10'), f('date-range'), range, false],
    ['no value: is', m('is', range), f('date-range'), [], false],
    ['no value: not', m('not', range), f('date-range'), ['2024-06-10', ''], true],
    ['no value: in', m('in', '2024-06-15'), f('date-range'), null, false],
    ['no value: less', m('less', '2024-06-15'), f('date-range'), null, false],
    ['bad bound: less', m('less', 'x'), f('date-range'), range, false],
    ['bad list: in', m('in', ['x']), f('date-range'), range, false],
    ['relative: in today', m('in', { value: 0, unit: 'day' }), f('date-range'), range, true],
  ])('%s', (_n, matcher, field, value, expected) => {
    expect(matchValue(matcher, value, field, NOW)).toBe(expected);
  });
});

describe('single choice (radio, select)', () => {
  it.each<Row>([
    ['is', m('is', 'a'), f('radio'), 'a', true],
    ['is with a one-item list', m('is', ['a']), f('select'), 'a', true],
    ['is compares 1 and "1" alike', m('is', 1), f('select'), '1', true],
    ['not', m('not', 'a'), f('radio'), 'b', true],
    ['in', m('in', ['a', 'b']), f('radio'), 'b', true],
    ['not-in', m('not-in', ['a', 'b']), f('radio'), 'c', true],
    ['not-in on no value', m('not-in', ['a']), f('radio'), '', true],
    ['in on no value', m('in', ['a']), f('radio'), '', false],
    ['in with an empty list', m('in', []), f('radio'), 'a', false],
    ['less does not apply', m('less', 1), f('radio'), 0, false],
    ['is without a value', m('is'), f('radio'), 'a', false],
  ])('%s', (_n, matcher, field, value, expected) => {
    expect(matchValue(matcher, value, field, NOW)).toBe(expected);
  });
});

describe('multiple choice (checkbox, multiselect, picker): in means any overlap', () => {
  it.each<Row>([
    ['in overlaps', m('in', ['a', 'x']), f('checkbox'), ['a', 'b'], true],
    ['in no overlap', m('in', ['x', 'y']), f('multiselect'), ['a', 'b'], false],
    ['not-in no overlap', m('not-in', ['x']), f('checkbox'), ['a', 'b'], true],
    ['not-in overlap', m('not-in', ['a']), f('checkbox'), ['a', 'b'], false],
    ['not-in on nothing chosen', m('not-in', ['a']), f('checkbox'), [], true],
    ['in scalar', m('in', 'b'), f('checkbox'), ['a', 'b'], true],
    ['is same set any order', m('is', ['b', 'a']), f('checkbox'), ['a', 'b'], true],
    ['is subset is not the same', m('is', ['a']), f('checkbox'), ['a', 'b'], false],
    ['is [] on nothing chosen', m('is', []), f('checkbox'), [], true],
    ['not different set', m('not', ['a']), f('checkbox'), ['a', 'b'], true],
    ['is without a value', m('is'), f('checkbox'), ['a'], false],
    ['in with an empty list', m('in', []), f('checkbox'), ['a'], false],
    ['less: at most n chosen', m('less', 2), f('checkbox'), ['a', 'b'], true],
    ['more: at least n chosen', m('more', 3), f('checkbox'), ['a', 'b'], false],
    ['between counts', m('between', [1, 2]), f('checkbox'), ['a'], true],
    ['count of a non-list is 0', m('less', 0), f('checkbox'), 'junk', true],
    ['picker compares ids', m('in', ['u2']), f('picker'), [{ id: 'u1', name: 'A' }, { id: 'u2', name: 'B' }], true],
    ['picker is by ids', m('is', ['u1']), f('picker'), [{ id: 'u1', name: 'A' }], true],
    ['unknown field array value is a set', m('in', ['a']), undefined, ['a'], true],
  ])('%s', (_n, matcher, field, value, expected) => {
    expect(matchValue(matcher, value, field, NOW)).toBe(expected);
  });
});

describe('cascader and address region: paths', () => {
  it.each<Row>([
    ['is same path', m('is', ['js', 'nj']), f('cascader'), ['js', 'nj'], true],
    ['is other path', m('is', ['js', 'sz']), f('cascader'), ['js', 'nj'], false],
    ['is single value: the last level', m('is', 'nj'), f('cascader'), ['js', 'nj'], true],
    ['is single value: not the last level', m('is', 'js'), f('cascader'), ['js', 'nj'], false],
    ['in: passes through', m('in', ['js']), f('cascader'), ['js', 'nj'], true],
    ['not-in: does not pass through', m('not-in', ['zj']), f('cascader'), ['js', 'nj'], true],
    ['is on empty path', m('is', 'x'), f('cascader'), [], false],
    ['is with an empty list', m('is', []), f('cascader'), [], false],
    ['in with a bad list', m('in', [{}]), f('cascader'), ['js'], false],
    ['is with a bad single value', m('is', {}), f('cascader'), ['js'], false],
    ['less does not apply', m('less', 1), f('cascader'), ['js'], false],
    ['non-array value is an empty path', m('in', ['js']), f('cascader'), 'js', false],
    ['address: in province', m('in', ['320000']), f('address'), { region: ['320000', '320100'], street: 'x' }, true],
    ['address: is path', m('is', ['320000', '320100']), f('address'), { region: ['320000', '320100'] }, true],
    ['address: malformed', m('in', ['320000']), f('address'), 'junk', false],
  ])('%s', (_n, matcher, field, value, expected) => {
    expect(matchValue(matcher, value, field, NOW)).toBe(expected);
  });
});

describe('files and subform rows: counts', () => {
  const files = [
    { uid: '1', name: 'a', status: 'done' },
    { uid: '2', name: 'b', status: 'done' },
  ];
  const rows = [
    { _id: '1', values: {} },
    { _id: '2', values: {}, _removed: true },
  ];
  it.each<Row>([
    ['files: less', m('less', 2), f('image'), files, true],
    ['files: more', m('more', 3), f('file'), files, false],
    ['files: more, at the bound', m('more', 2), f('file'), files, true],
    ['files: between', m('between', [1, 2]), f('document'), files, true],
    ['files: is does not apply', m('is', 2), f('file'), files, false],
    ['files: non-list counts 0', m('less', 0), f('file'), null, true],
    ['rows: removed rows do not count', m('less', 1), f('subform'), rows, true],
    ['rows: more', m('more', 2), f('subform'), rows, false],
    ['rows: in does not apply', m('in', ['1']), f('subform'), rows, false],
  ])('%s', (_n, matcher, field, value, expected) => {
    expect(matchValue(matcher, value, field, NOW)).toBe(expected);
  });
});

/**
 * A rule the designer saved half-made (a bad bound, an empty list, a list with an unreadable
 * item) never fires, negated or not: 'not' and 'not-in' of a rule that cannot be read are
 * false too, never true. And each value and operand is read by its field's kind only.
 */
describe('a malformed rule never fires, not even negated; values read by their kind', () => {
  const range = ['2024-06-10', '2024-06-20'];
  it.each<Row>([
    // number
    ['number: not a bound that is not a number', m('not', 'abc'), f('number'), 3, false],
    ['number: in a list with an unreadable item', m('in', [1, 'a']), f('number'), 1, false],
    ['number: not-in an empty list', m('not-in', []), f('number'), 1, false],
    ['number: between with one bound unreadable', m('between', ['a', 5]), f('number'), 3, false],
    ['number: between with three bounds', m('between', [1, 5, 9]), f('number'), 3, false],
    ['number: between a negative and a positive bound, no value', m('between', [-1, 5]), f('number'), null, false],
    ['number: a blank text is no number', m('is', 0), f('number'), '   ', false],
    // switch
    ...([
      [1, true],
      ['true', true],
      ['1', true],
      [0, false],
      ['false', false],
      ['0', false],
    ] as const).map(([value, on]): Row => [`switch: ${JSON.stringify(value)} reads as ${on}`, m('is', on), f('switch'), value, true]),
    ['switch: in a scalar', m('in', 'true'), f('switch'), true, true],
    ['switch: not-in an empty list', m('not-in', []), f('switch'), true, false],
    ['switch: not-in a list with an unreadable item', m('not-in', [true, 'x']), f('switch'), false, false],
    ['switch: an unreadable value is in nothing', m('in', [true, false]), f('switch'), 'x', false],
    // text
    ['text: is is the whole text, not a part', m('is', 'b'), f('input'), 'abc', false],
    ['text: not a record', m('not', { id: 'a' }), f('input'), 'b', false],
    ['text: is a record, even with the same id', m('is', { id: 'a' }), f('input'), 'a', false],
    ['text: in a list with an empty needle', m('in', ['a', '']), f('input'), 'a', false],
    ['text: not-in a list with an empty needle', m('not-in', ['a', '']), f('input'), 'b', false],
    ['text: NaN is no text', m('is', 'NaN'), f('input'), Number.NaN, false],
    ['text: a switch value is no text', m('is', 'true'), f('input'), true, false],
    ['text without a definition: in means contains', m('in', 'b'), undefined, 'abc', true],
    // single choice
    ['choice: less has no meaning', m('less', 'a'), f('radio'), 'a', false],
    ['choice: not an empty list', m('not', []), f('radio'), 'a', false],
    ['choice: a record value is not an option key', m('is', 'a'), f('radio'), { id: 'a' }, false],
    // multiple choice
    ['choice: a number value is its key', m('is', '2'), f('radio'), 2, true],
    ['choice: an empty choice is no choice', m('in', ['']), f('select'), '', false],
    ['set: a lone value is a list of one', m('in', ['a']), f('checkbox'), 'a', true],
    ['set: is the same items, not fewer', m('is', ['a', 'b']), f('checkbox'), ['a'], false],
    ['set: is the same items, not others', m('is', ['b']), f('checkbox'), ['a'], false],
    ['set: not a list with an unreadable item', m('not', [{}]), f('checkbox'), [], false],
    ['set: not-in an empty list', m('not-in', []), f('checkbox'), ['a'], false],
    // paths
    ['path: is the whole path, not its start', m('is', ['a']), f('cascader'), ['a', 'b'], false],
    ['path: not a record', m('not', {}), f('cascader'), ['a'], false],
    ['path: less has no meaning', m('less', 'a'), f('cascader'), ['a'], false],
    ['path: not-in an empty list', m('not-in', []), f('cascader'), ['a'], false],
    ['path: a lone value is no path', m('is', 'a'), f('cascader'), 'a', false],
    ['address: a region that is not a list', m('is', 'x'), f('address'), { region: 'x' }, false],
    ['address: no value', m('is', 'x'), f('address'), null, false],
    // dates
    ['date: less is before or on', m('less', '2024-06-10'), f('date', 'day'), '2024-06-05', true],
    ['date: more is on or after', m('more', '2024-06-10'), f('date', 'day'), '2024-06-12', true],
    ['date: in a lone date', m('in', '2024-06-05'), f('date', 'day'), '2024-06-05', true],
    ['date: not-in an empty list', m('not-in', []), f('date', 'day'), '2024-06-05', false],
    ['date: in a list with an unreadable date', m('in', ['2024-06-05', 'junk']), f('date', 'day'), '2024-06-05', false],
    ['date: not-in a list with an unreadable date', m('not-in', ['2024-06-01', 'junk']), f('date', 'day'), '2024-06-05', false],
    ['date: between with one bound unreadable', m('between', ['2024-06-01', 'junk']), f('date', 'day'), '2024-06-05', false],
    ['date: a relative date needs a number', m('not', { value: '1', unit: 'day' }), f('date', 'day'), '2024-06-05', false],
    // date ranges
    ['range: a value of three dates is no range', m('in', '2024-06-03'), f('date-range'), ['2024-06-01', '2024-06-05', '2024-06-09'], false],
    ['range: is with one end unreadable', m('not', ['2024-06-10', 'junk']), f('date-range'), range, false],
    ['range: not-in an empty list', m('not-in', []), f('date-range'), range, false],
    ['range: in a list with an unreadable date', m('in', ['2024-06-15', 'junk']), f('date-range'), range, false],
  ])('%s', (_n, matcher, field, value, expected) => {
    expect(matchValue(matcher, value, field, NOW)).toBe(expected);
  });
});

describe('malformed matchers give false', () => {
  it.each<[string, unknown]>([
    ['null', null],
    ['a string', 'is'],
    ['unknown factor', { fieldId: 'f', factor: 'like', value: 'a' }],
    ['no factor', { fieldId: 'f', value: 'a' }],
  ])('%s', (_n, matcher) => {
    expect(matchValue(matcher as Matcher, 'a', f('input'), NOW)).toBe(false);
  });
});

describe('matchAll: every matcher must hold', () => {
  const ctx = recordContext({ a: 'x', n: 5, c: ['p', 'q'] }, { a: f('input'), n: f('number'), c: f('checkbox') });
  it.each<[string, unknown, boolean]>([
    ['all hold', [m('is', 'x', { fieldId: 'a' }), m('more', 5, { fieldId: 'n' })], true],
    ['one fails', [m('is', 'x', { fieldId: 'a' }), m('more', 6, { fieldId: 'n' })], false],
    ['one matcher', [m('in', ['q'], { fieldId: 'c' })], true],
    ['an empty list never holds', [], false],
    ['not a list', { fieldId: 'a' }, false],
    ['a malformed entry fails the list', [m('is', 'x', { fieldId: 'a' }), { factor: 'empty' }], false],
    ['a field nobody has is empty', [m('empty', undefined, { fieldId: 'missing' })], true],
    ['inherited keys are not fields', [m('not-empty', undefined, { fieldId: 'toString' })], false],
  ])('%s', (_n, matchers, expected) => {
    expect(matchAll(matchers, ctx, NOW)).toBe(expected);
  });

  it("a field's definition decides how its value is read", () => {
    const inText = [m('in', 'b', { fieldId: 'a' })];
    expect(matchAll(inText, recordContext({ a: 'abc' }, { a: f('input') }), NOW)).toBe(true);
    expect(matchAll(inText, recordContext({ a: 'abc' }, { a: f('checkbox') }), NOW)).toBe(false);
  });

  it('a context without definitions infers from values', () => {
    expect(matchAll([m('less', 6, { fieldId: 'n' })], recordContext({ n: 5 }), NOW)).toBe(true);
  });
});

describe('matcherFieldIds', () => {
  it.each<[unknown, string[]]>([
    [[m('is', 1, { fieldId: 'a' }), m('is', 1, { fieldId: 'b' }), m('is', 2, { fieldId: 'a' })], ['a', 'b']],
    [[null, { fieldId: 3 }, m('empty', undefined, { fieldId: 'c' })], ['c']],
    ['junk', []],
    [{ 0: m('is', 1, { fieldId: 'a' }), length: 1 }, []],
  ])('%j -> %j', (matchers, ids) => {
    expect(matcherFieldIds(matchers)).toEqual(ids);
  });
});

describe('valuesEqual', () => {
  it.each<[unknown, unknown, boolean]>([
    [1, 1, true],
    [Number.NaN, Number.NaN, true],
    ['a', 'b', false],
    [null, undefined, false],
    [[1, [2, { a: 3 }]], [1, [2, { a: 3 }]], true],
    [[1, 2], [1, 2, 3], false],
    [{ a: 1 }, { a: 1, b: undefined }, false],
    [{ a: 1, b: 2 }, { b: 2, a: 1 }, true],
    [{ a: 1 }, { b: 1 }, false],
    [[1], { 0: 1 }, false],
    [new Date(5), new Date(5), true],
    [new Date(5), new Date(6), false],
    [new Date(5), 5, false],
    [dayjs(5), dayjs(5), true],
    [dayjs(5), new Date(5), false],
    [{}, null, false],
    ['', {}, false],
    [new Date(5), {}, false],
    [dayjs(5), { ...dayjs(5) }, false],
    [[1, 2], [1, 3], false],
  ])('%j vs %j', (a, b, eq) => {
    expect(valuesEqual(a, b)).toBe(eq);
    expect(valuesEqual(b, a)).toBe(eq);
  });

  it('stops at depth on a cyclic value instead of recursing forever', () => {
    const a: Record<string, unknown> = {};
    a.self = a;
    const b: Record<string, unknown> = {};
    b.self = b;
    expect(valuesEqual(a, b)).toBe(false);
    expect(valuesEqual(a, a)).toBe(true);
    const list: unknown[] = [];
    list.push(list);
    const other: unknown[] = [];
    other.push(other);
    expect(valuesEqual(list, other)).toBe(false);
  });

  it('compares 64 levels deep, and by reference below that', () => {
    const nest = (levels: number): unknown => (levels === 0 ? {} : [nest(levels - 1)]);
    expect(valuesEqual(nest(64), nest(64))).toBe(true);
    expect(valuesEqual(nest(65), nest(65))).toBe(false);
  });
});

describe('properties', () => {
  const anyField = fc.option(
    fc.record({ type: fc.constantFrom(...FIELD_TYPES), mode: fc.option(fc.constantFrom('year', 'month', 'day', 'Date', 'DateTime', 'second'), { nil: undefined }) }),
    { nil: undefined },
  );
  const anyMatcher = fc.record({
    fieldId: fc.string(),
    factor: fc.oneof(fc.constantFrom(...MATCHER_FACTORS), fc.string()),
    value: fc.anything(),
    relative: fc.option(fc.anything(), { nil: undefined }),
  });

  it('never throws and always answers a boolean on arbitrary input', () => {
    fc.assert(
      fc.property(anyMatcher, fc.anything(), anyField, (matcher, value, field) => {
        const r = matchValue(matcher as Matcher, value, field as MatchField | undefined, NOW);
        expect(typeof r).toBe('boolean');
      }),
    );
  });

  it('empty and not-empty are complements', () => {
    fc.assert(
      fc.property(fc.anything(), anyField, (value, field) => {
        const mf = field as MatchField | undefined;
        expect(matchValue(m('empty'), value, mf, NOW)).toBe(!matchValue(m('not-empty'), value, mf, NOW));
      }),
    );
  });

  it('numbers: less n and more n both hold only at n; between [a, b] is a <= v <= b', () => {
    const num = fc.double({ noNaN: true, noDefaultInfinity: true });
    fc.assert(
      fc.property(num, num, num, (v, a, b) => {
        const less = matchValue(m('less', a), v, f('number'), NOW);
        const more = matchValue(m('more', a), v, f('number'), NOW);
        expect(less).toBe(v <= a);
        expect(more).toBe(v >= a);
        expect(less && more).toBe(v === a);
        expect(matchValue(m('between', [a, b]), v, f('number'), NOW)).toBe(v >= Math.min(a, b) && v <= Math.max(a, b));
      }),
    );
  });

  it('text: a value always contains any of its own substrings', () => {
    fc.assert(
      fc.property(fc.string(), fc.nat(), fc.nat(), (s, i, j) => {
        const needle = s.slice(Math.min(i, j), Math.max(i, j));
        fc.pre(needle !== '');
        expect(matchValue(m('in', needle), s, f('input'), NOW)).toBe(true);
        expect(matchValue(m('not-in', needle), s, f('input'), NOW)).toBe(false);
      }),
    );
  });

  it('multiple choice: in is true exactly when the lists share a value', () => {
    const keys = fc.array(fc.constantFrom('a', 'b', 'c', 'd'), { maxLength: 4 });
    fc.assert(
      fc.property(keys, keys, (value, list) => {
        fc.pre(list.length > 0);
        expect(matchValue(m('in', list), value, f('checkbox'), NOW)).toBe(value.some((v) => list.includes(v)));
      }),
    );
  });
});

describe('a factor a category does not define is no rule: false, never another factor’s verdict', () => {
  // Each operand is one that the category's own `in` (or `is`) would match, so a factor
  // read as another one would show here as true.
  const rows: Row[] = [
    ['text less', m('less', 'a'), f('input'), 'abc', false],
    ['text more', m('more', ['a']), f('textarea'), 'abc', false],
    ['text between', m('between', ['a', 'b']), f('input'), 'a', false],
    ['boolean less', m('less', true), f('switch'), true, false],
    ['boolean more', m('more', [true]), f('switch'), true, false],
    ['boolean between', m('between', [false, true]), f('switch'), true, false],
    ['choice less', m('less', ['a']), f('select'), 'a', false],
    ['choice between', m('between', ['a', 'b']), f('radio'), 'a', false],
    ['file count is', m('is', 1), f('file'), [{ uid: '1', name: 'a.txt' }], false],
    ['image count in', m('in', [1]), f('image'), [{ uid: '1', name: 'a.png' }], false],
    ['subform rows is', m('is', 1), f('subform'), [{ id: 'r1' }], false],
    ['unknown factor', { fieldId: 'f', factor: 'like' as MatcherFactor, value: 'a' }, f('input'), 'a', false],
  ];
  it.each(rows)('%s', (_name, matcher, field, value, expected) => {
    expect(matchValue(matcher, value, field, NOW)).toBe(expected);
  });

  it('the same values under the defined factor do match (the rows above are not false for another reason)', () => {
    expect(matchValue(m('in', ['a']), 'abc', f('input'), NOW)).toBe(true);
    expect(matchValue(m('is', true), true, f('switch'), NOW)).toBe(true);
    expect(matchValue(m('in', ['a']), 'a', f('select'), NOW)).toBe(true);
    expect(matchValue(m('more', 0), [{ uid: '1', name: 'a.txt' }], f('file'), NOW)).toBe(true);
    expect(matchValue(m('between', [1, 1]), [{ id: 'r1' }], f('subform'), NOW)).toBe(true);
  });
});
