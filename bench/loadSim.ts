/**
 * The sandbox under load: simulated users start and approve flows through the
 * real HTTP API of an in-process sandbox on loopback, then the result is checked for
 * lost updates. Shared by bench/loadBench.ts (50 users for a bounded time, figures) and
 * tests/integration/sandbox/concurrency.test.ts (20 users, a fixed number of operations).
 *
 * Each simulated user signs in like the app (mobile-login with the MD5 of the password,
 * the campus list, user-info), then loops: an approver takes a waiting item from 我的待办
 * (list tab 0 → info-app → next-node → handling), anyone starts a flow
 * (initiate-flow → next-node → initiate). The demo school has a few accounts per role,
 * so several simulated users share an account, exactly like one person on two phones:
 * two of them may go for the same step, and the loser's 409 is an expected business
 * error, counted apart from real errors.
 */
import { createHash } from 'node:crypto';
import { startSandbox, type SandboxHandle } from '../sandbox/server';
import { formData, idCard, SEED_SIGNATURE } from '../sandbox/workflow/seed';
import { LEAVE_FORM, PURCHASE_FORM, SEAL_FORM, STUDENT_INFO_FORM } from '../sandbox/workflow/forms';
import type { FlowRun, RunDetail, RunVisit } from '../sandbox/workflow/types';

const PASSWORD = 'Campus2026';
const TENANT = 'demo';
const LESS_CODE = '/v1/less-code-service/api';
const TODO = '/v1/saas-system-service/api/todo-matter';

/** Who the simulated users sign in as, round-robin: approvers (teachers) get more seats. */
const SEATS = ['t1001', 't1002', 't1003', 't1001', 't1002', 't1003', 's2001', 's2002', 's2003', 'p3001'] as const;
const APPROVERS = new Set(['t1001', 't1002', 't1003']);

export interface LoadOptions {
  /** Simulated users running at the same time. */
  users: number;
  /** Stop starting operations after this long (the bench). */
  durationMs?: number;
  /** Stop after this many operations per user (the test). */
  opsPerUser?: number;
  /** Seed of the pseudo-random choices, so a failing run can be repeated. */
  seed?: number;
  /** Called between the load and the check (the test breaks the data here to show the check notices). */
  beforeCheck?: (sb: SandboxHandle, done: { startedRuns: string[]; approvedSteps: string[] }) => void;
}

export interface LoadResult {
  users: number;
  elapsedMs: number;
  /** CPU time this process (sandbox and simulated users together) used during the load: on a shared machine, rps alone says little. */
  cpuMs: number;
  /** HTTP requests made during the load (sign-in included, the final check excluded). */
  requests: number;
  /** Unexpected failures: 5xx, 4xx other than the expected conflicts, network errors. */
  errors: number;
  /** Expected business errors: a step another session of the same account (or the other or-sign approver) took first. */
  conflicts: number;
  started: number;
  approvals: number;
  /** Started runs or approvals that were answered with success but are missing or doubled afterwards. */
  lostUpdates: number;
  /** Every inconsistency found afterwards, in words (empty when all is well). */
  problems: string[];
  /** The first few unexpected errors, for the report. */
  errorSamples: string[];
}

// ---------------------------------------------------------------------------
// A tiny HTTP client that counts
// ---------------------------------------------------------------------------

interface Answer {
  status: number;
  body: unknown;
}

/** A failure that is a business outcome of a race, not an error (status, and the message when the status alone says too little). */
interface Expected {
  status: number;
  message?: string;
}

/** The step is no longer the user's: another session of the account, or the other or-sign approver, took it. */
const STEP_TAKEN: Expected = { status: 409, message: '当前流程不在您的办理节点' };
/**
 * The next step chosen from next-node is no longer offered: at a countersign, the other
 * approver signed in between, so this approval now completes the node. The app shows the
 * message and the user chooses again (approveOne retries once, as they would).
 */
const CHOICE_STALE: Expected = { status: 400, message: '所选步骤不可用' };

class Wire {
  requests = 0;
  errors = 0;
  conflicts = 0;
  readonly errorSamples: string[] = [];

  constructor(private readonly base: string) {}

  /**
   * One API call. `expected` lists the statuses that are business outcomes the caller
   * handles (a lost race); anything else outside 2xx is an error.
   */
  async call(
    method: 'GET' | 'POST',
    path: string,
    opts: { token?: string; campus?: string; query?: Record<string, string>; body?: unknown; expected?: readonly Expected[] } = {},
  ): Promise<Answer | null> {
    this.requests++;
    const url = new URL(path, this.base);
    for (const [k, v] of Object.entries(opts.query ?? {})) url.searchParams.set(k, v);
    const headers: Record<string, string> = { Accept: 'application/json' };
    if (opts.token) headers['Authorization'] = `Bearer ${opts.token}`;
    if (opts.campus) headers['Campus'] = opts.campus;
    if (opts.body !== undefined) headers['Content-Type'] = 'application/json';
    try {
      const res = await fetch(url, { method, headers, body: opts.body === undefined ? undefined : JSON.stringify(opts.body), signal: AbortSignal.timeout(30_000) });
      const text = await res.text();
      const body: unknown = text === '' ? null : JSON.parse(text);
      if (res.ok) return { status: res.status, body };
      const message = isObj(body) && isObj(body.error) ? str(body.error.message) : '';
      if (opts.expected?.some((x) => x.status === res.status && (x.message === undefined || x.message === message))) {
        this.conflicts++;
        return { status: res.status, body };
      }
      this.fail(`${method} ${path} → ${res.status} ${text.slice(0, 160)}`);
      return null;
    } catch (e) {
      this.fail(`${method} ${path} → ${e instanceof Error ? e.message : String(e)}`);
      return null;
    }
  }

  private fail(line: string): void {
    this.errors++;
    if (this.errorSamples.length < 5) this.errorSamples.push(line);
  }
}

const md5 = (s: string): string => createHash('md5').update(s.trim(), 'utf8').digest('hex');
const isObj = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const str = (v: unknown): string => (typeof v === 'string' ? v : '');

/** mulberry32: small, seedable, good enough to pick flows and list rows. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

// ---------------------------------------------------------------------------
// What the simulated users send
// ---------------------------------------------------------------------------

const pad = (n: number): string => String(n).padStart(2, '0');
const dayText = (d: Date): string => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
const inDays = (n: number): Date => new Date(Date.now() + n * 86_400_000);

/** The form data of a new run of `code`, as the launch page submits it. */
function newRunData(code: string, n: number): ReturnType<typeof formData> {
  switch (code) {
    case 'leave':
      // At most three days: no principal step, so no proof or handover is required.
      return formData('leave', LEAVE_FORM, {
        leave_type: 'leave-1',
        leave_days: 1 + (n % 3),
        leave_period: [`${dayText(inDays(2))} 08:30`, `${dayText(inDays(3))} 17:30`],
        leave_reason: `压测请假 ${n}`,
        leave_sub_need: false,
      });
    case 'purchase':
      return formData(
        'purchase',
        PURCHASE_FORM,
        { pur_title: `压测采购 ${n}`, pur_category: 'office', pur_budget_year: String(new Date().getFullYear()), pur_amount: 500 },
        { pur_items: [{ pur_item_name: '纸', pur_item_qty: 10, pur_item_price: 50 }] },
      );
    case 'seal':
      return formData('seal', SEAL_FORM, {
        seal_types: ['official'],
        seal_copies: 1,
        seal_usage: 'internal',
        seal_document: [{ uid: `doc-${n}`, name: 'a.docx', status: 'done' }],
      });
    default:
      return formData(
        'student-info',
        STUDENT_INFO_FORM,
        {
          stu_name: '张三',
          stu_gender: '1',
          stu_nation: 'nation-1',
          stu_idcard: idCard('11010120080315123'),
          stu_mobile: '13600002001',
          stu_address: { region: ['110000', '110100', '110108'], street: '中关村大街1号' },
          stu_reason: `压测变更 ${n}`,
        },
        { stu_family: [{ stu_family_name: '陈家长', stu_family_relation: '1', stu_family_phone: '13700001111' }] },
      );
  }
}

/** Teachers start leave (1 approval), purchase (countersign: 2) and seal (or-sign, then a signature); the others leave and student-info. */
const FLOWS_FOR: Record<string, readonly string[]> = {
  teacher: ['leave', 'purchase', 'seal'],
  other: ['leave', 'student-info'],
};

// ---------------------------------------------------------------------------
// One simulated user
// ---------------------------------------------------------------------------

interface Session {
  account: string;
  userId: string;
  token: string;
  campus: string;
}

interface Ledger {
  /** Run id → the account that started it (from 200 answers to initiate). */
  started: Map<string, string>;
  /** Runs started per account. */
  startedBy: Map<string, number>;
  /** Approvals answered 200: step (flowRunPrcsId) → account and opinion. */
  approved: Map<string, { account: string; mark: string }>;
  /** A step approved twice with success would be a doubled update. */
  doubleApprovals: number;
}

async function signIn(wire: Wire, account: string): Promise<Session | null> {
  const login = await wire.call('POST', '/v1/saas-identity-service/api/account/mobile-login', { body: { account, password: md5(PASSWORD), tenantCode: TENANT } });
  const token = isObj(login?.body) ? str(login.body.encryptedAccessToken) : '';
  if (!token) return null;
  const campuses = await wire.call('GET', '/v1/saas-basic-data-service/api/school-campus/user', { token });
  const campus = Array.isArray(campuses?.body) && isObj(campuses.body[0]) ? str(campuses.body[0].id) : '';
  const me = await wire.call('GET', '/v1/saas-basic-data-service/api/user-info/info', { token, campus });
  const userId = isObj(me?.body) ? str(me.body.id) : '';
  return userId ? { account, userId, token, campus } : null;
}

/** initiate-flow, next-node from the start, initiate with the offered step. */
async function startOne(wire: Wire, s: Session, ledger: Ledger, code: string, n: number): Promise<void> {
  const auth = { token: s.token, campus: s.campus };
  const info = await wire.call('GET', `${LESS_CODE}/flow-run/initiate-flow`, { ...auth, query: { code } });
  if (!isObj(info?.body) || !info.body.appId) return;
  const data = newRunData(code, n);
  const next = await wire.call('POST', `${LESS_CODE}/flow-run/next-node`, { ...auth, body: { AppId: info.body.appId, FormData: data } });
  const nodes = isObj(next?.body) && Array.isArray(next.body.flowNodes) ? next.body.flowNodes : [];
  const first = nodes[0];
  if (!isObj(first)) return;
  const out = await wire.call('POST', `${LESS_CODE}/flow-run/initiate`, {
    ...auth,
    body: { formData: data, flowNodeId: first.id, isInitiate: 1, userIds: [], sendIds: [] },
  });
  const id = isObj(out?.body) ? str(out.body.flowRunId) : '';
  if (!id) return;
  ledger.started.set(id, s.account);
  ledger.startedBy.set(s.account, (ledger.startedBy.get(s.account) ?? 0) + 1);
}

/**
 * Takes one item of 我的待办 and agrees to it. False when the list was empty. A 409 (the
 * step was taken by another session of the account, or by the other or-sign approver)
 * is the expected outcome of such a race.
 */
async function approveOne(wire: Wire, s: Session, ledger: Ledger, pick: () => number): Promise<boolean> {
  const auth = { token: s.token, campus: s.campus };
  const list = await wire.call('POST', `${LESS_CODE}/flow-run/list`, { ...auth, body: { type: 0, skipCount: 0, maxResultCount: 10 } });
  const items = isObj(list?.body) && Array.isArray(list.body.items) ? list.body.items.filter(isObj) : [];
  if (items.length === 0) return false;
  const item = items[Math.floor(pick() * items.length)]!;
  const detail = await wire.call('GET', `${LESS_CODE}/flow-run/info-app`, { ...auth, query: { FlowRunId: str(item.id), Type: '0', IsAdmin: 'false' } });
  if (!isObj(detail?.body)) return true;
  const prcsId = str(detail.body.flowRunPrcsId);
  // Another session of this account finished the step between the list and the detail.
  if (!prcsId) return true;
  const appId = str(detail.body.appId);
  // 0 agree; 3 resubmit, when the step is the applicant's own after a return (seeded runs have one).
  const type = detail.body.approvalType === 3 ? 3 : 0;
  const draft = detail.body.draftData;
  for (let attempt = 0; attempt < 2; attempt++) {
    const next = await wire.call('POST', `${LESS_CODE}/flow-run/next-node`, { ...auth, body: { FlowRunPrcsId: prcsId, AppId: appId, FormData: draft }, expected: [STEP_TAKEN] });
    if (!isObj(next?.body) || next.status !== 200) return true;
    const first = Array.isArray(next.body.flowNodes) ? next.body.flowNodes[0] : undefined;
    const mark = type === 0 && next.body.isMark === true ? `同意 ${prcsId.slice(0, 8)}` : '';
    const body: Record<string, unknown> = {
      type,
      flowRunPrcsId: prcsId,
      mark,
      files: [],
      // A node whose handlers the previous actor picks: the approver picks themself.
      userIds: isObj(first) && first.isSelect === true ? [s.userId] : [],
      sendIds: [],
      ...(isObj(first) ? { flowNodeId: first.id } : {}),
      ...(type === 0 && next.body.isSign === true ? { autographPath: SEED_SIGNATURE } : {}),
      ...(type === 3 ? { formData: draft } : {}),
      // The countersign of a purchase asks for the budget code (an editable, required field).
      ...(type === 0 && appId === 'app-purchase' ? { formData: formData('purchase', PURCHASE_FORM, { pur_budget_code: `YS${prcsId.slice(0, 6)}` }) } : {}),
    };
    const done = await wire.call('POST', `${LESS_CODE}/flow-run/handling`, { ...auth, body, expected: [STEP_TAKEN, CHOICE_STALE] });
    if (done?.status === 200) {
      if (ledger.approved.has(prcsId)) ledger.doubleApprovals++;
      ledger.approved.set(prcsId, { account: s.account, mark });
    }
    if (done?.status !== 400) return true;
  }
  return true;
}

async function simulate(wire: Wire, account: string, ledger: Ledger, index: number, seed: number, more: () => boolean): Promise<void> {
  const rnd = random(seed * 7919 + index);
  const s = await signIn(wire, account);
  if (!s) return;
  const flows = FLOWS_FOR[account.startsWith('t') ? 'teacher' : 'other']!;
  let n = 0;
  while (more()) {
    n++;
    // Approvers work their queue first and start something every third turn, or when it is empty.
    if (APPROVERS.has(account) && n % 3 !== 0 && (await approveOne(wire, s, ledger, rnd))) continue;
    await startOne(wire, s, ledger, flows[Math.floor(rnd() * flows.length)]!, index * 100_000 + n);
  }
}

// ---------------------------------------------------------------------------
// The check afterwards
// ---------------------------------------------------------------------------

const openRun = (r: FlowRun): boolean => r.state === 0 || r.state === 4;
const waitingDetails = (r: FlowRun): { v: RunVisit; d: RunDetail }[] =>
  openRun(r) ? r.visits.flatMap((v) => (v.kind === 'node' && v.state === -1 ? v.details.filter((d) => d.state === -1 && d.userId).map((d) => ({ v, d })) : [])) : [];

async function check(sb: SandboxHandle, wire: Wire, ledger: Ledger, baseline: Map<string, number>, runsBefore: Set<string>): Promise<{ lost: number; problems: string[] }> {
  const problems: string[] = [];
  let lost = ledger.doubleApprovals;
  if (ledger.doubleApprovals > 0) problems.push(`${ledger.doubleApprovals} step(s) were approved twice with success`);
  const runs = sb.db.workflow.runs;

  // Every started run exists exactly once, as its initiator's; no run appeared that nobody was told about.
  const seen = new Map<string, number>();
  for (const r of runs) seen.set(r.id, (seen.get(r.id) ?? 0) + 1);
  const userIdOf = new Map(sb.db.users.map((u) => [u.account, u.id]));
  for (const [id, account] of ledger.started) {
    const count = seen.get(id) ?? 0;
    const run = runs.find((r) => r.id === id);
    if (count !== 1 || run?.initiatorId !== userIdOf.get(account)) {
      lost++;
      problems.push(`run ${id} started by ${account} is there ${count} time(s)`);
    }
  }
  const unannounced = runs.filter((r) => !runsBefore.has(r.id) && !ledger.started.has(r.id));
  if (unannounced.length > 0) problems.push(`${unannounced.length} run(s) exist that no initiate answered with success`);
  const numbers = new Set(runs.map((r) => r.numberStr));
  if (numbers.size !== runs.length) problems.push(`${runs.length - numbers.size} duplicate run number(s)`);

  // Every approval answered with success is recorded as that user's agreement, with the opinion sent.
  const details = new Map<string, RunDetail>();
  for (const r of runs) for (const v of r.visits) for (const d of v.details) details.set(d.id, d);
  for (const [prcsId, { account, mark }] of ledger.approved) {
    const d = details.get(prcsId);
    if (!d || d.state !== 0 || d.userId !== userIdOf.get(account) || d.mark !== mark) {
      lost++;
      problems.push(`approval of step ${prcsId} by ${account} is not recorded (${d ? `state ${d.state}` : 'no such step'})`);
    }
  }

  // Runs are in a coherent state: open ones wait at exactly one node; finished ones have nobody waiting.
  for (const r of runs) {
    const open = r.visits.filter((v) => v.kind === 'node' && v.state === -1);
    if (openRun(r) && (open.length !== 1 || !open[0]!.details.some((d) => d.state === -1))) problems.push(`open run ${r.numberStr} waits at ${open.length} node(s)`);
    if (!openRun(r) && (open.length > 0 || !r.finishTime)) problems.push(`finished run ${r.numberStr} (state ${r.state}) still has an open node or no finish time`);
  }

  // Per account, through the API as the app reads it: 我的待办 equals the runs waiting on
  // them, equals their open approval to-dos; 已发起 equals the seed plus what they started.
  const accounts = [...new Set(SEATS)];
  for (const account of accounts) {
    const s = await signIn(wire, account);
    if (!s) {
      problems.push(`${account} cannot sign in afterwards`);
      continue;
    }
    const auth = { token: s.token, campus: s.campus };
    const waitingInDb = runs.filter((r) => waitingDetails(r).some(({ d }) => d.userId === s.userId)).length;
    const tab0 = await wire.call('POST', `${LESS_CODE}/flow-run/list`, { ...auth, body: { type: 0, skipCount: 0, maxResultCount: 1 } });
    const tab3 = await wire.call('POST', `${LESS_CODE}/flow-run/list`, { ...auth, body: { type: 3, skipCount: 0, maxResultCount: 1 } });
    const todos = await wire.call('GET', TODO, { ...auth, query: { State: '0', type: '1', MaxResultCount: '1000' } });
    const total = (a: Answer | null): number => (isObj(a?.body) && typeof a.body.totalCount === 'number' ? a.body.totalCount : -1);
    const badge = isObj(tab0?.body) && typeof tab0.body.waiting === 'number' ? tab0.body.waiting : -1;
    const todoItems = isObj(todos?.body) && Array.isArray(todos.body.items) ? todos.body.items.filter(isObj) : [];
    const todoRuns = todoItems.map((t) => {
      const data: unknown = typeof t.data === 'string' && t.data ? JSON.parse(t.data) : null;
      return isObj(data) ? str(data.id) : '';
    });
    if (total(tab0) !== waitingInDb || badge !== waitingInDb)
      problems.push(`${account}: 我的待办 lists ${total(tab0)} (badge ${badge}), ${waitingInDb} run(s) wait on them`);
    if (total(todos) !== waitingInDb || new Set(todoRuns).size !== todoRuns.length)
      problems.push(`${account}: ${total(todos)} open approval to-do(s) for ${waitingInDb} waiting run(s)`);
    const expectedStarted = (baseline.get(account) ?? 0) + (ledger.startedBy.get(account) ?? 0);
    if (total(tab3) !== expectedStarted) problems.push(`${account}: 已发起 counts ${total(tab3)}, expected ${expectedStarted}`);
  }
  return { lost, problems };
}

/** 已发起 per account before the load (the seeded runs). */
async function initiatedBaseline(wire: Wire): Promise<Map<string, number>> {
  const out = new Map<string, number>();
  for (const account of new Set(SEATS)) {
    const s = await signIn(wire, account);
    if (!s) continue;
    const tab3 = await wire.call('POST', `${LESS_CODE}/flow-run/list`, { token: s.token, campus: s.campus, body: { type: 3, skipCount: 0, maxResultCount: 1 } });
    out.set(account, isObj(tab3?.body) && typeof tab3.body.totalCount === 'number' ? tab3.body.totalCount : 0);
  }
  return out;
}

/** Starts a fresh in-memory sandbox, runs the load, checks it and closes the sandbox. */
export async function runLoad(opts: LoadOptions): Promise<LoadResult> {
  if (opts.durationMs === undefined && opts.opsPerUser === undefined) throw new Error('runLoad needs durationMs or opsPerUser');
  const sb = await startSandbox({ port: 0, host: '127.0.0.1', dataFile: null, quiet: true });
  try {
    const setup = new Wire(sb.url);
    const baseline = await initiatedBaseline(setup);
    const runsBefore = new Set(sb.db.workflow.runs.map((r) => r.id));
    const wire = new Wire(sb.url);
    const ledger: Ledger = { started: new Map(), startedBy: new Map(), approved: new Map(), doubleApprovals: 0 };
    const t0 = performance.now();
    const cpu0 = process.cpuUsage();
    const deadline = opts.durationMs === undefined ? Infinity : t0 + opts.durationMs;
    const sims = Array.from({ length: opts.users }, (_, i) => {
      let ops = 0;
      const more = (): boolean => performance.now() < deadline && (opts.opsPerUser === undefined || ops++ < opts.opsPerUser);
      return simulate(wire, SEATS[i % SEATS.length]!, ledger, i, opts.seed ?? 1, more);
    });
    await Promise.all(sims);
    const elapsedMs = performance.now() - t0;
    const cpu = process.cpuUsage(cpu0);
    opts.beforeCheck?.(sb, { startedRuns: [...ledger.started.keys()], approvedSteps: [...ledger.approved.keys()] });
    const { lost, problems } = await check(sb, new Wire(sb.url), ledger, baseline, runsBefore);
    if (setup.errors > 0) problems.push(`the baseline read failed: ${setup.errorSamples.join('; ')}`);
    return {
      users: opts.users,
      elapsedMs,
      cpuMs: (cpu.user + cpu.system) / 1000,
      requests: wire.requests,
      errors: wire.errors,
      conflicts: wire.conflicts,
      started: ledger.started.size,
      approvals: ledger.approved.size,
      lostUpdates: lost,
      problems,
      errorSamples: wire.errorSamples,
    };
  } finally {
    await sb.close();
  }
}
