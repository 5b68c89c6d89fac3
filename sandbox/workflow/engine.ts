import { HttpError, type SandboxUser } from '../module';
import { firstMissing, mergeFields, precisOf, readFormData, storedFormData, valuesOf, type Values } from './formData';
import { INITIATOR_TYPE } from './flows';
import { idList, isRecord, optString } from './http';
import {
  NODE_TYPE,
  type Attachment,
  type Condition,
  type FieldLimit,
  type FlowDef,
  type FlowNodeDef,
  type FlowRun,
  type RunDetail,
  type RunVisit,
  type SubmittedFormData,
  type WorkflowState,
} from './types';

/**
 * The workflow engine: moves runs through their flow's nodes. Every operation reads
 * and checks its whole input first and changes the state only when all is well, so
 * a 4xx never leaves a half-handled run behind.
 */

/** What the engine needs from the outside world (the sandbox services, or a quiet stand-in while seeding). */
export interface Effects {
  now(): Date;
  newId(): string;
  userById(id: string): SandboxUser | undefined;
  notify(userId: string, message: { groupName: string; title: string; context: string; data: Record<string, unknown> }): void;
  /** Returns the to-do id, or null when to-dos are made later (seeding). */
  createTodo(userId: string, input: { name: string; flowRunId: string; tab: number; campusId: string; type: number }): string | null;
  completeTodo(todoId: string): void;
  /** The campus of the current request; links of runs without a campus use it. */
  campusId: string | null;
}

export const MESSAGES = Object.freeze({
  runNotFound: '流程不存在',
  stepNotFound: '流程步骤不存在',
  flowNotFound: '流程不存在',
  nodeNotFound: '流程节点不存在',
  notAtYourNode: '当前流程不在您的办理节点',
  onlyInitiator: '只有发起人可以撤销',
  onlyApproving: '只有审批中的流程可以撤销',
  notConfigured: '应用配置有误，请联系管理员',
  noPermission: '您无权发起该流程',
  badType: '办理类型不正确',
  markRequired: '请填写审批意见！',
  markTooLong: '审批意见不能超过200个字符',
  signatureRequired: '请先签名',
  returnNodeRequired: '请选择退回节点！',
  noNextNodes: '无符合条件的办理节点，请确认流程设置是否正确',
  chooseNextNode: '请选择下一步骤',
  badNextNode: '所选步骤不可用',
  handlersRequired: '请选择审批人',
  noHandlers: '无符合条件的人员，请联系管理员查看流程设置！',
  sendsNotAllowed: '当前节点不允许选择抄送人',
  userNotFound: '用户不存在',
  formRequired: '请填写表单',
  codeMismatch: '表单数据与流程不一致',
});

export const MARK_MAX = 200;
const GROUP = '审批消息';

/**
 * Wire times are naive local date-times (YYYY-MM-DDTHH:mm:ss), as an ABP backend
 * serialises DateTime and as the rest of the sandbox answers; they sort as text.
 */
export function wireTime(d: Date): string {
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}T${p(d.getHours())}:${p(d.getMinutes())}:${p(d.getSeconds())}`;
}
const iso = wireTime;
/** Opinions are user text placed into the message HTML. */
const escapeHtml = (t: string): string => t.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const nameOf = (fx: Effects, id: string | null): string => (id ? (fx.userById(id)?.name ?? '') : '');

// ---------------------------------------------------------------------------
// Look-ups
// ---------------------------------------------------------------------------

export const flowById = (s: WorkflowState, id: string): FlowDef | undefined => s.flows.find((f) => f.id === id);
export const flowByCode = (s: WorkflowState, code: string): FlowDef | undefined => s.flows.find((f) => f.code === code);
export const flowByAppId = (s: WorkflowState, appId: string): FlowDef | undefined => s.flows.find((f) => f.appId === appId);
export const nodeOf = (flow: FlowDef, id: string | null | undefined): FlowNodeDef | undefined => flow.nodes.find((n) => n.id === id);
export const startOf = (flow: FlowDef): FlowNodeDef | undefined => flow.nodes.find((n) => n.kind === 'start');
export const endOf = (flow: FlowDef): FlowNodeDef | undefined => flow.nodes.find((n) => n.kind === 'end');

export function flowOfRun(s: WorkflowState, run: FlowRun): FlowDef {
  const flow = flowById(s, run.flowId);
  if (!flow) throw new HttpError(404, MESSAGES.flowNotFound);
  return flow;
}

export function runById(s: WorkflowState, id: string): FlowRun {
  const run = s.runs.find((r) => r.id === id);
  if (!run) throw new HttpError(404, MESSAGES.runNotFound);
  return run;
}

export interface StepRef {
  run: FlowRun;
  visit: RunVisit;
  detail: RunDetail;
}

export function findStep(s: WorkflowState, prcsId: string): StepRef | undefined {
  for (const run of s.runs)
    for (const visit of run.visits)
      for (const detail of visit.details) if (detail.id === prcsId) return { run, visit, detail };
  return undefined;
}

/** The user's step that waits for them in a run (办理中), if any. */
export function pendingStep(run: FlowRun, userId: string): { visit: RunVisit; detail: RunDetail } | undefined {
  if (run.state !== 0 && run.state !== 4) return undefined;
  for (let i = run.visits.length - 1; i >= 0; i--) {
    const visit = run.visits[i]!;
    if (visit.kind !== 'node' || visit.state !== -1) continue;
    const detail = visit.details.find((d) => d.userId === userId && d.state === -1 && (d.type === 0 || d.type === 1));
    if (detail) return { visit, detail };
  }
  return undefined;
}

/** The node visit the run waits at, if any. */
export const currentVisit = (run: FlowRun): RunVisit | undefined =>
  run.state === 0 || run.state === 4 ? [...run.visits].reverse().find((v) => v.kind === 'node' && v.state === -1) : undefined;

/** Node type of a pending step: 0 for the applicant's own step (after a return), else the node's type. */
export function stepType(flow: FlowDef, visit: RunVisit, detail: RunDetail): number {
  if (detail.type === 0) return 0;
  const node = nodeOf(flow, visit.nodeId);
  return node ? NODE_TYPE[node.kind] : 1;
}

// ---------------------------------------------------------------------------
// Conditions and successors
// ---------------------------------------------------------------------------


export function flowValues(flow: FlowDef, data: SubmittedFormData | null, initiator: SandboxUser | undefined): Values {
  const values = valuesOf(data, flow.form);
  if (initiator) values[INITIATOR_TYPE] = initiator.userType;
  return values;
}

export function conditionHolds(c: Condition, values: Values): boolean {
  if ('all' in c) return c.all.every((x) => conditionHolds(x, values));
  if ('any' in c) return c.any.some((x) => conditionHolds(x, values));
  const raw = values[c.field];
  const empty = raw === undefined || raw === null || raw === '' || (Array.isArray(raw) && raw.length === 0);
  if (c.op === 'empty') return empty;
  if (c.op === 'not-empty') return !empty;
  if (c.op === 'in' || c.op === 'not-in') {
    const hit = (Array.isArray(raw) ? raw : [raw]).some((v) => c.value.map(String).includes(String(v)));
    return c.op === 'in' ? hit : !hit;
  }
  if (!('value' in c)) return false;
  const n = typeof raw === 'number' ? raw : typeof raw === 'string' && raw.trim() !== '' ? Number(raw) : NaN;
  if (typeof c.value === 'number') {
    if (!Number.isFinite(n)) return false;
    switch (c.op) {
      case 'gt':
        return n > c.value;
      case 'gte':
        return n >= c.value;
      case 'lt':
        return n < c.value;
      case 'lte':
        return n <= c.value;
      case 'eq':
        return n === c.value;
      case 'ne':
        return n !== c.value;
    }
  }
  const text = String(raw ?? '');
  return c.op === 'eq' ? text === String(c.value) : c.op === 'ne' ? text !== String(c.value) : false;
}

export interface Successor {
  node: FlowNodeDef;
  /** Copy (send) nodes passed on the way. */
  via: FlowNodeDef[];
}

/**
 * The nodes a step can go to next: edges whose condition holds, passing through
 * copy nodes (their recipients become preset copy recipients).
 */
export function successors(flow: FlowDef, fromId: string, values: Values): Successor[] {
  const out: Successor[] = [];
  const walk = (id: string, via: FlowNodeDef[], depth: number): void => {
    if (depth > flow.nodes.length) return;
    for (const edge of flow.edges) {
      if (edge.source !== id || (edge.condition && !conditionHolds(edge.condition, values))) continue;
      const target = nodeOf(flow, edge.target);
      if (!target) continue;
      if (target.kind === 'send') walk(target.id, [...via, target], depth + 1);
      else if (!out.some((s) => s.node.id === target.id)) out.push({ node: target, via });
    }
  };
  walk(fromId, [], 0);
  return out;
}

/** Whether agreeing now finishes the node (nobody else still has to sign). */
export function completesNode(visit: RunVisit, detail: RunDetail): boolean {
  if (visit.modeType === 2) return true;
  return !visit.details.some((d) => d !== detail && (d.state === -1 || d.state === 4));
}

// ---------------------------------------------------------------------------
// Paths
// ---------------------------------------------------------------------------

/**
 * The node visits on the run's way to where it stands: a revisit (after a return)
 * cuts the path back to the earlier visit of that node.
 */
export function effectivePath(run: FlowRun): RunVisit[] {
  const path: RunVisit[] = [];
  for (const visit of run.visits) {
    if (visit.kind !== 'node') continue;
    const at = path.findIndex((v) => v.nodeId === visit.nodeId);
    if (at >= 0) path.splice(at);
    path.push(visit);
  }
  return path;
}

/** Earlier nodes a step may be returned to: the start and approval nodes before it on the path. */
export function returnTargets(flow: FlowDef, run: FlowRun, visit: RunVisit): FlowNodeDef[] {
  const path = effectivePath(run);
  const at = path.indexOf(visit);
  const before = at >= 0 ? path.slice(0, at) : [];
  const out: FlowNodeDef[] = [];
  for (const v of before) {
    const node = nodeOf(flow, v.nodeId);
    if (node && (node.kind === 'start' || node.kind === 'audit') && node.id !== visit.nodeId && !out.includes(node)) out.push(node);
  }
  return out;
}

// ---------------------------------------------------------------------------
// Next-node answer
// ---------------------------------------------------------------------------

export interface HandlerView {
  value: string;
  name: string;
}

export interface FlowNodeView {
  id: string;
  name: string;
  type: number;
  selectComponentId: string | null;
  isSelect: boolean;
  isAuto: boolean;
  modeType: number;
  handlers: HandlerView[];
}

export interface NextNodeAnswer {
  flowNodes: FlowNodeView[];
  sends: HandlerView[];
  sendSelectComponentId: string | null;
  sendIsSelect: boolean;
  isMark: boolean;
  isSelectUser: boolean;
  isSign: boolean;
}

const handlerViews = (fx: Effects, ids: readonly string[]): HandlerView[] =>
  ids.filter((id) => fx.userById(id)).map((id) => ({ value: id, name: nameOf(fx, id) }));

export function nodeView(fx: Effects, node: FlowNodeDef, handlers: readonly string[] = node.handlers): FlowNodeView {
  return {
    id: node.id,
    name: node.name,
    type: NODE_TYPE[node.kind],
    selectComponentId: node.selectComponentId ?? null,
    isSelect: node.isSelect === true,
    isAuto: node.kind === 'plugin',
    modeType: node.modeType,
    handlers: node.kind === 'audit' ? handlerViews(fx, handlers) : [],
  };
}

/**
 * What the actor at `from` may choose. While a countersign or sequential node still
 * waits for others, agreeing keeps the run at the same node: the answer offers that
 * node with the handlers still to sign.
 */
export function nextNodeAnswer(fx: Effects, flow: FlowDef, from: FlowNodeDef, values: Values, step?: { visit: RunVisit; detail: RunDetail }): NextNodeAnswer {
  const base = {
    sendSelectComponentId: from.sendSelectComponentId ?? null,
    sendIsSelect: from.sendIsSelect === true,
    isMark: from.isMark === true,
    isSign: from.isSign === true,
  };
  if (step && step.detail.type === 1 && !completesNode(step.visit, step.detail)) {
    const waiting = step.visit.details.filter((d) => d !== step.detail && (d.state === -1 || d.state === 4) && d.userId).map((d) => d.userId!);
    return { ...base, flowNodes: [nodeView(fx, from, waiting)], sends: [], isSelectUser: false };
  }
  const next = successors(flow, from.id, values);
  const sends: string[] = [];
  for (const s of next) for (const via of s.via) for (const id of via.handlers) if (!sends.includes(id)) sends.push(id);
  return {
    ...base,
    flowNodes: next.map((s) => nodeView(fx, s.node)),
    sends: handlerViews(fx, sends),
    isSelectUser: next.some((s) => s.node.isSelect === true),
  };
}

// ---------------------------------------------------------------------------
// Planning a move forward (validation only)
// ---------------------------------------------------------------------------

interface ForwardPlan {
  target: FlowNodeDef;
  via: FlowNodeDef[];
  handlers: string[];
  extraSends: string[];
}

function checkUsers(fx: Effects, ids: string[]): void {
  for (const id of ids) if (!fx.userById(id)) throw new HttpError(400, MESSAGES.userNotFound);
}

function planForward(fx: Effects, flow: FlowDef, from: FlowNodeDef, values: Values, flowNodeId: string | undefined, userIds: string[], sendIds: string[]): ForwardPlan {
  const next = successors(flow, from.id, values);
  if (next.length === 0) throw new HttpError(400, MESSAGES.noNextNodes);
  const chosen = flowNodeId !== undefined ? next.find((s) => s.node.id === flowNodeId) : next.length === 1 ? next[0] : undefined;
  if (!chosen) throw new HttpError(400, flowNodeId !== undefined ? MESSAGES.badNextNode : MESSAGES.chooseNextNode);
  let handlers: string[] = [];
  if (chosen.node.kind === 'audit') {
    handlers = chosen.node.isSelect ? userIds : chosen.node.handlers.filter((id) => fx.userById(id));
    if (chosen.node.isSelect && handlers.length === 0) throw new HttpError(400, MESSAGES.handlersRequired);
    if (handlers.length === 0) throw new HttpError(400, MESSAGES.noHandlers);
  }
  const presets = chosen.via.flatMap((v) => v.handlers);
  const extraSends = sendIds.filter((id) => !presets.includes(id));
  if (extraSends.length > 0 && from.sendIsSelect !== true) throw new HttpError(400, MESSAGES.sendsNotAllowed);
  return { target: chosen.node, via: chosen.via, handlers, extraSends };
}

// ---------------------------------------------------------------------------
// Changing a run
// ---------------------------------------------------------------------------

const campusOf = (fx: Effects, run: FlowRun): string => run.campusId ?? fx.campusId ?? '';

function link(fx: Effects, run: FlowRun, type: number, tab: number): Record<string, unknown> {
  return { module: 'OA', id: run.id, type, tab, campus: campusOf(fx, run) };
}

function newDetail(fx: Effects, type: RunDetail['type'], state: number, userId: string | null, now: string): RunDetail {
  return {
    id: fx.newId(),
    type,
    state,
    userId,
    userName: nameOf(fx, userId),
    arriveTime: now,
    prcsEndTime: null,
    mark: '',
    files: [],
    autograph: null,
    isRead: false,
    readTime: null,
    todoId: null,
  };
}

function todoInput(fx: Effects, run: FlowRun, detail: RunDetail, type: number) {
  if (detail.type === 2) return { name: `【抄送】${run.title}`, flowRunId: run.id, tab: 1, campusId: campusOf(fx, run), type: NODE_TYPE.send };
  return { name: detail.type === 0 ? `${run.title}（已退回）` : run.title, flowRunId: run.id, tab: 0, campusId: campusOf(fx, run), type };
}

/** A step now waits for its user: to-do and message. */
function announce(fx: Effects, flow: FlowDef, run: FlowRun, visit: RunVisit, detail: RunDetail): void {
  if (!detail.userId) return;
  const type = stepType(flow, visit, detail);
  const returned = detail.type === 0;
  detail.todoId = fx.createTodo(detail.userId, todoInput(fx, run, detail, type));
  fx.notify(detail.userId, {
    groupName: GROUP,
    title: returned ? '审批退回提醒' : '待审批提醒',
    context: returned
      ? `<p>您提交的${flow.name}（#${run.numberStr}）已被退回，请修改后重新提交。</p>`
      : `<p>${nameOf(fx, run.initiatorId)}提交的${flow.name}（#${run.numberStr}）等待您审批。</p>`,
    data: link(fx, run, type, 0),
  });
}

function finishDetail(fx: Effects, detail: RunDetail, state: number, now: string): void {
  detail.state = state;
  detail.prcsEndTime = now;
  if (detail.todoId) fx.completeTodo(detail.todoId);
}

/** Everyone else still waiting in the visit no longer needs to act (无需办理, or 已撤销). */
function closeOthers(fx: Effects, visit: RunVisit, except: RunDetail | null, state: number, now: string): void {
  for (const d of visit.details) if (d !== except && (d.state === -1 || d.state === 4)) finishDetail(fx, d, state, now);
}

function addCopyGroup(fx: Effects, flow: FlowDef, run: FlowRun, name: string, nodeId: string | null, recipients: string[], now: string): void {
  const users = recipients.filter((id, i) => recipients.indexOf(id) === i && fx.userById(id));
  if (users.length === 0) return;
  run.visits.push({
    id: fx.newId(),
    kind: 'copy',
    nodeId,
    name,
    modeType: 0,
    state: 0,
    startTime: now,
    endTime: now,
    details: users.map((id) => newDetail(fx, 2, 0, id, now)),
  });
  for (const d of run.visits[run.visits.length - 1]!.details) d.todoId = fx.createTodo(d.userId!, todoInput(fx, run, d, NODE_TYPE.send));
  for (const id of users)
    fx.notify(id, {
      groupName: GROUP,
      title: '抄送提醒',
      context: `<p>${nameOf(fx, run.initiatorId)}提交的${flow.name}（#${run.numberStr}）抄送给您，请知悉。</p>`,
      data: link(fx, run, NODE_TYPE.send, 1),
    });
}

function notifyInitiator(fx: Effects, run: FlowRun, title: string, context: string): void {
  fx.notify(run.initiatorId, { groupName: GROUP, title, context, data: link(fx, run, 1, 3) });
}

function enterAudit(fx: Effects, flow: FlowDef, run: FlowRun, node: FlowNodeDef, handlers: string[], now: string): void {
  const users = handlers.filter((id, i) => handlers.indexOf(id) === i);
  const visit: RunVisit = {
    id: fx.newId(),
    kind: 'node',
    nodeId: node.id,
    name: node.name,
    modeType: node.modeType,
    state: -1,
    startTime: now,
    endTime: null,
    // Sequential nodes take one handler at a time; the rest wait (待办).
    details: users.map((id, i) => newDetail(fx, 1, node.modeType === 0 && i > 0 ? 4 : -1, id, now)),
  };
  // Nobody to act: the history shows （未找到审批人） and the run waits for an administrator.
  if (visit.details.length === 0) visit.details.push(newDetail(fx, 1, -1, null, now));
  run.visits.push(visit);
  for (const d of visit.details) if (d.state === -1) announce(fx, flow, run, visit, d);
}

function complete(fx: Effects, flow: FlowDef, run: FlowRun, now: string): void {
  run.state = 1;
  run.finishTime = now;
  notifyInitiator(fx, run, '审批通过通知', `<p>您提交的${flow.name}（#${run.numberStr}）已审批通过。</p>`);
}

/** Moves the run into `plan.target`, running automatic nodes on the way. */
function moveForward(fx: Effects, flow: FlowDef, run: FlowRun, plan: ForwardPlan, now: string): void {
  for (const send of plan.via) addCopyGroup(fx, flow, run, send.name, send.id, send.handlers, now);
  const copied = plan.via.flatMap((v) => v.handlers);
  addCopyGroup(fx, flow, run, '抄送', null, plan.extraSends.filter((id) => !copied.includes(id)), now);
  const node = plan.target;
  if (node.kind === 'audit') return enterAudit(fx, flow, run, node, plan.handlers, now);
  if (node.kind === 'end') return complete(fx, flow, run, now);
  if (node.kind === 'plugin') {
    const system = newDetail(fx, 1, 0, null, now);
    Object.assign(system, { userName: '系统', prcsEndTime: now, mark: node.pluginMark ?? '系统自动处理', isRead: true });
    run.visits.push({ id: fx.newId(), kind: 'node', nodeId: node.id, name: node.name, modeType: 0, state: 0, startTime: now, endTime: now, details: [system] });
    const [next] = successors(flow, node.id, flowValues(flow, run.formData, fx.userById(run.initiatorId)));
    if (!next) return complete(fx, flow, run, now);
    const handlers = next.node.kind === 'audit' ? next.node.handlers.filter((id) => fx.userById(id)) : [];
    moveForward(fx, flow, run, { target: next.node, via: next.via, handlers, extraSends: [] }, now);
  }
}

// ---------------------------------------------------------------------------
// Reading request parts
// ---------------------------------------------------------------------------

function readMark(v: unknown): string {
  if (v === undefined || v === null) return '';
  if (typeof v !== 'string') throw new HttpError(400, '审批意见格式不正确');
  const mark = v.trim();
  if ([...mark].length > MARK_MAX) throw new HttpError(400, MESSAGES.markTooLong);
  return mark;
}

function readFiles(v: unknown): Attachment[] {
  if (v === undefined || v === null) return [];
  if (!Array.isArray(v)) throw new HttpError(400, '附件格式不正确');
  return v.map((f) => {
    if (!isRecord(f) || typeof f.name !== 'string') throw new HttpError(400, '附件格式不正确');
    const out: Attachment = { name: f.name };
    for (const k of ['suffix', 'domain', 'path', 'fileUrl'] as const) if (typeof f[k] === 'string') out[k] = f[k];
    if (typeof f.size === 'number') out.size = f.size;
    return out;
  });
}

function readUsers(fx: Effects, v: unknown, what: string): string[] {
  const ids = idList(v, what);
  checkUsers(fx, ids);
  return ids;
}

function checkCode(flow: FlowDef, data: SubmittedFormData): void {
  if (data.code !== '' && data.code !== flow.code) throw new HttpError(400, MESSAGES.codeMismatch);
}

// ---------------------------------------------------------------------------
// Operations
// ---------------------------------------------------------------------------

export function canInitiate(flow: FlowDef, user: SandboxUser): boolean {
  return flow.userTypes.includes(user.userType);
}

export interface InitiateResult {
  draft: boolean;
  id: string;
  numberStr?: string;
  state?: number;
}

/** initiate: isInitiate 0 saves the user's draft of the flow, 1 starts a run. */
export function initiate(s: WorkflowState, fx: Effects, user: SandboxUser, body: Record<string, unknown>): InitiateResult {
  const submit = body.isInitiate === 1 || body.isInitiate === '1' || body.isInitiate === true;
  if (!submit && !(body.isInitiate === 0 || body.isInitiate === '0' || body.isInitiate === false || body.isInitiate === undefined))
    throw new HttpError(400, 'isInitiate不正确');
  const raw = readFormData(body.formData);
  const appId = optString(body.appId, 'appId');
  const code = optString(body.code, 'code') ?? (raw && raw.code !== '' ? raw.code : undefined);
  const flow = appId ? flowByAppId(s, appId) : code ? flowByCode(s, code) : undefined;
  if (!appId && !code) throw new HttpError(400, '缺少应用编码');
  if (!flow) throw new HttpError(404, MESSAGES.flowNotFound);
  const startNode = startOf(flow);
  if (!flow.configured || !startNode) throw new HttpError(409, MESSAGES.notConfigured);
  if (!canInitiate(flow, user)) throw new HttpError(403, MESSAGES.noPermission);
  if (!raw) throw new HttpError(400, MESSAGES.formRequired);
  const data = { ...raw, code: flow.code };
  checkCode(flow, raw);
  const now = iso(fx.now());

  if (!submit) {
    const existing = s.drafts.find((d) => d.userId === user.id && d.flowId === flow.id);
    if (existing) Object.assign(existing, { formData: data, savedTime: now });
    else s.drafts.push({ id: fx.newId(), userId: user.id, flowId: flow.id, formData: data, savedTime: now });
    return { draft: true, id: (existing ?? s.drafts[s.drafts.length - 1]!).id };
  }

  const userIds = readUsers(fx, body.userIds, 'userIds');
  const sendIds = readUsers(fx, body.sendIds, 'sendIds');
  const values = flowValues(flow, data, user);
  const missing = firstMissing(flow.form, values, startNode.fieldLimits ?? [], fx.now());
  if (missing) throw new HttpError(400, missing);
  const plan = planForward(fx, flow, startNode, values, optString(body.flowNodeId, 'flowNodeId'), userIds, sendIds);

  const seq = (s.counters[flow.id] ?? 0) + 1;
  s.counters[flow.id] = seq;
  const d = fx.now();
  const day = `${d.getFullYear()}${String(d.getMonth() + 1).padStart(2, '0')}${String(d.getDate()).padStart(2, '0')}`;
  const stored = storedFormData(data, () => fx.newId());
  const run: FlowRun = {
    id: fx.newId(),
    flowId: flow.id,
    numberStr: `${flow.numberPrefix}${day}${String(seq).padStart(4, '0')}`,
    title: `${user.name}的${flow.name}`,
    precis: precisOf(flow.form, flow.precisFields, valuesOf(stored, flow.form)),
    initiatorId: user.id,
    campusId: fx.campusId,
    tenantId: user.tenantId,
    state: 0,
    creationTime: now,
    finishTime: null,
    formData: stored,
    visits: [],
  };
  const applicant = newDetail(fx, 0, 0, user.id, now);
  Object.assign(applicant, { prcsEndTime: now, isRead: true, readTime: now });
  run.visits.push({ id: fx.newId(), kind: 'node', nodeId: startNode.id, name: startNode.name, modeType: 0, state: 0, startTime: now, endTime: now, details: [applicant] });
  s.runs.push(run);
  s.drafts = s.drafts.filter((x) => !(x.userId === user.id && x.flowId === flow.id));
  moveForward(fx, flow, run, plan, now);
  return { draft: false, id: run.id, numberStr: run.numberStr, state: run.state };
}

/** The step a handling or next-node call names, checked to be the user's and waiting. */
export function ownStep(s: WorkflowState, user: SandboxUser, prcsId: string): StepRef & { flow: FlowDef; node: FlowNodeDef } {
  const step = findStep(s, prcsId);
  if (!step) throw new HttpError(404, MESSAGES.stepNotFound);
  const { run, visit, detail } = step;
  if (detail.userId !== user.id || detail.state !== -1 || visit.kind !== 'node' || visit.state !== -1 || (run.state !== 0 && run.state !== 4))
    throw new HttpError(409, MESSAGES.notAtYourNode);
  const flow = flowOfRun(s, run);
  const node = nodeOf(flow, visit.nodeId);
  if (!node) throw new HttpError(404, MESSAGES.nodeNotFound);
  return { ...step, flow, node };
}

export interface HandlingResult {
  flowRunId: string;
  state: number;
}

/**
 * handling: 0 agree, 1 reject, 2 return, 3 submit (the applicant's own step after a
 * return). Reject and return always need an opinion; agree needs one on isMark
 * nodes and a signature on isSign nodes.
 */
export function handle(s: WorkflowState, fx: Effects, user: SandboxUser, body: Record<string, unknown>): HandlingResult {
  const prcsId = optString(body.flowRunPrcsId, 'flowRunPrcsId');
  if (!prcsId) throw new HttpError(400, 'flowRunPrcsId不能为空');
  const { run, visit, detail, flow, node } = ownStep(s, user, prcsId);
  const type = typeof body.type === 'string' && body.type.trim() !== '' ? Number(body.type) : body.type;
  if (type !== 0 && type !== 1 && type !== 2 && type !== 3) throw new HttpError(400, MESSAGES.badType);
  if (detail.type === 0 ? type !== 3 : type === 3) throw new HttpError(400, MESSAGES.badType);
  const mark = readMark(body.mark);
  if ((type === 1 || type === 2) && mark === '') throw new HttpError(400, MESSAGES.markRequired);
  if (type === 0 && node.isMark && mark === '') throw new HttpError(400, MESSAGES.markRequired);
  const autograph = optString(body.autographPath, 'autographPath') ?? null;
  if (type === 0 && node.isSign && !autograph) throw new HttpError(400, MESSAGES.signatureRequired);
  const files = readFiles(body.files);
  const userIds = readUsers(fx, body.userIds, 'userIds');
  const sendIds = readUsers(fx, body.sendIds, 'sendIds');
  const incoming = readFormData(body.formData, flow.code);
  if (incoming) checkCode(flow, incoming);
  const flowNodeId = optString(body.flowNodeId, 'flowNodeId');
  const nowDate = fx.now();
  const now = iso(nowDate);

  // Work out everything first.
  let data = run.formData;
  let plan: ForwardPlan | null = null;
  let returnTo: FlowNodeDef | undefined;
  let keepSends: string[] = [];
  if (type === 3) {
    if (!incoming) throw new HttpError(400, MESSAGES.formRequired);
    data = storedFormData({ ...incoming, code: flow.code }, () => fx.newId());
    const values = flowValues(flow, data, fx.userById(run.initiatorId));
    const missing = firstMissing(flow.form, values, node.fieldLimits ?? [], nowDate);
    if (missing) throw new HttpError(400, missing);
    plan = planForward(fx, flow, node, values, flowNodeId, userIds, sendIds);
  } else if (type === 0) {
    const editable = (node.fieldLimits ?? []).filter((l) => l.editable).map((l) => l.fieldId);
    if (incoming && editable.length > 0) data = mergeFields(run.formData, incoming, editable, flow.form);
    const values = flowValues(flow, data, fx.userById(run.initiatorId));
    const limits: FieldLimit[] = (node.fieldLimits ?? []).filter((l) => l.editable);
    const missing = limits.length > 0 ? firstMissing(flow.form, values, limits, nowDate) : null;
    if (missing) throw new HttpError(400, missing);
    if (completesNode(visit, detail)) plan = planForward(fx, flow, node, values, flowNodeId, userIds, sendIds);
    else {
      if (flowNodeId !== undefined && flowNodeId !== node.id) throw new HttpError(400, MESSAGES.badNextNode);
      if (sendIds.length > 0 && node.sendIsSelect !== true) throw new HttpError(400, MESSAGES.sendsNotAllowed);
      keepSends = sendIds;
    }
  } else if (type === 2) {
    returnTo = returnTargets(flow, run, visit).find((n) => n.id === flowNodeId);
    if (!returnTo) throw new HttpError(400, MESSAGES.returnNodeRequired);
  }

  // Then change the run.
  detail.mark = mark;
  detail.files = files;
  if (autograph) detail.autograph = autograph;
  detail.isRead = true;
  detail.readTime ??= now;
  if (type === 0 || type === 3) {
    finishDetail(fx, detail, 0, now);
    if (type === 3) {
      run.state = 0;
      run.formData = data;
      run.precis = precisOf(flow.form, flow.precisFields, valuesOf(data, flow.form));
    } else run.formData = data;
    if (plan) {
      closeOthers(fx, visit, detail, 3, now);
      visit.state = 0;
      visit.endTime = now;
      moveForward(fx, flow, run, plan, now);
    } else {
      const next = visit.details.find((d) => d.state === 4);
      if (next && visit.modeType === 0) {
        next.state = -1;
        next.arriveTime = now;
        announce(fx, flow, run, visit, next);
      }
      addCopyGroup(fx, flow, run, '抄送', null, keepSends, now);
    }
  } else if (type === 1) {
    finishDetail(fx, detail, 1, now);
    closeOthers(fx, visit, detail, 3, now);
    visit.state = 1;
    visit.endTime = now;
    run.state = 2;
    run.finishTime = now;
    notifyInitiator(fx, run, '审批不通过通知', `<p>您提交的${flow.name}（#${run.numberStr}）未通过审批。审批意见：${escapeHtml(mark)}</p>`);
  } else if (returnTo) {
    finishDetail(fx, detail, 2, now);
    closeOthers(fx, visit, detail, 3, now);
    visit.state = 2;
    visit.endTime = now;
    if (returnTo.kind === 'start') {
      run.state = 4;
      const applicant = newDetail(fx, 0, -1, run.initiatorId, now);
      const back: RunVisit = { id: fx.newId(), kind: 'node', nodeId: returnTo.id, name: returnTo.name, modeType: 0, state: -1, startTime: now, endTime: null, details: [applicant] };
      run.visits.push(back);
      announce(fx, flow, run, back, applicant);
    } else {
      const earlier = [...run.visits].reverse().find((v) => v.kind === 'node' && v.nodeId === returnTo.id);
      const handled = (earlier?.details ?? []).filter((d) => d.state === 0 && d.userId).map((d) => d.userId!);
      enterAudit(fx, flow, run, returnTo, handled.length > 0 ? handled : returnTo.handlers, now);
    }
  }
  return { flowRunId: run.id, state: run.state };
}

/** revocation: the initiator withdraws a run that is still being approved. */
export function revoke(s: WorkflowState, fx: Effects, user: SandboxUser, runId: string): HandlingResult {
  const run = runById(s, runId);
  if (run.initiatorId !== user.id) throw new HttpError(403, MESSAGES.onlyInitiator);
  if (run.state !== 0) throw new HttpError(409, MESSAGES.onlyApproving);
  const now = iso(fx.now());
  for (const visit of run.visits) {
    if (visit.kind !== 'node' || visit.state !== -1) continue;
    closeOthers(fx, visit, null, 5, now);
    visit.state = 5;
    visit.endTime = now;
  }
  const record = newDetail(fx, 5, 5, user.id, now);
  Object.assign(record, { prcsEndTime: now, isRead: true, readTime: now });
  run.visits.push({ id: fx.newId(), kind: 'revoke', nodeId: null, name: '撤销申请', modeType: 0, state: 5, startTime: now, endTime: now, details: [record] });
  run.state = 3;
  run.finishTime = now;
  return { flowRunId: run.id, state: run.state };
}

/**
 * quick-handling from a list (type 1 approve, 0 reject), with an optional `mark` (the
 * opinion of the quick 同意 sheet and of a batch). Quick only when nothing more needs
 * asking: an opinion where the step wants one, no signature, no form field to fill and
 * one plain next step. A rejection always needs an opinion (SPEC point 5): without a
 * mark it is never quick, with one (批量拒绝) it is done at once.
 */
export function quickHandle(s: WorkflowState, fx: Effects, user: SandboxUser, body: Record<string, unknown>): { isQuick: boolean } {
  const runId = optString(body.flowRunId, 'flowRunId');
  if (!runId) throw new HttpError(400, 'flowRunId不能为空');
  const type = typeof body.type === 'string' ? Number(body.type) : body.type;
  if (type !== 0 && type !== 1) throw new HttpError(400, MESSAGES.badType);
  const run = runById(s, runId);
  const step = pendingStep(run, user.id);
  if (!step) throw new HttpError(409, MESSAGES.notAtYourNode);
  if (step.detail.type !== 1) return { isQuick: false };
  const mark = readMark(body.mark);
  if (type === 0) {
    if (mark === '') return { isQuick: false };
    handle(s, fx, user, { flowRunPrcsId: step.detail.id, type: 1, mark });
    return { isQuick: true };
  }
  const flow = flowOfRun(s, run);
  const node = nodeOf(flow, step.visit.nodeId);
  if (!node || (node.isMark && mark === '') || node.isSign || (node.fieldLimits ?? []).some((l) => l.editable || l.required)) return { isQuick: false };
  if (completesNode(step.visit, step.detail)) {
    const next = successors(flow, node.id, flowValues(flow, run.formData, fx.userById(run.initiatorId)));
    const only = next.length === 1 ? next[0]! : undefined;
    if (!only || only.node.isSelect) return { isQuick: false };
    if (only.node.kind === 'audit' && only.node.handlers.filter((id) => fx.userById(id)).length === 0) return { isQuick: false };
    handle(s, fx, user, { flowRunPrcsId: step.detail.id, type: 0, flowNodeId: only.node.id, mark: body.mark });
  } else handle(s, fx, user, { flowRunPrcsId: step.detail.id, type: 0, mark: body.mark });
  return { isQuick: true };
}

/** Copy recipients open what was sent to them: everything of theirs in the run is read. */
/** Reading a copy finishes its 抄送待阅 to-do; the read time shows as the copy's prcsEndTime. */
function readCopy(fx: Effects, d: RunDetail, now: string): void {
  Object.assign(d, { isRead: true, readTime: now, prcsEndTime: now });
  if (d.todoId) fx.completeTodo(d.todoId);
}

export function markRunRead(fx: Effects, run: FlowRun, userId: string): void {
  const now = iso(fx.now());
  for (const visit of run.visits)
    for (const d of visit.details) {
      if (d.userId !== userId || d.isRead) continue;
      if (d.type === 2) readCopy(fx, d, now);
      else if (d.state === -1) Object.assign(d, { isRead: true, readTime: now });
    }
}

export function markAllRead(s: WorkflowState, fx: Effects, userId: string): number {
  const now = iso(fx.now());
  let count = 0;
  for (const run of s.runs)
    for (const visit of run.visits)
      for (const d of visit.details)
        if (d.type === 2 && d.userId === userId && !d.isRead) {
          readCopy(fx, d, now);
          count++;
        }
  return count;
}

/** Makes the approval to-dos that steps waiting without one still lack (seeded runs, or a reset). */
export function syncTodos(s: WorkflowState, fx: Effects): number {
  let made = 0;
  for (const run of s.runs) {
    const flow = flowById(s, run.flowId);
    if (!flow) continue;
    const open = run.state === 0 || run.state === 4;
    for (const visit of run.visits) {
      for (const d of visit.details) {
        if (!d.userId || d.todoId) continue;
        const waiting = open && visit.kind === 'node' && visit.state === -1 && d.state === -1;
        const unreadCopy = visit.kind === 'copy' && d.type === 2 && !d.isRead;
        if (!waiting && !unreadCopy) continue;
        d.todoId = fx.createTodo(d.userId, todoInput(fx, run, d, waiting ? stepType(flow, visit, d) : NODE_TYPE.send));
        if (d.todoId) made++;
      }
    }
  }
  return made;
}
