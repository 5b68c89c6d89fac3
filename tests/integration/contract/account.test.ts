import { describe, expect, it } from 'vitest';
import { testSandbox } from '../testSandbox';
import { ID_CARDS } from '../../../sandbox/seed/users';
import { buildStudentBindingPayload } from '../../../domain/account/binding';
import { HttpAccountApi } from '../../../infrastructure/account/accountApi';
import { SmsOutcomeSchema } from '../../../infrastructure/account/schemas';
import { lastCodeFor, loginAs, makeClient, md5, PASSWORD, TENANT } from './support/partA';

const sb = testSandbox();

const as = async (account: string) => {
  const c = await loginAs(sb.url, account);
  return { ...c, api: new HttpAccountApi(c.http) };
};

describe('HttpAccountApi: parent-student binding', () => {
  it('parent p3001 binds a student, sees them in the list, then unbinds', async () => {
    const { api, session } = await as('p3001');
    const before = await api.boundStudents();
    expect(before.map((s) => s.name).sort()).toEqual(['张三', '陈小雨'].sort());

    const me = await session.userInfo();
    expect(me.tenantId).toEqual(expect.any(String));
    const campuses = await session.campuses();
    const east = campuses.find((c) => c.name === '东校区')!;
    const payload = buildStudentBindingPayload(
      { campusId: east.id, studentName: '周小北', studentIdCard: ID_CARDS.zhouXiaobei, type: 2 },
      me.tenantId ?? '',
      before.length,
    );
    if (!payload.ok) throw new Error(payload.error);
    expect(payload.value.idType).toBe('1');
    await api.bindStudent(payload.value);

    const after = await api.boundStudents();
    const bound = after.find((s) => s.name === '周小北');
    expect(bound).toBeDefined();
    expect(after).toHaveLength(before.length + 1);
    await expect(api.bindStudent(payload.value)).rejects.toMatchObject({ kind: 'http', status: 409, message: '该学生已绑定' });

    await api.unbindStudent(bound!.id);
    expect((await api.boundStudents()).map((s) => s.id)).toEqual(before.map((s) => s.id));
    await expect(api.unbindStudent(bound!.id)).rejects.toMatchObject({ status: 404, message: '绑定关系不存在' });
  });

  it('an incomplete payload is refused with 请将项目信息填写完整', async () => {
    const { api } = await as('p3001');
    await expect(api.bindStudent({ campusId: '', studentName: '', studentIdCard: '', type: 0, idType: '1', schoolId: '' })).rejects.toMatchObject({
      status: 400,
      message: '请将项目信息填写完整',
    });
  });
});

describe('HttpAccountApi: password', () => {
  it('reads the school password policy', async () => {
    const { api } = await as('t1001');
    expect(await api.passwordPolicy()).toMatchObject({ digits: 8, passwordSecurity: 3 });
  });

  it('changes the password (hashed), then only the new one logs in', async () => {
    const { api } = await as('s2002');
    await expect(api.changePassword({ hashedOldPassword: md5('wrong-old'), hashedNewPassword: md5('NewPass2026') })).rejects.toMatchObject({
      status: 400,
      message: '原密码错误',
    });
    await api.changePassword({ hashedOldPassword: md5(PASSWORD), hashedNewPassword: md5('NewPass2026') });

    const { session } = makeClient(sb.url);
    const rec = await session.mobileLogin({ account: 's2002', hashedPassword: md5('NewPass2026'), tenantCode: TENANT });
    expect(rec.encryptedAccessToken.length).toBeGreaterThan(0);
    await expect(session.mobileLogin({ account: 's2002', hashedPassword: md5(PASSWORD), tenantCode: TENANT })).rejects.toMatchObject({
      message: '账号或密码错误',
    });
  });

  it('checks the password for the security verification (true / false)', async () => {
    const { api } = await as('t1001');
    expect(await api.checkPassword(md5('nope'))).toBe(false);
    expect(await api.checkPassword(md5(PASSWORD))).toBe(true);
  });
});

describe('HttpAccountApi: security verification and SMS', () => {
  it('reads the security settings per user', async () => {
    expect(await (await as('t1001')).api.securitySettings()).toEqual({ passwordVerification: 1, verification: true });
    expect(await (await as('s2001')).api.securitySettings()).toEqual({ passwordVerification: 0, verification: true });
    expect(await (await as('t1003')).api.securitySettings()).toEqual({ passwordVerification: 1, verification: false });
  });

  it('verifies by an SMS code to the own phone; then verification is no longer required and decrypting works', async () => {
    const { api, session } = await as('t1001');
    expect(await api.verificationRequired()).toBe(true);
    const me = await session.userInfo();
    await expect(api.decrypt(me.encrypPhoneNum!)).rejects.toMatchObject({ status: 403, message: '请先完成安全验证' });

    expect(await api.sendVerifyCodeToUserPhone()).toEqual({ ok: true });
    await expect(api.verifySms('000000x')).rejects.toMatchObject({ status: 400, message: '验证码错误' });
    await api.verifySms(await lastCodeFor(sb.url, '13812341234'));

    expect(await api.verificationRequired()).toBe(false);
    expect(await api.decrypt(me.encrypPhoneNum!)).toBe('13812341234');
    expect(await api.decrypt(me.encrypEmail!)).toBe('wanglaoshi@demo.edu.cn');
  });

  it('a password check also verifies', async () => {
    const { api } = await as('t1002');
    expect(await api.verificationRequired()).toBe(true);
    expect(await api.checkPassword(md5(PASSWORD))).toBe(true);
    expect(await api.verificationRequired()).toBe(false);
  });

  it('sending to the own phone without one answers the server string as a failure', async () => {
    const { api } = await as('s2003');
    expect(await api.sendVerifyCodeToUserPhone()).toEqual({ ok: false, message: '请先绑定手机号' });
  });

  it('changes the phone: code to the new phone, a wrong code fails, the right one binds it', async () => {
    const { api, session } = await as('s2001');
    const phone = '13955556666';
    expect(await api.sendVerifyCode('12345')).toEqual({ ok: false, message: '请输入正确的手机号' });
    expect(await api.sendVerifyCode(phone)).toEqual({ ok: true });
    expect(await api.sendVerifyCode(phone)).toEqual({ ok: false, message: '验证码发送过于频繁，请稍后再试' });

    expect(await api.verifyCode(phone, '999999x')).toEqual({ ok: false, message: '验证码错误' });
    expect(await api.verifyCode(phone, await lastCodeFor(sb.url, phone))).toEqual({ ok: true });
    expect((await session.userInfo()).phoneNum).toBe('139****6666');
  });
});

describe('HttpAccountApi: profile', () => {
  it('updates the short bio', async () => {
    const { api, session } = await as('s2001');
    await api.updateProfileSummary('热爱编程');
    expect((await session.userInfo()).profileSummary).toBe('热爱编程');
    await expect(api.updateProfileSummary('超'.repeat(31))).rejects.toMatchObject({ status: 400 });
  });

  it('reads student basic data with the family', async () => {
    const { api } = await as('s2001');
    const data = await api.studentBasicData();
    expect(data.phoneNum).toBe('150****0001');
    expect(data.familys.map((f) => [f.name, f.relation])).toEqual([
      ['张建国', '父亲'],
      ['刘芳', '母亲'],
    ]);
    expect(data.enrollmentDate).toEqual(expect.any(String));
    await expect(api.teacherBasicData()).rejects.toMatchObject({ status: 403 });
  });

  it('reads teacher basic data', async () => {
    const { api } = await as('t1001');
    expect(await api.teacherBasicData()).toMatchObject({ position: '辅导员', joinedDate: '2015-09-01', phoneNum: '138****1234' });
  });

  it('sets the avatar (user-head) and refuses a stored path that does not exist', async () => {
    const { api, session } = await as('t1002');
    await api.updateAvatar({ userObject: 'avatars/t1002.svg', userPath: '/sandbox/images/avatars/t1001.svg' });
    expect((await session.userInfo()).userImage).toBe('/sandbox/images/avatars/t1001.svg');
    await expect(api.updateAvatar({ userObject: 'x', userPath: '/sandbox/files/missing/x.png' })).rejects.toMatchObject({
      status: 404,
      message: '头像文件不存在',
    });
  });
});

describe('SmsOutcomeSchema', () => {
  it.each([
    ['', { ok: true }],
    [null, { ok: true }],
    [undefined, { ok: true }],
    [{}, { ok: true }],
    [true, { ok: true }],
    ['  ', { ok: true }],
    ['验证码错误', { ok: false, message: '验证码错误' }],
  ])('reads %j as %j', (body, expected) => {
    expect(SmsOutcomeSchema.parse(body)).toEqual(expected);
  });
});
