import type { Route, SandboxRequest, SandboxResponse, SandboxServices, SandboxUser } from '../../../sandbox/module';
import { HttpError } from '../../../sandbox/module';
import { createWorkflowModule, seedWorkflow, type WorkflowState } from '../../../sandbox/workflow';

/**
 * A fake sandbox core for the workflow module: users, a movable clock, and records of
 * the messages and to-dos the module asks for. Routes are called directly, no HTTP.
 */

export const TENANT = 'tenant-1';
export const CAMPUS = 'campus-main';

const user = (n: number, account: string, name: string, userType: SandboxUser['userType']): SandboxUser => ({
  id: `u-${String(n).padStart(2, '0')}-${account}`,
  account,
  name,
  userType,
  tenantId: TENANT,
});

export const USERS: SandboxUser[] = [
  user(1, 't1001', '王老师', 1),
  user(2, 't1002', '李主任', 1),
  user(3, 't1003', '赵校长', 1),
  user(4, 's2001', '张三', 2),
  user(5, 's2002', '李四', 2),
  user(6, 's2003', '王五', 2),
  user(7, 'p3001', '陈家长', 3),
  user(8, 'e4001', '华信企业', 4),
  user(9, 'o5001', '访客刘', 5),
];

export const U = Object.fromEntries(USERS.map((u) => [u.account, u])) as Record<string, SandboxUser>;

export interface Notice {
  userId: string;
  title: string;
  data?: Record<string, unknown>;
}

export interface FakeTodo {
  id: string;
  userId: string;
  name: string;
  flowRunId: string;
  tab: number;
  type?: number;
  campusId: string;
  done: boolean;
}

/** Thu 2025-03-13 10:00 local time: a fixed "now" for the seed and the clock. */
export const NOW = new Date(2025, 2, 13, 10, 0, 0);

export class FakeCore implements SandboxServices {
  clock = NOW.getTime();
  saves = 0;
  notices: Notice[] = [];
  todos: FakeTodo[] = [];
  lines: string[] = [];
  private seq = 0;
  state: WorkflowState;
  routes: Route[];

  constructor(state?: WorkflowState) {
    this.state = state ?? seedWorkflow(USERS, NOW);
    this.routes = createWorkflowModule(this, () => this.state);
  }

  save(): void {
    this.saves++;
  }
  notify(userId: string, message: { title: string; data?: Record<string, unknown> }): void {
    this.notices.push({ userId, title: message.title, data: message.data });
  }
  createApprovalTodo(userId: string, input: { name: string; flowRunId: string; tab: number; campusId: string; type?: number }): string {
    const id = `todo-${++this.seq}`;
    this.todos.push({ id, userId, ...input, done: false });
    return id;
  }
  completeApprovalTodo(todoId: string): void {
    const t = this.todos.find((x) => x.id === todoId);
    if (t) t.done = true;
  }
  users(): SandboxUser[] {
    return USERS;
  }
  userById(id: string): SandboxUser | undefined {
    return USERS.find((u) => u.id === id);
  }
  newId(): string {
    return `id-${++this.seq}`;
  }
  now(): Date {
    return new Date(this.clock);
  }
  log(line: string): void {
    this.lines.push(line);
  }
  advance(minutes: number): void {
    this.clock += minutes * 60_000;
  }

  /** Calls a route like the core's router would; HttpErrors come back as { status, error }. */
  async call(
    method: SandboxRequest['method'],
    path: string,
    as: SandboxUser | null,
    opts: { query?: Record<string, string | string[]>; body?: unknown; campusId?: string } = {},
  ): Promise<{ status: number; body: any }> {
    const full = path.startsWith('/') ? path : `/v1/less-code-service/api/${path}`;
    for (const route of this.routes) {
      if (route.method !== method) continue;
      const params = match(route.path, full);
      if (!params) continue;
      const req: SandboxRequest = {
        method,
        path: full,
        params,
        query: opts.query ?? {},
        body: opts.body,
        headers: {},
        user: as,
        campusId: opts.campusId ?? CAMPUS,
      };
      try {
        const res: SandboxResponse = await route.handler(req);
        return { status: res.status ?? 200, body: res.raw ? res.raw.data : JSON.parse(JSON.stringify(res.body ?? null)) };
      } catch (e) {
        if (e instanceof HttpError) return { status: e.status, body: { error: { message: e.message } } };
        throw e;
      }
    }
    return { status: 404, body: { error: { message: `no route ${method} ${full}` } } };
  }

  get(path: string, as: SandboxUser | null, query: Record<string, string | string[]> = {}) {
    return this.call('GET', path, as, { query });
  }
  post(path: string, as: SandboxUser | null, body?: unknown, query: Record<string, string | string[]> = {}) {
    return this.call('POST', path, as, { body, query });
  }
}

/** The same matching as the core's router: literal segments beat parameters. */
function match(pattern: string, path: string): Record<string, string> | null {
  const a = pattern.split('/').filter(Boolean);
  const b = path.split('/').filter(Boolean);
  if (a.length !== b.length) return null;
  const params: Record<string, string> = {};
  for (let i = 0; i < a.length; i++) {
    const seg = a[i]!;
    if (seg.startsWith(':')) params[seg.slice(1)] = decodeURIComponent(b[i]!);
    else if (seg.toLowerCase() !== b[i]!.toLowerCase()) return null;
  }
  return params;
}

/** A core with an empty history: the seeded flows, no runs, no drafts. */
export function emptyCore(): FakeCore {
  const state = seedWorkflow(USERS, NOW);
  state.runs = [];
  state.drafts = [];
  state.counters = {};
  return new FakeCore(state);
}
