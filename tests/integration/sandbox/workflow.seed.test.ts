import { describe, expect, it } from 'vitest';
import type { FormDefinition as DomainFormDefinition } from '../../../domain/forms/types';
import { formFields, subformColumns } from '../../../domain/forms/fields';
import { createWorkflowModule, seedWorkflow, syncWorkflowTodos } from '../../../sandbox/workflow';
import { LEAVE_FORM, NOTICE_FORM, PURCHASE_FORM, SEAL_FORM, STUDENT_INFO_FORM, VISITOR_FORM } from '../../../sandbox/workflow/forms';
import type { FormNode } from '../../../sandbox/workflow/forms/schema';
import { FakeCore, NOW, U, USERS } from './workflow.fixtures';

// Compile-time: every seeded form is a FormDefinition of the client's domain.
const FORMS: DomainFormDefinition[] = [LEAVE_FORM, PURCHASE_FORM, SEAL_FORM, NOTICE_FORM, STUDENT_INFO_FORM, VISITOR_FORM];

function allNodes(nodes: readonly FormNode[]): FormNode[] {
  const out: FormNode[] = [];
  for (const n of nodes) {
    out.push(n);
    if ('children' in n && Array.isArray(n.children)) out.push(...allNodes(n.children));
    if ('panes' in n && Array.isArray(n.panes)) for (const p of n.panes) out.push(...allNodes(p.children ?? []));
  }
  return out;
}

const nodes = FORMS.flatMap((f) => allNodes(f.fields as FormNode[]));
const fields = nodes.filter((n): n is Extract<FormNode, { identifier?: string }> & { type: string } => 'id' in n);
const rules = FORMS.flatMap((f) => f.interceptors ?? []);
const listeners = FORMS.flatMap((f) => f.listeners ?? []);
const executors = [...rules.flatMap((r) => r.executors), ...listeners.flatMap((l) => l.executors)];
const prop = (key: string) => new Set(fields.map((f) => (f as unknown as Record<string, unknown>)[key]).filter((v) => v !== undefined));

describe('seeded forms cover the whole form model (SPEC point 3)', () => {
  it.each([
    'input', 'textarea', 'number', 'switch', 'date', 'date-range', 'radio', 'checkbox', 'select',
    'multiselect', 'cascader', 'address', 'image', 'file', 'document', 'picker', 'subform',
    'grid', 'tabs', 'steps', 'collapse', 'table', 'paragraph', 'iframe', 'text',
  ])('uses node type %s', (type) => {
    expect(nodes.some((n) => n.type === type)).toBe(true);
  });

  it.each(['year', 'month', 'day', 'Date', 'DateTime'])('uses date mode %s', (mode) => {
    expect(prop('mode').has(mode)).toBe(true);
  });

  it.each(['mobile', 'phone', 'email', 'id-card'])('uses text format %s, plus custom patterns', (format) => {
    expect(prop('format').has(format)).toBe(true);
    expect(prop('pattern').size).toBeGreaterThanOrEqual(2);
  });

  it.each(['required', 'optional', 'visible', 'hidden', 'disabled', 'editable', 'set', 'data-source'])('uses rule operation %s', (op) => {
    expect(executors.some((e) => e.op === op)).toBe(true);
  });

  it.each(['empty', 'not-empty', 'in', 'not-in', 'is', 'not', 'less', 'more', 'between'])('uses matcher factor %s', (factor) => {
    expect(rules.some((r) => r.matchers.some((m) => m.factor === factor))).toBe(true);
  });

  it('uses every data source: dictionaries leave_type, gender, nation; the area; a select component by code; an event config', () => {
    const sources = fields.map((f) => (f as { dataSource?: { type: string; code?: string; id?: string } }).dataSource).filter((s) => s !== undefined);
    expect(sources.filter((s) => s.type === 'dictionary').map((s) => s.code).sort()).toEqual(['gender', 'leave_type', 'nation']);
    expect(sources.some((s) => s.type === 'area')).toBe(true);
    expect(sources.some((s) => s.type === 'select-component' && s.code === 'staff')).toBe(true);
    expect(sources.some((s) => s.type === 'event-config' && s.id === 'ec-purchase-categories')).toBe(true);
    expect(sources.some((s) => s.type === 'static')).toBe(true);
    expect(executors.some((e) => e.op === 'set' && e.event)).toBe(true);
    expect(executors.some((e) => e.op === 'set' && e.value !== undefined)).toBe(true);
  });

  it('uses the subform props, relative dates, listeners and a disabled interceptor', () => {
    for (const key of ['maxCount', 'nonAddable', 'nonEditable', 'nonRemovable', 'message', 'inherited', 'internal', 'accurate', 'width', 'height', 'size', 'accept', 'direction', 'description', 'defaultValue', 'placeholder'])
      expect(prop(key).size, key).toBeGreaterThan(0);
    expect(rules.some((r) => r.matchers.some((m) => m.relative))).toBe(true);
    expect(listeners.length).toBeGreaterThan(0);
    expect(rules.some((r) => r.disabled)).toBe(true);
  });

  it.each(FORMS.map((f) => [f.table, f]))('%s: unique field ids, rules name real fields, the client reads every field', (_, form) => {
    const own = allNodes(form.fields as FormNode[]);
    const ids = own.map((n) => n.id);
    expect(new Set(ids).size).toBe(ids.length);
    const valueIds = new Set(formFields(form).map((f) => f.id));
    for (const r of form.interceptors ?? []) {
      for (const m of r.matchers) expect(valueIds.has(m.fieldId), m.fieldId).toBe(true);
      for (const e of r.executors) expect(valueIds.has(e.fieldId), e.fieldId).toBe(true);
    }
    for (const l of form.listeners ?? []) for (const id of [...l.fields, ...l.executors.map((e) => e.fieldId)]) expect(valueIds.has(id), id).toBe(true);
    for (const f of formFields(form)) if (f.type === 'subform') expect(subformColumns(f).length).toBeGreaterThan(0);
  });
});

describe('seeded flows', () => {
  it('cover every kind of node and mode, a branch, a reminder with a countdown and an unconfigured flow', () => {
    const state = seedWorkflow(USERS, NOW);
    const nodes = state.flows.flatMap((f) => f.nodes);
    expect(new Set(nodes.map((n) => n.kind))).toEqual(new Set(['start', 'audit', 'send', 'plugin', 'end']));
    expect(new Set(nodes.filter((n) => n.kind === 'audit').map((n) => n.modeType))).toEqual(new Set([0, 1, 2]));
    for (const flag of ['isSelect', 'isSign', 'isMark', 'sendIsSelect'] as const) expect(nodes.some((n) => n[flag]), flag).toBe(true);
    expect(state.flows.flatMap((f) => f.edges).filter((e) => e.condition).length).toBeGreaterThanOrEqual(4);
    expect(state.flows.find((f) => f.code === 'leave')!.form!.initialReminder).toMatchObject({ countdown: 5, disabled: false });
    expect(state.flows.find((f) => f.code === 'unconfigured')!.configured).toBe(false);
    expect(state.flows.map((f) => f.code)).toEqual(expect.arrayContaining(['leave', 'purchase', 'seal', 'unconfigured', 'notice-draft']));
  });

  it('has runs in every state, with history, and the demo situations', () => {
    const state = seedWorkflow(USERS, NOW);
    expect(new Set(state.runs.map((r) => r.state))).toEqual(new Set([0, 1, 2, 3, 4]));
    const waitingFor = (account: string) =>
      state.runs.filter((r) => r.visits.some((v) => v.kind === 'node' && v.state === -1 && v.details.some((d) => d.userId === U[account]!.id && d.state === -1)));
    expect(waitingFor('t1002').map((r) => r.title)).toEqual(['王老师的采购申请', '王老师的请假申请', '王老师的通知发文']);
    expect(waitingFor('t1001').map((r) => r.flowId)).toEqual(['flow-purchase', 'flow-student-info', 'flow-visitor']);
    const unreadCopies = state.runs.filter((r) => r.visits.some((v) => v.kind === 'copy' && v.details.some((d) => d.userId === U.t1001!.id && !d.isRead)));
    expect(unreadCopies).toHaveLength(2);
    expect(state.drafts).toEqual([expect.objectContaining({ userId: U.t1001!.id, flowId: 'flow-seal' })]);
    for (const run of state.runs) expect(run.visits[0]!.details[0]).toMatchObject({ type: 0, state: 0 });
  });

  it('is plain JSON and deterministic for a given now', () => {
    const a = seedWorkflow(USERS, NOW);
    expect(JSON.parse(JSON.stringify(a))).toEqual(a);
    expect(seedWorkflow(USERS, NOW)).toEqual(a);
  });

  it('seeds what it can when some demo users are missing', () => {
    const few = USERS.filter((u) => u.account === 't1001' || u.account === 's2001');
    const state = seedWorkflow(few, NOW);
    expect(state.runs).toEqual([]);
    expect(state.flows.find((f) => f.code === 'leave')!.nodes.find((n) => n.id === 'leave-dept')!.handlers).toEqual([]);
    expect(seedWorkflow([], NOW).departments.length).toBeGreaterThan(0);
  });
});

describe('to-dos of seeded steps', () => {
  it('are made once, for waiting steps and unread copies, by syncWorkflowTodos or the first request', async () => {
    const core = new FakeCore();
    const made = syncWorkflowTodos(core, core.state, 'campus-x');
    expect(made).toBe(core.todos.length);
    expect(core.todos.filter((t) => t.userId === U.t1002!.id && t.tab === 0)).toHaveLength(3);
    expect(core.todos.find((t) => t.userId === U.t1001!.id && t.name.endsWith('（已退回）'))).toMatchObject({ tab: 0, type: 0, campusId: 'campus-x' });
    expect(core.todos.filter((t) => t.userId === U.t1001!.id && t.tab === 1)).toHaveLength(2);
    expect(syncWorkflowTodos(core, core.state)).toBe(0);
    await core.post('flow-run/list', U.t1001!, { type: 0 });
    expect(core.todos).toHaveLength(made);
  });

  it('reads the state through getState on every request, so a reset takes effect', async () => {
    const core = new FakeCore();
    let state = seedWorkflow(USERS, NOW);
    const routes = createWorkflowModule(core, () => state);
    const listRoute = routes.find((r) => r.path.endsWith('flow-run/list'))!;
    const call = async () =>
      (await listRoute.handler({ method: 'POST', path: listRoute.path, params: {}, query: {}, body: { type: 3 }, headers: {}, user: U.t1001!, campusId: 'c' })).body as { totalCount: number };
    expect((await call()).totalCount).toBe(9);
    state = { ...seedWorkflow(USERS, NOW), runs: [] };
    expect((await call()).totalCount).toBe(0);
  });
});
