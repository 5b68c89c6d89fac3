import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ApiClient, login, startTestSandbox } from '../../../sandbox/testkit';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, DEMO_SIDS } from '../../../sandbox/seed/accounts';
import { passwordHash } from '../../../sandbox/core/crypto';
import type { SandboxHandle } from '../../../sandbox/server';

const ACCOUNT = '/v1/saas-identity-service/api/account';
const INFO = '/v1/saas-basic-data-service/api/user-info/info';

let sb: SandboxHandle;
let anon: ApiClient;

beforeAll(async () => {
  sb = await startTestSandbox();
  anon = new ApiClient(sb.url);
});
afterAll(() => sb.close());
beforeEach(() => sb.reset());

describe('school lookup', () => {
  it.each([
    ['demo', true, 1],
    ['DEMO', true, 1],
    ['pc-only', true, 2],
  ])('code %s is found (ProjectType %i)', async (code, found, projectType) => {
    const res = await anon.get(`/sandbox/school-lookup?type=getprojectbycode&code=${code}`);
    expect(res.status).toBe(200);
    expect(res.body.Result).toBe(found);
    expect(res.body.Data.ProjectType).toBe(projectType);
    expect(res.body.Data).toMatchObject({ name: expect.any(String), code: expect.any(String), SchoolCode: expect.any(String) });
    expect(res.body.Data.SaasAddress).toBeUndefined();
  });

  it('answers 识别码不存在 for an unknown code', async () => {
    const res = await anon.get('/sandbox/school-lookup?type=getprojectbycode&code=nope');
    expect(res.body).toEqual({ Result: false, Data: null, Msg: '识别码不存在' });
  });
});

describe('mobile-login', () => {
  it('has nine demo accounts, all with the demo password', () => {
    expect(DEMO_ACCOUNTS.map((a) => a.account)).toEqual(['t1001', 't1002', 't1003', 's2001', 's2002', 's2003', 'p3001', 'e4001', 'o5001']);
    expect(new Set(DEMO_ACCOUNTS.map((a) => a.password))).toEqual(new Set(['Campus2026']));
  });

  it.each(DEMO_ACCOUNTS.map((a) => [a.account, a.name, a.userType] as const))('logs in %s (%s, type %i) and reads user info', async (account, name, userType) => {
    const s = await login(sb, account);
    expect(s.token).toMatch(/^[A-Za-z0-9_-]{20,}$/);
    expect(s.refreshToken).toBeTruthy();
    const info = await s.client.get(INFO);
    expect(info.status).toBe(200);
    expect(info.body).toMatchObject({ id: s.userId, name, userType });
    for (const key of ['number', 'sex', 'describe', 'profileSummary', 'userImage', 'photoUrl', 'qrCode', 'phoneNum', 'encrypPhoneNum', 'email', 'encrypEmail', 'joinedDate', 'setting']) {
      expect(info.body).toHaveProperty(key);
    }
    expect(info.body.setting).toEqual({ disableNotificationVibration: false });
    const campuses = await s.client.get('/v1/saas-basic-data-service/api/school-campus/user');
    expect(campuses.status).toBe(200);
    expect(campuses.body.length).toBeGreaterThan(0);
    for (const c of campuses.body) expect(c).toEqual({ id: expect.any(String), name: expect.any(String), typeName: '校区' });
  });

  it('masks phone and email, describes students as org / major / class', async () => {
    const t = await login(sb, 't1001');
    const info = (await t.client.get(INFO)).body;
    expect(info.phoneNum).toBe('138****1234');
    expect(info.email).toMatch(/^\w{1,2}\*{4}@/);
    expect(info.encrypPhoneNum).not.toContain('1234');
    const s = await login(sb, 's2001');
    expect((await s.client.get(INFO)).body.describe.split(' / ')).toHaveLength(3);
    const s3 = await login(sb, 's2003');
    expect((await s3.client.get(INFO)).body.phoneNum).toBe('');
  });

  it('gives two campuses to staff and one to the visitor', async () => {
    const t = await login(sb, 't1001');
    expect((await t.client.get('/v1/saas-basic-data-service/api/school-campus/user')).body.map((c: { name: string }) => c.name)).toEqual(['主校区', '东校区']);
    const o = await login(sb, 'o5001');
    expect((await o.client.get('/v1/saas-basic-data-service/api/school-campus/user')).body.map((c: { name: string }) => c.name)).toEqual(['主校区']);
  });

  it.each([
    [{ account: '', password: passwordHash(DEMO_PASSWORD), tenantCode: 'demo' }, '账号不能为空'],
    [{ account: 't1001', password: '', tenantCode: 'demo' }, '密码不能为空'],
    [{ account: 't1001', password: passwordHash('wrong'), tenantCode: 'demo' }, '账号或密码错误'],
    [{ account: 'nobody', password: passwordHash(DEMO_PASSWORD), tenantCode: 'demo' }, '账号或密码错误'],
    [{ account: 't1001', password: passwordHash(DEMO_PASSWORD), tenantCode: 'nope' }, '识别码无效'],
    [{ account: 't1001', password: DEMO_PASSWORD, tenantCode: 'demo' }, '账号或密码错误'],
  ])('rejects %j with 400 %s', async (body, message) => {
    const res = await anon.post(`${ACCOUNT}/mobile-login`, body);
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe(message);
  });

  it('accepts the password hash of the trimmed input', async () => {
    const res = await anon.post(`${ACCOUNT}/mobile-login`, { account: ' t1001 ', password: passwordHash(`  ${DEMO_PASSWORD} `), tenantCode: 'demo' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ encryptedAccessToken: expect.any(String), refreshToken: expect.any(String), expireInSeconds: 7200, userId: expect.any(String) });
  });

  it('answers 400 to a body that is not JSON', async () => {
    const res = await anon.request('POST', `${ACCOUNT}/mobile-login`, '{nope', { 'Content-Type': 'application/json' });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBeTruthy();
  });
});

describe('authentication', () => {
  it('answers 401 未登录 without a token, with an unknown one and with a malformed header', async () => {
    for (const client of [anon, new ApiClient(sb.url, 'not-a-token')]) {
      const res = await client.get(INFO);
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ error: { message: '未登录' } });
    }
    const res = await anon.request('GET', INFO, undefined, { Authorization: 'Basic abc' });
    expect(res.status).toBe(401);
  });

  it('expires access tokens on the admin route; the refresh token gets a working one', async () => {
    const s = await login(sb, 's2001');
    expect((await s.client.get(INFO)).status).toBe(200);
    const exp = await anon.post('/sandbox/admin/expire-tokens');
    expect(exp.body.expired).toBeGreaterThan(0);
    expect((await s.client.get(INFO)).status).toBe(401);
    const r = await anon.post(`${ACCOUNT}/refreshtoken-app`, { refreshToken: s.refreshToken });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ encryptedAccessToken: expect.any(String), expireInSeconds: 7200 });
    expect(r.body.encryptedAccessToken).not.toBe(s.token);
    const fresh = new ApiClient(sb.url, r.body.encryptedAccessToken);
    expect((await fresh.get(INFO)).body.name).toBe('张三');
  });

  it('refuses an unknown refresh token with 400 (not 401, which would loop the client)', async () => {
    const r = await anon.post(`${ACCOUNT}/refreshtoken-app`, { refreshToken: 'nope' });
    expect(r.status).toBe(400);
    expect(r.body.error.message).toBe('登录已过期，请重新登录');
    expect((await anon.post(`${ACCOUNT}/refreshtoken-app`, {})).status).toBe(400);
  });

  it('lets tokens run out with the sandbox clock after the configured lifetime', async () => {
    const short = await startTestSandbox({ tokenTtlSeconds: 60 });
    try {
      const s = await login(short, 't1002');
      expect((await s.client.get(INFO)).status).toBe(200);
      await new ApiClient(short.url).post('/sandbox/admin/clock', { advanceMs: 61_000 });
      expect((await s.client.get(INFO)).status).toBe(401);
      const r = await new ApiClient(short.url).post(`${ACCOUNT}/refreshtoken-app`, { refreshToken: s.refreshToken });
      expect(r.body.expireInSeconds).toBe(60);
      expect((await new ApiClient(short.url, r.body.encryptedAccessToken).get(INFO)).status).toBe(200);
    } finally {
      await short.close();
    }
  });

  it('keeps issued tokens across a reset', async () => {
    const s = await login(sb, 't1001');
    sb.reset();
    expect((await s.client.get(INFO)).status).toBe(200);
  });
});

describe('sid-login', () => {
  it('logs in with each seeded sid once', async () => {
    for (const { sid, account } of DEMO_SIDS) {
      const res = await anon.post(`${ACCOUNT}/sid-login`, { sid, sourceURL: 'https://portal.example.com' });
      expect(res.status).toBe(200);
      const info = await new ApiClient(sb.url, res.body.encryptedAccessToken).get(INFO);
      expect(info.body.id).toBe(res.body.userId);
      expect(DEMO_ACCOUNTS.find((a) => a.account === account)?.name).toBe(info.body.name);
      const again = await anon.post(`${ACCOUNT}/sid-login`, { sid, sourceURL: '' });
      expect(again.status).toBe(400);
      expect(again.body.error.message).toBe('登录凭证无效或已过期');
    }
  });

  it('mints fresh sids on the admin route and refuses unknown ones', async () => {
    const minted = await anon.post('/sandbox/admin/sid', { account: 'e4001' });
    const res = await anon.post(`${ACCOUNT}/sid-login`, { sid: minted.body.sid, sourceURL: '' });
    expect(res.status).toBe(200);
    expect((await anon.post(`${ACCOUNT}/sid-login`, { sid: 'nope' })).status).toBe(400);
    expect((await anon.post(`${ACCOUNT}/sid-login`, {})).body.error.message).toBe('sid 不能为空');
  });
});
