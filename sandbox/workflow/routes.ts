import { HttpError, type Route, type SandboxRequest, type SandboxServices, type SandboxUser } from '../module';
import {
  canInitiate,
  endOf,
  flowValues,
  flowByAppId,
  flowByCode,
  flowById,
  handle,
  initiate,
  markAllRead,
  markRunRead,
  nextNodeAnswer,
  nodeOf,
  nodeView,
  ownStep,
  quickHandle,
  returnTargets,
  revoke,
  runById,
  startOf,
  syncTodos,
  MESSAGES,
  type Effects,
} from './engine';
import { readFormData, valuesOf } from './formData';
import { bodyObject, idList, ok, optBool, optInt, optString, optTime, pick, pickList, requireUser } from './http';
import { runEventConfig, selectComponentByCode, selectComponentById } from './selectors';
import type { FlowDef, WorkflowState } from './types';
import { chartOf, detailOf, formTexts, isInvolved, listItem, rowsFor, tabCounts, type Tab } from './views';

const API = '/v1/less-code-service/api';

/** Quick opinions by approval type (0 agree, 1 reject, 2 return). */
export const FLOW_ADVICE: Readonly<Record<number, readonly string[]>> = Object.freeze({
  0: ['同意', '情况属实，同意', '已阅，同意办理'],
  1: ['不同意', '材料不全，不予通过', '不符合相关规定'],
  2: ['请补充材料后重新提交', '信息有误，请修改', '请与部门负责人沟通后再提交'],
});

export function effectsFor(services: SandboxServices, campusId: string | undefined): Effects {
  return {
    now: () => services.now(),
    newId: () => services.newId(),
    userById: (id) => services.userById(id),
    notify: (userId, message) => services.notify(userId, message),
    createTodo: (userId, input) => services.createApprovalTodo(userId, input),
    completeTodo: (id) => services.completeApprovalTodo(id),
    campusId: campusId ?? null,
  };
}

/** Makes the approval to-dos that seeded (or reset) waiting steps still lack; the core may call it after a reset. */
export function syncWorkflowTodos(services: SandboxServices, state: WorkflowState, campusId?: string): number {
  const made = syncTodos(state, effectsFor(services, campusId));
  if (made > 0) services.save();
  return made;
}

interface ListQuery {
  type: Tab;
  titleOrNumber?: string;
  formData?: string;
  flowId?: string;
  initiateUser: string[];
  userType?: number;
  createdDateStart?: Date;
  createdDateEnd?: Date;
  overDateStart?: Date;
  overDateEnd?: Date;
  state?: number;
  isNotRead?: boolean;
  skipCount: number;
  maxResultCount: number;
}

function readListQuery(req: SandboxRequest): ListQuery {
  bodyObject(req);
  const type = optInt(pick(req, 'type'), 'type', 0, 3);
  if (type === undefined) throw new HttpError(400, 'type不能为空');
  return {
    type: type as Tab,
    titleOrNumber: optString(pick(req, 'titleOrNumber'), 'titleOrNumber'),
    formData: optString(pick(req, 'formData'), 'formData'),
    flowId: optString(pick(req, 'flowId'), 'flowId'),
    initiateUser: idList(pickList(req, 'initiateUser'), 'initiateUser'),
    userType: optInt(pick(req, 'userType'), 'userType', 0, 5),
    createdDateStart: optTime(pick(req, 'createdDateStart'), 'createdDateStart'),
    createdDateEnd: optTime(pick(req, 'createdDateEnd'), 'createdDateEnd'),
    overDateStart: optTime(pick(req, 'overDateStart'), 'overDateStart'),
    overDateEnd: optTime(pick(req, 'overDateEnd'), 'overDateEnd'),
    state: optInt(pick(req, 'state'), 'state', 0, 4),
    isNotRead: optBool(pick(req, 'isNotRead'), 'isNotRead'),
    skipCount: optInt(pick(req, 'skipCount'), 'skipCount', 0, 1_000_000) ?? 0,
    maxResultCount: optInt(pick(req, 'maxResultCount'), 'maxResultCount', 1, 1000) ?? 10,
  };
}

/** End bounds are inclusive to the end of the minute the client names. */
const endOfMinute = (d: Date): number => d.getTime() + 59_999;

/**
 * The form-field filter: plain text matches any field's value; `key=text` (or
 * `key:text`) matches that field, by identifier or id. Matching is "contains".
 */
function matchesFormFilter(flow: FlowDef, run: Parameters<typeof formTexts>[1], filter: string): boolean {
  const texts = formTexts(flow, run);
  const m = /^([^=:：]+)[=:：](.*)$/.exec(filter);
  if (m) {
    const [key, needle] = [m[1]!.trim(), m[2]!.trim().toLowerCase()];
    return texts.some((t) => (t.key === key || t.id === key) && t.text.toLowerCase().includes(needle));
  }
  const needle = filter.toLowerCase();
  return texts.some((t) => t.text.toLowerCase().includes(needle));
}

function listRuns(s: WorkflowState, fx: Effects, user: SandboxUser, q: ListQuery) {
  const needle = q.titleOrNumber?.toLowerCase();
  const rows = rowsFor(s, user, q.type).filter(({ run, flow, isRead }) => {
    if (needle && !run.title.toLowerCase().includes(needle) && !run.numberStr.toLowerCase().includes(needle)) return false;
    if (q.flowId && run.flowId !== q.flowId && flow.code !== q.flowId) return false;
    if (q.initiateUser.length > 0 && !q.initiateUser.includes(run.initiatorId)) return false;
    if (q.userType && fx.userById(run.initiatorId)?.userType !== q.userType) return false;
    const created = Date.parse(run.creationTime);
    if (q.createdDateStart && created < q.createdDateStart.getTime()) return false;
    if (q.createdDateEnd && created > endOfMinute(q.createdDateEnd)) return false;
    if (q.overDateStart || q.overDateEnd) {
      if (!run.finishTime) return false;
      const over = Date.parse(run.finishTime);
      if (q.overDateStart && over < q.overDateStart.getTime()) return false;
      if (q.overDateEnd && over > endOfMinute(q.overDateEnd)) return false;
    }
    if (q.state !== undefined && run.state !== q.state) return false;
    if (q.isNotRead && q.type === 1 && isRead) return false;
    if (q.formData && !matchesFormFilter(flow, run, q.formData)) return false;
    return true;
  });
  return {
    items: rows.slice(q.skipCount, q.skipCount + q.maxResultCount).map((r) => listItem(fx, r)),
    totalCount: rows.length,
    ...tabCounts(s, user),
  };
}

function flowForChart(s: WorkflowState, key: string): FlowDef {
  const flow = flowByAppId(s, key) ?? flowById(s, key) ?? flowByCode(s, key);
  if (!flow) throw new HttpError(404, MESSAGES.flowNotFound);
  return flow;
}

/**
 * The workflow area of the sandbox: every approval call of SPEC point 7. Handlers read
 * `getState()` on every request because a reset swaps the state object.
 */
export function createWorkflowModule(services: SandboxServices, getState: () => WorkflowState): Route[] {
  /** Wraps a handler: user, state, effects, pending to-dos made, and a save after changes. */
  const route = (
    method: Route['method'],
    path: string,
    run: (ctx: { req: SandboxRequest; user: SandboxUser; s: WorkflowState; fx: Effects }) => unknown,
    changes = false,
  ): Route => ({
    method,
    path: path.startsWith('/') ? path : `${API}/${path}`,
    handler: (req) => {
      const user = requireUser(req);
      const s = getState();
      const fx = effectsFor(services, req.campusId);
      if (syncTodos(s, fx) > 0) services.save();
      const body = run({ req, user, s, fx });
      if (changes) services.save();
      return ok(body);
    },
  });

  return [
    route('GET', 'flow-run/approval-center', ({ req, user, s }) => {
      const key = optString(pick(req, 'flow'), 'flow');
      if (!key) return null;
      const flow = flowByCode(s, key) ?? flowById(s, key) ?? flowByAppId(s, key);
      if (!flow) throw new HttpError(404, MESSAGES.flowNotFound);
      return { flowId: flow.id, code: flow.code, name: flow.name, appId: flow.appId, configured: flow.configured, canInitiate: flow.configured && canInitiate(flow, user) };
    }),

    route('GET', 'flow-define/flow-drop-down-list', ({ s }) => s.flows.filter((f) => f.configured).map((f) => ({ id: f.id, name: f.name, code: f.code }))),

    route('POST', 'flow-run/list', ({ req, user, s, fx }) => listRuns(s, fx, user, readListQuery(req))),

    route('POST', 'flow-run/revocation/:id', ({ req, user, s, fx }) => revoke(s, fx, user, req.params.id ?? ''), true),

    route('POST', 'flow-run/mark-all-as-read', ({ user, s, fx }) => ({ count: markAllRead(s, fx, user.id) }), true),

    route('POST', 'flow-run/quick-handling', ({ req, user, s, fx }) => quickHandle(s, fx, user, bodyObject(req)), true),

    route('GET', 'flow-run/flowid-by-appcode', ({ req, s }) => {
      const code = optString(pick(req, 'code'), 'code');
      const flow = code ? flowByCode(s, code) : undefined;
      return flow && flow.configured ? flow.id : null;
    }),

    route(
      'GET',
      'flow-run/info-app',
      ({ req, user, s, fx }) => {
        const id = optString(pick(req, 'FlowRunId'), 'FlowRunId');
        if (!id) throw new HttpError(400, 'FlowRunId不能为空');
        const run = runById(s, id);
        const isAdmin = optBool(pick(req, 'IsAdmin'), 'IsAdmin') === true;
        if (!isAdmin && !isInvolved(run, user.id)) throw new HttpError(403, '您无权查看该流程');
        markRunRead(fx, run, user.id);
        return detailOf(s, fx, user, run);
      },
      true,
    ),

    ...(['POST', 'GET'] as const).map((method) =>
      route(method, 'flow-run/next-node', ({ req, user, s, fx }) => {
        bodyObject(req);
        const prcsId = optString(pick(req, 'FlowRunPrcsId'), 'FlowRunPrcsId');
        const appId = optString(pick(req, 'AppId'), 'AppId');
        const given = readFormData(pick(req, 'FormData'));
        if (prcsId) {
          const { run, visit, detail, flow, node } = ownStep(s, user, prcsId);
          if (appId && appId !== flow.appId) throw new HttpError(400, '应用与流程不一致');
          const initiator = services.userById(run.initiatorId);
          const values = flowValues(flow, detail.type === 0 && given ? given : run.formData, initiator);
          if (given && detail.type !== 0) Object.assign(values, valuesOf(given, flow.form));
          return nextNodeAnswer(fx, flow, node, values, { visit, detail });
        }
        const code = optString(pick(req, 'code'), 'code');
        const flow = appId ? flowByAppId(s, appId) : code ? flowByCode(s, code) : given?.code ? flowByCode(s, given.code) : undefined;
        if (!appId && !code && !given?.code) throw new HttpError(400, 'AppId不能为空');
        if (!flow) throw new HttpError(404, MESSAGES.flowNotFound);
        const start = startOf(flow);
        if (!flow.configured || !start) throw new HttpError(409, MESSAGES.notConfigured);
        return nextNodeAnswer(fx, flow, start, flowValues(flow, given, user));
      }),
    ),

    route('GET', 'flow-run/return-node', ({ req, user, s }) => {
      const prcsId = optString(pick(req, 'FlowRunPrcsId'), 'FlowRunPrcsId');
      if (!prcsId) throw new HttpError(400, 'FlowRunPrcsId不能为空');
      const { run, visit, flow } = ownStep(s, user, prcsId);
      return returnTargets(flow, run, visit).map((n) => ({ value: n.id, name: n.name }));
    }),

    route('GET', 'flow-advice', ({ req }) => {
      const type = optInt(pick(req, 'type'), 'type', 0, 3) ?? 0;
      return (FLOW_ADVICE[type] ?? FLOW_ADVICE[0]!).map((content, i) => ({ id: `advice-${type}-${i + 1}`, content }));
    }),

    route('POST', 'flow-run/handling', ({ req, user, s, fx }) => handle(s, fx, user, bodyObject(req)), true),

    route('POST', 'flow-run/is-node-auto', ({ req, s, fx }) => {
      const body = bodyObject(req);
      const nodeId = optString(pick(req, 'nodeId'), 'nodeId');
      if (!nodeId) throw new HttpError(400, 'nodeId不能为空');
      const appId = optString(body.appId ?? pick(req, 'appId'), 'appId');
      readFormData(body.formData);
      const flows = appId ? s.flows.filter((f) => f.appId === appId) : s.flows;
      for (const flow of flows) {
        const node = nodeOf(flow, nodeId);
        if (!node) continue;
        const view = nodeView(fx, node);
        return { isAuto: view.isAuto, nodeId: node.id, name: node.name, type: view.type, handlers: view.handlers, message: view.isAuto ? '该节点由系统自动处理' : null };
      }
      throw new HttpError(404, MESSAGES.nodeNotFound);
    }),

    route('GET', 'flow-run/flow-html', ({ req, user, s, fx }) => {
      const code = optString(pick(req, 'code'), 'code');
      if (!code) throw new HttpError(400, 'code不能为空');
      const flow = flowByCode(s, code);
      if (!flow) throw new HttpError(404, MESSAGES.flowNotFound);
      const runId = optString(pick(req, 'flowRunId'), 'flowRunId');
      const run = runId ? runById(s, runId) : null;
      if (run && run.flowId !== flow.id) throw new HttpError(400, '流程与应用不一致');
      if (run && !isInvolved(run, user.id)) throw new HttpError(403, '您无权查看该流程');
      return chartOf(fx, flow, run);
    }),

    route('GET', 'flow-run/flow-html-by-appid', ({ req, user, s, fx }) => {
      const vid = optString(pick(req, 'vid'), 'vid');
      if (!vid) throw new HttpError(400, 'vid不能为空');
      // vid is the app id; a run id is accepted too, and flowRunId shades the chart for that run.
      const byRun = s.runs.find((r) => r.id === vid);
      const runId = optString(pick(req, 'flowRunId'), 'flowRunId');
      const run = byRun ?? (runId ? runById(s, runId) : null);
      const flow = byRun ? flowById(s, byRun.flowId) : flowForChart(s, vid);
      if (!flow) throw new HttpError(404, MESSAGES.flowNotFound);
      if (run && run.flowId !== flow.id) throw new HttpError(400, '流程与应用不一致');
      if (run && !isInvolved(run, user.id)) throw new HttpError(403, '您无权查看该流程');
      return chartOf(fx, flow, run);
    }),

    route('GET', 'flow-run/initiate-flow', ({ req, user, s }) => {
      const code = optString(pick(req, 'code'), 'code');
      if (!code) throw new HttpError(400, 'code不能为空');
      const flow = flowByCode(s, code);
      const start = flow ? startOf(flow) : undefined;
      if (!flow || !flow.configured || !start || !endOf(flow)) return { message: MESSAGES.notConfigured };
      if (!canInitiate(flow, user)) return { message: MESSAGES.noPermission };
      const draft = s.drafts.find((d) => d.userId === user.id && d.flowId === flow.id);
      return {
        appId: flow.appId,
        flowId: flow.id,
        code: flow.code,
        draftData: draft?.formData ?? null,
        draftSavedTime: draft?.savedTime ?? null,
        flowName: flow.name,
        situationDto: { currentNodeId: start.id, completedNodeId: [] },
        formJson: flow.form,
        tenantFormJson: flow.tenantForm,
        fieldLimits: start.fieldLimits ?? [],
        message: null,
      };
    }),

    route('POST', 'flow-run/initiate', ({ req, user, s, fx }) => {
      const result = initiate(s, fx, user, bodyObject(req));
      return result.draft ? { draftId: result.id, isDraft: true } : { id: result.id, flowRunId: result.id, numberStr: result.numberStr, state: result.state, isDraft: false };
    }, true),

    route('GET', 'flow-run/can-initiate-flow', ({ req, user, s }) => {
      const filter = optString(pick(req, 'Filter'), 'Filter')?.toLowerCase();
      const groups: { name: string; flows: { id: string; code: string; name: string; describe: string; icon: string; iconBgColor: string }[] }[] = [];
      for (const flow of s.flows) {
        if (!flow.configured || !canInitiate(flow, user)) continue;
        if (filter && !flow.name.toLowerCase().includes(filter) && !flow.describe.toLowerCase().includes(filter)) continue;
        let group = groups.find((g) => g.name === flow.category);
        if (!group) groups.push((group = { name: flow.category, flows: [] }));
        group.flows.push({ id: flow.id, code: flow.code, name: flow.name, describe: flow.describe, icon: flow.icon, iconBgColor: flow.iconBgColor });
      }
      return groups;
    }),

    route('POST', 'flow-run/comoinent', ({ req, user, s, fx }) => {
      const body = bodyObject(req);
      const size = optInt(body.pageSize, 'pageSize', 1, 100) ?? 10;
      const type = optString(body.type, 'type') ?? '0';
      if (type !== '0' && type !== '1') throw new HttpError(400, 'type不正确');
      const rows = type === '0' ? rowsFor(s, user, 0) : rowsFor(s, user, 1).filter((r) => !r.isRead);
      const counts = tabCounts(s, user);
      return { list: rows.slice(0, size).map((r) => listItem(fx, r)), waiting: counts.waiting, receive: counts.receive };
    }),

    route('POST', 'event-config/run', ({ req, user, s }) => runEventConfig({ state: s, user, userById: (id) => services.userById(id) }, bodyObject(req))),

    route('GET', 'select-component/by-code', ({ req }) => {
      const code = optString(pick(req, 'code'), 'code');
      if (!code) throw new HttpError(400, '未找到对应组件');
      return selectComponentByCode(code);
    }),

    route('GET', 'select-component/:id', ({ req }) => selectComponentById(req.params.id ?? '')),

    {
      method: 'GET',
      path: '/sandbox/preview/notice',
      public: true,
      handler: (req) => {
        const esc = (v: unknown) => String(Array.isArray(v) ? v[0] : (v ?? '')).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
        const html = `<!doctype html><meta charset="utf-8"><body style="font-family:sans-serif;margin:12px"><h3 style="text-align:center">${esc(req.query.title) || '（未填写标题）'}</h3><p style="text-align:center;color:#888">${esc(req.query.docNo)}</p><p>正文预览：请在“正文”中上传公文。</p></body>`;
        return { status: 200, raw: { contentType: 'text/html; charset=utf-8', data: html } };
      },
    },
  ];
}
