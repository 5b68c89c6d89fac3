import { describe, expect, it } from 'vitest';
import { ROW_TYPE, buildFormData, parseFormData, restoreFormData } from '../../../../domain/forms/formData';
import type { FormDefinition, FormState } from '../../../../domain/forms/types';

/*
 * Submitted form data (domain/forms/formData.ts) at its edges: keys, row ids and row
 * marks when a draft or a server answer is not quite what was sent. Found by mutation
 * testing (reports/README.md).
 */

const definition: FormDefinition = {
  table: 't',
  fields: [
    { id: 'f', type: 'input', identifier: 'k' },
    { id: 'blank', type: 'input', identifier: '' },
    { id: 'odd', type: 'input', identifier: 7 } as never,
    { id: 'sf', type: 'subform', identifier: 'sk', children: [{ id: 'c', type: 'input' }] },
  ],
};

const field = (value: unknown) => ({ value, visible: true, required: false, readonly: false, errors: [] });
const stateWithRows = (rows: unknown[]): FormState => ({ f: field(''), blank: field(''), odd: field(''), sf: field(rows) });
const subDatas = (rows: unknown[]) => buildFormData({ code: 'app', definition, state: stateWithRows(rows) }).subTable[0]?.subDatas;

describe('keys', () => {
  it("a field's key is its identifier when that is text with something in it, else its id", () => {
    const built = buildFormData({ code: 'app', definition, state: stateWithRows([]) });
    expect(built.mainTable.fields.map((x) => [x.id, x.key])).toEqual([
      ['f', 'k'],
      ['blank', 'blank'],
      ['odd', 'odd'],
    ]);
  });
});

describe('row ids and marks, as sent', () => {
  it.each([
    ['saved, with its server id', { _id: 'c1', id: 's1', _isHistory: true, values: { c: 'x' } }, 's1', ROW_TYPE.edited],
    ['saved, with an empty server id', { _id: 'c2', id: '', _isHistory: true, values: { c: 'x' } }, 'c2', ROW_TYPE.edited],
    ['added here, though it carries a server id', { _id: 'c3', id: 's3', _isHistory: false, values: { c: 'x' } }, 'c3', ROW_TYPE.added],
    ['added here, with no client key (a server id only)', { id: 's4', values: { c: 'x' } }, 's4', ROW_TYPE.added],
    ['saved, with a server id that is no text', { _id: 'c5', id: 5, _isHistory: true, values: { c: 'x' } }, 'c5', ROW_TYPE.edited],
  ])('%s: sent as %s', (_, row, id, type) => {
    expect(subDatas([row])).toEqual([{ id, type, fields: [{ id: 'c', key: 'c', value: 'x' }] }]);
  });

  it('a record with neither a client key nor a server id in text is no row, and is not sent', () => {
    expect(subDatas([{ values: { c: 'x' } }, { _id: 5, id: 6, values: { c: 'y' } }, 'row', null])).toEqual([]);
  });

  it('a saved row is matched only to the loaded row of its own server id (none matches none): else sent as edited', () => {
    const row = { _id: 'c', _isHistory: true, values: { c: 'same' } };
    const built = buildFormData({ code: 'app', definition, state: stateWithRows([row]), originalRows: { sf: [{ _id: 'c', _isHistory: true, values: { c: 'same' } }] } });
    expect(built.subTable[0]?.subDatas.map((s) => s.type)).toEqual([ROW_TYPE.edited]);
    const other = buildFormData({ code: 'app', definition, state: stateWithRows([{ ...row, id: 's1' }]), originalRows: { sf: [{ ...row, id: 's2' }] } });
    expect(other.subTable[0]?.subDatas.map((s) => s.type)).toEqual([ROW_TYPE.edited]);
    const withId = { ...row, id: 's' };
    const again = buildFormData({ code: 'app', definition, state: stateWithRows([withId]), originalRows: { sf: [{ ...withId }] } });
    expect(again.subTable[0]?.subDatas.map((s) => s.type)).toEqual([ROW_TYPE.unchanged]);
  });
});

describe('parsing', () => {
  it('a main table id that is not text reads as empty', () => {
    expect(parseFormData({ code: 'app', mainTable: { id: 5, fields: [] } })?.mainTable.id).toBe('');
    expect(parseFormData({ code: 'app', mainTable: { id: 't', fields: [] } })?.mainTable.id).toBe('t');
  });
});

describe('restoring', () => {
  it('a field is found by its id before its key', () => {
    const byKey = { id: 'other', key: 'k', value: 'by key' };
    const data = { code: 'app', mainTable: { id: 't', fields: [byKey, { id: 'f', key: 'zz', value: 'by id' }] } };
    expect(restoreFormData(definition, data).values.f).toBe('by id');
    expect(restoreFormData(definition, { code: 'app', mainTable: { fields: [{ id: '', key: 'k', value: 'by key' }] } }).values.f).toBe('by key');
  });

  it('a subform table is found by its id before its key', () => {
    const data = {
      code: 'app',
      subTable: [
        { id: 'sk', subDatas: [{ id: 'by-key', type: 0, fields: [] }] },
        { id: 'sf', subDatas: [{ id: 'by-id', type: 0, fields: [] }] },
      ],
    };
    expect((restoreFormData(definition, data).values.sf as { id?: string }[]).map((r) => r.id)).toEqual(['by-id']);
  });

  it('a subform table named neither by the field\'s id nor by its key is not the field\'s', () => {
    const data = { code: 'app', subTable: [{ id: 'other', subDatas: [{ id: 'r', type: 0, fields: [] }] }] };
    expect(restoreFormData(definition, data).values).toEqual({});
  });

  it('a subform the data does not have is left out (the caller keeps its default)', () => {
    const values = restoreFormData(definition, { code: 'app', mainTable: { fields: [{ id: 'f', value: 'x' }] } }).values;
    expect(values).toEqual({ f: 'x' });
    expect('sf' in values).toBe(false);
  });

  it.each([
    ['type 0, no server id', { id: '', type: 0 }, true],
    ['type 2, no server id', { id: '', type: 2 }, true],
    ['type 1, a server id', { id: 's', type: 1 }, false],
    ['an unknown type, no server id', { id: '', type: 7 }, false],
    ['no type, no server id', { id: '' }, false],
    ['an unknown type, a server id', { id: 's', type: 7 }, true],
  ])('a draft row of %s is saved? %s', (_, sub, saved) => {
    const rows = restoreFormData(definition, { code: 'app', subTable: [{ id: 'sf', subDatas: [{ fields: [], ...sub }] }] }, 'draft').values.sf as { _isHistory?: boolean }[];
    expect(rows.map((r) => r._isHistory)).toEqual([saved]);
  });

  it('rows with one id get keys made unique in order: x, x-1, x-2', () => {
    const data = { code: 'app', subTable: [{ id: 'sf', subDatas: [1, 2, 3].map(() => ({ id: 'x', type: 0, fields: [] })) }] };
    expect((restoreFormData(definition, data).values.sf as { _id: string }[]).map((r) => r._id)).toEqual(['x', 'x-1', 'x-2']);
  });
});
