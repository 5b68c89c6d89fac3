import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { initialFormState } from '../../../../domain/forms/fields';
import {
  ROW_TYPE,
  applyRestoredValues,
  buildFormData,
  parseFormData,
  restoreDraft,
  restoreFormData,
  rowType,
} from '../../../../domain/forms/formData';
import { RESTORE_CODE_MISMATCH, RESTORE_RESET } from '../../../../domain/forms/messages';
import type { FieldState, FormDefinition, FormState, SubformRow } from '../../../../domain/forms/types';

const definition: FormDefinition = {
  table: 'tbl_main',
  fields: [
    { id: 'name', type: 'input', identifier: 'xm', title: '姓名' },
    { id: 'age', type: 'number', title: '年龄' },
    { id: 'intro', type: 'paragraph', content: '<p>说明</p>' } as never,
    {
      id: 'tabs',
      type: 'tabs',
      panes: [{ title: 'A', children: [{ id: 'dept', type: 'select', identifier: 'bm' }] }, { title: 'B', children: [{ id: 'tags', type: 'checkbox' }] }],
    } as never,
    { id: 'on', type: 'switch' },
    { id: 'period', type: 'date-range' },
    { id: 'addr', type: 'address' },
    {
      id: 'items',
      type: 'subform',
      identifier: 'mx',
      title: '明细',
      children: [
        { id: 'item', type: 'input', identifier: 'wp' },
        { id: 'qty', type: 'number' },
      ],
    },
  ],
};

const fs = (value: unknown): FieldState => ({ value, visible: true, required: false, readonly: false, errors: [] });

const rows: SubformRow[] = [
  { id: 's1', _id: 'k1', _isHistory: true, values: { item: '笔', qty: 2 } },
  { id: 's2', _id: 'k2', _isHistory: true, _removed: true, values: { item: '纸', qty: 1 } },
  { _id: 'k3', values: { item: '墨', qty: 5 } },
  { _id: 'k4', _removed: true, values: { item: '砚', qty: 1 } },
  { id: 's5', _id: 'k5', _isHistory: true, _editing: true, values: { item: '尺' } },
];

const state: FormState = {
  name: fs('张三'),
  age: fs(18),
  dept: fs('d1'),
  tags: fs(['a', 'b']),
  on: fs(true),
  period: fs(['2024-06-01', '2024-06-03']),
  addr: fs({ region: ['320000', '320100'], street: '中山路1号' }),
  items: fs(rows),
};

describe('row types', () => {
  it('are 0 unchanged, 1 added, 2 edited, 3 removed', () => {
    expect(ROW_TYPE).toEqual({ unchanged: 0, added: 1, edited: 2, removed: 3 });
  });

  it.each<[string, SubformRow, SubformRow | undefined, number | null]>([
    ['added', { _id: 'a', values: {} }, undefined, 1],
    ['added then removed is not sent', { _id: 'a', _removed: true, values: {} }, undefined, null],
    ['saved, no original: edited', { id: 's', _id: 's', _isHistory: true, values: { x: 1 } }, undefined, 2],
    ['saved, equal to original: unchanged', { id: 's', _id: 's', _isHistory: true, values: { x: 1 } }, { id: 's', _id: 's', values: { x: 1 } }, 0],
    ['saved, differs from original: edited', { id: 's', _id: 's', _isHistory: true, values: { x: 2 } }, { id: 's', _id: 's', values: { x: 1 } }, 2],
    ['saved then removed', { id: 's', _id: 's', _isHistory: true, _removed: true, values: {} }, undefined, 3],
  ])('%s', (_n, row, original, type) => {
    expect(rowType(row, original)).toBe(type);
  });
});

describe('buildFormData', () => {
  it('builds code, mainTable and subTable in definition order', () => {
    expect(buildFormData({ code: 'leave', definition, state })).toEqual({
      code: 'leave',
      mainTable: {
        id: 'tbl_main',
        fields: [
          { id: 'name', key: 'xm', value: '张三' },
          { id: 'age', key: 'age', value: 18 },
          { id: 'dept', key: 'bm', value: 'd1' },
          { id: 'tags', key: 'tags', value: ['a', 'b'] },
          { id: 'on', key: 'on', value: true },
          { id: 'period', key: 'period', value: ['2024-06-01', '2024-06-03'] },
          { id: 'addr', key: 'addr', value: { region: ['320000', '320100'], street: '中山路1号' } },
        ],
      },
      subTable: [
        {
          id: 'items',
          subDatas: [
            { id: 's1', type: 2, fields: [{ id: 'item', key: 'wp', value: '笔' }, { id: 'qty', key: 'qty', value: 2 }] },
            { id: 's2', type: 3, fields: [{ id: 'item', key: 'wp', value: '纸' }, { id: 'qty', key: 'qty', value: 1 }] },
            { id: 'k3', type: 1, fields: [{ id: 'item', key: 'wp', value: '墨' }, { id: 'qty', key: 'qty', value: 5 }] },
            { id: 's5', type: 2, fields: [{ id: 'item', key: 'wp', value: '尺' }, { id: 'qty', key: 'qty', value: null }] },
          ],
        },
      ],
    });
  });

  it('sends unchanged saved rows as 0 when the loaded rows are given', () => {
    const out = buildFormData({
      code: 'leave',
      definition,
      state,
      originalRows: { items: [{ id: 's1', _id: 's1', values: { item: '笔', qty: 2 } }, { id: 's5', _id: 's5', values: { item: '旧' } }] },
    });
    expect(out.subTable[0]?.subDatas.map((d) => [d.id, d.type])).toEqual([
      ['s1', 0],
      ['s2', 3],
      ['k3', 1],
      ['s5', 2],
    ]);
  });

  it('sends absent values as null and tolerates junk', () => {
    const out = buildFormData({ code: 'x', definition, state: { name: fs(undefined), items: fs([null, { _id: 'r' }, { id: 'h', _isHistory: true, values: {} }]) } });
    expect(out.mainTable.fields.every((f) => f.value === null)).toBe(true);
    expect(out.subTable[0]?.subDatas).toEqual([
      { id: 'r', type: 1, fields: [{ id: 'item', key: 'wp', value: null }, { id: 'qty', key: 'qty', value: null }] },
      { id: 'h', type: 2, fields: [{ id: 'item', key: 'wp', value: null }, { id: 'qty', key: 'qty', value: null }] },
    ]);
    expect(buildFormData({ code: 1 as never, definition: { fields: [] }, state: {} })).toEqual({ code: '', mainTable: { id: '', fields: [] }, subTable: [] });
    expect(buildFormData({ code: 'x', definition: null as never, state: null as never })).toEqual({ code: 'x', mainTable: { id: '', fields: [] }, subTable: [] });
  });

  it('an added row without a client key falls back to its id', () => {
    const out = buildFormData({ code: 'x', definition, state: { items: fs([{ id: 'only-id', values: {} }]) } });
    expect(out.subTable[0]?.subDatas[0]?.id).toBe('only-id');
  });
});

describe('parseFormData', () => {
  it.each<[string, unknown]>([
    ['null', null],
    ['undefined', undefined],
    ['blank text', '   '],
    ['bad JSON', '{bad'],
    ['a list', []],
    ['an empty object', {}],
    ['JSON of an empty object', '{}'],
    ['a number', 3],
  ])('%s is nothing', (_n, raw) => {
    expect(parseFormData(raw)).toBeNull();
  });

  it('drops malformed parts and fills missing ones', () => {
    expect(
      parseFormData({
        code: 7,
        mainTable: { id: 3, fields: [null, { value: 1 }, { id: 'a', value: undefined }, { key: 'k', value: 2 }] },
        subTable: [null, { id: 'items', subDatas: [null, { id: 5, fields: 'junk', type: '1' }, { fields: [] }] }, {}],
      }),
    ).toEqual({
      code: '',
      mainTable: {
        id: '',
        fields: [
          { id: 'a', key: '', value: null },
          { id: '', key: 'k', value: 2 },
        ],
      },
      subTable: [
        {
          id: 'items',
          subDatas: [
            { id: '5', fields: [], type: Number.NaN },
            { id: '', fields: [], type: Number.NaN },
          ],
        },
        { id: '', subDatas: [] },
      ],
    });
  });

  it('reads only mainTable when the rest is absent', () => {
    expect(parseFormData({ code: 'c' })).toEqual({ code: 'c', mainTable: { id: '', fields: [] }, subTable: [] });
  });
});

describe('restoreFormData', () => {
  const built = buildFormData({ code: 'leave', definition, state });

  it('restores values by id, and subform rows with their marks (draft)', () => {
    const restored = restoreFormData(definition, built);
    expect(restored.code).toBe('leave');
    expect(restored.values).toEqual({
      name: '张三',
      age: 18,
      dept: 'd1',
      tags: ['a', 'b'],
      on: true,
      period: ['2024-06-01', '2024-06-03'],
      addr: { region: ['320000', '320100'], street: '中山路1号' },
      items: [
        { id: 's1', _id: 's1', _isHistory: true, values: { item: '笔', qty: 2 } },
        { id: 's2', _id: 's2', _isHistory: true, _removed: true, values: { item: '纸', qty: 1 } },
        { _id: 'k3', _isHistory: false, values: { item: '墨', qty: 5 } },
        { id: 's5', _id: 's5', _isHistory: true, values: { item: '尺', qty: null } },
      ],
    });
  });

  it('reads JSON text (draftData) the same way', () => {
    expect(restoreFormData(definition, JSON.stringify(built))).toEqual(restoreFormData(definition, built));
  });

  it('saved data: every row is saved, removed rows are gone', () => {
    const restored = restoreFormData(definition, built, 'saved');
    expect(restored.values.items).toEqual([
      { id: 's1', _id: 's1', _isHistory: true, values: { item: '笔', qty: 2 } },
      { id: 'k3', _id: 'k3', _isHistory: true, values: { item: '墨', qty: 5 } },
      { id: 's5', _id: 's5', _isHistory: true, values: { item: '尺', qty: null } },
    ]);
  });

  it('matches by key when ids differ, ignores extra fields, leaves missing ones out, coerces values', () => {
    const restored = restoreFormData(definition, {
      code: 'leave',
      mainTable: {
        id: 'tbl_main',
        fields: [
          { id: 'old-name-id', key: 'xm', value: '李四' },
          { id: 'age', key: 'age', value: '20' },
          { id: 'tags', key: 'tags', value: 'not a list' },
          { id: 'ghost', key: 'ghost', value: 1 },
        ],
      },
      subTable: [
        {
          id: 'mx',
          subDatas: [
            { id: 'a', type: 0, fields: [{ id: 'x', key: 'wp', value: '刀' }] },
            { id: 'a', type: 2, fields: [] },
            { id: '', type: 1, fields: [] },
            { id: '', type: 9, fields: [] },
            { id: 'z', type: 9, fields: [] },
            { id: '', type: 3, fields: [] },
          ],
        },
        { id: 'unknown-table', subDatas: [{ id: 'q', type: 1, fields: [] }] },
      ],
    });
    expect(restored.values).toEqual({
      name: '李四',
      age: 20,
      tags: [],
      items: [
        { id: 'a', _id: 'a', _isHistory: true, values: { item: '刀', qty: null } },
        // A repeated id gets a suffix so client keys stay unique.
        { id: 'a', _id: 'a-1', _isHistory: true, values: { item: '', qty: null } },
        { _id: 'row-2', _isHistory: false, values: { item: '', qty: null } },
        { _id: 'row-3', _isHistory: false, values: { item: '', qty: null } },
        { id: 'z', _id: 'z', _isHistory: true, values: { item: '', qty: null } },
        { id: 'row-5', _id: 'row-5', _isHistory: true, _removed: true, values: { item: '', qty: null } },
      ],
    });
  });

  it('a missing column takes its default value', () => {
    const def: FormDefinition = {
      fields: [{ id: 'sub', type: 'subform', children: [{ id: 'c', type: 'input', defaultValue: '默认' }] }],
    };
    const restored = restoreFormData(def, { code: 'x', subTable: [{ id: 'sub', subDatas: [{ id: 'r', type: 1, fields: [] }] }] });
    expect(restored.values.sub).toEqual([{ _id: 'r', _isHistory: false, values: { c: '默认' } }]);
  });

  it('nothing to read gives no values', () => {
    expect(restoreFormData(definition, null)).toEqual({ code: '', values: {} });
  });
});

describe('restoreDraft: SPEC point 5 restore errors', () => {
  const draft = buildFormData({ code: 'leave', definition, state });

  it.each<[string, unknown, string, string]>([
    ['empty store', null, 'leave', '表单恢复失败，数据已重置'],
    ['blank text', '', 'leave', '表单恢复失败，数据已重置'],
    ['unreadable text', '{"code":', 'leave', '表单恢复失败，数据已重置'],
    ['empty object', {}, 'leave', '表单恢复失败，数据已重置'],
    ['another app', draft, 'trip', '表单恢复失败，应用编码不一致'],
    ['no code', { mainTable: { id: '', fields: [] } }, 'leave', '表单恢复失败，应用编码不一致'],
  ])('%s', (_n, stored, code, message) => {
    const r = restoreDraft(definition, stored, code);
    expect(r).toEqual({ ok: false, error: message });
  });

  it('the constants are the spec strings', () => {
    expect(RESTORE_RESET).toBe('表单恢复失败，数据已重置');
    expect(RESTORE_CODE_MISMATCH).toBe('表单恢复失败，应用编码不一致');
  });

  it('a draft of the same app restores', () => {
    const r = restoreDraft(definition, JSON.stringify(draft), 'leave');
    expect(r.ok).toBe(true);
    if (r.ok) expect(r.value.values.name).toBe('张三');
  });
});

describe('applyRestoredValues', () => {
  it('puts values into known fields only and keeps the rest of each state', () => {
    const base = initialFormState(definition);
    const hidden: FormState = { ...base, age: { ...(base.age as FieldState), visible: false } };
    const out = applyRestoredValues(hidden, { age: 30, ghost: 1 });
    expect(out.age).toEqual({ ...hidden.age, value: 30 });
    expect(out.name).toBe(hidden.name);
    expect('ghost' in out).toBe(false);
  });

  it('returns the same state when nothing differs', () => {
    const base = initialFormState(definition);
    expect(applyRestoredValues(base, { age: null })).toBe(base);
    expect(applyRestoredValues(base, null as never)).toBe(base);
  });
});

describe('properties', () => {
  const text = fc.string({ maxLength: 8 });
  const key = fc.oneof(text, fc.integer());
  const rowValues = fc.record({ item: text, qty: fc.option(fc.integer(), { nil: null }) });
  const rowsArb = fc
    .array(fc.record({ saved: fc.boolean(), removed: fc.boolean(), editing: fc.boolean(), values: rowValues }), { maxLength: 5 })
    .map((list) =>
      list.map(
        (r, i): SubformRow => ({
          ...(r.saved ? { id: `s${i}`, _isHistory: true } : { _isHistory: false }),
          _id: `n${i}`,
          ...(r.removed ? { _removed: true } : {}),
          ...(r.editing ? { _editing: true } : {}),
          values: r.values,
        }),
      ),
    );
  const stateArb = fc
    .record({
      name: text,
      age: fc.option(fc.integer(), { nil: null }),
      dept: key,
      tags: fc.array(key, { maxLength: 3 }),
      on: fc.boolean(),
      period: fc.tuple(text, text),
      addr: fc.record({ region: fc.array(text, { maxLength: 3 }), street: text }),
      items: rowsArb,
    })
    .map((values) => ({ values, state: Object.fromEntries(Object.entries(values).map(([id, v]) => [id, fs(v)])) as FormState }));

  /** What a row becomes after a trip through the wire (client-only details are dropped). */
  const expectedRows = (list: SubformRow[]): SubformRow[] =>
    list
      .filter((r) => r._isHistory || !r._removed)
      .map((r) =>
        r._isHistory
          ? { id: r.id as string, _id: r.id as string, _isHistory: true, ...(r._removed ? { _removed: true } : {}), values: r.values }
          : { _id: r._id, _isHistory: false, values: r.values },
      );

  it('restore(build(x)) gives x back, through JSON too', () => {
    fc.assert(
      fc.property(stateArb, ({ values, state: s }) => {
        const built = buildFormData({ code: 'app', definition, state: s });
        const restored = restoreFormData(definition, JSON.parse(JSON.stringify(built)));
        const { items, ...main } = values;
        expect(restored.code).toBe('app');
        expect(restored.values).toEqual({ ...main, items: expectedRows(items) });
      }),
    );
  });

  it('build(restore(build(x))) = build(x)', () => {
    fc.assert(
      fc.property(stateArb, ({ state: s }) => {
        const built = buildFormData({ code: 'app', definition, state: s });
        const again = applyRestoredValues(s, restoreFormData(definition, built).values);
        expect(buildFormData({ code: 'app', definition, state: again })).toEqual(built);
      }),
    );
  });

  it('never throws on arbitrary input', () => {
    fc.assert(
      fc.property(fc.anything(), fc.anything(), fc.string(), (raw, def, code) => {
        restoreFormData(definition, raw);
        restoreFormData(def as FormDefinition, raw, 'saved');
        const r = restoreDraft(definition, raw, code);
        expect(typeof r.ok).toBe('boolean');
        buildFormData({ code, definition: def as FormDefinition, state: raw as FormState });
      }),
    );
  });

  it('never throws on arbitrary JSON text', () => {
    fc.assert(
      fc.property(fc.json(), (raw) => {
        expect(() => restoreDraft(definition, raw, 'app')).not.toThrow();
      }),
    );
  });
});
