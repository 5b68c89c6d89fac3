import { HttpError, type SandboxUser } from '../module';
import { valuesOf, displayValue } from './formData';
import { walkFields } from './forms/schema';
import { endOf, flowById, nodeOf, pendingStep, startOf, stepType, type Effects } from './engine';
import { NODE_TYPE, ZERO_GUID, type FlowDef, type FlowRun, type RunDetail, type WorkflowState } from './types';

/** How runs look on the wire: list items, the detail, the situation and the flow chart. */

export type Tab = 0 | 1 | 2 | 3;

export interface Row {
  run: FlowRun;
  flow: FlowDef;
  isRead: boolean;
  nodeType: number;
  /** When the run last concerned the user on this tab; lists are newest first by it. */
  sortTime: string;
  flowRunPrcsId: string | null;
}

/**
 * The runs on a tab for a user:
 * 0 我的待办: runs waiting at a step of theirs; 1 我收到的: runs copied to them;
 * 2 已办理: runs where they agreed, rejected or returned; 3 已发起: runs they started.
 */
export function rowsFor(s: WorkflowState, user: SandboxUser, tab: Tab): Row[] {
  const rows: Row[] = [];
  for (const run of s.runs) {
    const flow = flowById(s, run.flowId);
    if (!flow) continue;
    const mine = run.visits.flatMap((v) => v.details.filter((d) => d.userId === user.id).map((d) => ({ v, d })));
    if (tab === 0) {
      const step = pendingStep(run, user.id);
      if (step) rows.push({ run, flow, isRead: step.detail.isRead, nodeType: stepType(flow, step.visit, step.detail), sortTime: step.detail.arriveTime, flowRunPrcsId: step.detail.id });
    } else if (tab === 1) {
      const copies = mine.filter((x) => x.d.type === 2).map((x) => x.d);
      if (copies.length > 0)
        rows.push({ run, flow, isRead: copies.every((d) => d.isRead), nodeType: NODE_TYPE.send, sortTime: latest(copies.map((d) => d.arriveTime)), flowRunPrcsId: null });
    } else if (tab === 2) {
      const handled = mine.filter((x) => x.d.type === 1 && (x.d.state === 0 || x.d.state === 1 || x.d.state === 2) && x.d.prcsEndTime).map((x) => x.d);
      if (handled.length > 0) rows.push({ run, flow, isRead: true, nodeType: NODE_TYPE.audit, sortTime: latest(handled.map((d) => d.prcsEndTime!)), flowRunPrcsId: null });
    } else if (run.initiatorId === user.id) {
      rows.push({ run, flow, isRead: true, nodeType: NODE_TYPE.start, sortTime: run.creationTime, flowRunPrcsId: null });
    }
  }
  return rows.sort((a, b) => (a.sortTime < b.sortTime ? 1 : a.sortTime > b.sortTime ? -1 : a.run.id < b.run.id ? 1 : -1));
}

const latest = (times: string[]): string => times.reduce((a, b) => (a > b ? a : b), '');

export interface TabCounts {
  waiting: number;
  receive: number;
  already: number;
  send: number;
}

/** Tab badges: waiting to-dos, UNREAD received copies, everything handled, everything started. */
export function tabCounts(s: WorkflowState, user: SandboxUser): TabCounts {
  return {
    waiting: rowsFor(s, user, 0).length,
    receive: rowsFor(s, user, 1).filter((r) => !r.isRead).length,
    already: rowsFor(s, user, 2).length,
    send: rowsFor(s, user, 3).length,
  };
}

export function listItem(fx: Effects, row: Row) {
  const { run, flow } = row;
  return {
    id: run.id,
    title: run.title,
    precis: run.precis,
    creationTime: run.creationTime,
    creatorName: fx.userById(run.initiatorId)?.name ?? '',
    creatorImage: '',
    state: run.state,
    isRead: row.isRead,
    nodeType: row.nodeType,
    numberStr: run.numberStr,
    flowId: flow.id,
    flowName: flow.name,
    code: flow.code,
    flowRunPrcsId: row.flowRunPrcsId,
    finishTime: run.finishTime,
  };
}

// ---------------------------------------------------------------------------
// Situation and history
// ---------------------------------------------------------------------------

export interface Situation {
  currentNodeId: string | null;
  completedNodeId: string[];
}

/**
 * completedNodeId lists the flow nodes the run has finished, in the order it first
 * finished them (copy and automatic nodes included, the end once approved);
 * currentNodeId is where it waits, null once it is over.
 */
export function situationOf(flow: FlowDef, run: FlowRun): Situation {
  const completed: string[] = [];
  for (const visit of run.visits) {
    if (!visit.nodeId || visit.kind === 'revoke') continue;
    if (visit.state === 0 || visit.state === 1 || visit.state === 2) if (!completed.includes(visit.nodeId)) completed.push(visit.nodeId);
  }
  const end = endOf(flow);
  if (run.state === 1 && end && !completed.includes(end.id)) completed.push(end.id);
  const current = run.state === 0 || run.state === 4 ? ([...run.visits].reverse().find((v) => v.kind === 'node' && v.state === -1)?.nodeId ?? null) : null;
  return { currentNodeId: current, completedNodeId: completed };
}

/** Readable time between arrival and action, e.g. 2小时5分钟. */
export function timeCost(from: string, to: string | null): string {
  if (!to) return '';
  const minutes = Math.max(0, Math.floor((Date.parse(to) - Date.parse(from)) / 60000));
  if (minutes < 1) return '1分钟内';
  const d = Math.floor(minutes / 1440);
  const h = Math.floor((minutes % 1440) / 60);
  const m = minutes % 60;
  if (d > 0) return h > 0 ? `${d}天${h}小时` : `${d}天`;
  if (h > 0) return m > 0 ? `${h}小时${m}分钟` : `${h}小时`;
  return `${m}分钟`;
}

function detailDto(d: RunDetail) {
  return {
    id: d.id,
    type: d.type,
    state: d.state,
    userId: d.userId,
    userName: d.userName,
    userHead: '',
    creationTime: d.arriveTime,
    prcsEndTime: d.prcsEndTime,
    timeCost: d.type === 2 ? '' : timeCost(d.arriveTime, d.prcsEndTime),
    mark: d.mark,
    files: d.files,
    autograph: d.autograph,
    isRead: d.isRead,
  };
}

export function historyOf(run: FlowRun) {
  return run.visits.map((v) => ({
    id: v.kind === 'copy' ? ZERO_GUID : v.id,
    nodeId: v.nodeId,
    name: v.name,
    state: v.state,
    modeType: v.modeType,
    modeUserCount: v.details.length,
    flowRunDetailsDtos: v.details.map(detailDto),
  }));
}

export function isInvolved(run: FlowRun, userId: string): boolean {
  return run.initiatorId === userId || run.visits.some((v) => v.details.some((d) => d.userId === userId));
}

/**
 * info-app. `type` is the node type at the user's waiting step (0: their own editable
 * step after a return), else 1; flowRunPrcsId is present only with such a step;
 * draftData is the run's form data; fieldLimits are those of the user's step (the
 * start node's for the initiator otherwise, so internal fields stay hidden).
 */
export function detailOf(s: WorkflowState, fx: Effects, user: SandboxUser, run: FlowRun) {
  const flow = flowById(s, run.flowId);
  if (!flow) throw new HttpError(404, '流程不存在');
  const step = pendingStep(run, user.id);
  const node = step ? nodeOf(flow, step.visit.nodeId) : undefined;
  const limits = node ? (node.fieldLimits ?? []) : run.initiatorId === user.id ? (startOf(flow)?.fieldLimits ?? []) : [];
  const type = step ? stepType(flow, step.visit, step.detail) : 1;
  const detail: Record<string, unknown> = {
    id: run.id,
    numberStr: run.numberStr,
    title: run.title,
    state: run.state,
    type,
    appId: flow.appId,
    tenantId: run.tenantId,
    code: flow.code,
    flowId: flow.id,
    flowName: flow.name,
    approvalType: step ? (step.detail.type === 0 ? 3 : 0) : null,
    isSign: node?.isSign === true,
    isMark: node?.isMark === true,
    draftData: run.formData,
    formJson: flow.form,
    tenantFormJson: flow.tenantForm,
    fieldLimits: limits,
    situationDto: situationOf(flow, run),
    flowRunNodeDtos: historyOf(run),
    creatorId: run.initiatorId,
    creatorName: fx.userById(run.initiatorId)?.name ?? '',
    creatorImage: '',
    creationTime: run.creationTime,
    finishTime: run.finishTime,
    precis: run.precis,
  };
  if (step) detail.flowRunPrcsId = step.detail.id;
  return detail;
}

// ---------------------------------------------------------------------------
// Flow chart
// ---------------------------------------------------------------------------

const MODE_NAMES = ['依次审批', '会签', '或签'];

function blurbOf(fx: Effects, flow: FlowDef, nodeId: string, run: FlowRun | null): string {
  const node = nodeOf(flow, nodeId)!;
  const names = (ids: string[]) => ids.map((id) => fx.userById(id)?.name ?? '').filter((n) => n !== '').join('、');
  switch (node.kind) {
    case 'start':
      return run ? (fx.userById(run.initiatorId)?.name ?? '发起人') : '发起人';
    case 'end':
      return '流程结束';
    case 'plugin':
      return node.blurb ?? '系统自动处理';
    case 'send':
      return `抄送：${names(node.handlers)}`;
    default: {
      const visited = run ? [...run.visits].reverse().find((v) => v.nodeId === node.id) : undefined;
      const who = visited ? names(visited.details.map((d) => d.userId).filter((id): id is string => id !== null)) : names(node.handlers);
      if (!who) return node.isSelect ? '发起人自选' : '未设置审批人';
      return node.handlers.length > 1 || (visited?.details.length ?? 0) > 1 ? `${MODE_NAMES[node.modeType]}：${who}` : who;
    }
  }
}

/**
 * flow-html. Nodes carry their kind as `type` and data { label, blurb, nodeState }
 * where nodeState is handled / handling / unhandled for the run (without a run the
 * start is handling, as on the launch page). Positions are a simple top-down layout.
 */
export function chartOf(fx: Effects, flow: FlowDef, run: FlowRun | null) {
  const situation = run ? situationOf(flow, run) : { currentNodeId: startOf(flow)?.id ?? null, completedNodeId: [] as string[] };
  const depth = new Map<string, number>();
  const start = startOf(flow);
  if (start) {
    depth.set(start.id, 0);
    const queue = [start.id];
    while (queue.length > 0) {
      const id = queue.shift()!;
      for (const e of flow.edges)
        if (e.source === id && !depth.has(e.target)) {
          depth.set(e.target, depth.get(id)! + 1);
          queue.push(e.target);
        }
    }
  }
  const perLevel = new Map<number, string[]>();
  for (const n of flow.nodes) {
    const level = depth.get(n.id) ?? flow.nodes.length;
    perLevel.set(level, [...(perLevel.get(level) ?? []), n.id]);
  }
  const position = (id: string) => {
    const level = depth.get(id) ?? flow.nodes.length;
    const row = perLevel.get(level)!;
    return { x: (row.indexOf(id) - (row.length - 1) / 2) * 200, y: level * 120 };
  };
  const path = [...situation.completedNodeId, ...(situation.currentNodeId ? [situation.currentNodeId] : [])];
  const walked = (a: string, b: string) => path.some((id, i) => (id === a && path[i + 1] === b) || (id === b && path[i + 1] === a));
  return {
    nodes: flow.nodes.map((n) => ({
      id: n.id,
      type: n.kind,
      position: position(n.id),
      data: {
        label: n.name,
        blurb: blurbOf(fx, flow, n.id, run),
        nodeState: n.id === situation.currentNodeId ? 'handling' : situation.completedNodeId.includes(n.id) ? 'handled' : 'unhandled',
      },
    })),
    edges: flow.edges.map((e) => ({
      id: e.id,
      source: e.source,
      target: e.target,
      label: e.label ?? '',
      state: walked(e.source, e.target) ? 'handled' : 'unhandled',
    })),
  };
}

/** A value of the run's form by field id, as text (used by the list's form-field filter). */
export function formTexts(flow: FlowDef, run: FlowRun): { key: string; id: string; text: string }[] {
  const values = valuesOf(run.formData, flow.form);
  const defs = flow.form ? walkFields(flow.form.fields).map((w) => w.field) : [];
  return run.formData.mainTable.fields.map((f) => ({ key: f.key, id: f.id, text: displayValue(defs.find((d) => d.id === f.id), values[f.id]) }));
}
