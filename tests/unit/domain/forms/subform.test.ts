import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import * as M from '../../../../domain/forms/messages';
import {
  addRow,
  canAddRow,
  canEditRow,
  canRemoveRow,
  cancelEdit,
  editorOf,
  historyRows,
  removeRow,
  saveRow,
  startEdit,
  subformRequiredMessage,
  updateRow,
  validateSubformRows,
  type SubformEditor,
  type SubformPick,
} from '../../../../domain/forms/subform';
import type { SubformRow } from '../../../../domain/forms/types';

const unwrap = <T, E>(r: { ok: true; value: T } | { ok: false; error: E }): T => {
  if (!r.ok) throw new Error(`unexpected ${String(r.error)}`);
  return r.value;
};

const history = (): SubformEditor => editorOf(historyRows([{ id: 'h1', values: { name: '张三' } }, { id: 'h2', values: { name: '李四' } }]));

describe('history rows', () => {
  it('come from saved data', () => {
    expect(historyRows([{ id: 'a', values: { x: 1 } }, { values: { y: 2 } }, null, 'x'])).toEqual([
      { id: 'a', _id: 'a', _isHistory: true, values: { x: 1 } },
      { _id: 'history-1', _isHistory: true, values: { y: 2 } },
    ]);
    expect(historyRows(undefined)).toEqual([]);
    expect(editorOf('junk')).toEqual({ rows: [], saved: {} });
    expect(editorOf([null, { _id: 'a', values: {} }]).rows).toHaveLength(1);
  });
});

describe('add', () => {
  it('adds a row in edit mode', () => {
    const e = unwrap(addRow({}, history(), 'n1', { name: '' }));
    expect(e.rows.map((r) => r._id)).toEqual(['h1', 'h2', 'n1']);
    expect(e.rows[2]).toEqual({ _id: 'n1', _editing: true, values: { name: '' } });
  });

  it.each([
    [{ nonAddable: true }, 'non-addable'],
    [{ maxCount: 2 }, 'max-count'],
    [{ maxCount: 1 }, 'max-count'],
  ] as const)('%j -> %s', (field, error) => {
    expect(addRow(field, history(), 'n1')).toEqual({ ok: false, error });
    expect(canAddRow(field, history().rows)).toBe(false);
  });

  it('removed rows do not count towards maxCount', () => {
    const e = unwrap(removeRow({}, history(), 'h1'));
    expect(canAddRow({ maxCount: 2 }, e.rows)).toBe(true);
    expect(unwrap(addRow({ maxCount: 2 }, e, 'n1')).rows).toHaveLength(3);
  });

  it('maxCount 0 or absent means no limit', () => {
    expect(canAddRow({ maxCount: 0 }, history().rows)).toBe(true);
    expect(canAddRow({}, history().rows)).toBe(true);
  });

  it('never holds more active rows than maxCount', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 5 }), fc.integer({ min: 0, max: 10 }), (max, tries) => {
        let e: SubformEditor = editorOf([]);
        for (let i = 0; i < tries; i++) {
          const r = addRow({ maxCount: max }, e, `n${i}`);
          if (r.ok) e = r.value;
        }
        expect(e.rows.length).toBe(Math.min(max, tries));
      }),
    );
  });
});

describe('edit, save, cancel', () => {
  it('edit then cancel restores the saved row', () => {
    let e = unwrap(startEdit({}, history(), 'h1'));
    expect(e.rows[0]?._editing).toBe(true);
    e = unwrap(updateRow(e, 'h1', { name: '王五' }));
    expect(e.rows[0]?.values.name).toBe('王五');
    e = unwrap(cancelEdit(e, 'h1'));
    expect(e.rows[0]).toEqual({ id: 'h1', _id: 'h1', _isHistory: true, values: { name: '张三' } });
    expect(e.saved).toEqual({});
  });

  it('edit then save keeps the new values', () => {
    let e = unwrap(startEdit({}, history(), 'h1'));
    e = unwrap(updateRow(e, 'h1', { name: '王五' }));
    e = unwrap(saveRow(e, 'h1'));
    expect(e.rows[0]).toEqual({ id: 'h1', _id: 'h1', _isHistory: true, values: { name: '王五' } });
    expect(e.saved).toEqual({});
  });

  it('starting an edit twice keeps the first saved copy', () => {
    let e = unwrap(startEdit({}, history(), 'h1'));
    e = unwrap(updateRow(e, 'h1', { name: 'x' }));
    e = unwrap(startEdit({}, e, 'h1'));
    expect(unwrap(cancelEdit(e, 'h1')).rows[0]?.values.name).toBe('张三');
  });

  it('cancelling a new row that was never saved drops it', () => {
    const e = unwrap(addRow({}, history(), 'n1'));
    expect(unwrap(cancelEdit(e, 'n1')).rows.map((r) => r._id)).toEqual(['h1', 'h2']);
  });

  it('cancelling a saved new row restores it', () => {
    let e = unwrap(saveRow(unwrap(updateRow(unwrap(addRow({}, history(), 'n1')), 'n1', { name: 'a' })), 'n1'));
    e = unwrap(startEdit({}, e, 'n1'));
    e = unwrap(updateRow(e, 'n1', { name: 'b' }));
    e = unwrap(cancelEdit(e, 'n1'));
    expect(e.rows[2]).toEqual({ _id: 'n1', values: { name: 'a' } });
  });

  it('cancel without a saved copy just leaves edit mode', () => {
    const e: SubformEditor = { rows: [{ _id: 'h', _isHistory: true, _editing: true, values: {} }], saved: {} };
    expect(unwrap(cancelEdit(e, 'h')).rows[0]).toEqual({ _id: 'h', _isHistory: true, values: {} });
  });

  it.each([
    [{ nonEditable: true }, 'h1', 'non-editable'],
    [{}, 'missing', 'not-found'],
  ] as const)('startEdit %j on %s -> %s', (field, id, error) => {
    expect(startEdit(field, history(), id)).toEqual({ ok: false, error });
  });

  it('nonEditable protects history rows only', () => {
    const e = unwrap(addRow({}, history(), 'n1'));
    const saved = unwrap(saveRow(e, 'n1'));
    expect(startEdit({ nonEditable: true }, saved, 'n1').ok).toBe(true);
    expect(canEditRow({ nonEditable: true }, { _id: 'h', _isHistory: true, values: {} })).toBe(false);
    expect(canEditRow({}, { _id: 'h', _removed: true, values: {} })).toBe(false);
  });

  it.each([['updateRow'], ['saveRow'], ['cancelEdit']] as const)('%s on a missing row is not-found', (op) => {
    const e = history();
    const r = op === 'updateRow' ? updateRow(e, 'x', {}) : op === 'saveRow' ? saveRow(e, 'x') : cancelEdit(e, 'x');
    expect(r).toEqual({ ok: false, error: 'not-found' });
  });

  it('removed rows cannot be edited, updated or saved', () => {
    const e = unwrap(removeRow({}, history(), 'h1'));
    expect(startEdit({}, e, 'h1')).toEqual({ ok: false, error: 'not-found' });
    expect(updateRow(e, 'h1', {})).toEqual({ ok: false, error: 'not-found' });
    expect(saveRow(e, 'h1')).toEqual({ ok: false, error: 'not-found' });
  });
});

describe('remove', () => {
  it('soft-removes a history row, back to its saved values', () => {
    let e = unwrap(startEdit({}, history(), 'h1'));
    e = unwrap(updateRow(e, 'h1', { name: '改' }));
    e = unwrap(removeRow({}, e, 'h1'));
    expect(e.rows[0]).toEqual({ id: 'h1', _id: 'h1', _isHistory: true, _removed: true, values: { name: '张三' } });
    expect(e.saved).toEqual({});
  });

  it('drops a new row', () => {
    const e = unwrap(addRow({}, history(), 'n1'));
    expect(unwrap(removeRow({ nonRemovable: true }, e, 'n1')).rows).toHaveLength(2);
  });

  it.each([
    [{ nonRemovable: true }, 'h1', 'non-removable'],
    [{}, 'x', 'not-found'],
  ] as const)('%j on %s -> %s', (field, id, error) => {
    expect(removeRow(field, history(), id)).toEqual({ ok: false, error });
  });

  it('a removed row cannot be removed again', () => {
    const e = unwrap(removeRow({}, history(), 'h1'));
    expect(removeRow({}, e, 'h1')).toEqual({ ok: false, error: 'not-found' });
    expect(canRemoveRow({}, e.rows[0] as SubformRow)).toBe(false);
  });
});

describe('required rule', () => {
  it.each([
    [{ title: '家庭成员' }, '请添加家庭成员'],
    [{ title: '家庭成员', message: '至少填写一位家庭成员' }, '至少填写一位家庭成员'],
    [{ title: '家庭成员', message: '  ' }, '请添加家庭成员'],
    [{ title: '' }, '请添加数据'],
    [{}, '请添加数据'],
  ] as const)('%j -> %s', (field, message) => {
    expect(subformRequiredMessage(field as SubformPick)).toBe(message);
    expect(validateSubformRows(field as SubformPick, [], true)).toBe(message);
  });

  it('uses the constants', () => {
    expect(subformRequiredMessage({ title: 'T' })).toBe(M.fillMessage(M.SUBFORM_REQUIRED, { title: 'T' }));
    expect(subformRequiredMessage({})).toBe(M.SUBFORM_REQUIRED_DEFAULT);
  });

  it.each([
    [[], false, null],
    [[{ _id: 'a', values: {} }], true, null],
    [[{ _id: 'a', values: {}, _removed: true }], true, '请添加数据'],
    ['junk', true, '请添加数据'],
  ] as const)('rows %j required %s -> %s', (rows, required, expected) => {
    expect(validateSubformRows({}, rows, required)).toBe(expected);
  });
});
