/**
 * The sandbox's broken answers (sandbox/core/brokenAnswers.ts): the route runs, then
 * what it answered is broken one kind at a time.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ApiClient, login, startTestSandbox } from '../../../sandbox/testkit';
import type { SandboxHandle } from '../../../sandbox/server';
import { bendBody, BROKEN_ANSWERS, HUGE_LIST_LENGTH } from '../../../sandbox/core/brokenAnswers';

const INFO = '/v1/saas-basic-data-service/api/user-info/info';
const FLOW_RUN = '/v1/less-code-service/api/flow-run';

let sb: SandboxHandle;
let admin: ApiClient;
beforeAll(async () => {
  sb = await startTestSandbox();
  admin = new ApiClient(sb.url);
});
afterAll(() => sb.close());
beforeEach(async () => {
  await admin.post('/sandbox/admin/reset');
});

const raw = async (token: string, path: string, init: RequestInit = {}) => {
  const res = await fetch(sb.url + path, { ...init, headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json', ...(init.headers ?? {}) } });
  return { status: res.status, type: res.headers.get('content-type') ?? '', text: await res.text() };
};

describe('broken answers', () => {
  it.each([
    ['html500', 500, /text\/html/, /<h1>500 Internal Server Error<\/h1>/],
    ['html502', 502, /text\/html/, /<h1>502 Bad Gateway<\/h1>/],
    ['empty200', 200, /json/, /^$/],
    ['badJson', 200, /json/, /^\{"items": \[1, 2,$/],
    ['noContent', 204, /./, /^$/],
  ] as const)('%s replaces the answer', async (answer, status, type, text) => {
    const s = await login(sb, 't1001');
    await admin.post('/sandbox/admin/fault', { path: 'user-info/info', answer });
    const res = await raw(s.client.token!, INFO);
    expect(res.status).toBe(status);
    expect(res.type).toMatch(type);
    expect(res.text).toMatch(text);
    // Once: the next answer is whole again.
    expect((await raw(s.client.token!, INFO)).status).toBe(200);
  });

  it('the route runs before its answer is lost: a launch creates its run', async () => {
    const s = await login(sb, 't1001');
    const campuses = await s.client.get<Array<{ id: string }>>('/v1/saas-basic-data-service/api/school-campus/user');
    s.client.campusId = campuses.body[0]!.id;
    const count = async () => (await s.client.post<{ totalCount: number }>(`${FLOW_RUN}/list`, { type: 3, formData: '答复丢失', skipCount: 0, maxResultCount: 50 })).body.totalCount;
    const before = await count();
    expect(before).toBe(0);
    await admin.post('/sandbox/admin/fault', { path: '/flow-run/initiate', answer: 'html502' });
    const res = await s.client.request('POST', `${FLOW_RUN}/initiate`, {
      code: 'leave',
      isInitiate: 1,
      formData: { leave_type: 'leave-1', leave_days: 1, leave_period: ['2026/03/02 08:30', '2026/03/02 17:30'], leave_reason: '答复丢失', leave_sub_need: false },
    });
    expect(res.status).toBe(502);
    expect(await count()).toBe(before + 1);
  });

  it('bends the body: nulls, missing fields, numbers as strings, wrong types, 5,000-item lists', () => {
    const body = { id: 'a1', name: '王', count: 3, ok: true, items: [{ id: 'x', n: 1 }], nested: { title: 't', n: 2 } };
    expect(bendBody('nulls', body)).toEqual({ id: null, name: null, count: null, ok: null, items: [{ id: null, n: null }], nested: { title: null, n: null } });
    expect(bendBody('missingFields', body)).toEqual({ name: '王', ok: true, nested: { n: 2 } });
    expect(bendBody('numbersAsStrings', body)).toEqual({ id: 'a1', name: '王', count: '3', ok: true, items: [{ id: 'x', n: '1' }], nested: { title: 't', n: '2' } });
    expect(bendBody('wrongTypes', body)).toEqual({ id: 12345, name: 12345, count: 'not a number', ok: 'yes', items: {}, nested: [] });
    const huge = bendBody('hugeLists', body) as { items: Array<{ id: string }> };
    expect(huge.items).toHaveLength(HUGE_LIST_LENGTH);
    expect(new Set(huge.items.map((i) => i.id)).size).toBe(HUGE_LIST_LENGTH);
    expect(BROKEN_ANSWERS).toHaveLength(10);
  });

  it('refuses an unknown kind', async () => {
    const res = await admin.post('/sandbox/admin/fault', { path: 'x', answer: 'nonsense' });
    expect(res.status).toBe(400);
  });
});
