import { describe, expect, it } from 'vitest';
import { formFields, initialFormState } from '../../../../domain/forms/fields';
import * as M from '../../../../domain/forms/messages';
import type { FieldDefinition, FormDefinition, FormState } from '../../../../domain/forms/types';
import {
  hasErrors,
  validateForm,
  validateRow,
  validateSubmit,
  withErrors,
} from '../../../../domain/forms/validation';

const definition: FormDefinition = {
  fields: [
    { id: 'name', type: 'input', title: '姓名', required: true },
    { id: 'phone', type: 'input', title: '手机', format: 'mobile' },
    { id: 'secret', type: 'input', title: '隐藏', required: true, hidden: true },
    { id: 'locked', type: 'input', title: '只读', required: true, readonly: true },
    { id: 'inner', type: 'input', title: '内部', required: true, internal: true },
    {
      id: 'members',
      type: 'subform',
      title: '家庭成员',
      required: true,
      children: [
        { id: 'mname', type: 'input', title: '成员姓名', required: true },
        { id: 'mphone', type: 'input', title: '成员电话', format: 'mobile' },
        { id: 'mhidden', type: 'input', title: 'h', required: true, hidden: true },
        { id: 'mro', type: 'input', title: 'r', required: true, readonly: true },
      ],
    },
  ],
};
const fields = formFields(definition);

const withValues = (values: Record<string, unknown>, patch: Record<string, Partial<FormState[string]>> = {}): FormState => {
  const state = initialFormState(definition);
  for (const [id, value] of Object.entries(values)) state[id] = { ...(state[id] as FormState[string]), value };
  for (const [id, p] of Object.entries(patch)) state[id] = { ...(state[id] as FormState[string]), ...p };
  return state;
};

describe('validateForm', () => {
  it('checks visible editable fields only', () => {
    expect(validateForm(fields, withValues({ phone: '123' }))).toEqual({
      name: '请选择姓名',
      phone: '请输入正确的手机号',
      members: '请添加家庭成员',
    });
  });

  it('follows rule-changed flags in the state', () => {
    const state = withValues(
      { name: '张三', members: [{ _id: 'r', values: { mname: '李四' } }] },
      { secret: { visible: true }, name: { required: false }, phone: { required: true } },
    );
    expect(validateForm(fields, state)).toEqual({ secret: '请选择隐藏', phone: '请选择手机' });
  });

  it('a hidden field with a bad value is skipped', () => {
    const state = withValues({ name: 'a', members: [{ _id: 'r', values: { mname: 'x' } }] }, { phone: { visible: false, value: 'bad' } });
    expect(validateForm(fields, state)).toEqual({});
  });

  it('a subform fails with its first row error; removed rows are ignored', () => {
    const state = withValues({
      name: '张三',
      members: [
        { _id: 'gone', _removed: true, _isHistory: true, values: {} },
        { _id: 'ok', values: { mname: '王五' } },
        { _id: 'bad', values: { mname: '赵六', mphone: '12' } },
      ],
    });
    expect(validateForm(fields, state)).toEqual({ members: '请输入正确的手机号' });
  });

  it('only removed rows count as none', () => {
    const state = withValues({ name: '张三', members: [{ _id: 'gone', _removed: true, values: {} }] });
    expect(validateForm(fields, state)).toEqual({ members: M.fillMessage(M.SUBFORM_REQUIRED, { title: '家庭成员' }) });
  });

  it('fields without state are skipped; junk is tolerated', () => {
    expect(validateForm(fields, {})).toEqual({});
    expect(validateForm(null as never, null as never)).toEqual({});
    expect(validateForm([null as never, { id: 'a', type: 'input', required: true }], { a: undefined as never })).toEqual({});
  });
});

describe('validateRow', () => {
  const columns = (fields[5] as FieldDefinition).children as FieldDefinition[];
  it.each([
    [{ mname: '' }, { mname: '请选择成员姓名' }],
    [{ mname: 'a', mphone: '1' }, { mphone: '请输入正确的手机号' }],
    [{ mname: 'a', mphone: '13812345678' }, {}],
  ])('%j -> %j', (values, expected) => {
    expect(validateRow(columns, { _id: 'r', values })).toEqual(expected);
  });

  it('skips hidden, internal and read-only columns, and checks the others whatever their flags say', () => {
    const col = (id: string, extra: Partial<FieldDefinition>): FieldDefinition => ({ id, type: 'input', title: id, required: true, ...extra });
    const cols = [col('h', { hidden: true }), col('i', { internal: true }), col('r', { readonly: true }), col('e', { readonly: false, hidden: false, internal: false })];
    expect(validateRow(cols, { _id: 'r', values: {} })).toEqual({ e: '请选择e' });
  });

  it('tolerates junk rows', () => {
    expect(validateRow(columns, null as never)).toEqual({ mname: '请选择成员姓名' });
    expect(validateRow(null as never, { _id: 'r', values: {} })).toEqual({});
  });
});

describe('errors into state', () => {
  it('sets and clears errors', () => {
    const state = withValues({}, { phone: { errors: ['old'] } });
    const next = withErrors(state, { name: '请选择姓名' });
    expect(next.name?.errors).toEqual(['请选择姓名']);
    expect(next.phone?.errors).toEqual([]);
    expect(state.phone?.errors).toEqual(['old']);
    expect(hasErrors({})).toBe(false);
    expect(hasErrors({ a: 'x' })).toBe(true);
  });
});

describe('validateSubmit', () => {
  it('fails with 请检查输入 and the errors', () => {
    const r = validateSubmit(fields, withValues({}));
    expect(r).toEqual({
      ok: false,
      error: { message: '请检查输入', errors: { name: '请选择姓名', members: '请添加家庭成员' } },
    });
    expect(r.ok ? '' : r.error.message).toBe(M.SUBMIT_FAILED);
  });

  it('passes a valid form through', () => {
    const state = withValues({ name: '张三', members: [{ _id: 'r', values: { mname: 'a' } }] });
    expect(validateSubmit(fields, state)).toEqual({ ok: true, value: state });
  });
});
