/**
 * How the sandbox's parts plug into its HTTP server. Each area (identity, portal,
 * workflow, ...) is a module: a list of routes plus a slice of persisted state.
 * Kept deliberately small so the parts can be written and tested on their own.
 */

export interface SandboxUser {
  id: string;
  account: string;
  name: string;
  userType: 1 | 2 | 3 | 4 | 5;
  tenantId: string;
}

export interface SandboxRequest {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** Path without the query string, e.g. /v1/less-code-service/api/flow-run/list */
  path: string;
  /** Route parameters captured from `:name` segments. */
  params: Record<string, string>;
  /** Query parameters; repeated keys become arrays. Keys are kept as sent (case matters). */
  query: Record<string, string | string[]>;
  /** Parsed JSON body, or undefined. Raw bytes for uploads are in `raw`. */
  body: unknown;
  raw?: Buffer;
  headers: Record<string, string | undefined>;
  /** The authenticated user, or null when the route is public. */
  user: SandboxUser | null;
  /** The Campus header. */
  campusId: string | undefined;
}

export interface SandboxResponse {
  status?: number; // default 200
  /** JSON-serialised unless `raw` is given. */
  body?: unknown;
  raw?: { contentType: string; data: Buffer | string };
  headers?: Record<string, string>;
}

export type Handler = (req: SandboxRequest) => SandboxResponse | Promise<SandboxResponse>;

export interface Route {
  method: SandboxRequest['method'];
  /** Path pattern with `:param` segments. */
  path: string;
  /** Routes are authenticated unless `public` is true. */
  public?: boolean;
  /** The body is left unparsed (only `raw` is set): signed uploads of any content type. */
  rawBody?: boolean;
  handler: Handler;
}

/** Thrown by handlers to answer `{ error: { message } }` with a 4xx status. */
export class HttpError extends Error {
  constructor(
    public readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/** What the core offers every module. */
export interface SandboxServices {
  /** Persist the whole database (debounced by the core). */
  save(): void;
  /** Deliver an in-app message to a user: stored in the message centre and pushed over the hub. */
  notify(userId: string, message: {
    groupName: string; // e.g. 审批消息
    title: string;
    context: string; // HTML
    data?: Record<string, unknown>; // { module: 'OA', id, type, tab, campus }
  }): void;
  /**
   * Create an approval-type to-do for a user, returning its id; complete it by id.
   * `type` is the approval page's `type` query stored in the to-do's data (default 1
   * for tab 0, else 0); tab 0 makes an 审批待办 (category 1), other tabs 抄送待阅 (2).
   */
  createApprovalTodo(userId: string, input: { name: string; flowRunId: string; tab: number; campusId: string; type?: number }): string;
  completeApprovalTodo(todoId: string): void;
  users(): SandboxUser[];
  userById(id: string): SandboxUser | undefined;
  newId(): string;
  /** The sandbox clock (tests may move it). */
  now(): Date;
  log(line: string): void;
}
