/**
 * Account use cases against the in-process sandbox through the real adapters (account
 * API, MD5 password hasher, upload pipeline), plus fakes where a hand-made answer pins a
 * rule down; and the verification model that carries a masked value's reveal across the
 * security page.
 */
import axios from 'axios';
import { allSettled, fork } from 'effector';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { startSandbox, type SandboxHandle } from '../../../sandbox/server';
import { CAMPUS_EAST, CAMPUS_MAIN } from '../../../sandbox/seed/ids';
import { ID_CARDS } from '../../../sandbox/seed/users';
import { HttpAccountApi } from '../../../infrastructure/account/accountApi';
import { Md5PasswordHasher } from '../../../infrastructure/session/md5PasswordHasher';
import { HttpUploader } from '../../../infrastructure/upload/uploader';
import { Md5FileHasher } from '../../../infrastructure/upload/fileHasher';
import { ApiError } from '../../../application/ports/errors';
import type { AccountApi } from '../../../application/account/ports';
import type { Uploader } from '../../../application/ports/upload';
import { createVerificationModel } from '../../../application/account/model';
import {
  ACCOUNT_ROUTES,
  bindStudent,
  changePassword,
  checkSecurityPassword,
  confirmNewPhone,
  cropWideEnough,
  dateOnly,
  decryptAfterVerification,
  loadPasswordPolicy,
  loadProfile,
  loadSecurityMethod,
  phoneStep1,
  phoneStepOf,
  revealMasked,
  saveBio,
  securityDonePath,
  securityPath,
  sendNewPhoneCode,
  sendSecurityCode,
  uploadAvatar,
  verifySecurityCode,
} from '../../../application/account/useCases';
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

let sb: SandboxHandle;
beforeAll(async () => {
  sb = await startSandbox({ port: 0, dataFile: null, quiet: true });
});
afterAll(async () => {
  await sb.close();
});
beforeEach(() => sb.reset());

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
    expect(await revealMasked({ api }, profile.phone.encrypted, 1)).toEqual({ kind: 'verify', path: '/page/security?userType=1' });
    // Decrypting before the verification is the server's refusal.
    expect(await decryptAfterVerification({ api }, profile.phone.encrypted as string)).toEqual({ kind: 'failed', message: '请先完成安全验证' });

    expect(await checkSecurityPassword({ api, hasher }, 'Campus2026')).toEqual({ ok: true });
    expect(await decryptAfterVerification({ api }, profile.phone.encrypted as string)).toEqual({ kind: 'revealed', value: '13812341234' });
    expect(await revealMasked({ api }, profile.email.encrypted, 1)).toEqual({ kind: 'revealed', value: 'wanglaoshi@demo.edu.cn' });
  });

  it('a school that does not ask reveals at once; nothing to reveal answers an empty failure', async () => {
    const { api, user } = await clientFor('t1003');
    const profile = await loadProfile({ api }, user);
    expect(await revealMasked({ api }, profile.phone.encrypted)).toEqual({ kind: 'revealed', value: '13712349999' });
    expect(await revealMasked({ api }, null)).toEqual({ kind: 'failed', message: '' });
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
    expect(await checkSecurityPassword({ api, hasher }, '   ')).toEqual({ ok: false, message: SECURITY_PASSWORD_REQUIRED });
    expect(check).not.toHaveBeenCalled();
    expect(await checkSecurityPassword({ api, hasher }, 'nope')).toEqual({ ok: false, message: WRONG_PASSWORD });
    expect(await checkSecurityPassword({ api, hasher }, ' Campus2026 ')).toEqual({ ok: true });
    expect(check).toHaveBeenLastCalledWith(md5('Campus2026'));
  });

  it('SMS: 请先绑定手机号 without a phone; a code to the user phone; the code verifies', async () => {
    expect(await sendSecurityCode({ api: (await clientFor('s2003')).api }, null)).toEqual({ ok: false, message: BIND_PHONE_FIRST });
    const { api, user } = await clientFor('s2001');
    expect(await sendSecurityCode({ api }, user.phoneNum)).toEqual({ ok: true });
    // Again at once: the server's string.
    expect(await sendSecurityCode({ api }, user.phoneNum)).toEqual({ ok: false, message: '验证码发送过于频繁，请稍后再试' });
    expect(await verifySecurityCode({ api }, '000000x')).toMatchObject({ ok: false });
    const code = await lastCodeFor(sb.url, '15012340001');
    expect(await verifySecurityCode({ api }, code)).toEqual({ ok: true });
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
    expect(securityPath(null, 'x')).toBe(ACCOUNT_ROUTES.security);
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
    expect(await changePassword({ api, hasher }, {}, policy)).toEqual({ ok: false, message: ENTER_OLD_PASSWORD });
    expect(await changePassword({ api, hasher }, { oldPassword: 'a', newPassword: 'abc12345', confirmPassword: 'abc1234' }, policy)).toEqual({
      ok: false,
      message: PASSWORDS_DIFFER,
    });
    expect(await changePassword({ api, hasher }, { oldPassword: 'a', newPassword: '12345678', confirmPassword: '12345678' }, policy)).toEqual({
      ok: false,
      message: '密码必须包含字母',
    });
    expect(send).not.toHaveBeenCalled();
    expect(await changePassword({ api, hasher }, { oldPassword: 'wrong', newPassword: 'abc12345', confirmPassword: 'abc12345' }, policy)).toEqual({
      ok: false,
      message: '原密码错误',
    });
    expect(await changePassword({ api, hasher }, { oldPassword: 'Campus2026', newPassword: 'abc12345', confirmPassword: 'abc12345' }, policy)).toEqual({
      ok: true,
      toast: CHANGE_SUCCESS,
    });
    expect(send).toHaveBeenLastCalledWith({ hashedOldPassword: md5('Campus2026'), hashedNewPassword: md5('abc12345') });
    await expect(loginAs(sb.url, 't1001', 'abc12345')).resolves.toBeTruthy();
  });
});

describe('change phone', () => {
  it('step 1: security when is-verify asks, else step 2', async () => {
    expect(await phoneStep1({ api: (await clientFor('t1001')).api }, 1)).toEqual({ kind: 'security', path: '/page/security?type=2&userType=1' });
    expect(await phoneStep1({ api: (await clientFor('t1003')).api }, 1)).toEqual({ kind: 'step2' });
    expect(await phoneStep1({ api: { verificationRequired: vi.fn().mockRejectedValue(new ApiError('http', '请求失败')) } })).toEqual({
      kind: 'failed',
      message: '请求失败',
    });
  });

  it('step 2: 请输入正确的手机号 without a call, the server strings as they are, then a code', async () => {
    const { api } = await clientFor('t1003');
    const send = vi.spyOn(api, 'sendVerifyCode');
    expect(await sendNewPhoneCode({ api }, '1234')).toEqual({ ok: false, message: INVALID_PHONE });
    expect(await sendNewPhoneCode({ api }, '12345678901')).toEqual({ ok: false, message: INVALID_PHONE });
    expect(send).not.toHaveBeenCalled();
    expect(await sendNewPhoneCode({ api }, '13912345678')).toEqual({ ok: false, message: '该手机号已被其他账号绑定' });
    expect(await sendNewPhoneCode({ api }, ' 13700001234 ')).toEqual({ ok: true, value: '13700001234' });
  });

  it('step 3: a wrong code is the server string; the right one binds the phone (修改成功)', async () => {
    const { client, api } = await clientFor('t1003');
    await sendNewPhoneCode({ api }, '13700001234');
    expect(await confirmNewPhone({ api }, '13700001234', '00000x')).toMatchObject({ ok: false });
    const code = await lastCodeFor(sb.url, '13700001234');
    expect(await confirmNewPhone({ api }, '13700001234', code)).toEqual({ ok: true, toast: CHANGE_SUCCESS });
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
    expect(await bindStudent({ api }, form({ studentName: ' ' }), user.tenantId)).toEqual({ ok: false, message: BINDING_INCOMPLETE });
    expect(await bindStudent({ api }, form({ type: null }), user.tenantId)).toEqual({ ok: false, message: BINDING_INCOMPLETE });
    expect(bind).not.toHaveBeenCalled();
    expect(await bindStudent({ api }, form({ type: 0 }), user.tenantId)).toEqual({ ok: true, toast: BIND_SUCCESS });
    expect(bind).toHaveBeenCalledWith({
      campusId: CAMPUS_MAIN,
      studentName: '李四',
      studentIdCard: ID_CARDS.s2002,
      type: 0,
      idType: '1',
      schoolId: user.tenantId,
    });
    expect((await api.boundStudents()).map((s) => s.name)).toContain('李四');
  });

  it('the server messages; at most 5 students', async () => {
    const { api, user } = await clientFor('p3001');
    expect(await bindStudent({ api }, form({ studentName: '李五' }), user.tenantId)).toEqual({ ok: false, message: '未找到该学生，请核对姓名和证件号' });
    expect(await bindStudent({ api }, form({ studentName: '张三', studentIdCard: ID_CARDS.s2001 }), user.tenantId)).toEqual({ ok: false, message: '该学生已绑定' });
    await bindStudent({ api }, form(), user.tenantId);
    await bindStudent({ api }, form({ studentName: '王五', studentIdCard: ID_CARDS.s2003, campusId: CAMPUS_EAST }), user.tenantId);
    await bindStudent({ api }, form({ studentName: '周小北', studentIdCard: ID_CARDS.zhouXiaobei, campusId: CAMPUS_EAST }), user.tenantId);
    expect(await api.boundStudents()).toHaveLength(5);
    const bind = vi.spyOn(api, 'bindStudent');
    expect(await bindStudent({ api }, form({ studentName: '吴小南', studentIdCard: ID_CARDS.wuXiaonan }), user.tenantId)).toEqual({
      ok: false,
      message: BINDING_LIMIT_REACHED,
    });
    expect(bind).not.toHaveBeenCalled();
  });
});

describe('profile edit', () => {
  it('the bio: at most 30 characters, trimmed, 保存成功; the server keeps it', async () => {
    const { client, api } = await clientFor('t1001');
    const update = vi.spyOn(api, 'updateProfileSummary');
    expect(await saveBio({ api }, '字'.repeat(31))).toEqual({ ok: false, message: BIO_TOO_LONG });
    expect(update).not.toHaveBeenCalled();
    expect(await saveBio({ api }, ` ${'字'.repeat(30)} `)).toEqual({ ok: true, value: '字'.repeat(30), toast: '保存成功' });
    expect((await client.session.userInfo()).profileSummary).toBe('字'.repeat(30));
    expect(await saveBio({ api }, '')).toMatchObject({ ok: true, value: '' });
  });

  it.each([
    [100, true],
    [99.6, true],
    [99.4, false],
    [0, false],
    [Number.NaN, false],
  ])('cropWideEnough(%s) is %s', (width, ok) => expect(cropWideEnough(width)).toBe(ok));

  const uploaderFor = (http: ConstructorParameters<typeof HttpUploader>[0]['http']): Uploader =>
    new HttpUploader({ http, hasher: new Md5FileHasher({ createWorker: null }), clock: { now: () => Date.now() }, transfer: axios.create({ baseURL: sb.url }) });

  it('the avatar through the upload pipeline, then user-head: 头像上传成功 and the new address', async () => {
    const { client, api } = await clientFor('t1001');
    const image = Object.assign(new Blob([new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3, 4])], { type: 'image/jpeg' }), { name: 'avatar.jpg' });
    const outcome = await uploadAvatar({ api, uploader: uploaderFor(client.http) }, image);
    expect(outcome).toMatchObject({ ok: true, toast: AVATAR_UPLOAD_SUCCEEDED });
    if (!outcome.ok) throw new Error('upload failed');
    expect(outcome.value).toMatch(/^\/sandbox\/files\//);
    expect((await client.session.userInfo()).userImage).toBe(outcome.value);
  });

  it('any failure is 头像上传失败; a cancel says nothing', async () => {
    const image = Object.assign(new Blob(['x']), { name: 'a.png' });
    const api = { updateAvatar: vi.fn() } as unknown as AccountApi;
    const failing: Uploader = { upload: vi.fn().mockRejectedValue(new ApiError('http', '上传失败')) };
    expect(await uploadAvatar({ api, uploader: failing }, image)).toEqual({ ok: false, message: AVATAR_UPLOAD_FAILED });
    expect(api.updateAvatar).not.toHaveBeenCalled();
    const cancelled: Uploader = { upload: vi.fn().mockRejectedValue(new ApiError('cancelled', 'x')) };
    expect(await uploadAvatar({ api, uploader: cancelled }, image)).toEqual({ ok: false, message: '' });

    const { client, api: real } = await clientFor('t1001');
    await fetch(`${sb.url}/sandbox/admin/fault`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ path: '/account/user-head', status: 500 }),
    });
    expect(await uploadAvatar({ api: real, uploader: uploaderFor(client.http) }, Object.assign(new Blob(['img']), { name: 'a.png' }))).toEqual({
      ok: false,
      message: AVATAR_UPLOAD_FAILED,
    });
  });
});
