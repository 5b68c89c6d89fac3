import { err, ok, type Message, type Result } from '../shared/result';
import { activeRows } from './fields';
import { SUBFORM_REQUIRED, SUBFORM_REQUIRED_DEFAULT, fillMessage } from './messages';
import type { FieldDefinition, SubformRow } from './types';

/**
 * Subform rows (SPEC point 4: add, edit, cancel restoring the saved row, soft remove).
 *
 * Decided where the spec is silent:
 * - nonAddable blocks adding; maxCount counts rows not removed.
 * - nonEditable and nonRemovable protect saved data: they apply to history rows
 *   (`_isHistory`); a row added in this session stays editable and removable.
 * - Removing a history row is soft (`_removed`, so the server learns of it); a row
 *   added in this session never reached the server and is dropped.
 * - The saved copy of a row being edited lives in `SubformEditor.saved`, so cancel
 *   restores it; cancelling a new row that was never saved drops it.
 */

export type SubformPick = Pick<
  FieldDefinition,
  'title' | 'maxCount' | 'nonAddable' | 'nonEditable' | 'nonRemovable' | 'message'
>;

export interface SubformEditor {
  rows: SubformRow[];
  /** Saved copy of each row under edit, by `_id`. */
  saved: Record<string, SubformRow>;
}

export type SubformError = 'non-addable' | 'max-count' | 'non-editable' | 'non-removable' | 'not-found';

export const editorOf = (rows: unknown): SubformEditor => ({
  rows: Array.isArray(rows) ? (rows as SubformRow[]).filter((r) => typeof r === 'object' && r !== null) : [],
  saved: {},
});

/** Rows as they came from saved data. */
export const historyRows = (items: unknown): SubformRow[] =>
  (Array.isArray(items) ? items : []).flatMap((item: unknown, i): SubformRow[] => {
    if (typeof item !== 'object' || item === null) return [];
    const rec = item as { id?: unknown; values?: unknown };
    const id = typeof rec.id === 'string' && rec.id !== '' ? rec.id : undefined;
    const values =
      typeof rec.values === 'object' && rec.values !== null ? { ...(rec.values as Record<string, unknown>) } : {};
    return [{ ...(id ? { id } : {}), _id: id ?? `history-${i}`, _isHistory: true, values }];
  });

const positive = (n: unknown): n is number => typeof n === 'number' && Number.isFinite(n) && n > 0;

export const canAddRow = (field: SubformPick, rows: unknown): boolean =>
  field.nonAddable !== true && !(positive(field.maxCount) && activeRows(rows).length >= field.maxCount);

export const canEditRow = (field: SubformPick, row: SubformRow): boolean =>
  row._removed !== true && !(field.nonEditable === true && row._isHistory === true);

export const canRemoveRow = (field: SubformPick, row: SubformRow): boolean =>
  row._removed !== true && !(field.nonRemovable === true && row._isHistory === true);

/** Adds a new row in edit mode. `_id` comes from the caller so the domain stays deterministic. */
export const addRow = (
  field: SubformPick,
  editor: SubformEditor,
  _id: string,
  values: Record<string, unknown> = {},
): Result<SubformEditor, SubformError> => {
  if (field.nonAddable === true) return err('non-addable');
  if (!canAddRow(field, editor.rows)) return err('max-count');
  const row: SubformRow = { _id, _editing: true, values: { ...values } };
  return ok({ rows: [...editor.rows, row], saved: editor.saved });
};

const indexOf = (editor: SubformEditor, _id: string): number => editor.rows.findIndex((r) => r._id === _id);

const replaceAt = (rows: SubformRow[], i: number, row: SubformRow): SubformRow[] =>
  rows.map((r, j) => (j === i ? row : r));

/** The row `_id` and its index, unless it is missing or removed. */
const liveRow = (editor: SubformEditor, _id: string): { i: number; row: SubformRow } | null => {
  const i = indexOf(editor, _id);
  const row = editor.rows[i];
  return row && row._removed !== true ? { i, row } : null;
};

const withoutKey = (saved: Record<string, SubformRow>, key: string): Record<string, SubformRow> => {
  const { [key]: _dropped, ...rest } = saved;
  return rest;
};

/** Puts a row in edit mode, keeping its saved copy for cancel. */
export const startEdit = (
  field: SubformPick,
  editor: SubformEditor,
  _id: string,
): Result<SubformEditor, SubformError> => {
  const found = liveRow(editor, _id);
  if (!found) return err('not-found');
  const { i, row } = found;
  if (!canEditRow(field, row)) return err('non-editable');
  if (row._editing === true) return ok(editor);
  return ok({
    rows: replaceAt(editor.rows, i, { ...row, _editing: true }),
    saved: { ...editor.saved, [_id]: row },
  });
};

/** Changes values of a row under edit. */
export const updateRow = (
  editor: SubformEditor,
  _id: string,
  values: Record<string, unknown>,
): Result<SubformEditor, SubformError> => {
  const found = liveRow(editor, _id);
  if (!found) return err('not-found');
  const { i, row } = found;
  return ok({ rows: replaceAt(editor.rows, i, { ...row, values: { ...row.values, ...values } }), saved: editor.saved });
};

/** Keeps the edited values (validate the row first with `validateRow`). */
export const saveRow = (editor: SubformEditor, _id: string): Result<SubformEditor, SubformError> => {
  const found = liveRow(editor, _id);
  if (!found) return err('not-found');
  const { i, row } = found;
  const { _editing: _, ...rest } = row;
  return ok({ rows: replaceAt(editor.rows, i, rest), saved: withoutKey(editor.saved, _id) });
};

/** Leaves edit mode restoring the saved row; a new row never saved is dropped. */
export const cancelEdit = (editor: SubformEditor, _id: string): Result<SubformEditor, SubformError> => {
  const i = indexOf(editor, _id);
  const row = editor.rows[i];
  if (!row) return err('not-found');
  const saved = editor.saved[_id];
  if (saved) return ok({ rows: replaceAt(editor.rows, i, saved), saved: withoutKey(editor.saved, _id) });
  if (row._isHistory !== true && row._editing === true) {
    return ok({ rows: editor.rows.filter((_r, j) => j !== i), saved: editor.saved });
  }
  const { _editing: _, ...rest } = row;
  return ok({ rows: replaceAt(editor.rows, i, rest), saved: editor.saved });
};

/** Soft-removes a history row; drops a row added in this session. */
export const removeRow = (
  field: SubformPick,
  editor: SubformEditor,
  _id: string,
): Result<SubformEditor, SubformError> => {
  const found = liveRow(editor, _id);
  if (!found) return err('not-found');
  const { i, row } = found;
  if (!canRemoveRow(field, row)) return err('non-removable');
  const saved = withoutKey(editor.saved, _id);
  if (row._isHistory !== true) return ok({ rows: editor.rows.filter((_r, j) => j !== i), saved });
  // A removed history row goes back to its saved values: unsaved edits must not be sent.
  const base = editor.saved[_id] ?? row;
  const { _editing: _, ...rest } = base;
  return ok({ rows: replaceAt(editor.rows, i, { ...rest, _removed: true }), saved });
};

/**
 * The message when a required subform has no rows left: the custom message when
 * set, else 请添加{title}, else 请添加数据 for an untitled subform.
 */
export const subformRequiredMessage = (field: SubformPick): string => {
  if (typeof field.message === 'string' && field.message.trim() !== '') return field.message;
  if (typeof field.title === 'string' && field.title.trim() !== '') return fillMessage(SUBFORM_REQUIRED, { title: field.title });
  return SUBFORM_REQUIRED_DEFAULT;
};

/** The required rule of a subform: fails when required and no row is left that is not removed. */
export const validateSubformRows = (field: SubformPick, rows: unknown, required: boolean): Message =>
  required && activeRows(rows).length === 0 ? subformRequiredMessage(field) : null;
