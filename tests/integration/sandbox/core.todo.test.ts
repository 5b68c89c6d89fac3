import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ApiClient, login, startTestSandbox } from '../../../sandbox/testkit';
import type { SandboxHandle } from '../../../sandbox/server';
import { fmt } from '../../../sandbox/core/time';

const TODO = '/v1/saas-system-service/api/todo-matter';

let sb: SandboxHandle;
let t: ApiClient;
let userId: string;

beforeAll(async () => {
  sb = await startTestSandbox();
});
afterAll(() => sb.close());
beforeEach(async () => {
  sb.reset();
  const s = await login(sb, 't1001');
  t = s.client;
  userId = s.userId;
});

const inHours = (h: number): string => fmt(new Date(Date.now() + h * 3600_000));
type Item = { id: string; name: string; todoTime: string | null; isTimeout: boolean; endTime: string | null; type: number; data: string; files: unknown[]; remindNum: number | null; creationTime: string };

describe('tabs and lists', () => {
  it('answers the three tabs with the unread count on 待我处理', async () => {
    const res = await t.get(`${TODO}/tabs-num`);
    expect(res.body.map((x: { name: string; type: number }) => [x.name, x.type])).toEqual([
      ['待我处理', 0],
      ['我已处理', 1],
      ['我创建的', 2],
    ]);
    expect(res.body[0].noReadNum).toBeGreaterThanOrEqual(4);
  });

  it('answers the categories', async () => {
    expect((await t.get(`${TODO}/category`)).body).toEqual([
      { type: 0, name: '个人待办' },
      { type: 1, name: '审批待办' },
      { type: 2, name: '抄送待阅' },
    ]);
  });

  it('pages open items 20 at a time, newest first by default', async () => {
    const p1 = await t.get(`${TODO}?State=0&SkipCount=0&MaxResultCount=20`);
    expect(p1.body.items).toHaveLength(20);
    expect(p1.body.totalCount).toBeGreaterThan(20);
    const p2 = await t.get(`${TODO}?State=0&SkipCount=20&MaxResultCount=20`);
    expect(p1.body.items.length + p2.body.items.length).toBe(p1.body.totalCount);
    const created = p1.body.items.map((x: Item) => x.creationTime);
    expect(created).toEqual([...created].sort().reverse());
    for (const x of p1.body.items as Item[]) expect(x.todoTime).toBeNull();
  });

  it('has items in every state: open, done, timed out, with deadline, reminder and attachments', async () => {
    const open = (await t.get(`${TODO}?State=0&MaxResultCount=100&type=0`)).body.items as Item[];
    const done = (await t.get(`${TODO}?State=1&MaxResultCount=100`)).body.items as Item[];
    expect(open.some((x) => x.endTime === null)).toBe(true);
    expect(open.some((x) => x.isTimeout)).toBe(true);
    expect(open.some((x) => x.remindNum !== null)).toBe(true);
    expect(open.some((x) => x.files.length > 0)).toBe(true);
    expect(done.some((x) => x.isTimeout)).toBe(true);
    expect(done.some((x) => !x.isTimeout)).toBe(true);
    expect(done.every((x) => x.todoTime !== null)).toBe(true);
    const item = open.find((x) => x.files.length > 0)!;
    expect(item.files[0]).toEqual({ id: expect.any(String), name: expect.any(String), size: expect.any(Number), url: expect.stringMatching(/^\/sandbox\/files\//), objectName: expect.any(String) });
  });

  it('filters by name and category, sorts by deadline with empty deadlines last', async () => {
    const f = await t.get(`${TODO}?State=0&Filter=${encodeURIComponent('整理')}&MaxResultCount=100`);
    expect(f.body.totalCount).toBe(20);
    const asc = (await t.get(`${TODO}?State=0&Sorting=${encodeURIComponent('EndTime asc')}&MaxResultCount=100`)).body.items as Item[];
    const ends = asc.map((x) => x.endTime).filter((e): e is string => e !== null);
    expect(ends).toEqual([...ends].sort());
    expect(asc[asc.length - 1]!.endTime).toBeNull();
    expect(asc[0]!.endTime).not.toBeNull();
    const desc = (await t.get(`${TODO}?State=0&Sorting=${encodeURIComponent('EndTime desc')}&MaxResultCount=100`)).body.items as Item[];
    expect(desc[0]!.endTime! > desc[1]!.endTime!).toBe(true);
    expect((await t.get(`${TODO}?State=0&type=1`)).body.items.every((x: Item) => x.type === 1)).toBe(true);
  });

  it('validates the query', async () => {
    expect((await t.get(`${TODO}?State=5`)).status).toBe(400);
    const bad = await t.get(`${TODO}?State=0&Sorting=Name%20asc`);
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toBe('不支持的排序字段');
    expect((await t.get(`${TODO}?State=0&Sorting=EndTime%20up`)).status).toBe(400);
  });
});

describe('create, read, update', () => {
  it('creates an item (minute precision, reminder) and reads it back', async () => {
    const end = inHours(48).slice(0, 16) + ':37';
    const res = await t.post(TODO, { name: '写周报', matterDescribe: '本周工作总结', endTime: end, remindNum: 15, files: [] });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ name: '写周报', endTime: end.slice(0, 16) + ':00', remindNum: 15, todoTime: null, isTimeout: false, executeName: '王老师', type: 0 });
    const got = await t.get(`${TODO}/${res.body.id}`);
    expect(got.body.id).toBe(res.body.id);
    const created = (await t.get(`${TODO}?State=2&Filter=${encodeURIComponent('写周报')}`)).body.items;
    expect(created).toHaveLength(1);
  });

  it.each([
    { what: 'an empty name', body: { name: '' }, message: '请输入待办名称' },
    { what: 'a blank name', body: { name: '   ' }, message: '请输入待办名称' },
    { what: 'a 21-character name', body: { name: '一'.repeat(21) }, message: '待办名称不能超过20个字符' },
    { what: 'a 2001-character description', body: { name: 'ok', matterDescribe: 'x'.repeat(2001) }, message: '待办描述不能超过2000个字符' },
    { what: 'a malformed deadline', body: { name: 'ok', endTime: 'tomorrow' }, message: '截止时间格式不正确' },
    { what: 'a reminder of 4 minutes', body: { name: 'ok', endTime: '2030-01-01T10:00:00', remindNum: 4 }, message: '提醒时间必须在5-2880分钟之间' },
    { what: 'a reminder of 2881 minutes', body: { name: 'ok', endTime: '2030-01-01T10:00:00', remindNum: 2881 }, message: '提醒时间必须在5-2880分钟之间' },
    { what: 'a reminder without deadline', body: { name: 'ok', remindNum: 15 }, message: '请先设置截止时间' },
    { what: 'an attachment without name', body: { name: 'ok', files: [{ url: '/x' }] }, message: '附件名称不能为空' },
  ])('refuses $what with 400 $message', async ({ body, message }) => {
    const before = sb.db.todos.length;
    const res = await t.post(TODO, body);
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe(message);
    expect(sb.db.todos.length).toBe(before);
  });

  it('accepts 20 characters and the reminder bounds; null reminder when off', async () => {
    expect((await t.post(TODO, { name: '一'.repeat(20) })).status).toBe(200);
    expect((await t.post(TODO, { name: 'a', endTime: '2030-01-01T10:00:00', remindNum: 5 })).status).toBe(200);
    expect((await t.post(TODO, { name: 'b', endTime: '2030-01-01T10:00:00', remindNum: 2880 })).status).toBe(200);
    expect((await t.post(TODO, { name: 'c', endTime: '2030-01-01T10:00:00', remindNum: 30, isRemind: false })).body.remindNum).toBeNull();
  });

  it('updates open items and refuses done, timed-out and approval ones (409)', async () => {
    const created = (await t.post(TODO, { name: '原名' })).body;
    const upd = await t.put(`${TODO}/${created.id}`, { name: '新名', endTime: inHours(5), remindNum: null });
    expect(upd.status).toBe(200);
    expect(upd.body.name).toBe('新名');
    const done = ((await t.get(`${TODO}?State=1&MaxResultCount=100`)).body.items as Item[])[0]!;
    const r1 = await t.put(`${TODO}/${done.id}`, { name: 'x' });
    expect(r1.status).toBe(409);
    expect(r1.body.error.message).toBe('已完成的待办不能编辑');
    const late = ((await t.get(`${TODO}?State=0&MaxResultCount=100`)).body.items as Item[]).find((x) => x.isTimeout)!;
    expect((await t.put(`${TODO}/${late.id}`, { name: 'x' })).body.error.message).toBe('已超时的待办不能编辑');
    expect((await t.put(`${TODO}/nope`, { name: 'x' })).status).toBe(404);
    expect((await t.put(`${TODO}/${created.id}`, { name: '' })).status).toBe(400);
  });

  it('hides other users’ items (404)', async () => {
    const other = (await login(sb, 's2001')).client;
    const mine = ((await t.get(`${TODO}?State=0`)).body.items as Item[])[0]!;
    expect((await other.get(`${TODO}/${mine.id}`)).status).toBe(404);
  });

  it('marks an item read when opened', async () => {
    const before = (await t.get(`${TODO}/tabs-num`)).body[0].noReadNum;
    const unread = ((await t.get(`${TODO}?State=0&MaxResultCount=100`)).body.items as (Item & { isRead: boolean })[]).find((x) => !x.isRead)!;
    await t.get(`${TODO}/${unread.id}`);
    expect((await t.get(`${TODO}/tabs-num`)).body[0].noReadNum).toBe(before - 1);
  });
});

describe('state and delete', () => {
  it('completes (state 1) and restores (state 0)', async () => {
    const item = (await t.post(TODO, { name: '完成我' })).body;
    expect((await t.post(`${TODO}/make-state`, { matterIds: [item.id], state: 1 })).status).toBe(200);
    expect((await t.get(`${TODO}/${item.id}`)).body.todoTime).not.toBeNull();
    expect(((await t.get(`${TODO}?State=1&MaxResultCount=100`)).body.items as Item[]).some((x) => x.id === item.id)).toBe(true);
    await t.post(`${TODO}/make-state`, { matterIds: [item.id], state: 0 });
    expect((await t.get(`${TODO}/${item.id}`)).body.todoTime).toBeNull();
  });

  it('validates make-state fully before changing anything', async () => {
    const item = (await t.post(TODO, { name: '别动我' })).body;
    expect((await t.post(`${TODO}/make-state`, { matterIds: [item.id, 'nope'], state: 1 })).status).toBe(404);
    expect((await t.get(`${TODO}/${item.id}`)).body.todoTime).toBeNull();
    expect((await t.post(`${TODO}/make-state`, { matterIds: [item.id], state: 2 })).status).toBe(400);
    expect((await t.post(`${TODO}/make-state`, { matterIds: [], state: 1 })).status).toBe(400);
  });

  it('batch-deletes with an array of ids, all or nothing', async () => {
    const a = (await t.post(TODO, { name: 'a' })).body;
    const b = (await t.post(TODO, { name: 'b' })).body;
    expect((await t.post(`${TODO}/batch-delete`, [a.id, 'nope'])).status).toBe(404);
    expect((await t.get(`${TODO}/${a.id}`)).status).toBe(200);
    expect((await t.post(`${TODO}/batch-delete`, { ids: [a.id] })).status).toBe(400);
    expect((await t.post(`${TODO}/batch-delete`, [a.id, b.id])).status).toBe(200);
    expect((await t.get(`${TODO}/${a.id}`)).status).toBe(404);
  });

  it('makes approval to-dos through the services; they cannot be toggled, edited or deleted', async () => {
    const id = sb.services.createApprovalTodo(userId, { name: '请审批', flowRunId: 'run-1', tab: 0, campusId: 'c' });
    const item = (await t.get(`${TODO}/${id}`)).body;
    expect(item.type).toBe(1);
    expect(JSON.parse(item.data)).toEqual({ id: 'run-1', type: 1, tab: 0, campus: 'c' });
    expect((await t.post(`${TODO}/make-state`, { matterIds: [id], state: 1 })).status).toBe(409);
    expect((await t.post(`${TODO}/batch-delete`, [id])).status).toBe(409);
    expect((await t.put(`${TODO}/${id}`, { name: 'x' })).status).toBe(409);
    sb.services.completeApprovalTodo(id);
    expect((await t.get(`${TODO}/${id}`)).body.todoTime).not.toBeNull();
  });
});

describe('approval to-dos of the workflow seed', () => {
  it('exist right after start and reset, linked to flow runs', async () => {
    const approver = (await login(sb, 't1002')).client;
    const items = (await approver.get(`${TODO}?State=0&type=1&MaxResultCount=100`)).body.items as Item[];
    expect(items.length).toBeGreaterThan(0);
    for (const x of items) {
      const data = JSON.parse(x.data);
      expect(data).toMatchObject({ id: expect.any(String), type: expect.any(Number), tab: 0, campus: expect.any(String) });
    }
    sb.reset();
    expect((await approver.get(`${TODO}?State=0&type=1&MaxResultCount=100`)).body.totalCount).toBe(items.length);
  });
});

describe('reminders', () => {
  it('sends a 待办提醒 message when the reminder time comes', async () => {
    const item = (await t.post(TODO, { name: '提醒我', endTime: inHours(2), remindNum: 60 })).body;
    const count = () => sb.db.notices.filter((n) => n.userId === userId && n.title === '待办提醒：提醒我').length;
    expect(count()).toBe(0);
    await new ApiClient(sb.url).post('/sandbox/admin/clock', { advanceMs: 61 * 60_000 });
    expect(count()).toBe(1);
    const notice = sb.db.notices.find((n) => n.title === '待办提醒：提醒我')!;
    expect(JSON.parse(notice.data)).toMatchObject({ module: 'TodoMatter', id: item.id });
    await new ApiClient(sb.url).post('/sandbox/admin/clock', { advanceMs: 60_000 });
    expect(count()).toBe(1);
  });
});
