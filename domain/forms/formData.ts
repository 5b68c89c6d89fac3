import { err, ok, type Result } from '../shared/result';
import { coerceValue, formFields, initialValue, subformColumns } from './fields';
import { valuesEqual } from './matchers';
import { RESTORE_CODE_MISMATCH, RESTORE_RESET } from './messages';
import type {
  FieldDefinition,
  FieldState,
  FormDefinition,
  FormState,
  SubformRow,
  SubmittedField,
  SubmittedFormData,
  SubmittedSubData,
} from './types';
import { isRecord, own } from '../shared/guards';

/**
 * The submitted form data (SPEC point 3: code, mainTable {id, fields [{id, key,
 * value}]}, subTable [{id, subDatas [{id, fields, type}]}]) and its inverse, used
 * to restore drafts (`draftData`) and to show saved data read-only.
 *
 * Decisions where the spec is silent:
 * - A field is sent as { id: field id, key: identifier (or the id when there is
 *   none), value } with every value field of the main table, hidden ones included
 *   (a hidden value is still the record's value); an absent value is null.
 * - Subform rows live in the subform field's state value (SubformRow[]). A subTable
 *   entry's id is the subform field's id; on restore a subTable is also found by the
 *   field's identifier.
 * - Row `type`: 0 unchanged, 1 added, 2 edited, 3 removed (ROW_TYPE). A saved row
 *   (`_isHistory`) is 2 unless the caller passes the rows as they were loaded and it
 *   still equals its original, then 0: without the originals "edited" is the safe
 *   answer, the server re-saves the same values. A removed saved row is sent as 3
 *   with its values; a row added here and removed again is not sent at all.
 * - A row's id is its server `id` when saved, else its client `_id` (type 1 tells the
 *   server it is new; the key lets a draft restore the same rows).
 */

export const ROW_TYPE = Object.freeze({ unchanged: 0, added: 1, edited: 2, removed: 3 } as const);
export type RowType = (typeof ROW_TYPE)[keyof typeof ROW_TYPE];



const keyOf = (field: FieldDefinition): string =>
  typeof field.identifier === 'string' && field.identifier !== '' ? field.identifier : field.id;

/** JSON has no undefined: an absent value travels as null. */
const wireValue = (v: unknown): unknown => (v === undefined ? null : v);

const mainFields = (definition: FormDefinition | null | undefined): FieldDefinition[] =>
  formFields(definition).filter((f) => f.type !== 'subform');

const subformFields = (definition: FormDefinition | null | undefined): FieldDefinition[] =>
  formFields(definition).filter((f) => f.type === 'subform');

// ---------------------------------------------------------------------------
// Build
// ---------------------------------------------------------------------------

/**
 * How a row is sent, or null when it is not sent (added here, then removed).
 * `original` is the row as loaded, when the caller kept it.
 */
export const rowType = (row: SubformRow, original?: SubformRow): RowType | null => {
  const saved = row._isHistory === true;
  if (row._removed === true) return saved ? ROW_TYPE.removed : null;
  if (!saved) return ROW_TYPE.added;
  return original !== undefined && valuesEqual(original.values, row.values) ? ROW_TYPE.unchanged : ROW_TYPE.edited;
};

const rowId = (row: SubformRow): string => {
  if (row._isHistory === true && typeof row.id === 'string' && row.id !== '') return row.id;
  if (typeof row._id === 'string') return row._id;
  return typeof row.id === 'string' ? row.id : '';
};

const rowFields = (columns: readonly FieldDefinition[], row: SubformRow): SubmittedField[] =>
  columns.map((c) => ({ id: c.id, key: keyOf(c), value: wireValue(own(isRecord(row.values) ? row.values : undefined, c.id)) }));

const isRow = (r: unknown): r is SubformRow => isRecord(r) && (typeof r._id === 'string' || typeof r.id === 'string');

export interface BuildFormDataInput {
  /** The app code the data belongs to. */
  code: string;
  definition: FormDefinition;
  state: FormState;
  /** Saved rows as they were loaded, by subform field id; lets unchanged rows be sent as 0. */
  originalRows?: Readonly<Record<string, readonly SubformRow[]>>;
}

/** The submitted form data of a form's current state. */
export const buildFormData = ({ code, definition, state, originalRows }: BuildFormDataInput): SubmittedFormData => {
  const valueOf = (id: string): unknown => own<FieldState>(state, id)?.value;
  const fields: SubmittedField[] = mainFields(definition).map((f) => ({ id: f.id, key: keyOf(f), value: wireValue(valueOf(f.id)) }));

  const subTable = subformFields(definition).map((field) => {
    const columns = subformColumns(field);
    const rows = valueOf(field.id);
    const originals = own(originalRows, field.id);
    const subDatas: SubmittedSubData[] = [];
    for (const row of Array.isArray(rows) ? rows : []) {
      if (!isRow(row)) continue;
      const original = Array.isArray(originals) ? originals.find((o) => isRecord(o) && o.id !== undefined && o.id === row.id) : undefined;
      const type = rowType(row, original);
      if (type === null) continue;
      subDatas.push({ id: rowId(row), fields: rowFields(columns, row), type });
    }
    return { id: field.id, subDatas };
  });

  return { code: typeof code === 'string' ? code : '', mainTable: { id: typeof definition?.table === 'string' ? definition.table : '', fields }, subTable };
};

// ---------------------------------------------------------------------------
// Parse
// ---------------------------------------------------------------------------

const parseJson = (raw: string): unknown => {
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return undefined;
  }
};

const parseFields = (raw: unknown): SubmittedField[] => {
  if (!Array.isArray(raw)) return [];
  const out: SubmittedField[] = [];
  for (const f of raw) {
    if (!isRecord(f)) continue;
    const id = typeof f.id === 'string' ? f.id : '';
    const key = typeof f.key === 'string' ? f.key : '';
    if (id === '' && key === '') continue;
    out.push({ id, key, value: wireValue(f.value) });
  }
  return out;
};

/**
 * Submitted form data from whatever a draft store or the server holds: the object
 * or its JSON text. Missing parts become empty; malformed entries are dropped.
 * Null when there is nothing to read (see `restoreDraft` for what counts as empty).
 */
export const parseFormData = (raw: unknown): SubmittedFormData | null => {
  const data = typeof raw === 'string' ? (raw.trim() === '' ? undefined : parseJson(raw)) : raw;
  if (!isRecord(data) || Object.keys(data).length === 0) return null;
  const main = isRecord(data.mainTable) ? data.mainTable : {};
  const subTable = (Array.isArray(data.subTable) ? data.subTable : []).filter(isRecord).map((t) => ({
    id: typeof t.id === 'string' ? t.id : '',
    subDatas: (Array.isArray(t.subDatas) ? t.subDatas : []).filter(isRecord).map((s) => ({
      id: typeof s.id === 'string' ? s.id : typeof s.id === 'number' ? String(s.id) : '',
      fields: parseFields(s.fields),
      type: typeof s.type === 'number' ? s.type : Number.NaN,
    })),
  }));
  return {
    code: typeof data.code === 'string' ? data.code : '',
    mainTable: { id: typeof main.id === 'string' ? main.id : '', fields: parseFields(main.fields) },
    subTable,
  };
};

// ---------------------------------------------------------------------------
// Restore
// ---------------------------------------------------------------------------

/**
 * Where restored data comes from:
 * - `draft`: a draft saved here; row marks are kept (an added row is still added);
 * - `saved`: a stored record (read-only views, an approver's form): every row is
 *   saved now, so rows become history rows and removed ones are gone.
 */
export type RestoreMode = 'draft' | 'saved';

export interface RestoredForm {
  code: string;
  /** Values by field id; a subform's value is its rows. Fields absent from the data are absent here. */
  values: Record<string, unknown>;
}

/** A submitted field for a definition field: by id first, then by key. */
const findSubmitted = (fields: readonly SubmittedField[], field: FieldDefinition): SubmittedField | undefined =>
  fields.find((f) => f.id !== '' && f.id === field.id) ?? fields.find((f) => f.key !== '' && f.key === keyOf(field));

const restoreRow = (sub: SubmittedSubData, columns: readonly FieldDefinition[], mode: RestoreMode, fallbackId: string): SubformRow | null => {
  const values = Object.fromEntries(
    columns.map((c) => {
      const found = findSubmitted(sub.fields, c);
      return [c.id, found ? coerceValue(c.type, found.value) : initialValue(c)];
    }),
  );
  const id = sub.id !== '' ? sub.id : fallbackId;
  const removed = sub.type === ROW_TYPE.removed;
  if (mode === 'saved') return removed ? null : { id, _id: id, _isHistory: true, values };
  // Unknown marks: a row with a server id is taken as saved, else as added.
  const added = sub.type === ROW_TYPE.added || (sub.type !== ROW_TYPE.unchanged && sub.type !== ROW_TYPE.edited && !removed && sub.id === '');
  if (added) return { _id: id, _isHistory: false, values };
  return removed ? { id, _id: id, _isHistory: true, _removed: true, values } : { id, _id: id, _isHistory: true, values };
};

const restoreRows = (data: SubmittedFormData, field: FieldDefinition, mode: RestoreMode): SubformRow[] | undefined => {
  const table = data.subTable.find((t) => t.id !== '' && t.id === field.id) ?? data.subTable.find((t) => t.id !== '' && t.id === keyOf(field));
  if (!table) return undefined;
  const columns = subformColumns(field);
  const rows: SubformRow[] = [];
  const used = new Set<string>();
  table.subDatas.forEach((sub, index) => {
    const row = restoreRow(sub, columns, mode, `row-${index}`);
    if (!row) return;
    // Client keys must be unique within a subform: a repeated id gets a suffix.
    let key = row._id;
    for (let n = 1; used.has(key); n += 1) key = `${row._id}-${n}`;
    used.add(key);
    rows.push({ ...row, _id: key });
  });
  return rows;
};

/**
 * Field values from submitted data (object or JSON text), matched to the definition.
 * Values are coerced to their field's type; extra fields are ignored; missing fields
 * are left out so the caller keeps its defaults. A row missing a column gets the
 * column's initial value.
 */
export const restoreFormData = (definition: FormDefinition, raw: unknown, mode: RestoreMode = 'draft'): RestoredForm => {
  const data = parseFormData(raw);
  if (!data) return { code: '', values: {} };
  const entries: [string, unknown][] = [];
  for (const field of mainFields(definition)) {
    const found = findSubmitted(data.mainTable.fields, field);
    if (found) entries.push([field.id, coerceValue(field.type, found.value)]);
  }
  for (const field of subformFields(definition)) {
    const rows = restoreRows(data, field, mode);
    if (rows) entries.push([field.id, rows]);
  }
  return { code: data.code, values: Object.fromEntries(entries) };
};

/**
 * Restores a draft for the app `code` (SPEC point 5 "Restore errors"): nothing stored
 * (absent, blank, unreadable JSON, not an object, an empty object) gives
 * 表单恢复失败，数据已重置; a draft of another app (a different or missing code) gives
 * 表单恢复失败，应用编码不一致.
 */
export const restoreDraft = (definition: FormDefinition, stored: unknown, code: string): Result<RestoredForm, string> => {
  const data = parseFormData(stored);
  if (!data) return err(RESTORE_RESET);
  if (data.code !== code) return err(RESTORE_CODE_MISMATCH);
  return ok(restoreFormData(definition, data, 'draft'));
};

/**
 * A form state with restored values put in. Only fields the state already has are
 * touched; the rest of each field's state (visibility, options) is kept.
 */
export const applyRestoredValues = (state: FormState, values: Readonly<Record<string, unknown>>): FormState => {
  if (!isRecord(values)) return state;
  let changed = false;
  const next = Object.entries(state).map(([id, fs]): [string, FieldState] => {
    if (!Object.prototype.hasOwnProperty.call(values, id) || valuesEqual(fs.value, values[id])) return [id, fs];
    changed = true;
    return [id, { ...fs, value: values[id] }];
  });
  return changed ? Object.fromEntries(next) : state;
};
