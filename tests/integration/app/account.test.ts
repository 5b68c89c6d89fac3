/**
 * Account use cases against the in-process sandbox through the real adapters (account
 * API, MD5 password hasher, upload pipeline), plus fakes where a hand-made answer pins a
 * rule down; and the verification model that carries a masked value's reveal across the
 * security page. The screens' models are in account.models.test.ts.
 */
import axios from 'axios';
import { allSettled, fork } from 'effector';
import { describe, expect, it, vi } from 'vitest';
import { testSandbox } from '../testSandbox';
import { CAMPUS_EAST, CAMPUS_MAIN } from '../../../sandbox/seed/ids';
import { ID_CARDS } from '../../../sandbox/seed/users';
import { HttpAccountApi } from '../../../infrastructure/account/accountApi';
import { Md5PasswordHasher } from '../../../infrastructure/session/md5PasswordHasher';
import { HttpUploader } from '../../../infrastructure/upload/uploader';
import { Md5FileHasher } from '../../../infrastructure/upload/fileHasher';
import { ApiError } from '../../../application/ports/errors';
import type { Uploader } from '../../../application/ports/upload';
import { createVerificationModel } from '../../../application/account/verificationModel';
import { bindStudent } from '../../../application/account/boundStudents';
import { changePassword, loadPasswordPolicy } from '../../../application/account/password';
import { confirmNewPhone, phoneStep1, sendNewPhoneCode } from '../../../application/account/phone';
import { dateOnly, decryptAfterVerification, loadProfile, revealMasked } from '../../../application/account/profile';
import { saveBio, setAvatar } from '../../../application/account/profileEdit';
import { editPhonePath, phoneStepOf, securityDonePath, securityPath } from '../../../application/account/routes';
import { checkSecurityPassword, loadSecurityMethod, sendSecurityCode, verifySecurityCode } from '../../../application/account/security';
import { PATHS } from '../../../application/shared/routes';
import { err, ok } from '../../../domain/shared/result';
import {
  AVATAR_UPLOAD_FAILED,
  AVATAR_UPLOAD_SUCCEEDED,
  BIND_PHONE_FIRST,
  BIND_SUCCESS,
  BINDING_INCOMPLETE,
  BINDING_LIMIT_REACHED,
  BIO_TOO_LONG,
  CHANGE_SUCCESS,
  ENTER_OLD_PASSWORD,
  INVALID_PHONE,
  PASSWORDS_DIFFER,
  SECURITY_PASSWORD_REQUIRED,
  WRONG_PASSWORD,
} from '../../../domain/account/messages';
import type { CurrentUser } from '../../../domain/account/types';
import { lastCodeFor, loginAs, md5 } from '../contract/support/partA';

const sb = testSandbox();

const hasher = new Md5PasswordHasher();
const clientFor = async (account: string) => {
  const client = await loginAs(sb.url, account);
  return { client, api: new HttpAccountApi(client.http), user: (await client.session.userInfo()) as CurrentUser & { tenantId?: string | null } };
};

describe('the spec strings', () => {
  it.each([
    [BIND_SUCCESS, '绑定成功'],
    [BINDING_INCOMPLETE, '请将项目信息填写完整'],
    [CHANGE_SUCCESS, '修改成功'],
    [WRONG_PASSWORD, '密码错误'],
    [SECURITY_PASSWORD_REQUIRED, '请输入密码'],
    [BIND_PHONE_FIRST, '请先绑定手机号'],
    [INVALID_PHONE, '请输入正确的手机号'],
    [AVATAR_UPLOAD_FAILED, '头像上传失败'],
    [AVATAR_UPLOAD_SUCCEEDED, '头像上传成功'],
  ])('%s is %s', (constant, literal) => expect(constant).toBe(literal));
});

describe('profiles', () => {
  it('a student: describe split, masked phone and email with their encrypted twins, family members', async () => {
    const { api, user } = await clientFor('s2001');
    const profile = await loadProfile({ api }, user);
    if (profile.kind !== 'student') throw new Error('not a student profile');
    expect(profile.describe).toEqual({ organisation: '信息工程学院', major: '软件工程', className: '软件2601班' });
    expect(profile.phone.masked).toBe('150****0001');
    expect(profile.phone.encrypted).toEqual(expect.any(String));
    expect(profile.email.masked).toBe('zh****@stu.demo.edu.cn');
    expect(profile.enrollmentDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(profile.family.map((f) => [f.name, f.relation, f.phone.masked])).toEqual([
      ['张建国', '父亲', '136****1111'],
      ['刘芳', '母亲', '136****2222'],
    ]);
  });

  it('a teacher: position and joined date; parents and others: what user-info gave', async () => {
    const teacher = await clientFor('t1001');
    const t = await loadProfile({ api: teacher.api }, teacher.user);
    expect(t).toMatchObject({ kind: 'teacher', position: '辅导员', joinedDate: '2015-09-01', phone: { masked: '138****1234' } });
    const parent = await clientFor('p3001');
    const basicData = vi.spyOn(parent.api, 'studentBasicData');
    const p = await loadProfile({ api: parent.api }, parent.user);
    expect(p).toMatchObject({ kind: 'basic', phone: { masked: '135****3001' } });
    expect(basicData).not.toHaveBeenCalled();
  });

  it('a value without an encrypted twin has no eye; an empty one nothing to reveal', async () => {
    const { api, user } = await clientFor('s2003');
    const profile = await loadProfile({ api }, user);
    expect(profile.phone).toEqual({ masked: '', encrypted: null });
  });

  it.each([
    ['2015-09-01T00:00:00', '2015-09-01'],
    ['2015-09-01 08:00', '2015-09-01'],
    ['2015-09-01', '2015-09-01'],
    [null, ''],
  ])('dateOnly(%s) is %s', (input, output) => expect(dateOnly(input)).toBe(output));
});

describe('masked value reveal', () => {
  it('when the school asks for it: the security page first, then decrypt; a fresh verification decrypts at once', async () => {
    const { api, user } = await clientFor('t1001');
    const profile = await loadProfile({ api }, user);
    expect(await revealMasked({ api }, profile.phone.encrypted as string, 1)).toEqual(ok({ kind: 'verify', path: '/page/security?userType=1' }));
    // Decrypting before the verification is the server's refusal.
    expect(await decryptAfterVerification({ api }, profile.phone.encrypted as string)).toMatchObject(err({ kind: 'refused', message: '请先完成安全验证' }));

    expect(await checkSecurityPassword({ api, hasher }, 'Campus2026')).toEqual(ok(undefined));
    expect(await decryptAfterVerification({ api }, profile.phone.encrypted as string)).toEqual(ok('13812341234'));
    expect(await revealMasked({ api }, profile.email.encrypted as string, 1)).toEqual(ok({ kind: 'revealed', value: 'wanglaoshi@demo.edu.cn' }));
  });

  it('a school that does not ask reveals at once', async () => {
    const { api, user } = await clientFor('t1003');
    const profile = await loadProfile({ api }, user);
    expect(await revealMasked({ api }, profile.phone.encrypted as string)).toEqual(ok({ kind: 'revealed', value: '13712349999' }));
  });

  it('the model hands the pending value back only when the verification passed', async () => {
    const model = createVerificationModel();
    const scope = fork();
    await allSettled(model.revealRequested, { scope, params: { key: 'phone', encrypted: 'E' } });
    expect(scope.getState(model.$ready)).toBeNull();
    await allSettled(model.verificationPassed, { scope });
    expect(scope.getState(model.$ready)).toEqual({ key: 'phone', encrypted: 'E' });
    await allSettled(model.revealTaken, { scope });
    expect(scope.getState(model.$ready)).toBeNull();
    expect(scope.getState(model.$pending)).toBeNull();

    // A new request forgets an old pass.
    await allSettled(model.verificationPassed, { scope });
    await allSettled(model.revealRequested, { scope, params: { key: 'email', encrypted: 'F' } });
    expect(scope.getState(model.$ready)).toBeNull();
  });
});

describe('security verification', () => {
  it('the default method follows passwordVerification (1: password, else SMS; SMS when the call fails)', async () => {
    expect(await loadSecurityMethod({ api: (await clientFor('t1001')).api })).toBe('password');
    expect(await loadSecurityMethod({ api: (await clientFor('s2001')).api })).toBe('sms');
    const failing = { securitySettings: vi.fn().mockRejectedValue(new ApiError('http', 'x')) };
    expect(await loadSecurityMethod({ api: failing })).toBe('sms');
    const cancelled = { securitySettings: vi.fn().mockRejectedValue(new ApiError('cancelled', 'x')) };
    await expect(loadSecurityMethod({ api: cancelled })).rejects.toBeInstanceOf(ApiError);
  });

  it('password: 请输入密码 without a call, 密码错误, then passes (sent as the MD5 of the trimmed input)', async () => {
    const { api } = await clientFor('t1001');
    const check = vi.spyOn(api, 'checkPassword');
    expect(await checkSecurityPassword({ api, hasher }, '   ')).toEqual(err({ kind: 'invalid', message: SECURITY_PASSWORD_REQUIRED }));
    expect(check).not.toHaveBeenCalled();
    expect(await checkSecurityPassword({ api, hasher }, 'nope')).toEqual(err({ kind: 'refused', message: WRONG_PASSWORD }));
    expect(await checkSecurityPassword({ api, hasher }, ' Campus2026 ')).toEqual(ok(undefined));
    expect(check).toHaveBeenLastCalledWith(md5('Campus2026'));
  });

  it('SMS: 请先绑定手机号 without a phone; a code to the user phone; the code verifies', async () => {
    expect(await sendSecurityCode({ api: (await clientFor('s2003')).api }, null)).toEqual(err({ kind: 'invalid', message: BIND_PHONE_FIRST }));
    const { api, user } = await clientFor('s2001');
    expect(await sendSecurityCode({ api }, user.phoneNum)).toEqual(ok(undefined));
    // Again at once: the server's string.
    expect(await sendSecurityCode({ api }, user.phoneNum)).toEqual(err({ kind: 'refused', message: '验证码发送过于频繁，请稍后再试' }));
    expect(await verifySecurityCode({ api }, '000000x')).toMatchObject({ ok: false });
    const code = await lastCodeFor(sb.url, '15012340001');
    expect(await verifySecurityCode({ api }, code)).toEqual(ok(undefined));
    expect(await api.verificationRequired()).toBe(false);
  });

  it.each([
    [1, 1, '/page/editPassword?userType=1'],
    ['2', '2', '/page/editPhone?nowStep=2&type=2&userType=2'],
    [2, undefined, '/page/editPhone?nowStep=2&type=2'],
    [null, 1, null],
    ['9', 1, null],
  ])('securityDonePath(%s, %s) is %s', (type, userType, path) => expect(securityDonePath(type, userType)).toBe(path));

  it('securityPath keeps a whole-number userType only', () => {
    expect(securityPath(1, 1)).toBe('/page/security?type=1&userType=1');
    expect(securityPath(2, '3')).toBe('/page/security?type=2&userType=3');
    expect(securityPath(null, 'x')).toBe(PATHS.security);
  });

  it('the phone change from the profile edit carries the current phone and the user type', () => {
    expect(editPhonePath('137****9999', 1)).toBe('/page/editPhone?phoneNum=137****9999&userType=1');
    expect(editPhonePath(null, undefined)).toBe('/page/editPhone');
  });
});

describe('change password', () => {
  it('the policy from the school, normalised; the default when the call fails', async () => {
    expect(await loadPasswordPolicy({ api: (await clientFor('t1001')).api })).toEqual({ digits: 8, passwordSecurity: 3 });
    expect(await loadPasswordPolicy({ api: { passwordPolicy: vi.fn().mockRejectedValue(new ApiError('network', 'x')) } })).toEqual({
      digits: 6,
      passwordSecurity: 0,
    });
  });

  it('the form rules first; a wrong old password is the server message; success sends hashes only', async () => {
    const { api } = await clientFor('t1001');
    const policy = await loadPasswordPolicy({ api });
    const send = vi.spyOn(api, 'changePassword');
    expect(await changePassword({ api, hasher }, {}, policy)).toEqual(err({ kind: 'invalid', message: ENTER_OLD_PASSWORD }));
    expect(await changePassword({ api, hasher }, { oldPassword: 'a', newPassword: 'abc12345', confirmPassword: 'abc1234' }, policy)).toEqual(
      err({ kind: 'invalid', message: PASSWORDS_DIFFER }),
    );
    expect(await changePassword({ api, hasher }, { oldPassword: 'a', newPassword: '12345678', confirmPassword: '12345678' }, policy)).toEqual(
      err({ kind: 'invalid', message: '密码必须包含字母' }),
    );
    expect(send).not.toHaveBeenCalled();
    expect(await changePassword({ api, hasher }, { oldPassword: 'wrong', newPassword: 'abc12345', confirmPassword: 'abc12345' }, policy)).toMatchObject(
      err({ kind: 'refused', message: '原密码错误' }),
    );
    expect(await changePassword({ api, hasher }, { oldPassword: 'Campus2026', newPassword: 'abc12345', confirmPassword: 'abc12345' }, policy)).toEqual(ok(undefined));
    expect(send).toHaveBeenLastCalledWith({ hashedOldPassword: md5('Campus2026'), hashedNewPassword: md5('abc12345') }, {});
    await expect(loginAs(sb.url, 't1001', 'abc12345')).resolves.toBeTruthy();
  });

  it('an answer lost after the server changed it: sent again in the same sitting, the change is answered as done, not 原密码错误', async () => {
    const { api } = await clientFor('t1001');
    const policy = await loadPasswordPolicy({ api });
    const change = { oldPassword: 'Campus2026', newPassword: 'abc12345', confirmPassword: 'abc12345' };
    await brokenNext('/user-info/password', 'html502');
    expect((await changePassword({ api, hasher }, change, policy, 'sitting-1')).ok).toBe(false);
    expect(await changePassword({ api, hasher }, change, policy, 'sitting-1')).toEqual(ok(undefined));
    // Without the sitting's key the repeat is a new change, with the old password now wrong.
    await brokenNext('/user-info/password', 'html502');
    const again = { oldPassword: 'abc12345', newPassword: 'xyz98765', confirmPassword: 'xyz98765' };
    expect((await changePassword({ api, hasher }, again, policy)).ok).toBe(false);
    expect(await changePassword({ api, hasher }, again, policy)).toMatchObject(err({ kind: 'refused', message: '原密码错误' }));
  });
});

/** The next answer of `path` broken (sandbox/core/brokenAnswers.ts) after the server did the work. */
const brokenNext = async (path: string, answer: string) => {
  const res = await fetch(`${sb.url}/sandbox/admin/fault`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ path, answer, times: 1 }) });
  expect(res.ok).toBe(true);
};

describe('change phone', () => {
  it('step 1: security when is-verify asks, else step 2', async () => {
    expect(await phoneStep1({ api: (await clientFor('t1001')).api }, 1)).toEqual(ok({ kind: 'security', path: '/page/security?type=2&userType=1' }));
    expect(await phoneStep1({ api: (await clientFor('t1003')).api }, 1)).toEqual(ok({ kind: 'step2' }));
    expect(await phoneStep1({ api: { verificationRequired: vi.fn().mockRejectedValue(new ApiError('http', '请求失败')) } })).toMatchObject(
      err({ kind: 'refused', message: '请求失败' }),
    );
  });

  it('step 2: 请输入正确的手机号 without a call, the server strings as they are, then a code', async () => {
    const { api } = await clientFor('t1003');
    const send = vi.spyOn(api, 'sendVerifyCode');
    expect(await sendNewPhoneCode({ api }, '1234')).toEqual(err({ kind: 'invalid', message: INVALID_PHONE }));
    expect(await sendNewPhoneCode({ api }, '12345678901')).toEqual(err({ kind: 'invalid', message: INVALID_PHONE }));
    expect(send).not.toHaveBeenCalled();
    expect(await sendNewPhoneCode({ api }, '13912345678')).toEqual(err({ kind: 'refused', message: '该手机号已被其他账号绑定' }));
    expect(await sendNewPhoneCode({ api }, ' 13700001234 ')).toEqual(ok('13700001234'));
  });

  it('step 3: a wrong code is the server string; the right one binds the phone', async () => {
    const { client, api } = await clientFor('t1003');
    await sendNewPhoneCode({ api }, '13700001234');
    expect(await confirmNewPhone({ api }, '13700001234', '00000x')).toMatchObject({ ok: false });
    const code = await lastCodeFor(sb.url, '13700001234');
    expect(await confirmNewPhone({ api }, '13700001234', code)).toEqual(ok(undefined));
    expect((await client.session.userInfo()).phoneNum).toBe('137****1234');
  });

  it.each([
    ['2', 2],
    ['3', 3],
    ['1', 1],
    ['x', 1],
    [null, 1],
  ])('phoneStepOf(%s) is %s', (value, step) => expect(phoneStepOf(value)).toBe(step));
});

describe('student binding', () => {
  const form = (patch: Record<string, unknown> = {}) => ({ campusId: CAMPUS_MAIN, studentName: '李四', studentIdCard: ID_CARDS.s2002, type: 2, ...patch });

  it('请将项目信息填写完整 before any binding call; relationship 0 (家长) is a choice', async () => {
    const { api, user } = await clientFor('p3001');
    const bind = vi.spyOn(api, 'bindStudent');
    expect(await bindStudent({ api }, form({ studentName: ' ' }), user.tenantId)).toEqual(err({ kind: 'invalid', message: BINDING_INCOMPLETE }));
    expect(await bindStudent({ api }, form({ type: null }), user.tenantId)).toEqual(err({ kind: 'invalid', message: BINDING_INCOMPLETE }));
    expect(bind).not.toHaveBeenCalled();
    expect(await bindStudent({ api }, form({ type: 0 }), user.tenantId)).toEqual(ok(undefined));
    expect(bind).toHaveBeenCalledWith({
      campusId: CAMPUS_MAIN,
      studentName: '李四',
      studentIdCard: ID_CARDS.s2002,
      type: 0,
      idType: '1',
      schoolId: user.tenantId,
    }, {});
    expect((await api.boundStudents()).map((s) => s.name)).toContain('李四');
  });

  it('an answer lost after the server bound the student: sent again in the same sitting, bound once and answered as done', async () => {
    const { api, user } = await clientFor('p3001');
    await brokenNext('/student-parent-binding', 'badJson');
    expect((await bindStudent({ api }, form(), user.tenantId, 'sitting-1')).ok).toBe(false);
    expect(await bindStudent({ api }, form(), user.tenantId, 'sitting-1')).toEqual(ok(undefined));
    expect((await api.boundStudents()).filter((s) => s.name === '李四')).toHaveLength(1);
  });

  it('the server messages; at most 5 students', async () => {
    const { api, user } = await clientFor('p3001');
    expect(await bindStudent({ api }, form({ studentName: '李五' }), user.tenantId)).toMatchObject(err({ kind: 'refused', message: '未找到该学生，请核对姓名和证件号' }));
    expect(await bindStudent({ api }, form({ studentName: '张三', studentIdCard: ID_CARDS.s2001 }), user.tenantId)).toMatchObject(err({ kind: 'refused', message: '该学生已绑定' }));
    await bindStudent({ api }, form(), user.tenantId);
    await bindStudent({ api }, form({ studentName: '王五', studentIdCard: ID_CARDS.s2003, campusId: CAMPUS_EAST }), user.tenantId);
    await bindStudent({ api }, form({ studentName: '周小北', studentIdCard: ID_CARDS.zhouXiaobei, campusId: CAMPUS_EAST }), user.tenantId);
    expect(await api.boundStudents()).toHaveLength(5);
    const bind = vi.spyOn(api, 'bindStudent');
    expect(await bindStudent({ api }, form({ studentName: '吴小南', studentIdCard: ID_CARDS.wuXiaonan }), user.tenantId)).toEqual(
      err({ kind: 'invalid', message: BINDING_LIMIT_REACHED }),
    );
    expect(bind).not.toHaveBeenCalled();
  });
});

describe('profile edit', () => {
  it('the bio: at most 30 characters, trimmed; the server keeps it', async () => {
    const { client, api } = await clientFor('t1001');
    const update = vi.spyOn(api, 'updateProfileSummary');
    expect(await saveBio({ api }, '字'.repeat(31))).toEqual(err({ kind: 'invalid', message: BIO_TOO_LONG }));
    expect(update).not.toHaveBeenCalled();
    expect(await saveBio({ api }, ` ${'字'.repeat(30)} `)).toEqual(ok('字'.repeat(30)));
    expect((await client.session.userInfo()).profileSummary).toBe('字'.repeat(30));
    expect(await saveBio({ api }, '')).toEqual(ok(''));
  });

  const uploaderFor = (http: ConstructorParameters<typeof HttpUploader>[0]['http']): Uploader =>
    new HttpUploader({ http, hasher: new Md5FileHasher({ createWorker: null }), clock: { now: () => Date.now() }, transfer: axios.create({ baseURL: sb.url }) });

  it('the avatar through the upload pipeline, then user-head with the stored object and its address', async () => {
    const { client, api } = await clientFor('t1001');
    const image = Object.assign(new Blob([new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3, 4])], { type: 'image/jpeg' }), { name: 'avatar.jpg' });
    const stored = await uploaderFor(client.http).upload(image);
    const outcome = await setAvatar({ api }, stored);
    if (!outcome.ok) throw new Error('avatar failed');
    expect(outcome.value).toMatch(/^\/sandbox\/files\//);
    expect((await client.session.userInfo()).userImage).toBe(outcome.value);

    await fetch(`${sb.url}/sandbox/admin/fault`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ path: '/account/user-head', status: 500 }),
    });
    expect(await setAvatar({ api }, stored)).toMatchObject({ ok: false, error: { kind: 'refused' } });
  });
});
