import dayjs, { type Dayjs, type ManipulateType } from 'dayjs';
import { HttpError } from '../module';
import { isRecord } from './http';
import {
  fieldKey,
  walkFields,
  type FieldDefinition,
  type FormDefinition,
  type Matcher,
  type Option,
  type RelativeDate,
} from './forms/schema';
import type { FieldLimit, SubmittedField, SubmittedFormData } from './types';

/**
 * Submitted form data (SPEC point 3: code, mainTable {id, fields [{id, key, value}]},
 * subTable [{id, subDatas [{id, fields, type}]}]) as the engine reads it: values by
 * field id and identifier, required-field checks with the form's rules applied, and
 * the precis of a run. Row type 3 means removed (the client's ROW_TYPE).
 */

const ROW_REMOVED = 3;

function readFields(raw: unknown): SubmittedField[] {
  if (!Array.isArray(raw)) throw new HttpError(400, '表单数据格式不正确');
  return raw.map((f) => {
    if (!isRecord(f)) throw new HttpError(400, '表单数据格式不正确');
    const id = typeof f.id === 'string' ? f.id : '';
    const key = typeof f.key === 'string' ? f.key : id;
    if (id === '' && key === '') throw new HttpError(400, '表单数据格式不正确');
    return { id: id === '' ? key : id, key, value: f.value === undefined ? null : f.value };
  });
}

/**
 * Form data from a request: the object, its JSON text, or a plain map of values by
 * field id (lax clients and event-config calls send that). Null when absent.
 */
export function readFormData(raw: unknown, code = ''): SubmittedFormData | null {
  if (raw === undefined || raw === null || raw === '') return null;
  let data: unknown = raw;
  if (typeof raw === 'string') {
    try {
      data = JSON.parse(raw) as unknown;
    } catch {
      throw new HttpError(400, '表单数据格式不正确');
    }
  }
  if (!isRecord(data)) throw new HttpError(400, '表单数据格式不正确');
  if (!('mainTable' in data) && !('subTable' in data)) {
    const fields = Object.entries(data)
      .filter(([k]) => k !== 'code')
      .map(([k, v]) => ({ id: k, key: k, value: v === undefined ? null : v }));
    return { code: typeof data.code === 'string' ? data.code : code, mainTable: { id: '', fields }, subTable: [] };
  }
  const main = data.mainTable === undefined || data.mainTable === null ? { fields: [] } : data.mainTable;
  if (!isRecord(main)) throw new HttpError(400, '表单数据格式不正确');
  const subRaw = data.subTable ?? [];
  if (!Array.isArray(subRaw)) throw new HttpError(400, '表单数据格式不正确');
  const subTable = subRaw.map((t) => {
    if (!isRecord(t) || typeof t.id !== 'string') throw new HttpError(400, '表单数据格式不正确');
    const rows = t.subDatas ?? [];
    if (!Array.isArray(rows)) throw new HttpError(400, '表单数据格式不正确');
    return {
      id: t.id,
      subDatas: rows.map((r) => {
        if (!isRecord(r)) throw new HttpError(400, '表单数据格式不正确');
        const id = typeof r.id === 'string' || typeof r.id === 'number' ? String(r.id) : '';
        return { id, fields: readFields(r.fields ?? []), type: typeof r.type === 'number' ? r.type : 1 };
      }),
    };
  });
  return {
    code: typeof data.code === 'string' && data.code !== '' ? data.code : code,
    mainTable: { id: typeof main.id === 'string' ? main.id : '', fields: readFields(main.fields ?? []) },
    subTable,
  };
}

/** The data as a run keeps it: removed rows dropped, every row saved (type 0) with an id. */
export function storedFormData(data: SubmittedFormData, newId: () => string): SubmittedFormData {
  return {
    code: data.code,
    mainTable: { id: data.mainTable.id, fields: data.mainTable.fields.map((f) => ({ ...f })) },
    subTable: data.subTable.map((t) => ({
      id: t.id,
      subDatas: t.subDatas
        .filter((r) => r.type !== ROW_REMOVED)
        .map((r) => ({ id: r.id === '' ? newId() : r.id, fields: r.fields.map((f) => ({ ...f })), type: 0 })),
    })),
  };
}

/** Replaces the given main-table fields of `base` with those of `patch` (an approver's editable fields). */
export function mergeFields(base: SubmittedFormData, patch: SubmittedFormData, fieldIds: readonly string[], form: FormDefinition | null): SubmittedFormData {
  const defs = form ? walkFields(form.fields).map((w) => w.field) : [];
  const out = structuredClone(base);
  for (const id of fieldIds) {
    const def = defs.find((d) => d.id === id);
    const key = def ? fieldKey(def) : id;
    const incoming = patch.mainTable.fields.find((f) => f.id === id || f.key === key);
    if (!incoming) continue;
    const existing = out.mainTable.fields.find((f) => f.id === id || f.key === key);
    if (existing) existing.value = incoming.value;
    else out.mainTable.fields.push({ id, key, value: incoming.value });
  }
  return out;
}

export type Values = Record<string, unknown>;

/** Values by field id and by identifier; a subform's value is its rows (maps of the same kind). */
export function valuesOf(data: SubmittedFormData | null, form: FormDefinition | null): Values {
  const values: Values = {};
  if (!data) return values;
  for (const f of data.mainTable.fields) {
    if (f.key !== '') values[f.key] = f.value;
    values[f.id] = f.value;
  }
  for (const t of data.subTable) {
    const rows = t.subDatas
      .filter((r) => r.type !== ROW_REMOVED)
      .map((r) => {
        const row: Values = {};
        for (const f of r.fields) {
          if (f.key !== '') row[f.key] = f.value;
          row[f.id] = f.value;
        }
        return row;
      });
    values[t.id] = rows;
    const def = form ? walkFields(form.fields).find((w) => w.field.id === t.id || w.field.identifier === t.id) : undefined;
    if (def) {
      values[def.field.id] = rows;
      values[fieldKey(def.field)] = rows;
    }
  }
  return values;
}

export function isEmptyValue(v: unknown): boolean {
  if (v === undefined || v === null) return true;
  if (typeof v === 'string') return v.trim() === '';
  if (Array.isArray(v)) return v.length === 0 || v.every((x) => x === null || x === '');
  if (isRecord(v)) {
    if (Array.isArray(v.region)) return v.region.length === 0 && (typeof v.street !== 'string' || v.street.trim() === '');
    return Object.keys(v).length === 0;
  }
  return false;
}

// ---------------------------------------------------------------------------
// Matchers (SPEC point 5), the same reading as the client's domain/forms/matchers.ts
// ---------------------------------------------------------------------------

const toNumber = (v: unknown): number | null => {
  if (typeof v === 'number') return Number.isFinite(v) ? v : null;
  if (typeof v === 'string' && v.trim() !== '' && Number.isFinite(Number(v))) return Number(v);
  return null;
};

const toBool = (v: unknown): boolean | null => {
  if (v === true || v === 1 || v === 'true' || v === '1') return true;
  if (v === false || v === 0 || v === 'false' || v === '0') return false;
  return null;
};

const toKey = (v: unknown): string | null => {
  if (typeof v === 'string') return v;
  if (typeof v === 'number') return String(v);
  if (isRecord(v)) return toKey(v.id ?? v.value ?? v.code);
  return null;
};

const toKeys = (v: unknown): string[] =>
  (Array.isArray(v) ? v : v === null || v === undefined ? [] : [v]).map(toKey).filter((k): k is string => k !== null);

const PRECISION: Record<string, 'year' | 'month' | 'day' | 'minute'> = { year: 'year', month: 'month', day: 'day', Date: 'day', DateTime: 'minute' };

const toDate = (v: unknown): Dayjs | null => {
  if (typeof v !== 'string' && typeof v !== 'number') return null;
  const d = dayjs(v);
  return d.isValid() ? d : null;
};

const relativeDate = (r: RelativeDate, now: Date): Dayjs => dayjs(now).add(r.value, r.unit as ManipulateType);

function compareDates(m: Matcher, field: FieldDefinition, value: unknown, now: Date): boolean {
  const unit = PRECISION[field.mode ?? 'day'] ?? 'day';
  const v = toDate(value);
  if (!v) return m.factor === 'empty' ? true : false;
  const at = (x: unknown): number | null => {
    const d = isRecord(x) && typeof x.value === 'number' && typeof x.unit === 'string' ? relativeDate(x as RelativeDate, now) : toDate(x);
    return d ? d.startOf(unit).valueOf() : null;
  };
  const mine = v.startOf(unit).valueOf();
  const compared = m.relative ?? m.value;
  if (m.factor === 'between') {
    const pair = Array.isArray(compared) && compared.length === 2 ? compared.map(at) : null;
    if (!pair || pair[0] === null || pair[1] === null) return false;
    const [a, b] = [Math.min(pair[0]!, pair[1]!), Math.max(pair[0]!, pair[1]!)];
    return mine >= a && mine <= b;
  }
  const other = at(compared);
  if (other === null) return false;
  switch (m.factor) {
    case 'less':
      return mine <= other;
    case 'more':
      return mine >= other;
    case 'is':
      return mine === other;
    case 'not':
      return mine !== other;
    default:
      return false;
  }
}

function countOf(value: unknown): number {
  return Array.isArray(value) ? value.length : isEmptyValue(value) ? 0 : 1;
}

function compareNumbers(factor: Matcher['factor'], n: number | null, mv: unknown): boolean {
  if (factor === 'between') {
    const pair = Array.isArray(mv) && mv.length === 2 ? mv.map(toNumber) : null;
    if (n === null || !pair || pair[0] === null || pair[1] === null) return false;
    return n >= Math.min(pair[0]!, pair[1]!) && n <= Math.max(pair[0]!, pair[1]!);
  }
  const other = toNumber(mv);
  if (n === null || other === null) return factor === 'not';
  if (factor === 'less') return n <= other;
  if (factor === 'more') return n >= other;
  if (factor === 'is') return n === other;
  if (factor === 'not') return n !== other;
  if (factor === 'in') return toKeys(mv).includes(String(n));
  if (factor === 'not-in') return !toKeys(mv).includes(String(n));
  return false;
}

/** Whether one matcher holds for the form's values at `now`. */
export function matcherHolds(m: Matcher, field: FieldDefinition | undefined, values: Values, now: Date): boolean {
  const value = values[m.fieldId];
  if (m.factor === 'empty') return isEmptyValue(value);
  if (m.factor === 'not-empty') return !isEmptyValue(value);
  const type = field?.type ?? (typeof value === 'number' ? 'number' : typeof value === 'boolean' ? 'switch' : Array.isArray(value) ? 'checkbox' : 'input');
  switch (type) {
    case 'number':
      return compareNumbers(m.factor, toNumber(value), m.value);
    case 'switch': {
      const mine = toBool(value) ?? false;
      const other = toBool(m.value);
      if (other === null) return false;
      if (m.factor === 'is') return mine === other;
      if (m.factor === 'not') return mine !== other;
      return false;
    }
    case 'date':
      return field ? compareDates(m, field, value, now) : false;
    case 'radio':
    case 'select': {
      const mine = toKey(value);
      const listed = toKeys(m.value);
      const hit = mine !== null && listed.includes(mine);
      if (m.factor === 'is' || m.factor === 'in') return hit;
      if (m.factor === 'not' || m.factor === 'not-in') return !hit;
      return false;
    }
    case 'checkbox':
    case 'multiselect':
    case 'picker': {
      const mine = toKeys(value);
      const listed = toKeys(m.value);
      const same = mine.length === listed.length && mine.every((k) => listed.includes(k));
      const overlap = mine.some((k) => listed.includes(k));
      if (m.factor === 'is') return same;
      if (m.factor === 'not') return !same;
      if (m.factor === 'in') return overlap;
      if (m.factor === 'not-in') return !overlap;
      return compareNumbers(m.factor, mine.length, m.value);
    }
    case 'cascader':
    case 'address': {
      const path = toKeys(isRecord(value) ? value.region : value);
      const listed = toKeys(m.value);
      // A single value names the last level; a list names the whole path.
      const same = Array.isArray(m.value) ? listed.length === path.length && listed.every((k, i) => path[i] === k) : path.length > 0 && path[path.length - 1] === listed[0];
      const through = path.some((k) => listed.includes(k));
      if (m.factor === 'is') return same;
      if (m.factor === 'not') return !same;
      if (m.factor === 'in') return through;
      if (m.factor === 'not-in') return !through;
      return false;
    }
    case 'image':
    case 'file':
    case 'document':
    case 'subform':
      return compareNumbers(m.factor, countOf(value), m.value);
    case 'date-range': {
      if (!Array.isArray(value) || value.length !== 2) return false;
      const [a, b] = [toDate(value[0]), toDate(value[1])];
      const d = toDate(m.value);
      if (!a || !b || !d) return false;
      if (m.factor === 'in') return !d.isBefore(a) && !d.isAfter(b);
      if (m.factor === 'not-in') return d.isBefore(a) || d.isAfter(b);
      if (m.factor === 'less') return !b.isAfter(d);
      if (m.factor === 'more') return !a.isBefore(d);
      return false;
    }
    default: {
      const text = typeof value === 'string' ? value : value === null || value === undefined ? '' : String(value);
      const needles = toKeys(m.value);
      if (m.factor === 'is') return needles.length === 1 && text === needles[0];
      if (m.factor === 'not') return !(needles.length === 1 && text === needles[0]);
      if (m.factor === 'in') return needles.some((n) => text.includes(n));
      if (m.factor === 'not-in') return !needles.some((n) => text.includes(n));
      return false;
    }
  }
}

// ---------------------------------------------------------------------------
// Field states and required checks
// ---------------------------------------------------------------------------

export interface FieldStateLite {
  field: FieldDefinition;
  visible: boolean;
  required: boolean;
}

/**
 * Visibility and requiredness of every value field once the interceptors whose
 * matchers hold are applied (in order), then the node's field limits. This is the
 * steady state the client reaches after rules fire on change.
 */
export function fieldStates(form: FormDefinition, values: Values, limits: readonly FieldLimit[], now: Date): Map<string, FieldStateLite> {
  const states = new Map<string, FieldStateLite>();
  const fields = walkFields(form.fields);
  for (const { field, hiddenByParent } of fields) {
    states.set(field.id, { field, visible: field.hidden !== true && !hiddenByParent, required: field.required === true });
  }
  const byId = new Map(fields.map((w) => [w.field.id, w.field]));
  for (const rule of form.interceptors ?? []) {
    if (rule.disabled || rule.matchers.length === 0) continue;
    if (!rule.matchers.every((m) => matcherHolds(m, byId.get(m.fieldId), values, now))) continue;
    for (const ex of rule.executors) {
      const s = states.get(ex.fieldId);
      if (!s) continue;
      if (ex.op === 'required') Object.assign(s, { required: true, visible: true });
      else if (ex.op === 'optional') s.required = false;
      else if (ex.op === 'visible') s.visible = true;
      else if (ex.op === 'hidden') s.visible = false;
    }
  }
  for (const limit of limits) {
    const s = states.get(limit.fieldId);
    if (!s) continue;
    if (limit.hidden) s.visible = false;
    if (limit.required) Object.assign(s, { required: true, visible: true });
  }
  return states;
}

/** The message of the first required field without a value, or null (SPEC point 5 wording). */
export function firstMissing(form: FormDefinition | null, values: Values, limits: readonly FieldLimit[], now: Date): string | null {
  if (!form) return null;
  for (const s of fieldStates(form, values, limits, now).values()) {
    if (!s.visible || !s.required || s.field.internal) continue;
    const value = values[s.field.id] ?? values[fieldKey(s.field)];
    if (s.field.type === 'subform') {
      if (!Array.isArray(value) || value.length === 0) return s.field.message ?? (s.field.title ? `请添加${s.field.title}` : '请添加数据');
      continue;
    }
    if (isEmptyValue(value)) return `请选择${s.field.title ?? s.field.id}`;
  }
  return null;
}

// ---------------------------------------------------------------------------
// Display (precis)
// ---------------------------------------------------------------------------

const optionLabel = (options: Option[], value: unknown): string => {
  for (const o of options) {
    if (String(o.value) === String(value)) return o.label;
    const inner = o.children ? optionLabel(o.children, value) : '';
    if (inner !== '') return inner;
  }
  return '';
};

/** A value as a line of text for the precis; '' when empty. */
export function displayValue(field: FieldDefinition | undefined, value: unknown): string {
  if (isEmptyValue(value)) return '';
  const options = field?.dataSource?.type === 'static' ? field.dataSource.options : [];
  if (field?.type === 'switch') return toBool(value) ? '是' : '否';
  if (field?.type === 'date-range' && Array.isArray(value)) return value.map(String).join(' 至 ');
  if (Array.isArray(value)) {
    return value
      .map((v) => (isRecord(v) ? String(v.name ?? v.label ?? v.id ?? '') : optionLabel(options, v) || String(v)))
      .filter((s) => s !== '')
      .join('、');
  }
  if (isRecord(value)) return String(value.name ?? value.label ?? JSON.stringify(value));
  return optionLabel(options, value) || String(value);
}

export function precisOf(form: FormDefinition | null, fieldIds: readonly string[], values: Values): string {
  const defs = form ? walkFields(form.fields).map((w) => w.field) : [];
  const lines: string[] = [];
  for (const id of fieldIds) {
    const def = defs.find((d) => d.id === id);
    const text = displayValue(def, values[id]);
    if (text !== '') lines.push(`${def?.title ?? id}：${text}`);
  }
  return lines.join('\n');
}
