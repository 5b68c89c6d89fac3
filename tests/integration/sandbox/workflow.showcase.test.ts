/**
 * The 全字段演示 flow of the seed: one form with the whole form model (every field type,
 * container, content block, date mode, rule operation used by the demo), offered to
 * staff next to the other office flows, started and read back through the sandbox.
 */
import { describe, expect, it } from 'vitest';
import type { FormDefinition as DomainFormDefinition } from '../../../domain/forms/types';
import { formFields, subformColumns } from '../../../domain/forms/fields';
import { SHOWCASE_FORM } from '../../../sandbox/workflow/forms';
import type { FormNode } from '../../../sandbox/workflow/forms/schema';
import { formData } from '../../../sandbox/workflow/seed';
import { emptyCore, FakeCore, U } from './workflow.fixtures';

// Compile-time: the form is a FormDefinition of the client's domain.
const FORM: DomainFormDefinition = SHOWCASE_FORM;

function allNodes(nodes: readonly FormNode[]): FormNode[] {
  const out: FormNode[] = [];
  for (const n of nodes) {
    out.push(n);
    if ('children' in n && Array.isArray(n.children)) out.push(...allNodes(n.children));
    if ('panes' in n && Array.isArray(n.panes)) for (const p of n.panes) out.push(...allNodes(p.children ?? []));
  }
  return out;
}

const nodes = allNodes(SHOWCASE_FORM.fields);
const executors = [...(SHOWCASE_FORM.interceptors ?? []).flatMap((r) => r.executors), ...(SHOWCASE_FORM.listeners ?? []).flatMap((l) => l.executors)];

describe('the 全字段演示 form alone covers the form model', () => {
  it.each([
    'input', 'textarea', 'number', 'switch', 'date', 'date-range', 'radio', 'checkbox', 'select',
    'multiselect', 'cascader', 'address', 'image', 'file', 'document', 'picker', 'subform',
    'grid', 'tabs', 'steps', 'collapse', 'table', 'paragraph', 'iframe', 'text',
  ])('uses node type %s', (type) => {
    expect(nodes.some((n) => n.type === type)).toBe(true);
  });

  it('uses every date mode, every source kind, an initial reminder and subform options', () => {
    const modes = new Set(nodes.map((n) => (n as { mode?: string }).mode).filter(Boolean));
    expect(modes).toEqual(new Set(['year', 'month', 'day', 'Date', 'DateTime']));
    const sources = new Set(nodes.map((n) => (n as { dataSource?: { type: string } }).dataSource?.type).filter(Boolean));
    expect(sources).toEqual(new Set(['dictionary', 'static', 'area', 'select-component']));
    expect(executors.some((e) => e.op === 'data-source' && e.dataSource?.type === 'event-config')).toBe(true);
    expect(SHOWCASE_FORM.initialReminder).toMatchObject({ countdown: 2, closeText: '开始填写', disabled: false });
    const subforms = formFields(FORM).filter((f) => f.type === 'subform');
    expect(subforms.map((f) => f.title)).toEqual(['物品明细', '往期记录']);
    expect(subforms[0]).toMatchObject({ required: true, maxCount: 2 });
    expect(subforms[1]).toMatchObject({ nonAddable: true, nonEditable: true, nonRemovable: true, inherited: true, message: '暂无往期记录' });
    // Files in rows: an image and a file column.
    expect(subformColumns(subforms[0]!).map((c) => c.type)).toEqual(['input', 'number', 'image', 'file']);
  });

  it('its rules show, hide, require, set (a value and an event), lock and swap a data source', () => {
    expect(new Set(executors.map((e) => e.op))).toEqual(new Set(['visible', 'required', 'set', 'disabled', 'data-source', 'hidden']));
    expect(executors.some((e) => e.op === 'set' && e.event === 'ec-leave-days')).toBe(true);
    expect(executors.some((e) => e.op === 'set' && e.value === 'high')).toBe(true);
  });

  it('has unique ids, and rules name real value fields', () => {
    const ids = nodes.map((n) => n.id);
    expect(new Set(ids).size).toBe(ids.length);
    const valueIds = new Set(formFields(FORM).map((f) => f.id));
    for (const r of SHOWCASE_FORM.interceptors ?? []) for (const id of [...r.matchers.map((m) => m.fieldId), ...r.executors.map((e) => e.fieldId)]) expect(valueIds.has(id), id).toBe(true);
    for (const l of SHOWCASE_FORM.listeners ?? []) for (const id of [...l.fields, ...l.executors.map((e) => e.fieldId)]) expect(valueIds.has(id), id).toBe(true);
  });
});

const filled = (more: Record<string, unknown> = {}) =>
  formData(
    'all-fields',
    SHOWCASE_FORM,
    {
      demo_name: '王老师',
      demo_gender: '2',
      demo_mobile: '13800138000',
      demo_age: 30,
      demo_year: '2026',
      demo_period: ['2026-05-11', '2026-05-13'],
      demo_category: 'it',
      demo_address: { region: ['110000', '110100', '110108'], street: '中关村大街1号' },
      demo_photo: [{ uid: 'p1', name: '照片.png', status: 'done', url: '/sandbox/files/p.png' }],
      ...more,
    },
    { demo_items: [{ demo_item_name: '白板', demo_item_qty: 1 }] },
  );

describe('the 全字段演示 flow', () => {
  it('is offered to staff under 行政办公 (not to students), the other groups unchanged', async () => {
    const core = new FakeCore();
    const staff = await core.get('flow-run/can-initiate-flow', U.t1001!);
    expect(staff.body.map((g: { name: string }) => g.name)).toEqual(['人事服务', '财务资产', '行政办公']);
    const office = staff.body.find((g: { name: string }) => g.name === '行政办公');
    expect(office.flows.map((f: { code: string }) => f.code)).toContain('all-fields');
    const student = await core.get('flow-run/can-initiate-flow', U.s2001!);
    expect(student.body.flatMap((g: { flows: { code: string }[] }) => g.flows.map((f) => f.code))).not.toContain('all-fields');
  });

  it('opens with its form, checks required fields with the rules applied, and starts a run waiting at 李主任', async () => {
    const core = emptyCore();
    const info = await core.get('flow-run/initiate-flow', U.t1001!, { code: 'all-fields' });
    expect(info.body).toMatchObject({ appId: 'app-all-fields', flowName: '全字段演示', message: null, situationDto: { currentNodeId: 'demo-start' } });
    expect(info.body.formJson.table).toBe('demo_all_fields');

    const body = { flowNodeId: 'demo-review', isInitiate: 1, userIds: [], sendIds: [] };
    const missing = await core.post('flow-run/initiate', U.t1001!, { ...body, formData: filled({ demo_name: '' }) });
    expect(missing.body.error.message).toBe('请选择姓名');
    // 住校 makes 宿舍楼 required on the server as well.
    const dorm = await core.post('flow-run/initiate', U.t1001!, { ...body, formData: filled({ demo_boarding: true }) });
    expect(dorm.body.error.message).toBe('请选择宿舍楼');
    const noRows = formData('all-fields', SHOWCASE_FORM, { ...Object.fromEntries(filled().mainTable.fields.map((f) => [f.id, f.value])) });
    expect((await core.post('flow-run/initiate', U.t1001!, { ...body, formData: noRows })).body.error.message).toBe('请添加物品明细');

    const next = await core.post('flow-run/next-node', U.t1001!, { AppId: 'app-all-fields', FormData: filled() });
    expect(next.body.flowNodes).toEqual([expect.objectContaining({ id: 'demo-review', name: '审核', handlers: [{ value: U.t1002!.id, name: '李主任' }] })]);
    const res = await core.post('flow-run/initiate', U.t1001!, { ...body, formData: filled() });
    expect(res.status).toBe(200);
    expect(res.body.numberStr).toMatch(/^QZ\d{12}$/);
    const run = core.state.runs.at(-1)!;
    expect(run.title).toBe('王老师的全字段演示');
    expect(run.precis).toBe('姓名：王老师\n类别：信息化设备');
  });
});
