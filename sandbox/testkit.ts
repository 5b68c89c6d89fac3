import { startSandbox, type SandboxHandle, type SandboxOptions } from './server';
import { passwordHash } from './core/crypto';
import { DEMO_PASSWORD, DEMO_SCHOOL_CODE } from './seed/accounts';

/**
 * Helpers for tests that run the sandbox in-process: a quiet in-memory server on a
 * free port, and a tiny fetch client that answers { status, body, headers }.
 */

export interface ApiResult<T = any> {
  status: number;
  body: T;
  headers: Headers;
  text: string;
}

export class ApiClient {
  constructor(
    public readonly baseUrl: string,
    public token: string | null = null,
    public campusId: string | null = null,
  ) {}

  async request<T = any>(method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<ApiResult<T>> {
    const h: Record<string, string> = { ...headers };
    if (this.token) h['Authorization'] = `Bearer ${this.token}`;
    if (this.campusId) h['Campus'] = this.campusId;
    let payload: BodyInit | undefined;
    if (body instanceof Uint8Array || typeof body === 'string') payload = body as BodyInit;
    else if (body !== undefined) {
      payload = JSON.stringify(body);
      h['Content-Type'] ??= 'application/json';
    }
    const res = await fetch(this.baseUrl + path, { method, headers: h, body: payload });
    const text = await res.text();
    let parsed: unknown = text;
    if ((res.headers.get('content-type') ?? '').includes('json') && text.length > 0) parsed = JSON.parse(text);
    return { status: res.status, body: parsed as T, headers: res.headers, text };
  }

  get<T = any>(path: string): Promise<ApiResult<T>> {
    return this.request<T>('GET', path);
  }
  post<T = any>(path: string, body?: unknown): Promise<ApiResult<T>> {
    return this.request<T>('POST', path, body);
  }
  put<T = any>(path: string, body?: unknown): Promise<ApiResult<T>> {
    return this.request<T>('PUT', path, body);
  }
  del<T = any>(path: string): Promise<ApiResult<T>> {
    return this.request<T>('DELETE', path);
  }
}

export function startTestSandbox(opts: SandboxOptions = {}): Promise<SandboxHandle> {
  return startSandbox({ port: 0, dataFile: null, quiet: true, ...opts });
}

export interface LoggedIn {
  client: ApiClient;
  token: string;
  refreshToken: string;
  userId: string;
}

export async function login(sb: { url: string }, account: string, password = DEMO_PASSWORD): Promise<LoggedIn> {
  const anon = new ApiClient(sb.url);
  const res = await anon.post('/v1/saas-identity-service/api/account/mobile-login', {
    account,
    password: passwordHash(password),
    tenantCode: DEMO_SCHOOL_CODE,
  });
  if (res.status !== 200) throw new Error(`login ${account} failed: ${res.status} ${res.text}`);
  return {
    client: new ApiClient(sb.url, res.body.encryptedAccessToken),
    token: res.body.encryptedAccessToken,
    refreshToken: res.body.refreshToken,
    userId: res.body.userId,
  };
}

/**
 * A one-day leave request's form data as the form submits it, keys and all (the leave
 * flow's conditions read `days`): it goes from 部门审批 straight on, so 李主任 may agree
 * to it from the list (quick-handling).
 */
export const oneDayLeaveFormData = (reason: string) => ({
  code: 'leave',
  mainTable: {
    id: 'oa_leave',
    fields: [
      { id: 'leave_type', key: 'leaveType', value: 'leave-1' },
      { id: 'leave_days', key: 'days', value: 1 },
      { id: 'leave_period', key: 'period', value: ['2026-03-02 08:30', '2026-03-02 17:30'] },
      { id: 'leave_reason', key: 'reason', value: reason },
      { id: 'leave_sub_need', key: 'needSubstitute', value: false },
    ],
  },
  subTable: [],
});
