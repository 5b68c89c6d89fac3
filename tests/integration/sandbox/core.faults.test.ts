/**
 * The sandbox's fault controls and the behaviour fault tests rely on: idempotent writes
 * (Idempotency-Key), tokens that end including the refresh token, and a hub that drops
 * its connections on demand.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { ApiClient, login, startTestSandbox, type LoggedIn } from '../../../sandbox/testkit';
import type { SandboxHandle } from '../../../sandbox/server';
import { IdempotencyStore, REPLAYED_HEADER } from '../../../sandbox/core/idempotency';

const FLOW_RUN = '/v1/less-code-service/api/flow-run';
const REFRESH = '/v1/saas-identity-service/api/account/refreshtoken-app';
const HUB = '/messagehub/message-hub';

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

const leave = (reason: string) => ({
  code: 'leave',
  isInitiate: 1,
  formData: { leave_type: 'leave-1', leave_days: 1, leave_period: ['2026/03/02 08:30', '2026/03/02 17:30'], leave_reason: reason, leave_sub_need: false },
});

async function signedIn(account: string): Promise<LoggedIn> {
  const s = await login(sb, account);
  const campuses = await s.client.get<Array<{ id: string }>>('/v1/saas-basic-data-service/api/school-campus/user');
  s.client.campusId = campuses.body[0]!.id;
  return s;
}

async function runsWithReason(s: LoggedIn, reason: string): Promise<number> {
  const res = await s.client.post<{ totalCount: number }>(`${FLOW_RUN}/list`, { type: 3, formData: reason, skipCount: 0, maxResultCount: 50 });
  expect(res.status).toBe(200);
  return res.body.totalCount;
}

describe('Idempotency-Key', () => {
  it('a repeated initiate with the same key starts one run and answers the first result again', async () => {
    const wang = await signedIn('t1001');
    const first = await wang.client.request('POST', `${FLOW_RUN}/initiate`, leave('幂等一次'), { 'Idempotency-Key': 'k-1' });
    expect(first.status).toBe(200);
    expect(first.headers.get(REPLAYED_HEADER)).toBeNull();
    const again = await wang.client.request('POST', `${FLOW_RUN}/initiate`, leave('幂等一次'), { 'Idempotency-Key': 'k-1' });
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    expect(again.headers.get(REPLAYED_HEADER)).toBe('true');
    expect(await runsWithReason(wang, '幂等一次')).toBe(1);
    // Another key is another submission; no key is the old behaviour.
    await wang.client.request('POST', `${FLOW_RUN}/initiate`, leave('幂等一次'), { 'Idempotency-Key': 'k-2' });
    await wang.client.post(`${FLOW_RUN}/initiate`, leave('幂等一次'));
    expect(await runsWithReason(wang, '幂等一次')).toBe(3);
  });

  it('concurrent repeats of one key start one run', async () => {
    const wang = await signedIn('t1001');
    const sends = [1, 2, 3].map(() => wang.client.request('POST', `${FLOW_RUN}/initiate`, leave('并发重复'), { 'Idempotency-Key': 'same' }));
    const answers = await Promise.all(sends);
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    expect(new Set(answers.map((a) => JSON.stringify(a.body))).size).toBe(1);
    expect(await runsWithReason(wang, '并发重复')).toBe(1);
  });

  it('keys are per user, and a failed attempt is not kept: its retry runs for real', async () => {
    const wang = await signedIn('t1001');
    await admin.post('/sandbox/admin/fault', { path: '/flow-run/initiate', status: 500 });
    const failed = await wang.client.request('POST', `${FLOW_RUN}/initiate`, leave('先失败后成功'), { 'Idempotency-Key': 'retry' });
    expect(failed.status).toBe(500);
    const retried = await wang.client.request('POST', `${FLOW_RUN}/initiate`, leave('先失败后成功'), { 'Idempotency-Key': 'retry' });
    expect(retried.status).toBe(200);
    expect(retried.headers.get(REPLAYED_HEADER)).toBeNull();
    expect(await runsWithReason(wang, '先失败后成功')).toBe(1);

    // The same key from another user is that user's own submission.
    const zhang = await signedIn('s2001');
    const res = await zhang.client.request(
      'POST',
      `${FLOW_RUN}/initiate`,
      { ...leave('学生请假'), formData: { ...leave('学生请假').formData } },
      { 'Idempotency-Key': 'retry' },
    );
    expect(res.headers.get(REPLAYED_HEADER)).toBeNull();
  });

  it('a reset forgets the kept answers', async () => {
    const wang = await signedIn('t1001');
    await wang.client.request('POST', `${FLOW_RUN}/initiate`, leave('重置前'), { 'Idempotency-Key': 'r' });
    await admin.post('/sandbox/admin/reset');
    const after = await wang.client.request('POST', `${FLOW_RUN}/initiate`, leave('重置前'), { 'Idempotency-Key': 'r' });
    expect(after.headers.get(REPLAYED_HEADER)).toBeNull();
  });

  it('the store: reads and anonymous calls are never idempotent writes; kept answers expire after a day', async () => {
    let now = 0;
    const store = new IdempotencyStore(() => now);
    expect(store.scope('GET', '/x', 'u', 'k')).toBeNull();
    expect(store.scope('POST', '/x', null, 'k')).toBeNull();
    expect(store.scope('POST', '/x', 'u', undefined)).toBeNull();
    expect(store.scope('POST', '/x', 'u', 'bad key with spaces')).toBeNull();
    const scope = store.scope('POST', '/X', 'u', 'k');
    let runs = 0;
    const handler = () => ({ body: { n: ++runs } });
    expect((await store.run(scope, handler)).body).toEqual({ n: 1 });
    expect((await store.run(scope, handler)).body).toEqual({ n: 1 });
    now += 24 * 3600 * 1000 + 1;
    expect((await store.run(scope, handler)).body).toEqual({ n: 2 });
    // A 4xx answer (returned, not thrown) is not kept either.
    const refused = store.scope('POST', '/y', 'u', 'k');
    let tries = 0;
    const refuse = () => ({ status: ++tries === 1 ? 409 : 200, body: {} });
    expect((await store.run(refused, refuse)).status).toBe(409);
    expect((await store.run(refused, refuse)).status).toBe(200);
  });
});

describe('expire-tokens', () => {
  it('ends access tokens only, or with { refresh: true } the refresh tokens too', async () => {
    const a = await login(sb, 't1001');
    expect((await admin.post('/sandbox/admin/expire-tokens')).body.expired).toBeGreaterThan(0);
    expect((await a.client.get('/v1/saas-basic-data-service/api/user-info/info')).status).toBe(401);
    const refreshed = await new ApiClient(sb.url).post(REFRESH, { refreshToken: a.refreshToken });
    expect(refreshed.status).toBe(200);

    const b = await login(sb, 't1001');
    await admin.post('/sandbox/admin/expire-tokens', { refresh: true });
    const refused = await new ApiClient(sb.url).post(REFRESH, { refreshToken: b.refreshToken });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ error: { message: '登录已过期，请重新登录' } });
    expect((await admin.post('/sandbox/admin/expire-tokens', { refresh: 'yes' })).status).toBe(400);
  });
});

describe('hub-drop', () => {
  async function subscribe(s: LoggedIn): Promise<WebSocket> {
    const neg = await s.client.post(`${HUB}/negotiate?negotiateVersion=1`);
    const ws = new WebSocket(`${sb.url.replace(/^http/, 'ws')}${HUB}?id=${neg.body.connectionToken}&access_token=${encodeURIComponent(s.token)}`);
    const records: string[] = [];
    ws.on('message', (d) => records.push(d.toString()));
    await new Promise<void>((resolve, reject) => {
      ws.once('open', () => resolve());
      ws.once('error', reject);
    });
    ws.send(JSON.stringify({ protocol: 'json', version: 1 }) + '\x1e');
    ws.send(JSON.stringify({ type: 1, invocationId: '1', target: 'InitlnUser', arguments: [s.userId] }) + '\x1e');
    await expect.poll(() => records.join('')).toContain('"invocationId":"1"');
    return ws;
  }

  it('lists connections by account, cuts them (or says goodbye first) and keeps serving new ones', async () => {
    const s = await login(sb, 't1001');
    const ws = await subscribe(s);
    expect((await admin.get('/sandbox/admin/hub')).body).toMatchObject({ connections: 1, byAccount: { t1001: 1 } });
    const closed = new Promise<number>((resolve) => ws.once('close', (code) => resolve(code)));
    expect((await admin.post('/sandbox/admin/hub-drop')).body).toEqual({ dropped: 1 });
    expect(await closed).toBe(1006);
    expect((await admin.get('/sandbox/admin/hub')).body).toEqual({ connections: 0, byAccount: {} });

    const again = await subscribe(s);
    const goodbye: string[] = [];
    again.on('message', (d) => goodbye.push(d.toString()));
    const closedAgain = new Promise<number>((resolve) => again.once('close', (code) => resolve(code)));
    expect((await admin.post('/sandbox/admin/hub-drop', { mode: 'restart' })).body).toEqual({ dropped: 1 });
    expect(await closedAgain).toBe(1001);
    expect(goodbye.join('')).toContain('"allowReconnect":true');
    expect((await admin.post('/sandbox/admin/hub-drop', { mode: 'later' })).status).toBe(400);
  });
});
