/**
 * The shell and sign-in pages' screen models (application/shell/*Model.ts) in fork()
 * scopes, with fakes for the shell and the session model's effects: about's taps,
 * settings' vibration switch and 退出登录, the login page (?code=, the bind popup, signing
 * in and where it goes) and single sign-on.
 */
import { OUTBOX_LOGOUT_TITLE, outboxLogoutWarning } from '../../../domain/offline/messages';
import { allSettled, createEffect, createStore, fork } from 'effector';
import { describe, expect, it, vi } from 'vitest';
import { createAboutModel } from '../../../application/shell/aboutModel';
import { createSettingsModel } from '../../../application/shell/settingsModel';
import { createTextSize } from '../../../application/shell/textSize';
import { createMemoryStorage } from '../../../infrastructure/storage/keyValueStorage';
import { createLoginModel, SCANNER_FOR_SCHOOL } from '../../../application/session/loginModel';
import { createSsoModel, withoutSid } from '../../../application/session/ssoModel';
import type { ShellInbound } from '../../../application/ports/shell';
import type { BindSchoolOutcome, SsoQuery } from '../../../application/session/useCases';
import type { LoginForm, CurrentUser } from '../../../domain/account/types';
import { err, ok, type Result } from '../../../domain/shared/result';
import { recordingNavigator, recordingNotifier } from './screenModels.fixtures';

describe('the about model', () => {
  it('reads the core version inside the shell; 16 quick taps rest the eyes, 26 send developer mode', async () => {
    let now = 0;
    const shell = { isInShell: () => true, coreVersion: vi.fn(async () => '3.2.1'), developerMode: vi.fn(() => true) };
    const notifier = recordingNotifier();
    const model = createAboutModel({ shell, notifier, clock: { now: () => (now += 100) } });
    const scope = fork();
    await allSettled(model.opened, { scope });
    expect(scope.getState(model.$inShell)).toBe(true);
    expect(scope.getState(model.$coreVersion)).toBe('3.2.1');
    for (let i = 0; i < 26; i++) await allSettled(model.coreVersionTapped, { scope });
    expect(notifier.said).toEqual(['info:眺望远方，休息一下']);
    expect(shell.developerMode).toHaveBeenCalledTimes(1);
  });

  it('outside the shell there is no core version to read', async () => {
    const shell = { isInShell: () => false, coreVersion: vi.fn(async () => 'x'), developerMode: vi.fn(() => false) };
    const model = createAboutModel({ shell, notifier: recordingNotifier(), clock: { now: () => 0 } });
    const scope = fork();
    await allSettled(model.opened, { scope });
    expect(shell.coreVersion).not.toHaveBeenCalled();
    expect(scope.getState(model.$inShell)).toBe(false);
  });
});

describe('the settings model', () => {
  const setup = (over: { yes?: boolean; setting?: CurrentUser['setting']; stored?: Record<string, string>; pending?: number } = {}) => {
    const listeners = new Set<(m: ShellInbound) => void>();
    const shell = {
      isInShell: () => true,
      setVibration: vi.fn(() => true),
      onMessage: (l: (m: ShellInbound) => void) => (listeners.add(l), () => void listeners.delete(l)),
    };
    const logout = vi.fn();
    const logoutFx = createEffect<string | null, void>((id) => void logout(id));
    const user = { id: 'u1', setting: over.setting ?? null } as unknown as CurrentUser;
    const notifier = recordingNotifier(over.yes ?? true);
    const storage = createMemoryStorage(over.stored ?? {});
    const scales: number[] = [];
    const $user = createStore<CurrentUser | null>(user);
    const textSize = createTextSize({ $userId: $user.map((u) => u?.id ?? null), storage, apply: (s) => void scales.push(s) });
    const pending = { count: over.pending ?? 0 };
    const model = createSettingsModel({ shell, notifier, config: { supportPhone: '400-800-1234' }, $user, logoutFx, storage, textSize, outboxPending: () => pending.count });
    return { model, shell, listeners, logout, notifier, storage, scales, scope: fork() };
  };

  it('the switch starts from the user setting, follows the shell, and sends changes the shell takes', async () => {
    const { model, shell, listeners, scope } = setup({ setting: { disableNotificationVibration: true } as CurrentUser['setting'] });
    await allSettled(model.opened, { scope });
    expect(scope.getState(model.$vibration)).toBe(false);
    [...listeners].forEach((l) => l({ type: 'vibration', enabled: true } as ShellInbound));
    expect(scope.getState(model.$vibration)).toBe(true);
    await allSettled(model.vibrationToggled, { scope, params: false });
    expect(shell.setVibration).toHaveBeenCalledWith(false);
    expect(scope.getState(model.$vibration)).toBe(false);
    model.dispose();
    expect(listeners.size).toBe(0);
  });

  it("the switch is kept per user on the device: the stored choice wins over the server's setting", async () => {
    const first = setup({ setting: { disableNotificationVibration: false } as CurrentUser['setting'] });
    await allSettled(first.model.opened, { scope: first.scope });
    expect(first.scope.getState(first.model.$vibration)).toBe(true);
    await allSettled(first.model.vibrationToggled, { scope: first.scope, params: false });
    expect(first.storage.get('campus.vibration.u1')).toBe('off');

    // The page opened again (a reload): the kept choice, not the server's.
    const again = setup({ setting: { disableNotificationVibration: false } as CurrentUser['setting'], stored: { 'campus.vibration.u1': 'off' } });
    await allSettled(again.model.opened, { scope: again.scope });
    expect(again.scope.getState(again.model.$vibration)).toBe(false);
  });

  it('a switch the shell does not take keeps its place and stores nothing', async () => {
    const { model, shell, storage, scope } = setup();
    shell.setVibration.mockReturnValue(false);
    await allSettled(model.opened, { scope });
    await allSettled(model.vibrationToggled, { scope, params: false });
    expect(scope.getState(model.$vibration)).toBe(true);
    expect(storage.get('campus.vibration.u1')).toBeNull();
  });

  it('大字模式 draws the text at 130% and is kept for the user', async () => {
    const { model, storage, scales, scope } = setup();
    expect(scales).toEqual([1]);
    await allSettled(model.largeTextToggled, { scope, params: true });
    expect(storage.get('campus.largeText.u1')).toBe('on');
    expect(scope.getState(model.$largeText)).toBe(true);
    expect(scales.at(-1)).toBe(1.3);
    await allSettled(model.largeTextToggled, { scope, params: false });
    expect(storage.get('campus.largeText.u1')).toBe('off');
    expect(scales.at(-1)).toBe(1);
  });

  it('退出登录 asks first; declined, nothing happens; confirmed, the session logs out', async () => {
    const { model, logout, notifier, scope } = setup({ yes: false });
    await allSettled(model.logoutRequested, { scope });
    expect(notifier.said).toEqual(['confirm:提示 确定要退出登录吗？']);
    expect(logout).not.toHaveBeenCalled();
    notifier.confirms.push(true);
    await allSettled(model.logoutRequested, { scope });
    expect(logout).toHaveBeenCalledWith('u1');
    expect(scope.getState(model.$leaving)).toBe(false);
  });

  it('退出登录 with actions waiting in the outbox says they will be deleted', async () => {
    const { model, logout, notifier, scope } = setup({ yes: false, pending: 2 });
    await allSettled(model.logoutRequested, { scope });
    expect(notifier.said).toEqual([`confirm:${OUTBOX_LOGOUT_TITLE} ${outboxLogoutWarning(2)}`]);
    expect(outboxLogoutWarning(2)).toBe('还有 2 项待发送的操作，退出登录后它们将被删除，不会再发送。确定退出吗？');
    expect(logout).not.toHaveBeenCalled();
  });
});

describe('the login model', () => {
  const school = { code: 'demo', tenantCode: 'demo', name: '演示学校' };
  const setup = (over: { signedIn?: boolean; bound?: boolean; bind?: Result<BindSchoolOutcome, string>; login?: Result<unknown, { message: string; needsSchool: boolean }>; inShell?: boolean; scanned?: string | null } = {}) => {
    const bind = vi.fn(async (_code: string) => over.bind ?? ok({ school, alreadySignedIn: false }));
    const login = vi.fn(async (_form: Partial<LoginForm>) => (over.login ?? ok({})) as never);
    const session = { bindSchoolFx: createEffect(bind), loginFx: createEffect(login), isSignedIn: () => over.signedIn === true, boundSchool: () => (over.bound ? school : null) };
    const notifier = recordingNotifier();
    const navigator = recordingNavigator();
    const shell = { isInShell: () => over.inShell === true, scan: vi.fn(async () => over.scanned ?? null) };
    const model = createLoginModel({ session: session as never, notifier, navigator, shell });
    return { model, notifier, navigator, bindSchoolFx: bind, loginFx: login, shell, scope: fork() };
  };

  it('without a school the popup opens; a typed code binds it and closes the popup', async () => {
    const { model, navigator, scope, bindSchoolFx } = setup();
    await allSettled(model.arrived, { scope, params: { code: null, returnTo: null } });
    expect(scope.getState(model.$bindOpen)).toBe(true);
    await allSettled(model.codeChanged, { scope, params: 'demo' });
    await allSettled(model.bindSubmitted, { scope });
    expect(bindSchoolFx).toHaveBeenCalledTimes(1);
    expect(scope.getState(model.$school)).toEqual(school);
    expect(scope.getState(model.$bindOpen)).toBe(false);
    expect(navigator.gone).toEqual([]);
  });

  it('?code= binds once (the address loses it); a refused code is told and opens the popup', async () => {
    const ok1 = setup();
    await allSettled(ok1.model.arrived, { scope: ok1.scope, params: { code: 'demo', returnTo: null } });
    expect(ok1.navigator.gone).toEqual(['replace:/login']);
    expect(ok1.scope.getState(ok1.model.$school)).toEqual(school);

    const bad = setup({ bind: err('识别码无效') });
    await allSettled(bad.model.arrived, { scope: bad.scope, params: { code: 'nope', returnTo: null } });
    expect(bad.notifier.said).toEqual(['info:识别码无效']);
    expect(bad.scope.getState(bad.model.$bindOpen)).toBe(true);
  });

  it('already signed in for the bound school: straight on, to the screen a lost session left', async () => {
    const { model, navigator, scope } = setup({ signedIn: true, bound: true });
    await allSettled(model.arrived, { scope, params: { code: null, returnTo: '/page/todo?tab=1' } });
    expect(navigator.gone).toEqual(['replace:/page/todo?tab=1']);
  });

  it('signs in with the form and goes home; a refusal is told, and one for want of a school opens the popup', async () => {
    const good = setup({ bound: true });
    await allSettled(good.model.accountChanged, { scope: good.scope, params: ' t1001 ' });
    await allSettled(good.model.passwordChanged, { scope: good.scope, params: 'pw' });
    await allSettled(good.model.agreedChanged, { scope: good.scope, params: true });
    await allSettled(good.model.submitted, { scope: good.scope });
    expect(good.loginFx).toHaveBeenCalledWith({ account: ' t1001 ', password: 'pw', agreed: true });
    expect(good.navigator.gone).toEqual(['replace:/']);

    const refused = setup({ login: err({ message: '请先绑定学校', needsSchool: true }) });
    await allSettled(refused.model.submitted, { scope: refused.scope });
    expect(refused.notifier.said).toEqual(['info:请先绑定学校']);
    expect(refused.scope.getState(refused.model.$bindOpen)).toBe(true);
    expect(refused.scope.getState(refused.model.$submitting)).toBe(false);
  });

  it('scanning: the scanner page outside the shell, the native scanner inside it', async () => {
    const browser = setup();
    await allSettled(browser.model.scanRequested, { scope: browser.scope });
    expect(browser.navigator.gone).toEqual([SCANNER_FOR_SCHOOL]);
    expect(SCANNER_FOR_SCHOOL).toMatch(/^\/scanner\?redirect=%2Flogin&modalTitle=/);

    const shell = setup({ inShell: true, scanned: 'demo' });
    await allSettled(shell.model.scanRequested, { scope: shell.scope });
    expect(shell.scope.getState(shell.model.$code)).toBe('demo');
    expect(shell.bindSchoolFx).toHaveBeenCalledWith('demo');
  });
});

describe('the single sign-on model', () => {
  it('a good sid gives the redirect; a bad one takes the sid off the address and says why', async () => {
    const answers: Result<{ redirect: string }, string>[] = [ok({ redirect: '/page/todo' }), err('登录凭证已失效')];
    const asked: SsoQuery[] = [];
    const ssoLoginFx = createEffect(async (q: SsoQuery) => (asked.push(q), answers.shift()!));
    const navigator = recordingNavigator();
    const model = createSsoModel({ session: { ssoLoginFx } as never, navigator });
    const scope = fork();
    await allSettled(model.arrived, { scope, params: '?sid=a1&redirectPath=%2Fpage%2Ftodo' });
    expect(asked[0]).toEqual({ sid: 'a1', sourceURL: null, redirectPath: '/page/todo' });
    expect(scope.getState(model.$redirect)).toBe('/page/todo');
    await allSettled(model.arrived, { scope, params: '?sid=bad&sourceURL=https%3A%2F%2Fa.example' });
    expect(scope.getState(model.$failure)).toBe('登录凭证已失效');
    expect(navigator.gone).toEqual(['replace:/sso?sourceURL=https%3A%2F%2Fa.example']);
    expect(withoutSid('?sid=abc')).toBe('/sso');
  });
});
