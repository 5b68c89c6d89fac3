/**
 * Shared set-up of the part-B contract tests (approval, flowchart, forms, selectors,
 * files): the real HttpClient with in-memory stores pointed at the in-process sandbox,
 * and a login through the real mobile-login call, made here with the client itself so
 * these tests do not depend on the session adapter.
 */
import { createHash } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { z } from '../../../../infrastructure/zod';
import type { CampusStore, TokenStore } from '../../../../application/ports/session';
import type { TokenRecord } from '../../../../domain/session/types';
import { HttpClient } from '../../../../infrastructure/http/httpClient';
import { HttpApprovalApi } from '../../../../infrastructure/approval/approvalApi';
import { HttpFormsApi } from '../../../../infrastructure/forms/formsApi';
import { buildInitiateBody } from '../../../../domain/approval/bodies';
import { initialNextStep, validateNextStep } from '../../../../domain/approval/nextStep';
import type { InitiateFlowInfo } from '../../../../domain/approval/types';
import { formFields, initialFormState } from '../../../../domain/forms/fields';
import { applyRestoredValues, buildFormData } from '../../../../domain/forms/formData';
import { validateSubmit } from '../../../../domain/forms/validation';
import type { FormDefinition, SubmittedFormData } from '../../../../domain/forms/types';

export const PASSWORD = 'Campus2026';
export const TENANT = 'demo';

/** The wire form of a password (CONTRACT.md): lowercase hex MD5 of the trimmed input. */
export const md5 = (plain: string): string => createHash('md5').update(plain.trim(), 'utf8').digest('hex');

class MemoryTokenStore implements TokenStore {
  record: TokenRecord | null = null;
  get = (): TokenRecord | null => this.record;
  set = (r: TokenRecord): void => {
    this.record = r;
  };
  clear = (): void => {
    this.record = null;
  };
}

class MemoryCampusStore implements CampusStore {
  id: string | null = null;
  get = (): string | null => this.id;
  set = (id: string): void => {
    this.id = id;
  };
  clear = (): void => {
    this.id = null;
  };
}

const LoginSchema = z.looseObject({ encryptedAccessToken: z.string().check(z.minLength(1)), refreshToken: z.string().check(z.minLength(1)) });
const CampusesSchema = z.array(z.looseObject({ id: z.string(), name: z.string() }));
const UserInfoSchema = z.looseObject({ id: z.string(), name: z.string(), userType: z.number() });

export interface Session {
  http: HttpClient;
  tokens: MemoryTokenStore;
  campus: MemoryCampusStore;
  userId: string;
  name: string;
  userType: number;
  /** The stored access token, as the hub's accessTokenFactory reads it. */
  accessToken: () => string | null;
}

/** Logs in as `account`, stores the token pair and picks the first campus, as the app does. */
export async function loginAs(sandboxUrl: string, account: string): Promise<Session> {
  const tokens = new MemoryTokenStore();
  const campus = new MemoryCampusStore();
  const http = new HttpClient({
    host: () => sandboxUrl,
    timeoutMs: () => 10_000,
    tokens,
    campus,
    clock: { now: () => Date.now() },
    onSessionLost: () => undefined,
  });
  const login = await http.request({
    method: 'POST',
    url: '/v1/saas-identity-service/api/account/mobile-login',
    data: { account, password: md5(PASSWORD), tenantCode: TENANT },
    schema: LoginSchema,
    anonymous: true,
  });
  tokens.set({ encryptedAccessToken: login.encryptedAccessToken, refreshToken: login.refreshToken });
  http.sessionStarted();
  const campuses = await http.request({ method: 'GET', url: '/v1/saas-basic-data-service/api/school-campus/user', schema: CampusesSchema });
  if (campuses[0]) campus.set(campuses[0].id);
  const me = await http.request({ method: 'GET', url: '/v1/saas-basic-data-service/api/user-info/info', schema: UserInfoSchema });
  return { http, tokens, campus, userId: me.id, name: me.name, userType: me.userType, accessToken: () => tokens.get()?.encryptedAccessToken ?? null };
}

// ---------------------------------------------------------------------------
// Starting a leave request (请假申请) through the adapters, as the launch page does
// ---------------------------------------------------------------------------

export interface LeaveInput {
  days: number;
  reason: string;
  /** 工作交接人: a picker value item. */
  handover: { id: string; name: string };
  period?: [string, string];
}

/** The leave form's data in the submitted shape, built with the domain from the served formJson. */
export async function leaveFormData(session: Session, input: LeaveInput): Promise<{ info: InitiateFlowInfo; definition: FormDefinition; formData: SubmittedFormData }> {
  const approval = new HttpApprovalApi(session.http);
  const info = await approval.initiateFlow('leave');
  const definition = info.formJson as FormDefinition;
  const [leaveType] = await new HttpFormsApi(session.http).dictionary('leave_type');
  const state = applyRestoredValues(initialFormState(definition), {
    leave_type: leaveType?.value,
    leave_days: input.days,
    leave_period: input.period ?? ['2026/03/02 08:30', '2026/03/03 17:30'],
    leave_reason: input.reason,
    leave_handover: [input.handover],
    leave_sub_need: false,
  });
  const checked = validateSubmit(formFields(definition), state);
  if (!checked.ok) throw new Error(`the leave form does not validate: ${JSON.stringify(checked.error)}`);
  return { info, definition, formData: buildFormData({ code: 'leave', definition, state: checked.value }) };
}

/** initiate-flow, the form, next-node from the start, initiate (isInitiate 1) with the proposed step. */
export async function launchLeave(session: Session, input: LeaveInput) {
  const approval = new HttpApprovalApi(session.http);
  const { info, definition, formData } = await leaveFormData(session, input);
  const next = await approval.nextNodes({ flowRunPrcsId: null, appId: info.appId ?? '', formData });
  const choice = validateNextStep(next, initialNextStep(next));
  if (!choice.ok) throw new Error(`no next step: ${JSON.stringify(choice.error)}`);
  const outcome = await approval.initiate(buildInitiateBody({ formData, nextStep: choice.value }));
  if (!outcome.flowRunId) throw new Error('initiate answered no run id');
  return { info, definition, formData, next, choice: choice.value, flowRunId: outcome.flowRunId, outcome };
}

// ---------------------------------------------------------------------------
// A server with canned answers, for what the sandbox never sends (malformed bodies)
// ---------------------------------------------------------------------------

/** Answers every request with `body` as JSON; the client is logged in with a dummy token. */
export async function cannedServer(body: unknown): Promise<{ http: HttpClient; close: () => Promise<void> }> {
  const server = createServer((_req, res) => {
    res.writeHead(200, { 'Content-Type': 'application/json' });
    res.end(JSON.stringify(body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const tokens = new MemoryTokenStore();
  tokens.set({ encryptedAccessToken: 'tok', refreshToken: 'ref' });
  const http = new HttpClient({
    host: () => url,
    timeoutMs: () => 5_000,
    tokens,
    campus: new MemoryCampusStore(),
    clock: { now: () => Date.now() },
    onSessionLost: () => undefined,
  });
  return { http, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}
