import { describe, expect, it } from 'vitest';
import { testSandbox } from '../testSandbox';
import { buildTodoRequestBody } from '../../../domain/todo/form';
import { buildTodoListQuery } from '../../../domain/todo/list';
import { completeRequest, deleteRequest, restoreRequest } from '../../../domain/todo/state';
import type { TodoRequestBody } from '../../../domain/todo/types';
import { HttpTodoApi } from '../../../infrastructure/todo/todoApi';
import { TodoItemSchema } from '../../../infrastructure/todo/schemas';
import { loginAs } from './support/partA';

const sb = testSandbox();

const todoFor = async (account: string) => new HttpTodoApi((await loginAs(sb.url, account)).http);

const body = (name: string, deadlineInDays: number | null = 3, remind = true): TodoRequestBody => {
  const r = buildTodoRequestBody({
    name,
    matterDescribe: `${name} 的描述`,
    endTime: deadlineInDays === null ? null : new Date(Date.now() + deadlineInDays * 86_400_000),
    remindEnabled: remind,
    remindNum: 30,
    files: [],
  });
  if (!r.ok) throw new Error(r.error);
  return r.value;
};

const page = (state: number, extra: { filter?: string; category?: number } = {}) =>
  buildTodoListQuery({ state, page: 1, pageSize: 20, filter: extra.filter, category: extra.category });

describe('HttpTodoApi against the sandbox', () => {
  it('reads the tabs with counts and the decided categories', async () => {
    const api = await todoFor('t1001');
    const tabs = await api.tabs();
    expect(tabs.map((t) => [t.name, t.type])).toEqual([
      ['待我处理', 0],
      ['我已处理', 1],
      ['我创建的', 2],
    ]);
    expect(tabs.every((t) => typeof t.noReadNum === 'number')).toBe(true);
    expect(await api.categories()).toEqual([
      { type: 0, name: '个人待办' },
      { type: 1, name: '审批待办' },
      { type: 2, name: '抄送待阅' },
    ]);
  });

  it('creates a to-do, lists it, completes it, restores it and deletes it', async () => {
    const api = await todoFor('t1001');
    const created = await api.create(body('契约测试待办'));
    expect(created).toMatchObject({ name: '契约测试待办', matterDescribe: '契约测试待办 的描述', remindNum: 30, todoTime: null, overTime: null, type: 0 });
    expect(created.endTime).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:00$/);
    expect(created.categoryType).toBe(0);
    expect(created.categoryName).toBe('个人待办');

    const open = await api.list(page(0, { filter: '契约测试' }));
    expect(open.items.map((t) => t.id)).toEqual([created.id]);
    expect(open.totalCount).toBe(1);

    await api.makeState(completeRequest([created.id]));
    const done = await api.get(created.id);
    expect(done.todoTime).toEqual(expect.any(String));
    expect((await api.list(page(0, { filter: '契约测试' }))).items).toEqual([]);
    expect((await api.list(page(1, { filter: '契约测试' }))).items.map((t) => t.id)).toEqual([created.id]);

    await api.makeState(restoreRequest([created.id]));
    expect((await api.get(created.id)).todoTime).toBeNull();
    expect((await api.list(page(0, { filter: '契约测试' }))).items.map((t) => t.id)).toEqual([created.id]);

    await api.remove(deleteRequest([created.id]));
    await expect(api.get(created.id)).rejects.toMatchObject({ kind: 'http', status: 404, message: '待办不存在' });
    expect((await api.list(page(2, { filter: '契约测试' }))).totalCount).toBe(0);
  });

  it('updates a to-do with PUT and reads the change back', async () => {
    const api = await todoFor('s2001');
    const created = await api.create(body('待修改', null, false));
    expect(created.endTime).toBeNull();
    expect(created.remindNum).toBeNull();
    const updated = await api.update(created.id, body('已修改', 2, true));
    expect(updated).toMatchObject({ id: created.id, name: '已修改', remindNum: 30 });
    expect((await api.get(created.id)).name).toBe('已修改');
  });

  it('pages, sorts ("field direction") and filters by category', async () => {
    const api = await todoFor('t1001');
    const a = await api.create(body('排序A', 1));
    const b = await api.create(body('排序B', 5));
    const asc = await api.list({ ...page(2, { filter: '排序' }), Sorting: 'EndTime asc' });
    expect(asc.items.map((t) => t.id)).toEqual([a.id, b.id]);
    const desc = await api.list({ ...page(2, { filter: '排序' }), Sorting: 'EndTime desc' });
    expect(desc.items.map((t) => t.id)).toEqual([b.id, a.id]);
    const one = await api.list({ ...page(2, { filter: '排序' }), Sorting: 'EndTime asc', SkipCount: 1, MaxResultCount: 1 });
    expect(one.items.map((t) => t.id)).toEqual([b.id]);
    expect(one.totalCount).toBe(2);

    const approval = await api.list(page(0, { category: 1 }));
    expect(approval.items.every((t) => t.type === 1 && t.categoryName === '审批待办')).toBe(true);
  });

  it('refuses an invalid body with the server message', async () => {
    const api = await todoFor('t1001');
    await expect(api.create({ name: '', matterDescribe: '', endTime: null, remindNum: null, files: [] })).rejects.toMatchObject({
      kind: 'http',
      status: 400,
      message: '请输入待办名称',
    });
  });
});

describe('TodoItemSchema', () => {
  it.each([
    [null, null],
    [undefined, undefined],
    [true, true],
    [false, false],
    ['2026-03-01T10:00:00', true],
    ['', false],
  ])('reads overTime %j as %j', (overTime, expected) => {
    expect(TodoItemSchema.parse({ id: '1', name: 'x', overTime }).overTime).toBe(expected);
  });

  it('fills the category from type/typeName unless categoryType/categoryName are sent', () => {
    expect(TodoItemSchema.parse({ id: '1', name: 'x', type: 2, typeName: '抄送待阅' })).toMatchObject({ categoryType: 2, categoryName: '抄送待阅' });
    expect(TodoItemSchema.parse({ id: '1', name: 'x', type: 2, categoryType: 'c', categoryName: 'n' })).toMatchObject({ categoryType: 'c', categoryName: 'n' });
    expect(TodoItemSchema.safeParse({ name: 'x' }).success).toBe(false);
  });
});
