import { describe, expect, it, vi } from 'vitest';
import { createFormEngine, type FormEngineOptions, type FormNotice } from '../../../application/forms';
import { resolveFormDefinition } from '../../../application/forms/definition';
import {
  DATA_SOURCE_LOAD_FAILED,
  EMAIL_INVALID,
  ID_CARD_INVALID,
  INIT_FAILED,
  MOBILE_INVALID,
  NEXT_STEP_REQUIRED,
  PHONE_INVALID,
  STEP_FAILED,
  STREET_REQUIRED,
  SUBMIT_FAILED,
  fillMessage,
} from '../../../domain/forms/messages';
import { buildIdCard } from '../../../domain/forms/idCard';
import { firstMissing, readFormData, valuesOf } from '../../../sandbox/workflow/formData';
import { DICTIONARIES, FORMS, IT_SUBCATEGORIES, PURCHASE_CATEGORIES, fakeFormsApi, fakeSelectorsApi } from './forms.fixtures';

/** Thu 2025-03-13 10:00, the sandbox fixtures' "now". */
const NOW = new Date(2025, 2, 13, 10, 0, 0).getTime();

const settle = async (): Promise<void> => {
  for (let i = 0; i < 30; i++) await Promise.resolve();
};

function open(definition: keyof typeof FORMS, extra: Partial<FormEngineOptions> = {}) {
  const forms = fakeFormsApi();
  const notices: FormNotice[] = [];
  const engine = createFormEngine({
    definition: FORMS[definition],
    mode: 'edit',
    code: definition,
    ports: { forms, selectors: fakeSelectorsApi().api, clock: { now: () => NOW } },
    ...extra,
  });
  engine.onNotice((n) => notices.push(n));
  return { engine, forms, notices };
}

const fs = (engine: ReturnType<typeof open>['engine'], id: string) => {
  const s = engine.getField(id);
  if (!s) throw new Error(`no field ${id}`);
  return s;
};

describe('spec strings of the forms context', () => {
  it.each([
    [STEP_FAILED, '请检查输入'],
    [SUBMIT_FAILED, '请检查输入'],
    [NEXT_STEP_REQUIRED, '请完成下一步'],
    [DATA_SOURCE_LOAD_FAILED, '「{title}」数据源加载失败'],
    [STREET_REQUIRED, '请输入详细地址'],
    [MOBILE_INVALID, '请输入正确的手机号'],
    [PHONE_INVALID, '请输入正确的电话号码'],
    [EMAIL_INVALID, '请输入正确的邮箱'],
    [ID_CARD_INVALID, '请输入正确的身份证号'],
    [INIT_FAILED, '表单初始化失败'],
  ])('%s', (constant, literal) => expect(constant).toBe(literal));
});

describe('definition', () => {
  it('prefers tenantFormJson, reads JSON text, and fails with 表单初始化失败 or the server message', () => {
    const tenant = { fields: [{ id: 't', type: 'input' }] };
    expect(resolveFormDefinition({ formJson: FORMS.leave, tenantFormJson: JSON.stringify(tenant) })).toEqual({ ok: true, value: tenant });
    expect(resolveFormDefinition({ formJson: JSON.stringify(FORMS.leave), tenantFormJson: null })).toEqual({ ok: true, value: FORMS.leave });
    expect(resolveFormDefinition({ formJson: '{bad' })).toEqual({ ok: false, error: '表单初始化失败' });
    expect(resolveFormDefinition({ formJson: null, message: '应用配置有误，请联系管理员' })).toEqual({ ok: false, error: '应用配置有误，请联系管理员' });
  });
});

describe('opening a form: state per field from the definition', () => {
  it.each([
    ['leave', 'leave_proof', { visible: false, required: false, readonly: false }],
    ['leave', 'leave_type', { visible: true, required: true, readonly: false }],
    ['leave', 'leave_subs', { visible: false, required: false, readonly: false }],
    ['studentInfo', 'stu_no', { visible: false, required: false, readonly: false }], // internal
    ['purchase', 'pur_asset', { visible: false, required: false, readonly: false }], // hidden until category it/furniture
    ['seal', 'seal_copies', { visible: true, required: true, readonly: true }], // types empty -> disabled
    ['notice', 'ntc_body', { visible: true, required: true, readonly: false }], // the disabled interceptor never fires
  ] as const)('%s %s', (form, id, flags) => {
    const { engine } = open(form);
    expect(fs(engine, id)).toMatchObject(flags);
  });

  it.each([
    ['seal', 'seal_copies', 1],
    ['notice', 'ntc_urgency', 'normal'],
    ['visitor', 'vis_companions', 0],
    ['leave', 'leave_sub_need', false],
    ['studentInfo', 'stu_address', { region: [], street: '' }],
    ['leave', 'leave_period', []],
  ] as const)('%s %s starts at %j', (form, id, value) => {
    expect(fs(open(form).engine, id).value).toEqual(value);
  });
});

describe('data sources', () => {
  it('loads dictionaries (name -> label, id -> value) and the area cascader, implicit for an address', async () => {
    const { engine, forms } = open('studentInfo');
    await settle();
    expect(fs(engine, 'stu_gender').options).toEqual(DICTIONARIES.gender);
    expect(fs(engine, 'stu_nation').options).toEqual(DICTIONARIES.nation);
    const hometown = fs(engine, 'stu_hometown').options ?? [];
    expect(hometown.map((o) => o.label)).toEqual(['浙江省', '北京市']);
    expect(fs(engine, 'stu_address').options?.[0]?.children?.[0]?.children?.[0]).toMatchObject({ label: '西湖区', value: '330106', isLeaf: true });
    // One area call serves both fields.
    expect(forms.calls.filter((c) => c.kind === 'regions')).toHaveLength(1);
  });

  it('loads event-config options with the form data', async () => {
    const { engine, forms } = open('purchase');
    await settle();
    expect(fs(engine, 'pur_category').options).toEqual(PURCHASE_CATEGORIES);
    const call = forms.calls.find((c) => c.kind === 'runEvent');
    expect(call?.arg).toMatchObject({ id: 'ec-purchase-categories', formData: { code: 'purchase', mainTable: { id: 'fin_purchase' } } });
  });

  it('clears a restored value the loaded options do not offer', async () => {
    const { engine } = open('leave', {
      initialData: { code: 'leave', mainTable: { id: 'oa_leave', fields: [{ id: 'leave_type', key: 'leaveType', value: 'gone' }] }, subTable: [] },
    });
    expect(fs(engine, 'leave_type').value).toBe('gone');
    await settle();
    expect(fs(engine, 'leave_type').value).toBe('');
  });

  it('reports 「{title}」数据源加载失败 when a source fails', async () => {
    const forms = fakeFormsApi();
    forms.fail.add('dictionary:leave_type');
    const engine = createFormEngine({ definition: FORMS.leave, mode: 'edit', code: 'leave', ports: { forms, clock: { now: () => NOW } } });
    const notices: FormNotice[] = [];
    engine.onNotice((n) => notices.push(n));
    await settle();
    expect(notices).toContainEqual({ kind: 'fail', text: '「请假类型」数据源加载失败' });
    expect(notices).toContainEqual({ kind: 'fail', text: fillMessage(DATA_SOURCE_LOAD_FAILED, { title: '请假类型' }) });
  });

  it.each([
    [{ type: 'select-component' }, '未找到对应组件'],
    [{ type: 'select-component', code: 'nope' }, '获取失败，请稍后重试'],
  ])('a select-component source %j fails with %s', async (dataSource, message) => {
    const forms = fakeFormsApi();
    const engine = createFormEngine({
      definition: { fields: [{ id: 'who', type: 'select', title: '人员', dataSource: dataSource as never }] },
      mode: 'edit',
      code: 'x',
      ports: { forms, selectors: fakeSelectorsApi().api },
    });
    const notices: FormNotice[] = [];
    engine.onNotice((n) => notices.push(n));
    await settle();
    // An unusable descriptor is not a source at all (domain parseDataSource): nothing to report.
    if (!('code' in dataSource)) expect(notices).toEqual([]);
    else expect(notices).toContainEqual({ kind: 'fail', text: message });
  });

  it('a select-component source of a choice field gives the first tab as options', async () => {
    const engine = createFormEngine({
      definition: { fields: [{ id: 'who', type: 'select', title: '人员', dataSource: { type: 'select-component', code: 'staff' } }] },
      mode: 'edit',
      code: 'x',
      ports: { forms: fakeFormsApi(), selectors: fakeSelectorsApi().api },
    });
    await settle();
    // Organisation levels are not selectable on this tab, so only the person is offered.
    expect(engine.getField('who')?.options).toEqual([{ label: '赵校长', value: 'u-head' }]);
  });
});

describe('rules: every executor op, interceptors only on a changed result, listeners on change', () => {
  it('required (also visible and editable) and its revert', () => {
    const { engine } = open('leave');
    engine.setValue('leave_days', 4);
    expect(fs(engine, 'leave_proof')).toMatchObject({ visible: true, required: true });
    expect(fs(engine, 'leave_handover')).toMatchObject({ visible: true, required: true });
    engine.setValue('leave_days', 2);
    expect(fs(engine, 'leave_proof')).toMatchObject({ visible: false, required: false });
  });

  it('hidden and visible (between, less)', () => {
    const { engine } = open('leave');
    engine.setValue('leave_days', 1);
    expect(fs(engine, 'leave_handover').visible).toBe(false);
    engine.setValue('leave_days', 0.5);
    expect(fs(engine, 'leave_sub_need').visible).toBe(false);
    engine.setValue('leave_days', 2);
    expect(fs(engine, 'leave_handover').visible).toBe(true);
    expect(fs(engine, 'leave_sub_need').visible).toBe(true);
  });

  it('optional and required pairs; disabled and editable', () => {
    const { engine } = open('seal');
    engine.setValue('seal_usage', 'external');
    expect(fs(engine, 'seal_receiver')).toMatchObject({ visible: true, required: true });
    engine.setValue('seal_usage', 'internal');
    expect(fs(engine, 'seal_receiver')).toMatchObject({ visible: false, required: false });
    engine.setValue('seal_types', ['official']);
    expect(fs(engine, 'seal_copies').readonly).toBe(false);
    engine.setValue('seal_types', []);
    expect(fs(engine, 'seal_copies').readonly).toBe(true);
  });

  it('set with a value', () => {
    const { engine } = open('notice');
    engine.setValue('ntc_urgency', 'urgent');
    expect(fs(engine, 'ntc_sms')).toMatchObject({ value: true, readonly: true });
  });

  it('an interceptor runs only when its result changes: same result, no redraw', () => {
    const { engine } = open('leave');
    engine.setValue('leave_days', 4);
    const proofRedraws = vi.fn();
    const unsubscribe = engine.subscribe('leave_proof', proofRedraws);
    engine.setValue('leave_days', 5); // still "more than 3.5": nothing fires
    expect(proofRedraws).not.toHaveBeenCalled();
    engine.setValue('leave_days', 3);
    expect(proofRedraws).toHaveBeenCalledTimes(1);
    unsubscribe();
  });

  it('a listener runs the event config when its field changes; the result sets the value and cascades', async () => {
    const { engine, forms } = open('leave');
    engine.setValue('leave_period', ['2025-03-14 08:00', '2025-03-18 17:00']);
    await settle();
    expect(forms.calls.some((c) => c.kind === 'runEvent' && (c.arg as { id: string }).id === 'ec-leave-days')).toBe(true);
    expect(fs(engine, 'leave_days').value).toBe(5);
    expect(fs(engine, 'leave_proof')).toMatchObject({ visible: true, required: true });
  });

  it('a failing event reports 「{title}」数据源加载失败', async () => {
    const { engine, forms, notices } = open('notice');
    forms.fail.add('event:ec-archive-month');
    engine.setValue('ntc_publish', '2025-03-20');
    await settle();
    expect(notices).toContainEqual({ kind: 'fail', text: '「归档月份」数据源加载失败' });
  });

  it('data-source replaces the options through event-config/run and clears what they do not offer; lapsing restores the static ones', async () => {
    const { engine } = open('purchase');
    await settle();
    engine.setValue('pur_subcategory', 'teaching');
    engine.setValue('pur_category', 'it');
    expect(fs(engine, 'pur_asset').visible).toBe(true);
    await settle();
    expect(fs(engine, 'pur_subcategory').options).toEqual(IT_SUBCATEGORIES);
    expect(fs(engine, 'pur_subcategory').value).toBe('');
    engine.setValue('pur_category', 'books');
    expect(fs(engine, 'pur_subcategory').options?.map((o) => o.value)).toEqual(['general', 'teaching', 'journal']);
    expect(fs(engine, 'pur_asset').visible).toBe(false);
  });

  it('relative dates: a visit more than a week ahead needs the ID card', () => {
    const { engine } = open('visitor');
    engine.setValue('vis_time', '2025-03-25');
    expect(fs(engine, 'vis_idcard').required).toBe(true);
    engine.setValue('vis_time', '2025-03-15');
    expect(fs(engine, 'vis_idcard').required).toBe(false);
  });

  it('an empty matcher holds on open: no email makes the mobile required', () => {
    const { engine } = open('studentInfo');
    expect(fs(engine, 'stu_mobile').required).toBe(true);
    engine.setValue('stu_email', 'a@b.cn');
    expect(fs(engine, 'stu_mobile').required).toBe(false);
  });

  it('one keystroke notifies only the field typed in', () => {
    const { engine } = open('studentInfo');
    const calls = new Map<string, number>();
    const offs = engine.fields.map((f) => engine.subscribe(f.id, () => calls.set(f.id, (calls.get(f.id) ?? 0) + 1)));
    engine.setValue('stu_name', '张');
    engine.setValue('stu_name', '张三');
    expect([...calls.entries()]).toEqual([['stu_name', 2]]);
    offs.forEach((off) => off());
    expect(engine.listenerCount()).toBe(0);
  });
});

describe('validation: on blur and on submit, with the spec messages', () => {
  const id18 = buildIdCard('11010519491231002') ?? '';

  it.each([
    ['visitor', 'vis_name', '', '请选择访客姓名'],
    ['visitor', 'vis_mobile', '1234', '请输入正确的手机号'],
    ['leave', 'leave_phone', '12-34', '请输入正确的电话号码'],
    ['studentInfo', 'stu_email', 'a@', '请输入正确的邮箱'],
    ['studentInfo', 'stu_idcard', '110105194912310021', '请输入正确的身份证号'],
    ['visitor', 'vis_plate', 'AB12', '请输入正确的车牌号'],
    ['notice', 'ntc_no', '2025-12', '文号格式如：校办〔2025〕12号'],
    ['leave', 'leave_reason', 'x'.repeat(201), '最多输入200个字符'],
    ['visitor', 'vis_companions', 11, '不能大于10'],
    ['leave', 'leave_days', 0.2, '不能小于0.5'],
    ['studentInfo', 'stu_address', { region: ['33', '3301', '330106'], street: '' }, '请输入详细地址'],
    ['notice', 'ntc_body', [], '请上传文档'],
    ['notice', 'ntc_scope', [], '请选择发布范围'],
    ['leave', 'leave_period', ['2025-03-14 08:00'], '请选择请假时间'],
  ] as const)('%s %s = %j -> %s', (form, id, value, message) => {
    const { engine } = open(form);
    engine.setValue(id, value);
    engine.blur(id);
    expect(fs(engine, id).errors).toEqual([message]);
  });

  it('an error clears as soon as the value is fixed', () => {
    const { engine } = open('visitor');
    engine.setValue('vis_mobile', '123');
    engine.blur('vis_mobile');
    expect(fs(engine, 'vis_mobile').errors).toEqual(['请输入正确的手机号']);
    engine.setValue('vis_mobile', '13800138000');
    expect(fs(engine, 'vis_mobile').errors).toEqual([]);
  });

  it('submit fails with 请检查输入 and marks every failing field, pointing at the first', () => {
    const { engine, notices } = open('visitor');
    const result = engine.validate();
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error.message).toBe('请检查输入');
    expect(notices).toContainEqual({ kind: 'fail', text: '请检查输入' });
    expect(fs(engine, 'vis_name').errors).toEqual(['请选择访客姓名']);
    expect(fs(engine, 'vis_purpose').errors).toEqual(['请选择来访事由']);
    expect(engine.getMeta().errorFocus?.fieldId).toBe('vis_name');
  });

  it('a valid form submits its data, accepted by the sandbox server check', () => {
    const { engine } = open('visitor');
    engine.setValue('vis_name', '刘一');
    engine.setValue('vis_mobile', '13800138000');
    engine.setValue('vis_idcard', id18);
    engine.setValue('vis_time', '2025-03-14');
    engine.setValue('vis_purpose', 'visit');
    const result = engine.validate();
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.value).toMatchObject({ code: 'visitor', mainTable: { id: 'sec_visitor' }, subTable: [] });
    expect(result.value.mainTable.fields).toContainEqual({ id: 'vis_name', key: 'visitorName', value: '刘一' });
    const values = valuesOf(readFormData(result.value), null);
    expect(firstMissing(FORMS.visitor as never, values, [], new Date(NOW))).toBeNull();
  });
});

describe('steps', () => {
  it('next validates the current step (请检查输入); submit needs the final step (请完成下一步)', () => {
    const { engine, notices } = open('seal');
    expect(engine.getMeta()).toMatchObject({ step: 0, stepCount: 3 });
    const early = engine.validate();
    expect(early.ok ? '' : early.error.message).toBe('请完成下一步');
    expect(engine.nextStep()).toBe(false);
    expect(notices.map((n) => n.text)).toEqual(['请完成下一步', '请检查输入']);
    expect(fs(engine, 'seal_types').errors).toEqual(['请选择印章类型']);
    expect(fs(engine, 'seal_document').errors).toEqual([]); // not in this step
    engine.setValue('seal_types', ['official']);
    engine.setValue('seal_usage', 'internal');
    expect(engine.nextStep()).toBe(true);
    expect(engine.getMeta().step).toBe(1);
    engine.prevStep();
    expect(engine.getMeta().step).toBe(0);
  });

  it('a failure in an earlier step brings the form back to that step', () => {
    const { engine } = open('seal');
    engine.setValue('seal_types', ['official']);
    engine.setValue('seal_usage', 'internal');
    engine.nextStep();
    engine.setValue('seal_document', [{ uid: 'd1', name: '合同.docx', status: 'done' }]);
    engine.nextStep();
    expect(engine.getMeta().step).toBe(2);
    engine.setValue('seal_types', []);
    const r = engine.validate();
    expect(r.ok).toBe(false);
    expect(engine.getMeta().step).toBe(0);
  });
});

describe('steps: paged for whoever fills the form, shown whole when read', () => {
  const sealSaved = {
    code: 'seal',
    mainTable: {
      id: 'office_seal',
      fields: [
        { id: 'seal_types', key: 'sealTypes', value: ['official'] },
        { id: 'seal_copies', key: 'copies', value: 2 },
        { id: 'seal_usage', key: 'usage', value: 'internal' },
      ],
    },
    subTable: [],
  };

  it('the filler (edit, e.g. a resubmission of saved data) still has to reach the final step', () => {
    const { engine, notices } = open('seal', { initialData: sealSaved });
    expect(engine.pagedSteps).toBe(true);
    const r = engine.validate();
    expect(r.ok ? '' : r.error.message).toBe(NEXT_STEP_REQUIRED);
    expect(notices.map((n) => n.text)).toEqual([NEXT_STEP_REQUIRED]);
  });

  it('the approver (read-only) is never asked for 下一步: agreeing passes at step one', () => {
    const { engine, notices } = open('seal', { mode: 'readonly', initialData: sealSaved });
    expect(engine.pagedSteps).toBe(false);
    expect(engine.getMeta()).toMatchObject({ step: 0, stepCount: 3 });
    const r = engine.validate();
    expect(r.ok).toBe(true);
    expect(notices).toEqual([]);
    if (r.ok) expect(r.value.mainTable.fields).toContainEqual({ id: 'seal_usage', key: 'usage', value: 'internal' });
  });

  it('fields the node opens to the approver are still checked on agree, wherever their step is', () => {
    const limits = [{ fieldId: 'seal_remark', editable: true, hidden: false, required: true }];
    const { engine, notices } = open('seal', { mode: 'readonly', initialData: sealSaved, fieldLimits: limits });
    const r = engine.validate();
    expect(r.ok ? {} : r.error).toEqual({ message: SUBMIT_FAILED, errors: { seal_remark: '请选择备注' } });
    expect(notices.map((n) => n.text)).toEqual([SUBMIT_FAILED]);
    expect(fs(engine, 'seal_remark').errors).toEqual(['请选择备注']);
    // The error is brought into view where it is; no step to switch to.
    expect(engine.getMeta()).toMatchObject({ step: 0, errorFocus: { fieldId: 'seal_remark' } });
    engine.setValue('seal_remark', '同意盖章');
    expect(engine.validate().ok).toBe(true);
  });
});

describe('field limits and read-only mode', () => {
  const limitsStart = [{ fieldId: 'pur_budget_code', editable: false, hidden: true, required: false }];
  const limitsCountersign = [{ fieldId: 'pur_budget_code', editable: true, hidden: false, required: true }];

  it('the start node hides the budget code', () => {
    const { engine } = open('purchase', { fieldLimits: limitsStart });
    expect(fs(engine, 'pur_budget_code')).toMatchObject({ visible: false, readonly: true });
  });

  it('read-only shows saved values as saved, with only the fields the node opens editable', async () => {
    const saved = {
      code: 'notice',
      mainTable: { id: 'office_notice', fields: [{ id: 'ntc_urgency', key: 'urgency', value: 'urgent' }, { id: 'ntc_sms', key: 'sms', value: false }] },
      subTable: [],
    };
    const { engine } = open('notice', { mode: 'readonly', initialData: saved });
    // The `set` rule must not rewrite saved data in a read-only view.
    expect(fs(engine, 'ntc_sms').value).toBe(false);
    expect(engine.fields.every((f) => fs(engine, f.id).readonly)).toBe(true);

    const { engine: approver } = open('purchase', { mode: 'readonly', fieldLimits: JSON.stringify(limitsCountersign) });
    expect(approver.fields.filter((f) => !fs(approver, f.id).readonly).map((f) => f.id)).toEqual(['pur_budget_code']);
    expect(fs(approver, 'pur_budget_code').required).toBe(true);
    // Rules cannot open other fields in a read-only form.
    approver.setValue('pur_urgent', true);
    expect(fs(approver, 'pur_urgent_reason').readonly).toBe(true);
    approver.setValue('pur_budget_code', 'YS12');
    const r = approver.validate();
    expect(r.ok ? [] : r.error.errors).toEqual({ pur_budget_code: '预算编号格式为YS加6位数字' });
  });
});
