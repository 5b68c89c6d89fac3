import dayjs, { type Dayjs } from 'dayjs';
import { datePrecisionOf, parseDateValue, type DatePrecision } from './dateFormats';
import { activeRows, isEmptyValue, isFieldType } from './fields';
import {
  RELATIVE_DATE_UNITS,
  type FieldDefinition,
  type FieldType,
  type Matcher,
  type RelativeDate,
} from './types';
import { isRecord, own } from '../shared/guards';

/**
 * Matchers of form rules (SPEC point 5 "Matcher factors").
 *
 * Decisions where the spec is silent, one place each:
 * - A matcher list holds when ALL its matchers hold (no any-mode: the designer's
 *   interceptor has one list and types.ts documents it as "all"). An empty list never
 *   holds: a rule without a condition is a misconfiguration, not "always".
 * - Bad input never throws and never matches: a matcher whose own value cannot be
 *   read (a `less` without a number, an `in` without a list) is false for every factor,
 *   negated ones included. A field value that cannot be read counts as "no value":
 *   `is` is false and `not` is true for it.
 * - Option values compare as text, so 1 and '1' are the same option.
 * - Text: `is` is exact equality, `in` is "contains" (case-sensitive); with a list of
 *   needles `in` means "contains any of them". less / more / between do not apply.
 * - Number: less is at most (<=), more is at least (>=), between is inclusive and
 *   order-insensitive ([10, 1] is the same as [1, 10]).
 * - Single choice (radio, select): `is` and `in` both mean "the value is one of the
 *   listed values" (designers store single values as one-element lists too).
 * - Multiple choice (checkbox, multiselect) and picker: `is` is the same set,
 *   `in` is any overlap, `not-in` is no overlap.
 * - Cascader and address region: `is` is the same path (or, with a single value, the
 *   same last level); `in` means the path passes through one of the listed values,
 *   so "in province X" matches every city of X.
 * - Date: compared at the field's precision (year, month, day, minute, second from
 *   its mode). A compared value may be relative: `{ value, unit }` with unit day,
 *   week, month or year, counted from `now` (negative is the past).
 * - Date range: `in` means the range contains the date; less means the range ends
 *   at most at the date; more means it starts at least at it; between means the
 *   range lies inside the bounds; `is` compares both ends with a pair.
 * - Lists (checkbox, multiselect, picker, files, subform rows): less / more / between
 *   compare the number of items (subform: rows not removed).
 * - Switch: `is` / `not` compare booleans (true, 'true', 1, '1' are on).
 */

/** The instant relative dates are counted from. Always passed in, never read from the clock. */
export type Now = Date | number | Dayjs;

/** What a matcher needs to know about the field it reads. */
export type MatchField = Pick<FieldDefinition, 'type' | 'mode'>;

/** null: the matcher itself cannot be evaluated, so every factor is false. */
type Verdict = boolean | null;

type Category =
  | 'text'
  | 'number'
  | 'boolean'
  | 'date'
  | 'date-range'
  | 'choice'
  | 'set'
  | 'path'
  | 'address'
  | 'files'
  | 'rows';

const CATEGORY_BY_TYPE: Readonly<Record<FieldType, Category>> = Object.freeze({
  input: 'text',
  textarea: 'text',
  number: 'number',
  switch: 'boolean',
  date: 'date',
  'date-range': 'date-range',
  radio: 'choice',
  select: 'choice',
  checkbox: 'set',
  multiselect: 'set',
  picker: 'set',
  cascader: 'path',
  address: 'address',
  image: 'files',
  file: 'files',
  document: 'files',
  subform: 'rows',
});


/** A matcher on a field the definition does not describe reads the value's own shape. */
const inferCategory = (value: unknown): Category => {
  if (typeof value === 'number') return 'number';
  if (typeof value === 'boolean') return 'boolean';
  if (Array.isArray(value)) return 'set';
  return 'text';
};

const categoryOf = (field: MatchField | undefined, value: unknown): Category =>
  isRecord(field) && isFieldType(field.type) ? CATEGORY_BY_TYPE[field.type] : inferCategory(value);

const negate = (v: Verdict): Verdict => (v === null ? null : !v);

// ---------------------------------------------------------------------------
// Value readers
// ---------------------------------------------------------------------------

const toNumber = (v: unknown): number | null => {
  if (typeof v === 'number') return Number.isFinite(v) ? v : null;
  if (typeof v === 'string' && v.trim() !== '') {
    const n = Number(v);
    return Number.isFinite(n) ? n : null;
  }
  return null;
};

const toBoolean = (v: unknown): boolean | null => {
  if (v === true || v === 1 || v === 'true' || v === '1') return true;
  if (v === false || v === 0 || v === 'false' || v === '0') return false;
  return null;
};

/** An option-like value as comparable text: strings, finite numbers, or a record's id / value. */
const toKey = (v: unknown): string | null => {
  if (typeof v === 'string') return v;
  if (typeof v === 'number') return Number.isFinite(v) ? String(v) : null;
  if (isRecord(v)) return toKey(v.id ?? v.value);
  return null;
};

/** The keys of a list value; a lone scalar is a one-item list. Unreadable items are dropped. */
const toKeys = (v: unknown): string[] => {
  const list = Array.isArray(v) ? v : v === null || v === undefined ? [] : [v];
  const out: string[] = [];
  for (const item of list) {
    const k = toKey(item);
    if (k !== null) out.push(k);
  }
  return out;
};

/** A matcher's compared list: null when it is missing or any item is unreadable. */
const matcherKeys = (v: unknown): string[] | null => {
  if (v === null || v === undefined) return null;
  const list = Array.isArray(v) ? v : [v];
  const keys = toKeys(list);
  return keys.length === list.length ? keys : null;
};

const matcherPair = (v: unknown): [unknown, unknown] | null =>
  Array.isArray(v) && v.length === 2 ? [v[0], v[1]] : null;

const isRelativeDate = (v: unknown): v is RelativeDate =>
  isRecord(v) &&
  typeof v.value === 'number' &&
  Number.isFinite(v.value) &&
  typeof v.unit === 'string' &&
  (RELATIVE_DATE_UNITS as readonly string[]).includes(v.unit);

const nowOf = (now: Now): Dayjs | null => parseDateValue(now);

/** A compared date: a relative date counted from now, or an absolute date value. */
const toMatcherDate = (v: unknown, now: Now): Dayjs | null => {
  if (isRelativeDate(v)) {
    const base = nowOf(now);
    return base ? base.add(v.value, v.unit) : null;
  }
  return parseDateValue(v);
};

/** `relative` wins over `value` when both are set: the designer switched the matcher to relative. */
const matcherOperand = (m: Matcher): unknown => (m.relative !== undefined ? m.relative : m.value);

// ---------------------------------------------------------------------------
// Comparisons by category
// ---------------------------------------------------------------------------

const compareNumbers = (factor: string, v: number | null, operand: unknown): Verdict => {
  if (factor === 'between') {
    const pair = matcherPair(operand);
    const lo = pair ? toNumber(pair[0]) : null;
    const hi = pair ? toNumber(pair[1]) : null;
    if (lo === null || hi === null) return null;
    return v !== null && v >= Math.min(lo, hi) && v <= Math.max(lo, hi);
  }
  if (factor === 'in') {
    const list = Array.isArray(operand) ? operand.map(toNumber) : [toNumber(operand)];
    if (list.length === 0 || list.some((n) => n === null)) return null;
    return v !== null && list.includes(v);
  }
  const m = toNumber(operand);
  if (m === null) return null;
  if (v === null) return false;
  if (factor === 'is') return v === m;
  if (factor === 'less') return v <= m;
  return v >= m; // more
};

const compareDates = (factor: string, v: Dayjs | null, operand: unknown, unit: DatePrecision, now: Now): Verdict => {
  if (factor === 'between') {
    const pair = matcherPair(operand);
    const a = pair ? toMatcherDate(pair[0], now) : null;
    const b = pair ? toMatcherDate(pair[1], now) : null;
    if (!a || !b) return null;
    const [lo, hi] = a.isAfter(b) ? [b, a] : [a, b];
    return v !== null && !v.isBefore(lo, unit) && !v.isAfter(hi, unit);
  }
  if (factor === 'in') {
    const list = (Array.isArray(operand) ? operand : [operand]).map((d) => toMatcherDate(d, now));
    if (list.length === 0 || list.some((d) => d === null)) return null;
    return v !== null && list.some((d) => v.isSame(d as Dayjs, unit));
  }
  const m = toMatcherDate(operand, now);
  if (!m) return null;
  if (!v) return false;
  if (factor === 'is') return v.isSame(m, unit);
  if (factor === 'less') return !v.isAfter(m, unit);
  return !v.isBefore(m, unit); // more
};

const readRange = (v: unknown): [Dayjs, Dayjs] | null => {
  if (!Array.isArray(v) || v.length !== 2) return null;
  const a = parseDateValue(v[0]);
  const b = parseDateValue(v[1]);
  return a && b ? [a, b] : null;
};

const compareRange = (factor: string, range: [Dayjs, Dayjs] | null, operand: unknown, unit: DatePrecision, now: Now): Verdict => {
  if (factor === 'is' || factor === 'between') {
    const pair = matcherPair(operand);
    const a = pair ? toMatcherDate(pair[0], now) : null;
    const b = pair ? toMatcherDate(pair[1], now) : null;
    if (!a || !b) return null;
    if (!range) return false;
    if (factor === 'is') return range[0].isSame(a, unit) && range[1].isSame(b, unit);
    const [lo, hi] = a.isAfter(b) ? [b, a] : [a, b];
    return !range[0].isBefore(lo, unit) && !range[1].isAfter(hi, unit);
  }
  if (factor === 'in') {
    const list = (Array.isArray(operand) ? operand : [operand]).map((d) => toMatcherDate(d, now));
    if (list.length === 0 || list.some((d) => d === null)) return null;
    if (!range) return false;
    return list.some((d) => !(d as Dayjs).isBefore(range[0], unit) && !(d as Dayjs).isAfter(range[1], unit));
  }
  const m = toMatcherDate(operand, now);
  if (!m) return null;
  if (!range) return false;
  if (factor === 'less') return !range[1].isAfter(m, unit);
  return !range[0].isBefore(m, unit); // more
};

const compareText = (factor: string, value: unknown, operand: unknown): Verdict => {
  const text = typeof value === 'string' ? value : typeof value === 'number' && Number.isFinite(value) ? String(value) : '';
  if (factor === 'is') {
    const m = typeof operand === 'string' || typeof operand === 'number' ? toKey(operand) : null;
    return m === null ? null : text === m;
  }
  if (factor === 'in') {
    const needles = matcherKeys(operand);
    // An empty needle is contained in everything: a designer who saved nothing meant no rule.
    if (!needles || needles.length === 0 || needles.some((n) => n === '')) return null;
    return needles.some((n) => text.includes(n));
  }
  return null;
};

const compareBoolean = (factor: string, value: unknown, operand: unknown): Verdict => {
  const v = toBoolean(value);
  if (factor === 'is') {
    const m = toBoolean(operand);
    return m === null ? null : v === m;
  }
  if (factor === 'in') {
    const list = (Array.isArray(operand) ? operand : [operand]).map(toBoolean);
    if (list.length === 0 || list.some((b) => b === null)) return null;
    return v !== null && list.includes(v);
  }
  return null;
};

const compareChoice = (factor: string, value: unknown, operand: unknown): Verdict => {
  if (factor !== 'is' && factor !== 'in') return null;
  const list = matcherKeys(operand);
  if (!list || list.length === 0) return null;
  const v = typeof value === 'string' || typeof value === 'number' ? toKey(value) : null;
  return v !== null && v !== '' && list.includes(v);
};

const compareCount = (factor: string, count: number, operand: unknown): Verdict =>
  factor === 'less' || factor === 'more' || factor === 'between' ? compareNumbers(factor, count, operand) : null;

const compareSet = (factor: string, value: unknown, operand: unknown): Verdict => {
  const items = toKeys(value);
  if (factor === 'is') {
    // An empty list is allowed here: "is []" means nothing is chosen.
    const list = matcherKeys(operand);
    if (!list) return null;
    const a = new Set(items);
    const b = new Set(list);
    return a.size === b.size && [...a].every((k) => b.has(k));
  }
  if (factor === 'in') {
    const list = matcherKeys(operand);
    if (!list || list.length === 0) return null;
    return items.some((k) => list.includes(k));
  }
  return compareCount(factor, Array.isArray(value) ? value.length : 0, operand);
};

const comparePath = (factor: string, path: string[], operand: unknown): Verdict => {
  if (factor === 'is') {
    if (Array.isArray(operand)) {
      const list = matcherKeys(operand);
      if (!list || list.length === 0) return null;
      return list.length === path.length && list.every((k, i) => path[i] === k);
    }
    const m = toKey(operand);
    return m === null ? null : path.length > 0 && path[path.length - 1] === m;
  }
  if (factor === 'in') {
    const list = matcherKeys(operand);
    if (!list || list.length === 0) return null;
    return path.some((k) => list.includes(k));
  }
  return null;
};

/** The positive verdict of a factor; `not` and `not-in` are its negations. */
const positive = (factor: string, category: Category, value: unknown, operand: unknown, field: MatchField | undefined, now: Now): Verdict => {
  switch (category) {
    case 'text':
      return compareText(factor, value, operand);
    case 'number':
      return compareNumbers(factor, toNumber(value), operand);
    case 'boolean':
      return compareBoolean(factor, value, operand);
    case 'date':
      return compareDates(factor, parseDateValue(value), operand, datePrecisionOf(field?.mode), now);
    case 'date-range':
      return compareRange(factor, readRange(value), operand, datePrecisionOf(field?.mode), now);
    case 'choice':
      return compareChoice(factor, value, operand);
    case 'set':
      return compareSet(factor, value, operand);
    case 'path':
      return comparePath(factor, toKeys(Array.isArray(value) ? value : []), operand);
    case 'address':
      return comparePath(factor, toKeys(isRecord(value) && Array.isArray(value.region) ? value.region : []), operand);
    case 'files':
      return compareCount(factor, Array.isArray(value) ? value.length : 0, operand);
    case 'rows':
      return compareCount(factor, activeRows(value).length, operand);
  }
};

/**
 * "Not filled", by the same rule as the required check when the field type is known
 * (so `empty` and the required message never disagree); by the value's shape otherwise.
 */
export const isEmptyForMatch = (value: unknown, field?: MatchField): boolean => {
  if (isRecord(field) && isFieldType(field.type)) return isEmptyValue(field.type, value);
  if (value === null || value === undefined) return true;
  if (typeof value === 'string') return value.trim() === '';
  if (typeof value === 'number') return !Number.isFinite(value);
  if (Array.isArray(value)) return value.length === 0;
  if (isRecord(value)) return Object.keys(value).length === 0;
  return false;
};

/** One matcher against one field's value. Total: bad input gives false. */
export const matchValue = (matcher: Matcher, value: unknown, field: MatchField | undefined, now: Now): boolean => {
  if (!isRecord(matcher)) return false;
  const factor = matcher.factor as unknown;
  if (factor === 'empty') return isEmptyForMatch(value, field);
  if (factor === 'not-empty') return !isEmptyForMatch(value, field);
  const category = categoryOf(field, value);
  const operand = matcherOperand(matcher);
  let verdict: Verdict;
  switch (factor) {
    case 'is':
    case 'in':
    case 'less':
    case 'more':
    case 'between':
      verdict = positive(factor, category, value, operand, field, now);
      break;
    case 'not':
      verdict = negate(positive('is', category, value, operand, field, now));
      break;
    case 'not-in':
      verdict = negate(positive('in', category, value, operand, field, now));
      break;
    default:
      verdict = null;
  }
  return verdict === true;
};

/** Where a matcher list reads field values and field definitions. */
export interface MatchContext {
  valueOf(fieldId: string): unknown;
  fieldOf(fieldId: string): MatchField | undefined;
}


/** A context over plain records of values and field definitions by id. */
export const recordContext = (
  values: Readonly<Record<string, unknown>>,
  fields: Readonly<Record<string, MatchField | undefined>> = {},
): MatchContext => ({
  valueOf: (id) => own(values, id),
  fieldOf: (id) => own(fields, id),
});

/** All matchers hold. An empty or malformed list does not hold (see the decisions above). */
export const matchAll = (matchers: unknown, context: MatchContext, now: Now): boolean => {
  if (!Array.isArray(matchers) || matchers.length === 0) return false;
  return matchers.every((m: unknown) => {
    if (!isRecord(m) || typeof m.fieldId !== 'string') return false;
    return matchValue(m as unknown as Matcher, context.valueOf(m.fieldId), context.fieldOf(m.fieldId), now);
  });
};

/** The field ids a matcher list reads: an interceptor watches exactly these. */
export const matcherFieldIds = (matchers: unknown): string[] => {
  if (!Array.isArray(matchers)) return [];
  const ids: string[] = [];
  for (const m of matchers) {
    if (isRecord(m) && typeof m.fieldId === 'string' && !ids.includes(m.fieldId)) ids.push(m.fieldId);
  }
  return ids;
};

/**
 * Structural equality of plain form values (JSON-like data, Dates by instant).
 * Deeper than 64 levels compares by reference so a cyclic value cannot recurse forever.
 */
export const valuesEqual = (a: unknown, b: unknown, depth = 0): boolean => {
  if (Object.is(a, b)) return true;
  if (depth > 64 || typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (a instanceof Date || b instanceof Date) {
    return a instanceof Date && b instanceof Date && Object.is(a.getTime(), b.getTime());
  }
  if (dayjs.isDayjs(a) || dayjs.isDayjs(b)) {
    return dayjs.isDayjs(a) && dayjs.isDayjs(b) && Object.is(a.valueOf(), b.valueOf());
  }
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a) && Array.isArray(b)) {
    return a.length === b.length && a.every((x, i) => valuesEqual(x, b[i], depth + 1));
  }
  const ra = a as Record<string, unknown>;
  const rb = b as Record<string, unknown>;
  const ka = Object.keys(ra);
  const kb = Object.keys(rb);
  return ka.length === kb.length && ka.every((k) => Object.prototype.hasOwnProperty.call(rb, k) && valuesEqual(ra[k], rb[k], depth + 1));
};
