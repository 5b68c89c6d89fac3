/**
 * config.json `calls`: the calls the spec leaves unnamed (docs/decided-calls.md) at the
 * paths a school's backend answers them. The sandbox stands for such a backend
 * (POST /sandbox/admin/variant moves its routes, sandbox/core/variant.ts); the real
 * adapters, built by the composition root from a parsed config, follow the paths, and
 * on the decided paths they then meet a 404 the application reads as a missing call.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { testSandbox } from '../testSandbox';
import { createAdapters } from '../../../composition/adapters';
import { DEFAULT_CALL_PATHS } from '../../../infrastructure/config/calls';
import { parseRuntimeConfig } from '../../../infrastructure/config/runtimeConfig';
import { isMissingCall } from '../../../application/shared/failure';
import type { UnnamedCall } from '../../../application/ports/runtime';
import { loginAs, md5, sentCodes } from './support/partA';

const sb = testSandbox();

const admin = async (method: 'GET' | 'POST' | 'DELETE', body?: unknown): Promise<{ status: number; json: unknown }> => {
  const res = await fetch(`${sb.url}/sandbox/admin/variant`, {
    method,
    headers: { 'Content-Type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: res.status, json: await res.json() };
};

/** Where "school X" answers each unnamed call, as its config.json says. */
const SCHOOL_X: Record<UnnamedCall, string> = {
  todoCategories: '/api/x/todo/categories',
  securitySettings: '/api/x/account/security',
  checkPassword: '/api/x/account/password-check',
  boundStudents: '/api/x/parents/students',
  unbindStudent: '/api/x/parents/students/{id}/unbind',
  newDocument: '/api/x/files/blank',
  flowChartByApp: '/api/x/flow/chart-by-app',
  flowChartByCode: '/api/x/flow/chart',
};

/** The sandbox route of each call (its decided path, `{id}` as the router's `:id`). */
const asRoute = (path: string) => path.replace('{id}', ':id');
const MOVES = (Object.keys(SCHOOL_X) as UnnamedCall[]).map((call) => ({ from: asRoute(DEFAULT_CALL_PATHS[call]), to: asRoute(SCHOOL_X[call]) }));

const adaptersFor = async (account: string, calls: unknown) => {
  const client = await loginAs(sb.url, account);
  return createAdapters(client.http, parseRuntimeConfig({ calls }, () => {}).calls);
};

describe('a backend that answers the unnamed calls elsewhere', () => {
  beforeEach(async () => {
    expect((await admin('POST', { moves: MOVES })).status).toBe(200);
  });

  it('config.json calls: every unnamed call is asked at its configured path and answers', async () => {
    const teacher = await adaptersFor('t1001', SCHOOL_X);
    expect((await teacher.todo.categories()).map((c) => c.name)).toEqual(['个人待办', '审批待办', '抄送待阅']);
    expect(await teacher.account.securitySettings()).toEqual({ passwordVerification: 1, verification: true });
    expect(await teacher.account.checkPassword(md5('Campus2026'))).toBe(true);
    expect(await teacher.account.checkPassword(md5('wrong'))).toBe(false);
    expect((await teacher.forms.newDocument({ name: '会议纪要', suffix: 'docx' })).fileName).toContain('会议纪要');
    expect((await teacher.flowchart.chart({ appId: 'app-purchase' }))?.nodes.map((n) => n.id)).toContain('pur-start');
    expect((await teacher.flowchart.chart({ code: 'leave' }))?.nodes.map((n) => n.id)).toContain('leave-start');

    const parent = await adaptersFor('p3001', SCHOOL_X);
    const students = await parent.account.boundStudents();
    expect(students).toHaveLength(2);
    await parent.account.unbindStudent(students[0]!.id);
    expect(await parent.account.boundStudents()).toHaveLength(1);
  });

  it('the decided paths answer 404 there, which the application reads as a missing call', async () => {
    const teacher = await adaptersFor('t1001', undefined);
    for (const call of [() => teacher.todo.categories(), () => teacher.account.securitySettings(), () => teacher.account.checkPassword(md5('Campus2026'))]) {
      const failure = await call().then(
        () => null,
        (e: unknown) => e,
      );
      expect(failure).toMatchObject({ kind: 'http', status: 404 });
      expect(isMissingCall(failure)).toBe(true);
    }
    const parent = await adaptersFor('p3001', undefined);
    expect(isMissingCall(await parent.account.boundStudents().catch((e: unknown) => e))).toBe(true);
  });

  it('a config naming only some calls moves only those', async () => {
    const teacher = await adaptersFor('t1001', { todoCategories: SCHOOL_X.todoCategories });
    expect(await teacher.todo.categories()).toHaveLength(3);
    expect(isMissingCall(await teacher.account.securitySettings().catch((e: unknown) => e))).toBe(true);
  });
});

describe('the sandbox variant itself', () => {
  it('SMS codes of the configured length; a reset brings back the decided backend', async () => {
    expect((await admin('POST', { smsCodeLength: 4 })).json).toEqual({ moves: [], smsCodeLength: 4, ignoresIdempotencyKey: false });
    const parent = await adaptersFor('s2001', undefined);
    expect(await parent.account.sendVerifyCodeToUserPhone()).toEqual({ ok: true });
    const code = (await sentCodes(sb.url)).at(-1)!.code;
    expect(code).toMatch(/^\d{4}$/);
    await parent.account.verifySms(code);

    await admin('POST', { moves: [{ from: asRoute(DEFAULT_CALL_PATHS.todoCategories), to: SCHOOL_X.todoCategories }] });
    sb.reset();
    expect((await admin('GET')).json).toEqual({ moves: [], smsCodeLength: 6, ignoresIdempotencyKey: false });
    expect(await (await adaptersFor('t1001', undefined)).todo.categories()).toHaveLength(3);
  });

  it.each([
    [{ smsCodeLength: 3 }],
    [{ smsCodeLength: 9 }],
    [{ moves: 'x' }],
    [{ moves: [{ from: 'no-slash', to: '/a' }] }],
    [{ moves: [{ from: '/a' }] }],
    [{ ignoresIdempotencyKey: 'yes' }],
  ])('refuses %j', async (body) => {
    expect((await admin('POST', body)).status).toBe(400);
    expect((await admin('GET')).json).toEqual({ moves: [], smsCodeLength: 6, ignoresIdempotencyKey: false });
  });
});
