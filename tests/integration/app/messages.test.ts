/**
 * Message-centre and bound-students use cases: against the in-process sandbox through
 * the real adapters (HTTP and the SignalR hub), and with fakes where a rule is easier
 * to pin down with a hand-made answer.
 */
import { describe, expect, it, vi } from 'vitest';
import { testSandbox } from '../testSandbox';
import { EVENT } from '../../../sandbox/seed/messages';
import { CAMPUS_EAST, CAMPUS_MAIN } from '../../../sandbox/seed/ids';
import { HttpMessagesApi } from '../../../infrastructure/messages/messagesApi';
import { HttpAccountApi } from '../../../infrastructure/account/accountApi';
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
import { BIND_STUDENT_ROUTE, loadBoundStudents, unbindStudent } from '../../../application/account/boundStudents';
import { totalUnread } from '../../../domain/messages/notices';
import { CAMPUS_NOT_FOUND } from '../../../domain/session/messages';
import { loginAs, MemoryCampusStore } from '../contract/support/partA';
import { createLinkOpener } from '../../../application/shell/links';

const sb = testSandbox();

const messagesFor = async (account: string) => new HttpMessagesApi((await loginAs(sb.url, account)).http);
const unreadOf = (groups: readonly MessageTabGroup[] | null, tabName: string): number | undefined =>
  groups?.flatMap((g) => g.messageEventAppTabsDtos).find((t) => t.name === tabName)?.noReadNum;
/** The value of an Outcome the test expects to have succeeded. */
const valueOf = <T,>(outcome: { ok: true; value: T } | { ok: false; error: unknown }): T => {
  if (!outcome.ok) throw new Error(`expected a value, got ${JSON.stringify(outcome.error)}`);
  return outcome.value;
};

const fault = (body: Record<string, unknown>) =>
  fetch(`${sb.url}/sandbox/admin/fault`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });

describe('message tabs', () => {
  it('loads the groups with their tabs, last message and unread counts', async () => {
    const groups = valueOf(await loadMessageTabs(await messagesFor('t1001')));
    expect(groups.map((g) => g.name)).toEqual(['通知公告', '审批消息', '待办消息', '报到消息', '系统消息']);
    const campus = groups[0]!.messageEventAppTabsDtos[0]!;
    expect(campus).toMatchObject({ name: '校园通知', noReadNum: 3 });
    expect(campus.msgContext).toContain('2026');
    expect(campus.msgDateTime).toBeTruthy();
  });

  it('a failure is answered with its kind and the server message, never thrown or shown', async () => {
    const api = await messagesFor('t1001');
    await fault({ path: '/message-group/app-tabs', status: 500, message: '模拟故障' });
    const answer = await loadMessageTabs(api);
    expect(answer).toEqual({ ok: false, error: expect.objectContaining({ kind: 'refused', message: '模拟故障' }) });
  });

  it('a cancelled load answers a cancelled failure', async () => {
    const api: MessagesApi = {
      markAllRead: vi.fn(),
      notices: vi.fn(),
      messageTabs: () => Promise.reject(new ApiError('cancelled', '')),
    };
    const answer = await loadMessageTabs(api);
    expect(answer.ok ? null : answer.error.kind).toBe('cancelled');
  });

  it('mark all read sends groupId null: every count drops to 0', async () => {
    const api = await messagesFor('t1001');
    expect(totalUnread(valueOf(await loadMessageTabs(api)))).toBeGreaterThan(0);
    expect((await markAllMessagesRead(api)).ok).toBe(true);
    const after = valueOf(await loadMessageTabs(api));
    expect(totalUnread(after)).toBe(0);
    expect(after.length).toBe(5);
  });

  it('a failing mark-all answers the server message so the screen model can tell it', async () => {
    const api = await messagesFor('t1001');
    await fault({ path: '/send-user-message/read-message', status: 400, message: '不能标记' });
    expect(await markAllMessagesRead(api)).toEqual({ ok: false, error: expect.objectContaining({ message: '不能标记' }) });
  });
});

describe('notice pages (30 per page, SPEC point 9)', () => {
  it('pages 校园通知 (44 notices) as 30 + 14, newest first, and reading marks the tab read', async () => {
    const api = await messagesFor('t1001');
    const first = valueOf(await loadNoticePage(api, EVENT.campus, 1));
    expect(first.items).toHaveLength(30);
    expect(first.hasMore).toBe(true);
    expect(first.items[0]!.title).toBe('关于2026年春季学期开学安排的通知');
    const second = valueOf(await loadNoticePage(api, EVENT.campus, 2));
    expect(second.items).toHaveLength(14);
    expect(second.hasMore).toBe(false);
    expect(new Set([...first.items, ...second.items].map((n) => n.id)).size).toBe(44);
    expect(unreadOf(valueOf(await loadMessageTabs(api)), '校园通知')).toBe(0);
  });

  it('a failure is answered, not thrown', async () => {
    const api = await messagesFor('t1001');
    await fault({ path: '/send-user-message/by-eventid', status: 500 });
    const page = await loadNoticePage(api, EVENT.campus, 1);
    expect(page.ok).toBe(false);
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
      ...valueOf(await loadNoticePage(api, EVENT.campus, 1)).items,
      ...valueOf(await loadNoticePage(api, EVENT.todo, 1)).items,
      ...valueOf(await loadNoticePage(api, EVENT.approval, 1)).items,
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
