import { describe, expect, it } from 'vitest';
import { applyFieldLimits, editableByLimits, parseFieldLimits, type FieldLimit } from '../../../../domain/forms/fieldLimits';
import { formFields } from '../../../../domain/forms/fields';
import type { FieldDefinition, FormDefinition, FormNode } from '../../../../domain/forms/types';

/** A form with a field at the top, one in a grid pane, one in a container's children, and a subform. */
const FORM: FormDefinition = {
  table: 't',
  fields: [
    { id: 'title', type: 'input', title: '标题', required: true },
    { id: 'grid', type: 'grid', panes: [{ span: 12, children: [{ id: 'code', type: 'input', title: '编号', hidden: true }] }, { span: 12 }] },
    { id: 'box', type: 'collapse', children: [{ id: 'note', type: 'textarea', title: '备注', readonly: true }] },
    { id: 'tip', type: 'text', content: '说明' },
    {
      id: 'items',
      type: 'subform',
      title: '明细',
      children: [
        { id: 'item_name', type: 'input', title: '名称' },
        { id: 'item_qty', type: 'number', title: '数量' },
      ],
    },
  ],
};

const field = (definition: FormDefinition, id: string): FieldDefinition => {
  const all = formFields(definition).flatMap((f) => [f, ...((f.children ?? []) as FieldDefinition[])]);
  const found = all.find((f) => f.id === id);
  if (!found) throw new Error(`no field ${id}`);
  return found;
};

describe('parseFieldLimits: the wire shape', () => {
  it('reads a list or its JSON text; flags as booleans or 0/1', () => {
    const list = [{ fieldId: 'a', editable: 1, hidden: 0, required: true }, { fieldId: 'b', editable: false }];
    const expected: FieldLimit[] = [{ fieldId: 'a', editable: true, hidden: false, required: true }, { fieldId: 'b', editable: false }];
    expect(parseFieldLimits(list)).toEqual(expected);
    expect(parseFieldLimits(JSON.stringify(list))).toEqual(expected);
  });

  it('drops malformed entries and unreadable flags; anything else is no limits', () => {
    expect(parseFieldLimits([null, 'x', { fieldId: '' }, { fieldId: 3 }, { fieldId: 'c', hidden: 'yes', required: 2 }])).toEqual([{ fieldId: 'c' }]);
    expect(parseFieldLimits('{not json')).toEqual([]);
    expect(parseFieldLimits('{"fieldId":"a"}')).toEqual([]);
    expect(parseFieldLimits(undefined)).toEqual([]);
    expect(parseFieldLimits(42)).toEqual([]);
  });
});

describe('editableByLimits', () => {
  it('names the fields a node opens (editable true only)', () => {
    expect([...editableByLimits([{ fieldId: 'a', editable: true }, { fieldId: 'b', editable: false }, { fieldId: 'c' }])]).toEqual(['a']);
  });
});

describe('applyFieldLimits: the definition as the node sees it', () => {
  it('an edit form without limits is the definition itself', () => {
    expect(applyFieldLimits(FORM, [], 'edit')).toBe(FORM);
  });

  it('hidden true hides; hidden false keeps the designer visibility', () => {
    const out = applyFieldLimits(FORM, [{ fieldId: 'title', hidden: true }, { fieldId: 'code', hidden: false }], 'edit');
    expect(field(out, 'title').hidden).toBe(true);
    expect(field(out, 'code').hidden).toBe(true);
  });

  it('editable false makes read-only, editable true makes editable (also a designer read-only field)', () => {
    const out = applyFieldLimits(FORM, [{ fieldId: 'title', editable: false }, { fieldId: 'note', editable: true }], 'edit');
    expect(field(out, 'title').readonly).toBe(true);
    expect(field(out, 'note').readonly).toBe(false);
  });

  it('required true makes required and visible; required false keeps the designer flag', () => {
    const out = applyFieldLimits(FORM, [{ fieldId: 'code', required: true }, { fieldId: 'title', required: false }], 'edit');
    expect(field(out, 'code')).toMatchObject({ required: true, hidden: false });
    expect(field(out, 'title').required).toBe(true);
  });

  it('a read-only form makes every field read-only except the ones the node opens, subform columns included', () => {
    const out = applyFieldLimits(FORM, [{ fieldId: 'note', editable: true }, { fieldId: 'item_qty', editable: true }], 'readonly');
    for (const id of ['title', 'code', 'items', 'item_name']) expect(field(out, id).readonly, id).toBe(true);
    expect(field(out, 'note').readonly).toBe(false);
    expect(field(out, 'item_qty').readonly).toBe(false);
  });

  it('subform columns follow their own limits; containers, panes and content blocks keep their shape', () => {
    const out = applyFieldLimits(FORM, [{ fieldId: 'item_name', hidden: true }], 'edit');
    expect(field(out, 'item_name').hidden).toBe(true);
    expect(field(out, 'item_qty').hidden).toBeUndefined();
    expect(out.fields[3]).toBe(FORM.fields[3]);
    expect((out.fields[1] as { panes: unknown[] }).panes[1]).toEqual({ span: 12 });
    expect(out.table).toBe('t');
  });

  it('does not change its input', () => {
    const before = JSON.stringify(FORM);
    applyFieldLimits(FORM, [{ fieldId: 'title', hidden: true, editable: false }], 'readonly');
    expect(JSON.stringify(FORM)).toBe(before);
  });

  it('copes with malformed definitions: no fields, odd panes, endless nesting', () => {
    expect(applyFieldLimits(null as unknown as FormDefinition, [], 'readonly')).toEqual({ fields: [] });
    expect(applyFieldLimits({ fields: 'x' } as unknown as FormDefinition, [], 'readonly')).toEqual({ fields: [] });
    const odd = { fields: [{ id: 'g', type: 'tabs', panes: [null, { title: 'x' }] }] } as unknown as FormDefinition;
    expect(applyFieldLimits(odd, [], 'readonly')).toEqual(odd);
    // A cyclic tree stops at the depth cap instead of recursing forever.
    const loop: { id: string; type: 'collapse'; children: FormNode[] } = { id: 'loop', type: 'collapse', children: [] };
    loop.children.push(loop);
    const out = applyFieldLimits({ fields: [loop] }, [], 'readonly');
    expect(out.fields[0]).toMatchObject({ id: 'loop', type: 'collapse' });
  });
});
