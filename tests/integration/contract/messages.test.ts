import { describe, expect, it } from 'vitest';
import { testSandbox } from '../testSandbox';
import { noticePageQuery, totalUnread } from '../../../domain/messages/notices';
import { HttpMessagesApi } from '../../../infrastructure/messages/messagesApi';
import { NoticeSchema } from '../../../infrastructure/messages/schemas';
import { loginAs } from './support/partA';

const sb = testSandbox();

const messagesFor = async (account: string) => new HttpMessagesApi((await loginAs(sb.url, account)).http);

describe('HttpMessagesApi against the sandbox', () => {
  it('reads the message groups with their tabs and unread counts', async () => {
    const api = await messagesFor('t1001');
    const groups = await api.messageTabs();
    expect(groups.map((g) => g.name)).toEqual(expect.arrayContaining(['通知公告', '审批消息', '待办消息']));
    const notice = groups.find((g) => g.name === '通知公告')!;
    expect(notice.messageEventAppTabsDtos.map((t) => t.name)).toEqual(['校园通知', '教务通知']);
    expect(totalUnread(groups)).toBeGreaterThan(0);
  });

  it('pages a tab with EventId, SkipCount and MaxResultCount=30, and reading a page reads its notices', async () => {
    const api = await messagesFor('t1001');
    const tab = (await api.messageTabs()).find((g) => g.name === '通知公告')!.messageEventAppTabsDtos.find((t) => t.name === '校园通知')!;
    expect(tab.noReadNum).toBeGreaterThan(0);

    const page = await api.notices(noticePageQuery(tab.id, 1));
    expect(page.totalCount).toBeGreaterThanOrEqual(page.items.length);
    expect(page.items.length).toBeGreaterThan(1);
    expect(page.items[0]!.title).toBe('关于2026年春季学期开学安排的通知');
    expect(page.items.every((n) => typeof n.data === 'string' || n.data == null)).toBe(true);

    const second = await api.notices({ EventId: tab.id, SkipCount: 1, MaxResultCount: 1 });
    expect(second.items).toHaveLength(1);
    expect(second.items[0]!.id).toBe(page.items[1]!.id);
    expect(second.totalCount).toBe(page.totalCount);

    const after = (await api.messageTabs()).flatMap((g) => g.messageEventAppTabsDtos).find((t) => t.id === tab.id)!;
    expect(after.noReadNum).toBe(0);
  });

  it('marks every message read with groupId null', async () => {
    const api = await messagesFor('s2001');
    expect(totalUnread(await api.messageTabs())).toBeGreaterThan(0);
    await api.markAllRead();
    expect(totalUnread(await api.messageTabs())).toBe(0);
  });

  it('an unknown tab is an http error with the server message', async () => {
    const api = await messagesFor('t1001');
    await expect(api.notices({ EventId: '00000000-0000-0000-0000-00000000dead', SkipCount: 0, MaxResultCount: 30 })).rejects.toMatchObject({
      kind: 'http',
      status: 404,
      message: '消息分类不存在',
    });
  });
});

describe('NoticeSchema', () => {
  it('keeps JSON text data and turns an object back into text', () => {
    expect(NoticeSchema.parse({ id: '1', title: 't', data: '{"module":"OA"}' }).data).toBe('{"module":"OA"}');
    expect(JSON.parse(NoticeSchema.parse({ id: '1', title: 't', data: { module: 'OA', id: 'x' } }).data as string)).toEqual({ module: 'OA', id: 'x' });
    expect(NoticeSchema.safeParse({ id: '1' }).success).toBe(false);
  });
});
