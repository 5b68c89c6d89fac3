/**
 * Message-centre and bound-students use cases: against the in-process sandbox through
 * the real adapters (HTTP and the SignalR hub), and with fakes where a rule is easier
 * to pin down with a hand-made answer.
 */
import { allSettled, fork, scopeBind } from 'effector';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { WebSocket } from 'ws';
import { startSandbox, type SandboxHandle } from '../../../sandbox/server';
import { EVENT } from '../../../sandbox/seed/messages';
import { CAMPUS_EAST, CAMPUS_MAIN } from '../../../sandbox/seed/ids';
import { HttpMessagesApi } from '../../../infrastructure/messages/messagesApi';
import { HttpAccountApi } from '../../../infrastructure/account/accountApi';
import { SignalRMessageHub } from '../../../infrastructure/hub/signalrHub';
import type { MessagesApi, MessageTabGroup, Notice } from '../../../application/messages/ports';
import type { Navigator } from '../../../application/ports/runtime';
import type { NativeShell, ShellFile } from '../../../application/ports/shell';
import type { AccountApi } from '../../../application/account/ports';
import { ApiError } from '../../../application/ports/errors';
import {
  followNotice,
  loadMessageTabs,
  loadNoticePage,
  markAllMessagesRead,
  withAbsoluteAddresses,
} from '../../../application/messages/useCases';
import {
  $messageGroups,
  $totalUnread,
  $unreadBadge,
  connectMessageCentre,
  loadMessageTabsFx,
  messageCentreReset,
  messagePushed,
  messagesApiProvided,
} from '../../../application/messages/model';
import { BIND_STUDENT_ROUTE, loadBoundStudents, unbindStudent } from '../../../application/account/boundStudents';
import { totalUnread } from '../../../domain/messages/notices';
import { CAMPUS_NOT_FOUND } from '../../../domain/session/messages';
import { loginAs, MemoryCampusStore } from '../contract/support/partA';
import { createLinkOpener } from '../../../application/shell/links';

let sb: SandboxHandle;
beforeAll(async () => {
  sb = await startSandbox({ port: 0, dataFile: null, quiet: true });
});
afterAll(async () => {
  await sb.close();
});
beforeEach(() => sb.reset());

const messagesFor = async (account: string) => new HttpMessagesApi((await loginAs(sb.url, account)).http);
const unreadOf = (groups: readonly MessageTabGroup[] | null, tabName: string): number | undefined =>
  groups?.flatMap((g) => g.messageEventAppTabsDtos).find((t) => t.name === tabName)?.noReadNum;

const notify = (body: Record<string, unknown>) =>
  fetch(`${sb.url}/sandbox/admin/notify`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
const fault = (body: Record<string, unknown>) =>
  fetch(`${sb.url}/sandbox/admin/fault`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });

describe('message tabs', () => {
  it('loads the groups with their tabs, last message and unread counts', async () => {
    const groups = await loadMessageTabs(await messagesFor('t1001'));
    expect(groups?.map((g) => g.name)).toEqual(['通知公告', '审批消息', '待办消息', '报到消息', '系统消息']);
    const campus = groups![0]!.messageEventAppTabsDtos[0]!;
    expect(campus).toMatchObject({ name: '校园通知', noReadNum: 3 });
    expect(campus.msgContext).toContain('2026');
    expect(campus.msgDateTime).toBeTruthy();
  });

  it('a failure is logged only and answers null (SPEC point 8: message fetch failures are logged only)', async () => {
    const api = await messagesFor('t1001');
    await fault({ path: '/message-group/app-tabs', status: 500, message: '模拟故障' });
    const log = vi.fn();
    await expect(loadMessageTabs(api, log)).resolves.toBeNull();
    expect(log).toHaveBeenCalledTimes(1);
    expect(log.mock.calls[0]![1]).toMatchObject({ kind: 'http', message: '模拟故障' });
  });

  it('a cancelled load is not even logged', async () => {
    const api: MessagesApi = {
      markAllRead: vi.fn(),
      notices: vi.fn(),
      messageTabs: () => Promise.reject(new ApiError('cancelled', '')),
    };
    const log = vi.fn();
    await expect(loadMessageTabs(api, log)).resolves.toBeNull();
    expect(log).not.toHaveBeenCalled();
  });

  it('mark all read sends groupId null and reloads: every count drops to 0', async () => {
    const api = await messagesFor('t1001');
    expect(totalUnread(await loadMessageTabs(api))).toBeGreaterThan(0);
    const after = await markAllMessagesRead(api);
    expect(totalUnread(after)).toBe(0);
    expect(after?.length).toBe(5);
  });

  it('a failing mark-all rejects with the server message so the screen can show it', async () => {
    const api = await messagesFor('t1001');
    await fault({ path: '/send-user-message/read-message', status: 400, message: '不能标记' });
    await expect(markAllMessagesRead(api)).rejects.toMatchObject({ message: '不能标记' });
  });
});

describe('notice pages (30 per page, SPEC point 9)', () => {
  it('pages 校园通知 (44 notices) as 30 + 14, newest first, and reading marks the tab read', async () => {
    const api = await messagesFor('t1001');
    const first = await loadNoticePage(api, EVENT.campus, 1);
    expect(first.items).toHaveLength(30);
    expect(first.hasMore).toBe(true);
    expect(first.items[0]!.title).toBe('关于2026年春季学期开学安排的通知');
    const second = await loadNoticePage(api, EVENT.campus, 2);
    expect(second.items).toHaveLength(14);
    expect(second.hasMore).toBe(false);
    expect(new Set([...first.items, ...second.items].map((n) => n.id)).size).toBe(44);
    expect(unreadOf(await loadMessageTabs(api), '校园通知')).toBe(0);
  });

  it('a failure is logged and ends the list instead of spinning', async () => {
    const api = await messagesFor('t1001');
    await fault({ path: '/send-user-message/by-eventid', status: 500 });
    const log = vi.fn();
    const page = await loadNoticePage(api, EVENT.campus, 1, log);
    expect(page).toEqual({ items: [], hasMore: false, failed: true });
    expect(log).toHaveBeenCalledTimes(1);
  });
});

describe('following a notice', () => {
  class FakeNavigator implements Navigator {
    gone: string[] = [];
    reloads = 0;
    go = (path: string) => void this.gone.push(path);
    back = () => undefined;
    reload = () => void this.reloads++;
  }
  /** Inside the shell: a foreign link is handed to the shell's browser, a file to its viewer. */
  class FakeShell implements Pick<NativeShell, 'isInShell' | 'openLink' | 'openFile'> {
    isInShell = () => true;
    links: { url: string; title?: string }[] = [];
    files: ShellFile[] = [];
    openLink = (url: string, title?: string) => (this.links.push({ url, title }), true);
    openFile = (file: ShellFile) => (this.files.push(file), true);
  }
  const campuses = [
    { id: CAMPUS_MAIN, name: '主校区', typeName: '校区' },
    { id: CAMPUS_EAST, name: '东校区', typeName: '校区' },
  ];
  const setup = (stored: string | null = CAMPUS_MAIN, list = campuses) => {
    const campusStore = new MemoryCampusStore();
    if (stored) campusStore.set(stored);
    const navigator = new FakeNavigator();
    const shell = new FakeShell();
    const links = createLinkOpener({
      shell,
      navigator,
      appBase: () => 'http://school.test/',
      pageUrl: () => 'http://school.test/page/notice',
      openSystem: () => undefined,
    });
    const deps = { campuses: list, campusStore, navigator, links, origin: 'http://school.test' };
    return { campusStore, navigator, shell, deps };
  };
  const n = (extra: Partial<Notice>): Notice => ({ id: 'n1', title: '通知', ...extra });

  it('seeded notices of t1001 lead where their data says', async () => {
    const api = await messagesFor('t1001');
    const all = [
      ...(await loadNoticePage(api, EVENT.campus, 1)).items,
      ...(await loadNoticePage(api, EVENT.todo, 1)).items,
      ...(await loadNoticePage(api, EVENT.approval, 1)).items,
    ];
    const byTitle = (t: string) => all.find((x) => x.title === t)!;

    let s = setup();
    expect(followNotice(byTitle('2026春季校历发布'), s.deps)).toEqual({ kind: 'opened', campusSwitched: false });
    expect(s.shell.files[0]).toEqual({ url: expect.stringMatching(/^http:\/\/school\.test\/sandbox\/files\/.+\.pdf$/), name: '2026春季校历.pdf' });

    s = setup();
    followNotice(byTitle('图书馆延长开放时间'), s.deps);
    expect(s.shell.links).toEqual([{ url: 'https://example.com/campus/news/library', title: '图书馆延长开放时间' }]);

    s = setup();
    followNotice(byTitle('您有一条待办即将到期'), s.deps);
    expect(s.navigator.gone[0]).toMatch(/^\/page\/todo\/add\?todoId=.+/);
    expect(s.navigator.reloads).toBe(0);

    s = setup();
    expect(followNotice(byTitle('东校区待办提醒'), s.deps)).toEqual({ kind: 'opened', campusSwitched: true });
    expect(s.campusStore.get()).toBe(CAMPUS_EAST);
    expect(s.navigator.reloads).toBe(1);

    s = setup();
    expect(followNotice(byTitle('已撤销校区的待办提醒'), s.deps)).toEqual({ kind: 'error', message: '该校区不存在' });
    expect(CAMPUS_NOT_FOUND).toBe('该校区不存在');
    expect(s.navigator.gone).toEqual([]);
    expect(s.campusStore.get()).toBe(CAMPUS_MAIN);

    const oa = all.find((x) => x.data?.includes('"OA"'))!;
    s = setup();
    followNotice(oa, s.deps);
    const data = JSON.parse(oa.data!) as { id: string; type: number; tab: number };
    expect(s.navigator.gone[0]).toBe(`/page/approvalCenter/flowApproval?FlowRunId=${data.id}&type=${data.type}&tab=${data.tab}`);

    s = setup();
    expect(followNotice(byTitle('【安全提醒】请勿点击不明链接'), s.deps)).toEqual({ kind: 'none' });
    expect(s.navigator.gone).toEqual([]);
  });

  it.each([
    ['OA with type and tab', { data: '{"module":"OA","id":"r1","type":1,"tab":0}' }, '/page/approvalCenter/flowApproval?FlowRunId=r1&type=1&tab=0'],
    ['TodoMatter', { data: '{"module":"TodoMatter","id":"t9"}' }, '/page/todo/add?todoId=t9'],
  ])('%s goes to its page', (_name, extra, path) => {
    const s = setup();
    followNotice(n(extra), s.deps);
    expect(s.navigator.gone).toEqual([path]);
  });

  it('a campus the user has but is not using is stored, then the target page reloads', () => {
    const s = setup(CAMPUS_MAIN);
    followNotice(n({ data: JSON.stringify({ module: 'OA', id: 'r1', campus: CAMPUS_EAST }) }), s.deps);
    expect(s.campusStore.get()).toBe(CAMPUS_EAST);
    expect(s.navigator.gone).toEqual(['/page/approvalCenter/flowApproval?FlowRunId=r1']);
    expect(s.navigator.reloads).toBe(1);
  });

  it('a link to the campus in effect (the first, when nothing is stored) never reloads', () => {
    const s = setup(null);
    followNotice(n({ data: JSON.stringify({ module: 'TodoMatter', id: 't1', campus: CAMPUS_MAIN }) }), s.deps);
    expect(s.navigator.reloads).toBe(0);
  });

  it('javascript: and data: addresses are never followed', () => {
    const s = setup();
    expect(followNotice(n({ linkUrl: 'javascript:alert(1)' }), s.deps)).toEqual({ kind: 'none' });
    expect(followNotice(n({ data: '{"downloadPath":"data:text/html,<script>alert(1)</script>"}' }), s.deps)).toEqual({ kind: 'none' });
    expect(followNotice(n({ linkUrl: '//evil.example/x' }), s.deps)).toEqual({ kind: 'none' });
    expect(s.shell.links).toEqual([]);
    expect(s.shell.files).toEqual([]);
  });

  it('site paths become absolute on the page origin, absolute addresses stay', () => {
    expect(withAbsoluteAddresses(n({ linkUrl: '/a/b', data: '{"downloadPath":"/f/x.pdf","name":"x"}' }), 'https://s.cn')).toMatchObject({
      linkUrl: 'https://s.cn/a/b',
      data: JSON.stringify({ downloadPath: 'https://s.cn/f/x.pdf', name: 'x' }),
    });
    expect(withAbsoluteAddresses(n({ linkUrl: 'https://o.cn/x' }), 'https://s.cn').linkUrl).toBe('https://o.cn/x');
  });
});

describe('message centre model: the badge and live refresh', () => {
  const hubs: SignalRMessageHub[] = [];
  afterEach(async () => {
    await Promise.all(hubs.splice(0).map((h) => h.stop()));
  });

  it('total unread is the badge, capped at 99+', async () => {
    const groups = (n: number): MessageTabGroup[] => [{ name: 'g', messageEventAppTabsDtos: [{ id: 'a', name: 'a', noReadNum: n }] }];
    const scope = fork({ values: [[$messageGroups, groups(7)]] });
    expect(scope.getState($unreadBadge)).toBe('7');
    const api = { messageTabs: async () => groups(120) } as unknown as MessagesApi;
    await allSettled(loadMessageTabsFx, { scope, params: api });
    expect(scope.getState($totalUnread)).toBe(120);
    expect(scope.getState($unreadBadge)).toBe('99+');
    await allSettled(messageCentreReset, { scope });
    expect(scope.getState($unreadBadge)).toBe('');
  });

  it('a failed refresh keeps what was shown', async () => {
    const scope = fork({ values: [[$messageGroups, [{ name: 'g', messageEventAppTabsDtos: [{ id: 'a', name: 'a', noReadNum: 3 }] }]]] });
    const api = { messageTabs: () => Promise.reject(new ApiError('http', '坏了')) } as unknown as MessagesApi;
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    await allSettled(loadMessageTabsFx, { scope, params: api });
    expect(warn).toHaveBeenCalled();
    warn.mockRestore();
    expect(scope.getState($totalUnread)).toBe(3);
  });

  it('a push refetches only once an API is provided', async () => {
    const scope = fork();
    let calls = 0;
    const api = { messageTabs: async () => (calls++, []) } as unknown as MessagesApi;
    await allSettled(messagePushed, { scope, params: {} });
    expect(calls).toBe(0);
    await allSettled(messagesApiProvided, { scope, params: api });
    await allSettled(messagePushed, { scope, params: {} });
    expect(calls).toBe(1);
  });

  it('a Message pushed by the sandbox hub refreshes the badge without any other call', async () => {
    const client = await loginAs(sb.url, 't1001');
    const api = new HttpMessagesApi(client.http);
    const hub = new SignalRMessageHub({
      host: () => sb.url,
      hubPath: () => '/messagehub/message-hub',
      accessToken: () => client.tokens.get()?.encryptedAccessToken ?? null,
      retryDelayMs: 100,
      connectionOptions: { WebSocket },
      visibility: null,
    });
    hubs.push(hub);
    await hub.start(client.userId);

    const scope = fork();
    const off = connectMessageCentre(api, hub, {
      provide: scopeBind(messagesApiProvided, { scope }),
      load: scopeBind(loadMessageTabsFx, { scope }),
      pushed: scopeBind(messagePushed, { scope }),
    });
    await vi.waitFor(() => expect(scope.getState($totalUnread)).toBeGreaterThan(0));
    const before = scope.getState($totalUnread);

    const res = await notify({ account: 't1001', title: '实时消息测试', context: '<p>新的消息</p>' });
    expect(((await res.json()) as { delivered: number }).delivered).toBe(1);
    await vi.waitFor(() => expect(scope.getState($totalUnread)).toBe(before + 1));
    const system = scope.getState($messageGroups).find((g) => g.name === '系统消息')!.messageEventAppTabsDtos[0]!;
    expect(system.msgContext).toBe('新的消息');

    off();
    await notify({ account: 't1001', title: '断开后的消息' });
    await new Promise((r) => setTimeout(r, 300));
    expect(scope.getState($totalUnread)).toBe(before + 1);
  });
});

describe('bound students (me page)', () => {
  const accountFor = async (account: string) => {
    const c = await loginAs(sb.url, account);
    return { api: new HttpAccountApi(c.http), userType: (await c.session.userInfo()).userType };
  };

  it('a parent sees the bound students and may add while fewer than 5', async () => {
    const { api, userType } = await accountFor('p3001');
    const view = await loadBoundStudents(api, userType);
    expect(view?.students.map((s) => s.name)).toEqual(['张三', '陈小雨']);
    expect(view?.canAdd).toBe(true);
    expect(BIND_STUDENT_ROUTE).toBe('/page/bindStudent');
  });

  it.each([['t1001'], ['s2001'], ['e4001'], ['o5001']])('%s is not a parent: no call, no card', async (account) => {
    const { api, userType } = await accountFor(account);
    const spy = vi.spyOn(api, 'boundStudents');
    await expect(loadBoundStudents(api, userType)).resolves.toBeNull();
    expect(spy).not.toHaveBeenCalled();
  });

  it('unbinding deletes the binding and answers the new list', async () => {
    const { api, userType } = await accountFor('p3001');
    const view = (await loadBoundStudents(api, userType))!;
    const after = await unbindStudent(api, view.students[0]!.id);
    expect(after.students.map((s) => s.name)).toEqual(['陈小雨']);
    expect((await loadBoundStudents(api, userType))!.students).toHaveLength(1);
  });

  it('an unbind failure rejects with the server message', async () => {
    const { api } = await accountFor('p3001');
    await expect(unbindStudent(api, 'no-such-student')).rejects.toMatchObject({ message: '绑定关系不存在' });
  });

  it('five bound students hide the add entry', async () => {
    const five = Array.from({ length: 5 }, (_, i) => ({ id: String(i), name: `学生${i}` }));
    const api = { boundStudents: async () => five } as unknown as AccountApi;
    expect((await loadBoundStudents(api, 3))!.canAdd).toBe(false);
    expect((await loadBoundStudents({ boundStudents: async () => five.slice(1) } as unknown as AccountApi, 3))!.canAdd).toBe(true);
  });
});
