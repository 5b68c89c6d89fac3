/**
 * The app's side of the shell protocol that is not a screen's (application/shell/
 * bridgeModel.ts), in fork() scopes with a simulated shell and session.
 */
import { allSettled, createEffect, createEvent, createStore, fork } from 'effector';
import { describe, expect, it, vi } from 'vitest';
import type { NativeShell, ShellInbound } from '../../../application/ports/shell';
import { connectShellBridge } from '../../../application/shell/bridgeModel';
import { isVibrationOn, rememberVibration } from '../../../application/shell/vibration';
import type { CurrentUser } from '../../../domain/account/types';
import { shellReplies } from '../../../domain/shell/protocol';
import { createMemoryStorage } from './forms.fixtures';

const USER = { id: 'u1', name: '王老师', userType: 1 } as unknown as CurrentUser;

function setup(current = '/page/todo') {
  const sent: string[] = [];
  let listener: (m: ShellInbound) => void = () => undefined;
  const shell = {
    isInShell: () => true,
    onMessage: (l: (m: ShellInbound) => void) => {
      listener = l;
      return () => undefined;
    },
    ready: () => (sent.push('ready'), true),
    sessionChanged: (id: string | null) => (sent.push(`session:${id}`), true),
    newMessage: (title: string, vibrate: boolean) => (sent.push(`message:${title}:${vibrate}`), true),
  } as unknown as NativeShell;
  const setUser = createEvent<CurrentUser | null>();
  const sessionEnded = createEvent();
  const hubMessageReceived = createEvent<unknown>();
  const initialiseFx = createEffect(async () => ({ user: USER, campuses: [], campusId: null }));
  const loggedOut = vi.fn();
  const logoutFx = createEffect(async (userId: string | null) => void loggedOut(userId));
  const session = {
    $user: createStore<CurrentUser | null>(null).on(setUser, (_, u) => u).on(initialiseFx.doneData, (_, s) => s.user),
    initialiseFx,
    sessionEnded,
    hubMessageReceived,
    logoutFx,
  };
  const tokens = { set: vi.fn() };
  const school = { set: vi.fn() };
  const navigator = { go: vi.fn(), reload: vi.fn(), current: () => current, leave: vi.fn() };
  const storage = createMemoryStorage();
  const applyInsets = vi.fn();
  const bridge = connectShellBridge({ shell, session: session as never, tokens, school: school as never, navigator, storage, applyInsets });
  return { sent, emit: (m: ShellInbound | null) => listener(m!), bridge, session, tokens, school, navigator, storage, applyInsets, loggedOut, sessionEnded, hubMessageReceived, setUser };
}

describe('the shell bridge', () => {
  it('says ready once it listens, and tells the shell when a session starts and ends', async () => {
    const s = setup();
    expect(s.sent).toEqual(['ready']);
    const scope = fork();
    await allSettled(s.session.initialiseFx, { scope });
    await allSettled(s.sessionEnded, { scope });
    expect(s.sent).toEqual(['ready', 'session:u1', 'session:null']);
  });

  it("a session from the shell's login screen is stored and the app starts again with it; from the login page it goes home", async () => {
    const s = setup('/login');
    const scope = fork();
    const m = shellReplies.session({ accessToken: 'acc', refreshToken: 'ref', schoolCode: 'demo', tenantCode: 'demo', schoolName: '未来校园示范学校' });
    await allSettled(s.bridge.messageReceived, { scope, params: m! });
    expect(s.school.set).toHaveBeenCalledWith({ code: 'demo', tenantCode: 'demo', name: '未来校园示范学校' });
    expect(s.tokens.set).toHaveBeenCalledWith({ encryptedAccessToken: 'acc', refreshToken: 'ref' });
    expect(s.navigator.go).toHaveBeenCalledWith('/', { replace: true });
    expect(s.navigator.reload).toHaveBeenCalled();
  });

  it("the shell's sign-out signs the user out", async () => {
    const s = setup();
    const scope = fork();
    await allSettled(s.session.initialiseFx, { scope });
    await allSettled(s.bridge.messageReceived, { scope, params: shellReplies.signOut() });
    expect(s.loggedOut).toHaveBeenCalledWith('u1');
  });

  it.each([
    ['/page/approvalCenter/flowApproval?FlowRunId=r1&type=1&tab=0', '/page/approvalCenter/flowApproval?FlowRunId=r1&type=1&tab=0'],
    ['/page/todo/add?todoId=7', '/page/todo/add?todoId=7'],
    ['/no/such/page', '/'],
    ['/sso?sid=someone-else', '/'],
  ])('a deep link %s opens %s', async (path, opened) => {
    const s = setup();
    await allSettled(s.bridge.messageReceived, { scope: fork(), params: shellReplies.openRoute(path)! });
    expect(s.navigator.go).toHaveBeenCalledWith(opened);
  });

  it('hardware back leaves the page as the back bar does; insets are applied', async () => {
    const s = setup();
    const scope = fork();
    await allSettled(s.bridge.messageReceived, { scope, params: shellReplies.back() });
    expect(s.navigator.leave).toHaveBeenCalledTimes(1);
    await allSettled(s.bridge.messageReceived, { scope, params: shellReplies.insets({ top: 47, right: 0, bottom: 34, left: 0 })! });
    expect(s.applyInsets).toHaveBeenCalledWith({ top: 47, right: 0, bottom: 34, left: 0 });
  });

  it("each new message is signalled with the user's vibration setting; the shell's own report is kept", async () => {
    const s = setup();
    const scope = fork();
    await allSettled(s.session.initialiseFx, { scope });
    await allSettled(s.hubMessageReceived, { scope, params: { title: '新的审批' } });
    expect(s.sent).toContain('message:新的审批:true');
    await allSettled(s.bridge.messageReceived, { scope, params: shellReplies.vibration(false) });
    expect(isVibrationOn(s.storage, 'u1')).toBe(false);
    await allSettled(s.hubMessageReceived, { scope, params: 'not an object' });
    expect(s.sent).toContain('message::false');
    rememberVibration(s.storage, 'u1', true);
    await allSettled(s.hubMessageReceived, { scope, params: { title: 'x' } });
    expect(s.sent).toContain('message:x:true');
  });
});
