import { describe, expect, it } from 'vitest';
import { createFormEngine, rowErrorsKey, type RowErrors } from '../../../application/forms';
import { SUBFORM_REQUIRED, SUBFORM_REQUIRED_DEFAULT } from '../../../domain/forms/messages';
import type { FormDefinition, SubformRow } from '../../../domain/forms/types';
import { FORMS, fakeFormsApi } from './forms.fixtures';

let n = 0;
const open = (definition: FormDefinition, initialData?: unknown) =>
  createFormEngine({ definition, mode: 'edit', code: 'x', initialData, ports: { forms: fakeFormsApi() }, newId: () => `r${++n}` });

const rows = (engine: ReturnType<typeof open>, id: string) => engine.getField(id)?.value as SubformRow[];

const saved = {
  code: 'x',
  mainTable: { id: 'stu_info_change', fields: [] },
  subTable: [
    { id: 'stu_family', subDatas: [{ id: 'fam-1', type: 0, fields: [{ id: 'stu_family_name', key: 'name', value: '张父' }, { id: 'stu_family_relation', key: 'relation', value: '1' }] }] },
    { id: 'stu_awards', subDatas: [{ id: 'aw-1', type: 0, fields: [{ id: 'stu_award_name', key: 'award', value: '三好学生' }] }] },
  ],
};

describe('spec strings of subforms', () => {
  it.each([
    [SUBFORM_REQUIRED, '请添加{title}'],
    [SUBFORM_REQUIRED_DEFAULT, '请添加数据'],
  ])('%s', (c, literal) => expect(c).toBe(literal));
});

describe('subform rows: add, edit, cancel restoring the saved row, soft remove', () => {
  it('adds a row in edit mode, checks it on save and keeps it', () => {
    const engine = open(FORMS.purchase);
    const sub = engine.subform('pur_items');
    const id = sub.add();
    expect(id).not.toBeNull();
    expect(rows(engine, 'pur_items')).toMatchObject([{ _id: id, _editing: true }]);
    expect(sub.save(id!)).toEqual({ pur_item_name: '请选择物品名称', pur_item_qty: '请选择数量', pur_item_price: '请选择单价（元）' });
    expect(engine.read<RowErrors>(rowErrorsKey('pur_items'))?.[id!]).toBeDefined();
    sub.update(id!, { pur_item_name: '打印纸', pur_item_qty: 0, pur_item_price: 25 });
    // Errors shown on a row are checked again as the user types.
    expect(engine.read<RowErrors>(rowErrorsKey('pur_items'))?.[id!]).toEqual({ pur_item_qty: '不能小于1' });
    sub.update(id!, { pur_item_qty: 10 });
    expect(sub.save(id!)).toEqual({});
    expect(rows(engine, 'pur_items')[0]).toMatchObject({ values: { pur_item_name: '打印纸', pur_item_qty: 10 } });
    expect(rows(engine, 'pur_items')[0]?._editing).toBeUndefined();
  });

  it('cancel of a new row drops it; cancel of an edit restores the saved row', () => {
    const engine = open(FORMS.studentInfo, saved);
    const sub = engine.subform('stu_family');
    const added = sub.add()!;
    sub.cancel(added);
    expect(rows(engine, 'stu_family')).toHaveLength(1);
    expect(sub.edit('fam-1')).toBe(true);
    sub.update('fam-1', { stu_family_name: '改名' });
    sub.cancel('fam-1');
    expect(rows(engine, 'stu_family')[0]).toMatchObject({ values: { stu_family_name: '张父' } });
  });

  it('nonRemovable keeps saved rows; nonAddable and nonEditable protect inherited data', () => {
    const engine = open(FORMS.studentInfo, saved);
    expect(engine.subform('stu_family').remove('fam-1')).toBe(false);
    const added = engine.subform('stu_family').add()!;
    expect(engine.subform('stu_family').remove(added)).toBe(true); // rows added here may go
    expect(engine.subform('stu_awards').add()).toBeNull();
    expect(engine.subform('stu_awards').edit('aw-1')).toBe(false);
    expect(engine.subform('stu_awards').remove('aw-1')).toBe(false);
  });

  it('removing a saved row is soft: it is sent as removed', () => {
    const engine = open(FORMS.purchase, {
      code: 'x',
      mainTable: { id: 'fin_purchase', fields: [] },
      subTable: [{ id: 'pur_items', subDatas: [{ id: 'it-1', type: 0, fields: [{ id: 'pur_item_name', key: 'name', value: '笔' }] }] }],
    });
    expect(engine.subform('pur_items').remove('it-1')).toBe(true);
    expect(rows(engine, 'pur_items')[0]).toMatchObject({ _removed: true });
    expect(engine.validate().ok).toBe(false);
    expect(engine.getField('pur_items')?.errors).toEqual(['请添加采购明细']);
    const data = engine.submitData();
    expect(data.subTable.find((t) => t.id === 'pur_items')?.subDatas).toEqual([
      { id: 'it-1', type: 3, fields: expect.arrayContaining([{ id: 'pur_item_name', key: 'name', value: '笔' }]) },
    ]);
  });

  it('maxCount limits the rows', () => {
    const engine = open({ fields: [{ id: 'sub', type: 'subform', title: '明细', maxCount: 2, children: [{ id: 'c', type: 'input', title: 'C' }] }] });
    const sub = engine.subform('sub');
    sub.save(sub.add()!);
    sub.save(sub.add()!);
    expect(sub.add()).toBeNull();
  });

  it.each([
    [{ title: '调课安排', message: '请至少添加一条调课安排' }, '请至少添加一条调课安排'],
    [{ title: '调课安排' }, '请添加调课安排'],
    [{}, '请添加数据'],
  ])('required and empty: %j -> %s', (props, message) => {
    const engine = open({ fields: [{ id: 'sub', type: 'subform', required: true, ...props, children: [{ id: 'c', type: 'input' }] }] });
    engine.validate();
    expect(engine.getField('sub')?.errors).toEqual([message]);
  });

  it('a row that breaks a column rule fails the submit with that message', () => {
    const engine = open(FORMS.studentInfo, saved);
    const sub = engine.subform('stu_family');
    const id = sub.add()!;
    sub.update(id, { stu_family_name: '妈妈', stu_family_relation: '2', stu_family_phone: '123' });
    engine.validate();
    expect(engine.getField('stu_family')?.errors).toEqual(['请输入正确的手机号']);
  });

  it('the switch shows the substitutes subform and makes it required (leave form)', () => {
    const engine = open(FORMS.leave);
    engine.setValue('leave_sub_need', true);
    expect(engine.getField('leave_subs')).toMatchObject({ visible: true, required: true });
    engine.validate();
    expect(engine.getField('leave_subs')?.errors).toEqual(['请至少添加一条调课安排']);
  });

  it('submitted rows: added rows type 1 with their client id, saved unchanged rows type 0', () => {
    const engine = open(FORMS.studentInfo, saved);
    const sub = engine.subform('stu_family');
    const id = sub.add()!;
    sub.update(id, { stu_family_name: '妈妈', stu_family_relation: '2' });
    sub.save(id);
    const family = engine.submitData().subTable.find((t) => t.id === 'stu_family');
    expect(family?.subDatas.map((s) => [s.id, s.type])).toEqual([
      ['fam-1', 0],
      [id, 1],
    ]);
  });
});
