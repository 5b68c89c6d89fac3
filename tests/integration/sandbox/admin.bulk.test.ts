import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EVENT } from '../../../sandbox/seed/messages';
import { ApiClient, login, startTestSandbox, type LoggedIn } from '../../../sandbox/testkit';
import type { SandboxHandle } from '../../../sandbox/server';

/**
 * POST /sandbox/admin/bulk (sandbox/seed/bulk.ts): rows for the long-list checks land in
 * the list each kind is for, after every seeded row, and a reset takes them away.
 */
let sb: SandboxHandle;
let admin: ApiClient;
let t1001: LoggedIn;

beforeAll(async () => {
  sb = await startTestSandbox();
  admin = new ApiClient(sb.url);
  t1001 = await login(sb, 't1001');
});
afterAll(async () => {
  await sb.close();
});

interface Page<T> {
  items: T[];
  totalCount: number;
}

const lastOf = <T>(page: Page<T>): T | undefined => page.items[page.items.length - 1];

describe('bulk rows', () => {
  it('approval: copies of a finished run on 已发起, oldest last', async () => {
    const before = (await t1001.client.post<Page<{ title: string }>>('/v1/less-code-service/api/flow-run/list', { type: 3, skipCount: 0, maxResultCount: 10 })).body;
    expect((await admin.post('/sandbox/admin/bulk', { kind: 'approval', count: 25 })).body).toEqual({ added: 25 });
    const all = (await t1001.client.post<Page<{ title: string; id: string }>>('/v1/less-code-service/api/flow-run/list', { type: 3, skipCount: 0, maxResultCount: 100 })).body;
    expect(all.totalCount).toBe(before.totalCount + 25);
    expect(lastOf(all)?.title).toBe('批量申请 第25条');
    expect(new Set(all.items.map((r) => r.id)).size).toBe(all.items.length);
    // The first page still starts with the seeded runs.
    expect(all.items[0]?.title).toBe(before.items[0]?.title);
  });

  it('todo: open personal to-dos of the user on 待我处理, oldest last', async () => {
    const before = (await t1001.client.get<Page<{ name: string }>>('/v1/saas-system-service/api/todo-matter?State=0&MaxResultCount=1')).body.totalCount;
    await admin.post('/sandbox/admin/bulk', { kind: 'todo', count: 30, account: 't1001' });
    const all = (await t1001.client.get<Page<{ name: string }>>('/v1/saas-system-service/api/todo-matter?State=0&MaxResultCount=1000')).body;
    expect(all.totalCount).toBe(before + 30);
    expect(lastOf(all)?.name).toBe('批量待办 第30条');
  });

  it('notice: notices under 系统通知, oldest last', async () => {
    await admin.post('/sandbox/admin/bulk', { kind: 'notice', count: 40 });
    const all = (await t1001.client.get<Page<{ title: string }>>(`/v1/message-service/api/send-user-message/by-eventid?EventId=${EVENT.system}&MaxResultCount=1000`)).body;
    expect(all.items.filter((n) => n.title.startsWith('批量通知')).length).toBe(40);
    expect(lastOf(all)?.title).toBe('批量通知 第40条');
  });

  it('asset: a category 批量资产 in the asset selector, paged by the selector', async () => {
    await admin.post('/sandbox/admin/bulk', { kind: 'asset', count: 45 });
    const page = (p: number) =>
      t1001.client.post<{ result: { items: { name: string }[]; totalCount: number } }>('/v1/less-code-service/api/event-config/run', {
        id: 'ec-asset-tree',
        index: 0,
        pageCount: p,
        maxResultCount: 30,
        eventConfigSelect: false,
        sorting: '',
        dataJson: { eventConfigFields: [{ key: 'parentId', value: 'ac-bulk' }] },
      });
    const first = (await page(1)).body.result;
    expect(first.totalCount).toBe(45);
    expect(first.items).toHaveLength(30);
    expect((await page(2)).body.result.items).toHaveLength(15);
  });

  it('refuses an unknown kind; a reset removes the rows', async () => {
    expect((await admin.post('/sandbox/admin/bulk', { kind: 'users' })).status).toBe(400);
    await admin.post('/sandbox/admin/reset');
    const all = (await t1001.client.get<Page<{ name: string }>>('/v1/saas-system-service/api/todo-matter?State=0&MaxResultCount=1000')).body;
    expect(all.items.some((t) => t.name.startsWith('批量'))).toBe(false);
  });
});
