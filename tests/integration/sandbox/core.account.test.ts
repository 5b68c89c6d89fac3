import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ApiClient, login, startTestSandbox } from '../../../sandbox/testkit';
import { passwordHash } from '../../../sandbox/core/crypto';
import type { SandboxHandle } from '../../../sandbox/server';
import { CAMPUS_MAIN } from '../../../sandbox/seed/ids';
import { ID_CARDS } from '../../../sandbox/seed/users';

const HS = '/v1/saas-home-school-service/api/student-parent-binding';
const SYS = '/v1/saas-system-service/api';
const BASIC = '/v1/saas-basic-data-service/api';

let sb: SandboxHandle;
let admin: ApiClient;

beforeAll(async () => {
  sb = await startTestSandbox();
  admin = new ApiClient(sb.url);
});
afterAll(() => sb.close());
beforeEach(() => sb.reset());

const lastCode = async (phone: string): Promise<string> => (await admin.get('/sandbox/admin/sms')).body.find((c: { phone: string }) => c.phone === phone).code;

describe('student binding', () => {
  const bind = (name: string, idCard: string) => ({ campusId: CAMPUS_MAIN, studentName: name, studentIdCard: idCard, type: 1, idType: '1', schoolId: '3a11d000-0000-4000-8000-000000000001' });

  it('lists, binds up to five, refuses the sixth, unbinds', async () => {
    const parent = (await login(sb, 'p3001')).client;
    const list = await parent.get(`${HS}/bind-student-list`);
    expect(list.body).toHaveLength(2);
    for (const s of list.body) expect(Object.keys(s).sort()).toEqual(['id', 'imagePath', 'name']);
    for (const [name, id] of [['李四', ID_CARDS.s2002], ['王五', ID_CARDS.s2003], ['周小北', ID_CARDS.zhouXiaobei]] as const) {
      const res = await parent.post(HS, bind(name, id));
      expect(res.status).toBe(200);
      expect(res.body.name).toBe(name);
    }
    const sixth = await parent.post(HS, bind('吴小南', ID_CARDS.wuXiaonan));
    expect(sixth.status).toBe(409);
    expect(sixth.body.error.message).toBe('最多可绑定5名学生');
    const five = (await parent.get(`${HS}/bind-student-list`)).body;
    expect(five).toHaveLength(5);
    expect((await parent.del(`${HS}/${five[0].id}`)).status).toBe(200);
    expect((await parent.get(`${HS}/bind-student-list`)).body).toHaveLength(4);
    const gone = await parent.del(`${HS}/${five[0].id}`);
    expect(gone.status).toBe(404);
    expect(gone.body.error.message).toBe('绑定关系不存在');
  });

  it.each(['campusId', 'studentName', 'studentIdCard', 'type'])('needs %s (请将项目信息填写完整)', async (field) => {
    const parent = (await login(sb, 'p3001')).client;
    const body: Record<string, unknown> = bind('李四', ID_CARDS.s2002);
    body[field] = field === 'type' ? null : '  ';
    const res = await parent.post(HS, body);
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe('请将项目信息填写完整');
    expect((await parent.get(`${HS}/bind-student-list`)).body).toHaveLength(2);
  });

  it('accepts relation 0 (家长), refuses a wrong student, a duplicate and a non-parent', async () => {
    const parent = (await login(sb, 'p3001')).client;
    expect((await parent.post(HS, { ...bind('李四', ID_CARDS.s2002), type: 0 })).status).toBe(200);
    expect((await parent.post(HS, bind('李四', ID_CARDS.s2002))).status).toBe(409);
    const wrong = await parent.post(HS, bind('李四', ID_CARDS.s2003));
    expect(wrong.status).toBe(400);
    expect(wrong.body.error.message).toBe('未找到该学生，请核对姓名和证件号');
    expect((await parent.post(HS, { ...bind('王五', ID_CARDS.s2003), campusId: 'nope' })).status).toBe(404);
    expect((await parent.post(HS, { ...bind('王五', ID_CARDS.s2003), type: 9 })).status).toBe(400);
    const teacher = (await login(sb, 't1001')).client;
    expect((await teacher.post(HS, bind('王五', ID_CARDS.s2003))).status).toBe(403);
    expect((await teacher.get(`${HS}/bind-student-list`)).body).toEqual([]);
  });
});

describe('password', () => {
  it('answers the policy', async () => {
    const c = (await login(sb, 's2001')).client;
    expect((await c.get(`${SYS}/school-sign-password`)).body).toEqual({ digits: 8, passwordSecurity: 3 });
  });

  it('changes the password after checking the old hash', async () => {
    const c = (await login(sb, 's2001')).client;
    const wrong = await c.post(`${SYS}/user-info/password`, { oldPassword: passwordHash('nope'), newPassword: passwordHash('NewPass2026') });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error.message).toBe('原密码错误');
    const same = await c.post(`${SYS}/user-info/password`, { oldPassword: passwordHash('Campus2026'), newPassword: passwordHash('Campus2026') });
    expect(same.status).toBe(400);
    expect((await c.post(`${SYS}/user-info/password`, { newPassword: passwordHash('x') })).body.error.message).toBe('请输入原密码');
    expect((await c.post(`${SYS}/user-info/password`, { oldPassword: 'plain', newPassword: 'plain2' })).body.error.message).toBe('密码格式不正确');
    const ok = await c.post(`${SYS}/user-info/password`, { oldPassword: passwordHash('Campus2026'), newPassword: passwordHash('NewPass2026') });
    expect(ok.status).toBe(200);
    await expect(login(sb, 's2001')).rejects.toThrow(/400/);
    expect((await login(sb, 's2001', 'NewPass2026')).token).toBeTruthy();
  });
});

describe('security verification and reveal', () => {
  it('reports the settings per user', async () => {
    const t = (await login(sb, 't1001')).client;
    expect((await t.get(`${SYS}/user-info/security-setting`)).body).toEqual({ passwordVerification: 1, verification: true });
    const s = (await login(sb, 's2001')).client;
    expect((await s.get(`${SYS}/user-info/security-setting`)).body).toEqual({ passwordVerification: 0, verification: true });
  });

  it('needs verification before decrypting; check-password verifies', async () => {
    const t = (await login(sb, 't1001')).client;
    const info = (await t.get(`${BASIC}/user-info/info`)).body;
    expect((await t.post(`${SYS}/user-info/is-verify`)).body).toEqual({ verification: true });
    const denied = await t.post(`${SYS}/user-info/decrypt-data`, { data: [info.encrypPhoneNum] });
    expect(denied.status).toBe(403);
    expect(denied.body.error.message).toBe('请先完成安全验证');
    expect((await t.post(`${SYS}/user-info/check-password`, { password: passwordHash('wrong') })).body).toEqual({ result: false });
    expect((await t.post(`${SYS}/user-info/check-password`, {})).body.error.message).toBe('请输入密码');
    expect((await t.post(`${SYS}/user-info/check-password`, { password: passwordHash('Campus2026') })).body).toEqual({ result: true });
    expect((await t.post(`${SYS}/user-info/is-verify`)).body).toEqual({ verification: false });
    const plain = await t.post(`${SYS}/user-info/decrypt-data`, { data: [info.encrypPhoneNum] });
    expect(plain.body).toEqual({ data: ['13812341234'] });
    expect((await t.post(`${SYS}/user-info/decrypt-data`, { data: ['garbage'] })).status).toBe(400);
    expect((await t.post(`${SYS}/user-info/decrypt-data`, { data: 'x' })).status).toBe(400);
    // The verification lasts ten minutes of sandbox time.
    await admin.post('/sandbox/admin/clock', { advanceMs: 11 * 60_000 });
    expect((await t.post(`${SYS}/user-info/is-verify`)).body).toEqual({ verification: true });
  });

  it('decrypts without verification when the school does not ask for it', async () => {
    const z = (await login(sb, 't1003')).client;
    const info = (await z.get(`${BASIC}/user-info/info`)).body;
    expect((await z.post(`${SYS}/user-info/is-verify`)).body).toEqual({ verification: false });
    expect((await z.post(`${SYS}/user-info/decrypt-data`, { data: [info.encrypEmail] })).body.data).toEqual(['zhao@demo.edu.cn']);
  });

  it('verifies by SMS to the own phone (user-info/verify)', async () => {
    const s = (await login(sb, 's2001')).client;
    expect((await s.post(`${BASIC}/user-info/send-verify-code-userphone`)).body).toBe('');
    expect((await s.post(`${SYS}/user-info/verify`, { code: '000000x', verifyType: 1 })).body.error.message).toBe('验证码错误');
    const code = await lastCode('15012340001');
    const ok = await s.post(`${SYS}/user-info/verify`, { code, verifyType: 1 });
    expect(ok.status).toBe(200);
    expect((await s.post(`${SYS}/user-info/is-verify`)).body).toEqual({ verification: false });
    // A code works once.
    expect((await s.post(`${SYS}/user-info/verify`, { code, verifyType: 1 })).status).toBe(400);
  });

  it('cannot send to the own phone without one (请先绑定手机号)', async () => {
    const s3 = (await login(sb, 's2003')).client;
    expect((await s3.post(`${BASIC}/user-info/send-verify-code-userphone`)).body).toBe('请先绑定手机号');
  });
});

describe('change phone by SMS', () => {
  it('sends a code, refuses a wrong one, binds the new phone with the right one', async () => {
    const s = (await login(sb, 's2003')).client;
    expect((await s.post(`${BASIC}/user-info/send-verify-code?phoneNum=12345`)).body).toBe('请输入正确的手机号');
    expect((await s.post(`${BASIC}/user-info/send-verify-code?phoneNum=13812341234`)).body).toBe('该手机号已被其他账号绑定');
    expect((await s.post(`${BASIC}/user-info/send-verify-code?phoneNum=13700001111`)).body).toBe('');
    expect((await s.post(`${BASIC}/user-info/send-verify-code?phoneNum=13700001111`)).body).toBe('验证码发送过于频繁，请稍后再试');
    const code = await lastCode('13700001111');
    const wrong = code === '000000' ? '111111' : '000000';
    expect((await s.post(`${BASIC}/user-info/verify-code?phoneNum=13700001111&code=${wrong}`)).body).toBe('验证码错误');
    const log = (await admin.get('/sandbox/admin/log')).body as string[];
    expect(log.some((l) => l.includes(`[sms] 验证码 ${code}`))).toBe(true);
    const ok = await s.post(`${BASIC}/user-info/verify-code?phoneNum=13700001111&code=${code}`);
    expect(ok.status).toBe(200);
    expect(ok.body).toBe('');
    expect((await s.get(`${BASIC}/user-info/info`)).body.phoneNum).toBe('137****1111');
  });

  it('lets codes expire after five minutes and allows a resend after 60 s', async () => {
    const s = (await login(sb, 's2003')).client;
    await s.post(`${BASIC}/user-info/send-verify-code?phoneNum=13700002222`);
    const code = await lastCode('13700002222');
    await admin.post('/sandbox/admin/clock', { advanceMs: 6 * 60_000 });
    expect((await s.post(`${BASIC}/user-info/verify-code?phoneNum=13700002222&code=${code}`)).body).toBe('验证码已过期，请重新获取');
    expect((await s.post(`${BASIC}/user-info/send-verify-code?phoneNum=13700002222`)).body).toBe('');
    expect((await s.post(`${BASIC}/user-info/verify-code?phoneNum=13700003333&code=1`)).body).toBe('请先获取验证码');
  });
});

describe('profile and basic data', () => {
  it('saves a bio of at most 30 characters', async () => {
    const c = (await login(sb, 'o5001')).client;
    expect((await c.put(`${SYS}/user-info/profile-summary`, { profileSummary: '热爱生活' })).status).toBe(200);
    expect((await c.get(`${BASIC}/user-info/info`)).body.profileSummary).toBe('热爱生活');
    const long = await c.put(`${SYS}/user-info/profile-summary`, { profileSummary: '字'.repeat(31) });
    expect(long.status).toBe(400);
    expect(long.body.error.message).toBe('简介不能超过30个字符');
  });

  it('answers student basic data with family members', async () => {
    const s = (await login(sb, 's2001')).client;
    const res = await s.post(`${BASIC}/student/basic-data`);
    expect(res.body).toMatchObject({ phoneNum: '150****0001', email: expect.stringContaining('****@'), enrollmentDate: expect.any(String) });
    expect(res.body.familys).toHaveLength(2);
    expect(res.body.familys[0]).toEqual({ id: expect.any(String), name: '张建国', relation: '父亲', phoneNum: '136****1111', encrypPhoneNum: expect.any(String) });
    expect((await s.post(`${BASIC}/teacher/basic-data`)).status).toBe(403);
  });

  it('answers teacher basic data', async () => {
    const t = (await login(sb, 't1001')).client;
    expect((await t.post(`${BASIC}/teacher/basic-data`)).body).toMatchObject({ phoneNum: '138****1234', position: '辅导员', joinedDate: '2015-09-01' });
    expect((await t.post(`${BASIC}/student/basic-data`)).status).toBe(403);
  });
});
