/**
 * The account screens' models in fork() scopes, against the in-process sandbox (or
 * fakes where a hand-made answer pins a rule down), no React: the profile page's reveal
 * through the security page, the security page, the password and phone changes with
 * their SMS code step, the student binding, the profile edit (bio and avatar through
 * the upload queue) and the me tab's bound students.
 */
import { allSettled, createEvent, createStore, fork } from 'effector';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { testSandbox } from '../testSandbox';
import { ID_CARDS } from '../../../sandbox/seed/users';
import { HttpAccountApi } from '../../../infrastructure/account/accountApi';
import { Md5PasswordHasher } from '../../../infrastructure/session/md5PasswordHasher';
import { createBindStudentModel } from '../../../application/account/bindStudentModel';
import { createBoundStudentsModel } from '../../../application/account/boundStudentsModel';
import { createPasswordModel } from '../../../application/account/passwordModel';
import { createPhoneModel } from '../../../application/account/phoneModel';
import { createProfileEditModel } from '../../../application/account/profileEditModel';
import { createProfileModel } from '../../../application/account/profileModel';
import { createSecurityModel } from '../../../application/account/securityModel';
import { createVerificationModel } from '../../../application/account/verificationModel';
import type { AccountApi } from '../../../application/account/ports';
import { ApiError } from '../../../application/ports/errors';
import type { Notifier } from '../../../application/ports/runtime';
import type { CurrentUser } from '../../../domain/account/types';
import { lastCodeFor, loginAs } from '../contract/support/partA';
import { fakeUploader, file } from './forms.fixtures';

const sb = testSandbox();

const hasher = new Md5PasswordHasher();
const clock = { now: () => Date.now() };

const notifier = (answer = true): Notifier & { said: string[] } => {
  const said: string[] = [];
  return {
    said,
    success: (t) => void said.push(`ok:${t}`),
    fail: (t) => void said.push(`fail:${t}`),
    info: (t) => void said.push(`info:${t}`),
    confirm: vi.fn(async () => answer),
  };
};
const navigatorFake = () => ({ go: vi.fn(), leave: vi.fn(), back: vi.fn() });

const clientFor = async (account: string) => {
  const client = await loginAs(sb.url, account);
  return { client, api: new HttpAccountApi(client.http), user: (await client.session.userInfo()) as CurrentUser & { tenantId?: string | null } };
};

/** Models with a code step tick a countdown: stopped after each test. */
const disposers: Array<() => void> = [];
afterEach(() => {
  while (disposers.length > 0) disposers.pop()?.();
});

describe('the profile page and the security page', () => {
  it('a reveal the school guards goes through the security page and is decrypted on the way back; the eye hides it again', async () => {
    const { api, user } = await clientFor('t1001');
    const verification = createVerificationModel();
    const n = notifier();
    const nav = navigatorFake();
    const scope = fork();

    const profile = createProfileModel({ api, navigator: nav, notifier: n, verification }, user);
    await allSettled(profile.opened, { scope });
    const view = scope.getState(profile.$view);
    if (view.kind !== 'ready' || view.data.kind !== 'teacher') throw new Error('not loaded');
    expect(view.data.phone.masked).toBe('138****1234');
    await allSettled(profile.toggled, { scope, params: { key: 'phone', value: view.data.phone } });
    expect(nav.go).toHaveBeenCalledWith('/page/security?userType=1');
    expect(scope.getState(verification.$pending)).toEqual({ key: 'phone', encrypted: view.data.phone.encrypted });

    const security = createSecurityModel({ api, hasher, clock, navigator: nav, notifier: n, verification }, { type: null, userType: '1', phone: user.phoneNum });
    disposers.push(security.dispose);
    await allSettled(security.opened, { scope });
    expect(scope.getState(security.$method)).toBe('password');
    await allSettled(security.passwordConfirmed, { scope });
    expect(n.said).toEqual(['fail:请输入密码']);
    await allSettled(security.passwordChanged, { scope, params: 'Campus2026' });
    await allSettled(security.passwordConfirmed, { scope });
    expect(nav.leave).toHaveBeenCalledTimes(1);

    // Back on the profile page (a new screen): the pending value is taken and decrypted.
    const back = createProfileModel({ api, navigator: nav, notifier: n, verification }, user);
    await allSettled(back.opened, { scope });
    expect(scope.getState(back.$revealed)).toEqual({ phone: '13812341234' });
    expect(scope.getState(verification.$pending)).toBeNull();
    await allSettled(back.toggled, { scope, params: { key: 'phone', value: view.data.phone } });
    expect(scope.getState(back.$revealed)).toEqual({});
    // Within the fresh verification the email reveals at once.
    await allSettled(back.toggled, { scope, params: { key: 'email', value: view.data.email } });
    expect(scope.getState(back.$revealed)).toEqual({ email: 'wanglaoshi@demo.edu.cn' });
    expect(n.said).toEqual(['fail:请输入密码']);
  });

  it('leaving the security page without passing reveals nothing', async () => {
    const { api, user } = await clientFor('t1001');
    const verification = createVerificationModel();
    const scope = fork();
    const profile = createProfileModel({ api, navigator: navigatorFake(), notifier: notifier(), verification }, user);
    await allSettled(verification.revealRequested, { scope, params: { key: 'phone', encrypted: 'E' } });
    await allSettled(profile.opened, { scope });
    expect(scope.getState(profile.$revealed)).toEqual({});
    expect(scope.getState(verification.$pending)).toBeNull();
  });

  it('a failed load is told and shown with 重试', async () => {
    const { api, user } = await clientFor('s2001');
    vi.spyOn(api, 'studentBasicData').mockRejectedValueOnce(new ApiError('http', '服务暂不可用'));
    const n = notifier();
    const scope = fork();
    const profile = createProfileModel({ api, navigator: navigatorFake(), notifier: n, verification: createVerificationModel() }, user);
    await allSettled(profile.opened, { scope });
    expect(scope.getState(profile.$view)).toEqual({ kind: 'failed', message: '服务暂不可用' });
    expect(n.said).toEqual(['fail:服务暂不可用']);
    await allSettled(profile.retried, { scope });
    expect(scope.getState(profile.$view).kind).toBe('ready');
  });

  it('SMS verification for type 2: 下一步 sends a code; a wrong one is told and clears the cells; the right one goes to editPhone step 2', async () => {
    const { api, user } = await clientFor('s2001');
    const verification = createVerificationModel();
    const n = notifier();
    const nav = navigatorFake();
    const scope = fork();
    const security = createSecurityModel({ api, hasher, clock, navigator: nav, notifier: n, verification }, { type: '2', userType: '2', phone: user.phoneNum });
    disposers.push(security.dispose);
    await allSettled(security.opened, { scope });
    expect(scope.getState(security.$method)).toBe('sms');
    await allSettled(security.codeRequested, { scope });
    expect(scope.getState(security.$codeSent)).toBe(true);
    expect(scope.getState(security.sms.$remaining)).toBe(60);
    const code = await lastCodeFor(sb.url, '15012340001');
    const wrong = code === '000000' ? '111111' : '000000';
    await allSettled(security.sms.codeChanged, { scope, params: wrong });
    await allSettled(security.sms.codeFilled, { scope, params: wrong });
    expect(n.said).toEqual(['fail:验证码错误']);
    expect(scope.getState(security.sms.$code)).toBe('');
    await allSettled(security.sms.codeFilled, { scope, params: code });
    expect(nav.go).toHaveBeenCalledWith('/page/editPhone?nowStep=2&type=2&userType=2', { replace: true });
    expect(scope.getState(verification.$passed)).toBe(true);
  });

  it('SMS needs a bound phone: 请先绑定手机号', async () => {
    const { api, user } = await clientFor('s2003');
    const n = notifier();
    const scope = fork();
    const security = createSecurityModel(
      { api, hasher, clock, navigator: navigatorFake(), notifier: n, verification: createVerificationModel() },
      { type: '1', userType: '2', phone: user.phoneNum },
    );
    await allSettled(security.codeRequested, { scope });
    expect(n.said).toEqual(['fail:请先绑定手机号']);
    expect(scope.getState(security.$codeSent)).toBe(false);
  });
});

describe('the SMS code step', () => {
  it('counts 60 s down from the send and offers 重新发送 after it; a resend clears the cells', async () => {
    vi.useFakeTimers();
    try {
      let now = 1_000_000;
      const ticking = { now: () => now };
      const { api } = await clientFor('t1003');
      const scope = fork();
      const phone = createPhoneModel(
        { api, clock: ticking, navigator: navigatorFake(), notifier: notifier(), refreshUser: createEvent() },
        { nowStep: '2', userType: 1 },
      );
      disposers.push(phone.dispose);
      await allSettled(phone.phoneChanged, { scope, params: '13700005678' });
      await allSettled(phone.codeRequested, { scope });
      expect(scope.getState(phone.sms.$remaining)).toBe(60);
      expect(scope.getState(phone.sms.$canResend)).toBe(false);
      now += 1000;
      vi.advanceTimersByTime(250);
      expect(scope.getState(phone.sms.$remaining)).toBe(59);
      await allSettled(phone.sms.codeChanged, { scope, params: '12a3' });
      expect(scope.getState(phone.sms.$code)).toBe('123');
      now += 59_000;
      vi.advanceTimersByTime(250);
      expect(scope.getState(phone.sms.$canResend)).toBe(true);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('the phone change', () => {
  it('step 1 to step 2 when no verification is asked; 请输入正确的手机号; the code; 修改成功 refreshes the user and leaves', async () => {
    const { api } = await clientFor('t1003');
    const n = notifier();
    const nav = navigatorFake();
    const refreshUser = createEvent();
    const refreshed = createStore(0).on(refreshUser, (c) => c + 1);
    const scope = fork();
    const phone = createPhoneModel({ api, clock, navigator: nav, notifier: n, refreshUser }, { nowStep: null, userType: '1' });
    disposers.push(phone.dispose);
    expect(scope.getState(phone.$step)).toBe(1);
    await allSettled(phone.step1Pressed, { scope });
    expect(scope.getState(phone.$step)).toBe(2);
    await allSettled(phone.phoneChanged, { scope, params: '1234' });
    await allSettled(phone.codeRequested, { scope });
    expect(n.said).toEqual(['fail:请输入正确的手机号']);
    await allSettled(phone.phoneChanged, { scope, params: '137-0000-1234' });
    expect(scope.getState(phone.$phone)).toBe('13700001234');
    await allSettled(phone.codeRequested, { scope });
    expect(scope.getState(phone.$step)).toBe(3);
    const code = await lastCodeFor(sb.url, '13700001234');
    await allSettled(phone.sms.codeFilled, { scope, params: code === '000000' ? '111111' : '000000' });
    expect(n.said).toEqual(['fail:请输入正确的手机号', 'fail:验证码错误']);
    await allSettled(phone.sms.codeFilled, { scope, params: code });
    expect(n.said.at(-1)).toBe('ok:修改成功');
    expect(nav.leave).toHaveBeenCalledTimes(1);
    expect(scope.getState(refreshed)).toBe(1);
  });

  it('a required verification: step 1 replaces the page with the security page', async () => {
    const { api } = await clientFor('t1001');
    const nav = navigatorFake();
    const scope = fork();
    const phone = createPhoneModel({ api, clock, navigator: nav, notifier: notifier(), refreshUser: createEvent() }, { nowStep: null, userType: 1 });
    await allSettled(phone.step1Pressed, { scope });
    expect(nav.go).toHaveBeenCalledWith('/page/security?type=2&userType=1', { replace: true });
    expect(scope.getState(phone.$step)).toBe(1);
  });
});

describe('the password change', () => {
  it('the school policy; a rule is told; the server refusal too; 修改成功 and back', async () => {
    const { api } = await clientFor('t1001');
    const n = notifier();
    const nav = navigatorFake();
    const scope = fork();
    const model = createPasswordModel({ api, hasher, navigator: nav, notifier: n });
    await allSettled(model.opened, { scope });
    expect(scope.getState(model.$policy)).toEqual({ digits: 8, passwordSecurity: 3 });
    await allSettled(model.submitted, { scope });
    await allSettled(model.fieldChanged, { scope, params: { key: 'oldPassword', value: 'wrong' } });
    await allSettled(model.fieldChanged, { scope, params: { key: 'newPassword', value: 'Better2027' } });
    await allSettled(model.fieldChanged, { scope, params: { key: 'confirmPassword', value: 'Better2027' } });
    await allSettled(model.submitted, { scope });
    expect(nav.leave).not.toHaveBeenCalled();
    await allSettled(model.fieldChanged, { scope, params: { key: 'oldPassword', value: 'Campus2026' } });
    await allSettled(model.submitted, { scope });
    expect(n.said).toEqual(['fail:请输入原密码', 'fail:原密码错误', 'ok:修改成功']);
    expect(nav.leave).toHaveBeenCalledTimes(1);
    expect(scope.getState(model.$busy)).toBe(false);
  });
});

describe('the student binding', () => {
  it('请将项目信息填写完整 before anything is sent; 绑定成功 and back; one submit at a time', async () => {
    const { api, user } = await clientFor('p3001');
    const n = notifier();
    const nav = navigatorFake();
    const scope = fork();
    const model = createBindStudentModel({ api, navigator: nav, notifier: n }, { campusId: 'c1', tenantId: user.tenantId });
    expect(scope.getState(model.$form)).toEqual({ campusId: 'c1', studentName: '', studentIdCard: '', type: null });
    await allSettled(model.submitted, { scope });
    expect(n.said).toEqual(['fail:请将项目信息填写完整']);
    const campuses = await (await loginAs(sb.url, 'p3001')).session.campuses();
    await allSettled(model.formChanged, { scope, params: { campusId: campuses[0]!.id, studentName: '李四', studentIdCard: ID_CARDS.s2002, type: 2 } });
    const bind = vi.spyOn(api, 'bindStudent');
    const first = allSettled(model.submitted, { scope });
    const second = allSettled(model.submitted, { scope });
    await Promise.all([first, second]);
    expect(bind).toHaveBeenCalledTimes(1);
    expect(n.said).toEqual(['fail:请将项目信息填写完整', 'ok:绑定成功']);
    expect(nav.leave).toHaveBeenCalledTimes(1);
  });
});

describe('the profile edit', () => {
  const sessionFake = (user: CurrentUser) => {
    const userUpdated = createEvent<Partial<CurrentUser>>();
    const $user = createStore<CurrentUser | null>(user).on(userUpdated, (u, patch) => (u ? { ...u, ...patch } : u));
    return { userUpdated, $user };
  };

  it('the bio: saved trimmed, 保存成功, the user updated; unchanged text cannot be saved', async () => {
    const { api, user } = await clientFor('t1001');
    const n = notifier();
    const session = sessionFake(user);
    const scope = fork();
    const model = createProfileEditModel({ api, uploader: fakeUploader().uploader, notifier: n, ...session }, { userId: user.id, bio: user.profileSummary ?? '' });
    expect(scope.getState(model.$canSave)).toBe(false);
    await allSettled(model.bioChanged, { scope, params: ' 热爱生活 ' });
    expect(scope.getState(model.$canSave)).toBe(true);
    await allSettled(model.bioSaveRequested, { scope });
    expect(n.said).toEqual(['ok:保存成功']);
    expect(scope.getState(model.$bio)).toBe('热爱生活');
    expect(scope.getState(session.$user)?.profileSummary).toBe('热爱生活');
    expect(scope.getState(model.$canSave)).toBe(false);
    await allSettled(model.bioChanged, { scope, params: '字'.repeat(31) });
    await allSettled(model.bioSaveRequested, { scope });
    expect(n.said.at(-1)).toBe('fail:简介不能超过30个字');
  });

  it('the avatar goes up through the queue, then user-head: 头像上传成功, the user updated, the crop closed', async () => {
    const { api, user } = await clientFor('t1001');
    const n = notifier();
    const session = sessionFake(user);
    const up = fakeUploader();
    const head = vi.spyOn(api, 'updateAvatar').mockResolvedValue(undefined);
    const scope = fork();
    const model = createProfileEditModel({ api, uploader: up.uploader, notifier: n, ...session }, { userId: user.id, bio: '' });
    await allSettled(model.imagePicked, { scope, params: file('me.png') });
    await allSettled(model.cropped, { scope, params: file('avatar.jpg') });
    expect(scope.getState(model.$uploading)).toBe(true);
    // A second 确定 while it uploads is ignored.
    await allSettled(model.cropped, { scope, params: file('avatar.jpg') });
    expect(up.uploads).toHaveLength(1);
    up.finish(0);
    await vi.waitFor(() => expect(n.said).toEqual(['ok:头像上传成功']));
    expect(head).toHaveBeenCalledWith({ userObject: 'up/avatar.jpg', userPath: '/sandbox/files/up/avatar.jpg' }, { signal: expect.any(AbortSignal) });
    await vi.waitFor(() => expect(scope.getState(model.$uploading)).toBe(false));
    expect(scope.getState(session.$user)?.userImage).toBe('/sandbox/files/up/avatar.jpg');
    expect(scope.getState(model.$image)).toBeNull();
  });

  it('a failed upload is 头像上传失败 and keeps the crop open; a stop on leaving says nothing', async () => {
    const { api, user } = await clientFor('t1001');
    const n = notifier();
    const up = fakeUploader();
    const scope = fork();
    const model = createProfileEditModel({ api, uploader: up.uploader, notifier: n, ...sessionFake(user) }, { userId: user.id, bio: '' });
    await allSettled(model.imagePicked, { scope, params: file('me.png') });
    await allSettled(model.cropped, { scope, params: file('avatar.jpg') });
    up.failAt(0);
    await vi.waitFor(() => expect(n.said).toEqual(['fail:头像上传失败']));
    expect(scope.getState(model.$uploading)).toBe(false);
    expect(scope.getState(model.$image)).not.toBeNull();
    await allSettled(model.cropped, { scope, params: file('avatar.jpg') });
    model.dispose();
    await new Promise((r) => setTimeout(r, 10));
    expect(n.said).toEqual(['fail:头像上传失败']);
  });
});

describe('the bound students card', () => {
  it('a parent’s students; unbinding asks first, then 操作成功 and the new list; a failure is told', async () => {
    const { api, user } = await clientFor('p3001');
    const n = notifier();
    const scope = fork();
    const model = createBoundStudentsModel({ api, notifier: n }, user.userType);
    expect(scope.getState(model.$view)).toBeNull();
    await allSettled(model.opened, { scope });
    const view = scope.getState(model.$view);
    expect(view?.students.map((s) => s.name)).toEqual(['张三', '陈小雨']);
    expect(view?.canAdd).toBe(true);

    const no = createBoundStudentsModel({ api, notifier: notifier(false) }, user.userType);
    await allSettled(no.opened, { scope });
    await allSettled(no.unbindRequested, { scope, params: view!.students[0]!.id });
    expect(scope.getState(no.$view)?.students).toHaveLength(2);

    await allSettled(model.editToggled, { scope });
    await allSettled(model.unbindRequested, { scope, params: view!.students[0]!.id });
    expect(n.confirm).toHaveBeenCalledWith({ title: '解绑学生', content: '此操作将解绑该学生！' });
    expect(scope.getState(model.$view)?.students.map((s) => s.name)).toEqual(['陈小雨']);
    expect(scope.getState(model.$editing)).toBe(true);
    await allSettled(model.unbindRequested, { scope, params: 'no-such-student' });
    expect(n.said).toEqual(['ok:操作成功', 'fail:绑定关系不存在']);
    expect(scope.getState(model.$busy)).toBeNull();
  });

  it('not a parent: no call, an empty card; a failed load leaves the add entry and is told', async () => {
    const { api } = await clientFor('t1001');
    const scope = fork();
    const spy = vi.spyOn(api, 'boundStudents');
    const teacher = createBoundStudentsModel({ api, notifier: notifier() }, 1);
    await allSettled(teacher.opened, { scope });
    expect(scope.getState(teacher.$view)).toEqual({ students: [], canAdd: false });
    expect(spy).not.toHaveBeenCalled();

    const failing = { boundStudents: () => Promise.reject(new ApiError('network', '网络异常')) } as unknown as AccountApi;
    const n = notifier();
    const parent = createBoundStudentsModel({ api: failing, notifier: n }, 3);
    await allSettled(parent.opened, { scope });
    expect(scope.getState(parent.$view)).toEqual({ students: [], canAdd: true });
    expect(n.said).toEqual(['fail:网络异常']);
  });
});
