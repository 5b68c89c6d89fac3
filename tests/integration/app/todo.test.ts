/**
 * To-do use cases and the list model: against the in-process sandbox through the real
 * adapters (HTTP, upload pipeline), and with fakes where a rule is easier to pin down
 * with a hand-made answer (stale pages, failures, drafts).
 */
import axios from 'axios';
import { allSettled, fork, scopeBind } from 'effector';
import { describe, expect, it, vi } from 'vitest';
import { testSandbox } from '../testSandbox';
import { HttpTodoApi } from '../../../infrastructure/todo/todoApi';
import { HttpUploader } from '../../../infrastructure/upload/uploader';
import { Md5FileHasher } from '../../../infrastructure/upload/fileHasher';
import { ApiError } from '../../../application/ports/errors';
import type { KeyValueStorage } from '../../../application/ports/runtime';
import type { Page, TodoApi, TodoItem, TodoListQuery } from '../../../application/todo/ports';
import { createTodoListModel } from '../../../application/todo/model';
import {
  appendPage,
  approvalPathFor,
  clearTodoDraft,
  completeTodo,
  deleteTodo,
  isBlankTodoForm,
  loadTodo,
  loadTodoCategories,
  loadTodoDraft,
  loadTodoPage,
  loadTodoTabs,
  openTodoTarget,
  restoreTodo,
  saveTodo,
  saveTodoDraft,
  todoDraftKey,
  todoFileFromUpload,
  todoFormPath,
  toggleTodo,
  uploadTodoAttachment,
} from '../../../application/todo/useCases';
import { clearSession, USER_DRAFT_KEY_PREFIX } from '../../../application/session/useCases';
import { emptyTodoForm, setTodoDeadline, setTodoReminder } from '../../../domain/todo/form';
import {
  ALL_CATEGORIES,
  DELETE_SUCCESS,
  TAB_CREATED,
  TAB_HANDLED,
  TAB_PENDING,
  TODO_COMPLETED_ONE,
  TODO_NAME_REQUIRED,
  TODO_RESTORED_ONE,
} from '../../../domain/todo/messages';
import { UPLOAD_FAILED } from '../../../domain/files/messages';
import { CAMPUS_NOT_FOUND } from '../../../domain/session/messages';
import { err, ok } from '../../../domain/shared/result';
import type { TodoFormModel } from '../../../domain/todo/types';
import { loginAs } from '../contract/support/partA';

const sb = testSandbox();

const todoFor = async (account: string) => new HttpTodoApi((await loginAs(sb.url, account)).http);
const fault = (body: Record<string, unknown>) =>
  fetch(`${sb.url}/sandbox/admin/fault`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });

const inDays = (days: number): Date => new Date(Date.now() + days * 86_400_000);
const form = (patch: Partial<TodoFormModel> = {}): TodoFormModel => ({ ...emptyTodoForm(), ...patch });

class MemoryStorage implements KeyValueStorage {
  readonly map = new Map<string, string>();
  get = (k: string) => this.map.get(k) ?? null;
  set = (k: string, v: string) => void this.map.set(k, v);
  remove = (k: string) => void this.map.delete(k);
  keys = () => [...this.map.keys()];
}

/** A fake whose list answers are released by the test, in any order. */
function deferredListApi() {
  const pending: Array<{ query: TodoListQuery; resolve: (p: Page<TodoItem>) => void }> = [];
  const api = {
    tabs: vi.fn(async () => []),
    categories: vi.fn(async () => []),
    list: vi.fn(
      (query: TodoListQuery) =>
        new Promise<Page<TodoItem>>((resolve) => {
          pending.push({ query, resolve });
        }),
    ),
  } as unknown as TodoApi;
  return { api, pending };
}

const item = (id: string, patch: Partial<TodoItem> = {}): TodoItem => ({ id, name: `待办${id}`, todoTime: null, type: 0, ...patch });

describe('tabs and categories', () => {
  it('reads the tabs of the tab-count call with the unread count as the badge', async () => {
    const api = await todoFor('t1001');
    const tabs = await loadTodoTabs(api);
    expect(tabs.map((t) => [t.type, t.name])).toEqual([
      [0, '待我处理'],
      [1, '我已处理'],
      [2, '我创建的'],
    ]);
    expect(tabs.map((t) => t.name)).toEqual([TAB_PENDING, TAB_HANDLED, TAB_CREATED]);
    const unread = (await api.tabs())[0]!.noReadNum;
    expect(unread).toBeGreaterThan(0);
    expect(tabs[0]!.badge).toBe(String(unread));
    expect(tabs[1]!.badge).toBeNull();
  });

  it('falls back to the three tabs without counts when the call fails, and logs it', async () => {
    const api = await todoFor('t1001');
    await fault({ path: '/todo-matter/tabs-num', status: 500, message: '模拟故障' });
    const log = vi.fn();
    const tabs = await loadTodoTabs(api, log);
    expect(tabs.map((t) => t.name)).toEqual(['待我处理', '我已处理', '我创建的']);
    expect(tabs.every((t) => t.badge === null)).toBe(true);
    expect(log).toHaveBeenCalledTimes(1);
  });

  it('offers 全部分类 first, then the server categories; only 全部分类 when they fail', async () => {
    const api = await todoFor('t1001');
    expect((await loadTodoCategories(api))?.map((c) => c.label)).toEqual([ALL_CATEGORIES, '个人待办', '审批待办', '抄送待阅']);
    expect(ALL_CATEGORIES).toBe('全部分类');
    await fault({ path: '/todo-matter/category', status: 500 });
    const log = vi.fn();
    expect(await loadTodoCategories(api, log)).toEqual([{ value: null, label: '全部分类' }]);
    expect(log).toHaveBeenCalled();
  });
});

describe('the list model', () => {
  it('loads 20 per page, creation time descending by default, until a short page', async () => {
    const api = await todoFor('t1001');
    const model = createTodoListModel({ api, log: () => undefined });
    const scope = fork();
    await allSettled(model.openedFx, { scope });
    expect(scope.getState(model.$tabs)[0]!.name).toBe('待我处理');
    expect(scope.getState(model.$categories)[0]!.label).toBe('全部分类');

    await allSettled(model.loadMoreFx, { scope });
    const first = scope.getState(model.$items);
    expect(first).toHaveLength(20);
    expect(scope.getState(model.$hasMore)).toBe(true);
    const created = first.map((i) => i.creationTime ?? '');
    expect([...created].sort().reverse()).toEqual(created);

    await allSettled(model.loadMoreFx, { scope });
    const all = scope.getState(model.$items);
    expect(all.length).toBeGreaterThan(20);
    expect(all.length).toBeLessThan(40);
    expect(new Set(all.map((i) => i.id)).size).toBe(all.length);
    expect(scope.getState(model.$hasMore)).toBe(false);
    expect(scope.getState(model.$page)).toBe(2);
  });

  it('a new tab, search, sort or category starts again from page 1 of that query', async () => {
    const api = await todoFor('t1001');
    const model = createTodoListModel({ api, log: () => undefined });
    const scope = fork();
    await allSettled(model.loadMoreFx, { scope });

    await allSettled(model.searchSubmitted, { scope, params: '  整理教学资料  ' });
    expect(scope.getState(model.$items)).toEqual([]);
    expect(scope.getState(model.$query).filter).toBe('整理教学资料');
    await allSettled(model.loadMoreFx, { scope });
    const found = scope.getState(model.$items);
    expect(found.length).toBe(20);
    expect(found.every((i) => i.name.includes('整理教学资料'))).toBe(true);

    await allSettled(model.searchSubmitted, { scope, params: '' });
    await allSettled(model.categoryChanged, { scope, params: 1 });
    await allSettled(model.loadMoreFx, { scope });
    const approvals = scope.getState(model.$items);
    expect(approvals.length).toBeGreaterThan(0);
    expect(approvals.every((i) => i.type === 1)).toBe(true);

    await allSettled(model.categoryChanged, { scope, params: null });
    await allSettled(model.sortChanged, { scope, params: { field: 'EndTime', direction: 'asc' } });
    await allSettled(model.loadMoreFx, { scope });
    const byDeadline = scope.getState(model.$items).map((i) => i.endTime ?? null);
    const dated = byDeadline.filter((d): d is string => d !== null);
    expect([...dated].sort()).toEqual(dated);
    // Items without a deadline come last.
    expect(byDeadline.slice(0, dated.length).every((d) => d !== null)).toBe(true);

    await allSettled(model.tabChanged, { scope, params: 1 });
    await allSettled(model.loadMoreFx, { scope });
    const done = scope.getState(model.$items);
    expect(done.length).toBeGreaterThan(0);
    expect(done.every((i) => i.todoTime)).toBe(true);
  });

  it('drops a page that answers for a query the user has already left', async () => {
    const { api, pending } = deferredListApi();
    const model = createTodoListModel({ api, log: () => undefined });
    const scope = fork();
    // Bound calls: allSettled would wait for the slow page the test holds back.
    const loadMore = scopeBind(model.loadMoreFx, { scope });
    const slow = loadMore();
    await vi.waitFor(() => expect(pending).toHaveLength(1));
    scopeBind(model.tabChanged, { scope })(2);
    const fresh = loadMore();
    await vi.waitFor(() => expect(pending).toHaveLength(2));
    expect(pending[1]!.query.State).toBe(2);
    pending[1]!.resolve({ items: [item('mine')], totalCount: 1 });
    await fresh;
    pending[0]!.resolve({ items: [item('stale')], totalCount: 1 });
    await slow;
    expect(scope.getState(model.$items).map((i) => i.id)).toEqual(['mine']);
    expect(scope.getState(model.$hasMore)).toBe(false);
  });

  it('a failed page rejects with the server message and keeps what the list had', async () => {
    const api = await todoFor('t1001');
    const model = createTodoListModel({ api, log: () => undefined });
    const scope = fork();
    await allSettled(model.loadMoreFx, { scope });
    await fault({ path: '/todo-matter?', status: 500, message: '列表故障' });
    const result = await allSettled(model.loadMoreFx, { scope });
    expect(result.status).toBe('fail');
    expect((result as { value: unknown }).value).toMatchObject({ message: '列表故障' });
    expect(scope.getState(model.$items)).toHaveLength(20);
    expect(scope.getState(model.$hasMore)).toBe(true);
  });

  it('refresh replaces the list with page 1 and fetches the tab counts again', async () => {
    const api = await todoFor('t1001');
    const model = createTodoListModel({ api, log: () => undefined });
    const scope = fork();
    await allSettled(model.loadMoreFx, { scope });
    await allSettled(model.loadMoreFx, { scope });
    const before = scope.getState(model.$tabs)[0]!.badge;
    const first = scope.getState(model.$items)[0]!;
    await api.get(first.id); // reading an unread item lowers the count
    await allSettled(model.refreshFx, { scope });
    expect(scope.getState(model.$items)).toHaveLength(20);
    expect(scope.getState(model.$page)).toBe(1);
    expect(scope.getState(model.$tabs)[0]!.badge).not.toBe(before);
  });

  it('appendPage leaves out items already shown', () => {
    expect(appendPage([item('a'), item('b')], [item('b'), item('c')]).map((i) => i.id)).toEqual(['a', 'b', 'c']);
  });

  it('loadTodoPage asks with the domain query (State, paging, Sorting, Filter, type)', async () => {
    const list = vi.fn(async () => ({ items: Array.from({ length: 20 }, (_, i) => item(String(i))), totalCount: 40 }));
    const page = await loadTodoPage({ list } as unknown as TodoApi, { state: 2, page: 3, filter: ' 报告 ', category: 0, sort: { field: 'EndTime', direction: 'asc' } });
    expect(list).toHaveBeenCalledWith({ State: 2, SkipCount: 40, MaxResultCount: 20, Sorting: 'EndTime asc', Filter: '报告', type: 0 }, undefined);
    expect(page.hasMore).toBe(true);
  });
});

describe('checking an item', () => {
  it('completes an open item (make-state 1, 已完成1条待办) and restores a done one (已恢复1条待办)', async () => {
    const api = await todoFor('t1001');
    const open = (await api.list({ State: 0, SkipCount: 0, MaxResultCount: 50, Sorting: 'CreationTime desc', type: 0 })).items[0]!;
    expect(await toggleTodo({ api }, open)).toEqual({ kind: 'changed', toast: '已完成1条待办' });
    expect(TODO_COMPLETED_ONE).toBe('已完成1条待办');
    const done = await api.get(open.id);
    expect(done.todoTime).toBeTruthy();

    expect(await toggleTodo({ api }, done)).toEqual({ kind: 'changed', toast: '已恢复1条待办' });
    expect(TODO_RESTORED_ONE).toBe('已恢复1条待办');
    expect((await api.get(open.id)).todoTime).toBeNull();
  });

  it('an approval-type item opens page/approvalCenter/flowApproval with FlowRunId, type and tab from its data', async () => {
    const api = await todoFor('t1001');
    const approval = (await api.list({ State: 0, SkipCount: 0, MaxResultCount: 50, Sorting: 'CreationTime desc', type: 1 })).items[0]!;
    const data = JSON.parse(approval.data!) as { id: string; type: number; tab: number; campus: string };
    const makeState = vi.fn();
    const linkCampus = vi.fn(() => ok('none' as const));
    const outcome = await toggleTodo({ api: { makeState }, linkCampus }, approval);
    expect(outcome).toEqual({
      kind: 'navigate',
      path: `/page/approvalCenter/flowApproval?FlowRunId=${data.id}&type=${data.type}&tab=${data.tab}`,
    });
    expect(makeState).not.toHaveBeenCalled();
    expect(linkCampus).toHaveBeenCalledWith(data.campus);
    expect(await openTodoTarget({ linkCampus }, approval)).toEqual(ok(outcome.kind === 'navigate' ? outcome.path : ''));
  });

  it('a campus the link names that the user does not have gives 该校区不存在 and no navigation', async () => {
    const approval = item('x', { type: 1, data: JSON.stringify({ id: 'run-1', type: 1, tab: 0, campus: 'elsewhere' }) });
    const outcome = await toggleTodo({ api: { makeState: vi.fn() }, linkCampus: async () => err(CAMPUS_NOT_FOUND) }, approval);
    expect(outcome).toEqual({ kind: 'failed', failure: { kind: 'invalid', message: '该校区不存在' } });
  });

  it('an approval-type item with unreadable data does nothing', async () => {
    const makeState = vi.fn();
    expect(await toggleTodo({ api: { makeState } }, item('x', { type: 1, data: 'not json' }))).toEqual({ kind: 'none' });
    expect(makeState).not.toHaveBeenCalled();
    expect((await openTodoTarget({}, item('x', { type: 1, data: null }))).ok).toBe(false);
  });

  it('a personal item opens its form; the failure message of make-state comes back to show', async () => {
    expect(await openTodoTarget({}, item('abc'))).toEqual(ok('/page/todo/add?todoId=abc'));
    expect(todoFormPath(null)).toBe('/page/todo/add');
    const makeState = vi.fn(async () => {
      throw new ApiError('http', '只能处理自己的待办', { status: 403 });
    });
    expect(await toggleTodo({ api: { makeState } }, item('y'))).toEqual({
      kind: 'failed',
      failure: expect.objectContaining({ kind: 'refused', message: '只能处理自己的待办' }),
      request: { matterIds: ['y'], state: 1 },
    });
    expect(approvalPathFor({ id: 'r', type: '2', tab: '1', campus: null })).toBe('/page/approvalCenter/flowApproval?FlowRunId=r&type=2&tab=1');
  });
});

describe('the form: create, update, detail, delete, complete, restore', () => {
  it('a missing name is 请输入待办名称 and nothing is sent', async () => {
    const api = { create: vi.fn(), update: vi.fn() };
    expect(await saveTodo(api, form({ name: '   ' }))).toEqual(err({ kind: 'invalid', message: '请输入待办名称' }));
    expect(TODO_NAME_REQUIRED).toBe('请输入待办名称');
    expect(api.create).not.toHaveBeenCalled();
  });

  it('creates with the deadline at minute precision and the reminder minutes; reads it back', async () => {
    const api = await todoFor('t1001');
    const deadline = new Date(2030, 4, 6, 7, 8, 59);
    let f = setTodoDeadline(form({ name: '集成测试待办', matterDescribe: '描述' }), deadline);
    f = setTodoReminder(f, true);
    f = { ...f, remindNum: 45 };
    const saved = await saveTodo(api, f);
    expect(saved.ok).toBe(true);
    const created = saved.ok ? saved.value : null;
    expect(created).toMatchObject({ name: '集成测试待办', matterDescribe: '描述', endTime: '2030-05-06T07:08:00', remindNum: 45 });
    const detail = await loadTodo(api, created!.id);
    expect(detail.endTime).toBe('2030-05-06T07:08:00');
  });

  it('with the reminder off the minutes go as null; clearing the deadline turns the reminder off', async () => {
    const api = await todoFor('t1001');
    let f = setTodoReminder(setTodoDeadline(form({ name: '无提醒' }), inDays(2)), true);
    f = setTodoDeadline(f, null);
    expect(f.remindEnabled).toBe(false);
    const saved = await saveTodo(api, f);
    expect(saved.ok && saved.value).toMatchObject({ endTime: null, remindNum: null });

    const spy = { create: vi.fn(async (body: unknown) => body as TodoItem), update: vi.fn() };
    await saveTodo(spy, setTodoDeadline(form({ name: '有截止无提醒', remindNum: 60 }), inDays(1)));
    expect(spy.create.mock.calls[0]![0]).toMatchObject({ remindNum: null });
    expect((spy.create.mock.calls[0]![0] as { endTime: string }).endTime).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:00$/);
  });

  it('updates an item by id; the server refusal (done items) comes back as the message to show', async () => {
    const api = await todoFor('t1001');
    const created = await saveTodo(api, form({ name: '待修改' }));
    const id = created.ok ? created.value.id : '';
    const updated = await saveTodo(api, form({ name: '已修改', matterDescribe: '新描述' }), id);
    expect(updated.ok && updated.value).toMatchObject({ id, name: '已修改', matterDescribe: '新描述' });

    expect(await completeTodo(api, id)).toEqual(ok('已完成1条待办'));
    expect(await saveTodo(api, form({ name: '再次修改' }), id)).toMatchObject(err({ kind: 'refused', message: '已完成的待办不能编辑' }));
    expect(await restoreTodo(api, id)).toEqual(ok('已恢复1条待办'));
    expect((await api.get(id)).todoTime).toBeNull();
  });

  it('deletes with 删除成功; a failed detail load rejects with the server message (the screen goes back)', async () => {
    const api = await todoFor('t1001');
    const created = await saveTodo(api, form({ name: '待删除' }));
    const id = created.ok ? created.value.id : '';
    expect(await deleteTodo(api, id, DELETE_SUCCESS)).toEqual(ok('删除成功'));
    await expect(loadTodo(api, id)).rejects.toMatchObject({ message: '待办不存在' });
    expect(await deleteTodo(api, id, DELETE_SUCCESS)).toMatchObject(err({ kind: 'refused', message: '待办不存在' }));
  });

  it('a network failure on save keeps the form (err with the message) for another try', async () => {
    const api = await todoFor('t1001');
    await fault({ path: '/todo-matter', method: 'POST', status: 503, message: '服务暂不可用' });
    const f = form({ name: '重试保存' });
    expect(await saveTodo(api, f)).toMatchObject(err({ kind: 'refused', message: '服务暂不可用' }));
    const again = await saveTodo(api, f);
    expect(again.ok).toBe(true);
  });

  it('an answer lost after the server saved: the same content sent again in the same sitting is saved once; changed content is a new item', async () => {
    const api = await todoFor('t1001');
    // 我创建的 (State 2), found by name.
    const mine = async (name: string) =>
      (await api.list({ State: 2, SkipCount: 0, MaxResultCount: 100, Filter: name, Sorting: 'CreationTime desc' })).items.filter((i) => i.name === name);
    // The server saves, then its answer is an HTML 502 page.
    await fault({ path: '/todo-matter', method: 'POST', answer: 'html502', times: 1 });
    const f = form({ name: '丢失应答的待办' });
    expect((await saveTodo(api, f, null, 'sitting-1')).ok).toBe(false);
    const again = await saveTodo(api, f, null, 'sitting-1');
    expect(again.ok).toBe(true);
    expect(await mine('丢失应答的待办')).toHaveLength(1);
    // The user changed the name before the retry: a new write, nothing dropped.
    await fault({ path: '/todo-matter', method: 'POST', answer: 'html502', times: 1 });
    expect((await saveTodo(api, form({ name: '改名前' }), null, 'sitting-2')).ok).toBe(false);
    expect((await saveTodo(api, form({ name: '改名后' }), null, 'sitting-2')).ok).toBe(true);
    expect(await mine('改名后')).toHaveLength(1);
    // Another sitting with the same content is another item (two alike on purpose).
    expect((await saveTodo(api, f, null, 'sitting-3')).ok).toBe(true);
    expect(await mine('丢失应答的待办')).toHaveLength(2);
  });
});

describe('attachments through the upload pipeline', () => {
  const uploaderFor = async (account: string) => {
    const client = await loginAs(sb.url, account);
    return {
      api: new HttpTodoApi(client.http),
      uploader: new HttpUploader({
        http: client.http,
        hasher: new Md5FileHasher({ createWorker: null }),
        clock: { now: () => Date.now() },
        transfer: axios.create({ baseURL: sb.url }),
      }),
    };
  };

  it('uploads a file, saves it with the to-do and reads it back', async () => {
    const { api, uploader } = await uploaderFor('t1001');
    const changes: string[] = [];
    const file = Object.assign(new Blob(['会议纪要内容'], { type: 'text/plain' }), { name: '会议纪要.txt' });
    const attachment = await uploadTodoAttachment(uploader, file, { onChange: (f) => changes.push(f.status) });
    expect(changes[0]).toBe('uploading');
    expect(changes[changes.length - 1]).toBe('done');
    expect(attachment).toMatchObject({ name: '会议纪要.txt', size: new Blob(['会议纪要内容']).size });
    expect(attachment.url).toMatch(/^\/sandbox\/files\//);

    const saved = await saveTodo(api, form({ name: '带附件', files: [attachment] }));
    const detail = await api.get(saved.ok ? saved.value.id : '');
    expect(detail.files).toHaveLength(1);
    expect(detail.files![0]).toMatchObject({ name: '会议纪要.txt', url: attachment.url });
    const bytes = await fetch(sb.url + attachment.url).then((r) => r.text());
    expect(bytes).toBe('会议纪要内容');
  });

  it('a failed upload rejects with 上传失败 after reporting the item as error; a retry with the same uid succeeds', async () => {
    const { uploader } = await uploaderFor('t1001');
    await fault({ path: '/upload-file/obs-config', status: 500 });
    const file = Object.assign(new Blob(['x'.repeat(100)], { type: 'text/plain' }), { name: '失败.txt' });
    const states: string[] = [];
    await expect(uploadTodoAttachment(uploader, file, { uid: 'u1', onChange: (f) => states.push(f.status) })).rejects.toMatchObject({
      message: UPLOAD_FAILED,
    });
    expect(UPLOAD_FAILED).toBe('上传失败');
    expect(states[states.length - 1]).toBe('error');
    const retried = await uploadTodoAttachment(uploader, file, { uid: 'u1' });
    expect(retried.name).toBe('失败.txt');
  });

  it('todoFileFromUpload keeps the stored record id, address and object key', () => {
    expect(
      todoFileFromUpload({ uid: 'u', name: 'a.pdf', size: 3, userFileId: 'f1', url: '/x/a.pdf', fileName: 'a.pdf', path: 'k/a.pdf', status: 'done', percent: 100 }),
    ).toEqual({ id: 'f1', name: 'a.pdf', size: 3, url: '/x/a.pdf', objectName: 'k/a.pdf' });
  });
});

describe('the add form draft', () => {
  it('is kept per user and read back, deadline included', () => {
    const storage = new MemoryStorage();
    const deadline = new Date(2030, 0, 2, 3, 4);
    const f = setTodoReminder(setTodoDeadline(form({ name: '草稿', matterDescribe: '描述' }), deadline), true);
    saveTodoDraft(storage, 'u1', f);
    expect(loadTodoDraft(storage, 'u2')).toBeNull();
    const back = loadTodoDraft(storage, 'u1');
    expect(back).toMatchObject({ name: '草稿', matterDescribe: '描述', remindEnabled: true, remindNum: 15 });
    expect(back!.endTime!.getTime()).toBe(deadline.getTime());
  });

  it('a blank form stores nothing, an unreadable draft is dropped, and clear removes it', () => {
    const storage = new MemoryStorage();
    saveTodoDraft(storage, 'u1', emptyTodoForm());
    expect(storage.map.size).toBe(0);
    expect(isBlankTodoForm(emptyTodoForm())).toBe(true);
    storage.set(todoDraftKey('u1'), '{not json');
    expect(loadTodoDraft(storage, 'u1')).toBeNull();
    expect(storage.map.size).toBe(0);
    saveTodoDraft(storage, 'u1', form({ name: 'x' }));
    clearTodoDraft(storage, 'u1');
    expect(storage.map.size).toBe(0);
  });

  it('lives under the session draft prefix: signing out forgets it, an expired session keeps it', async () => {
    const storage = new MemoryStorage();
    const deps = {
      hub: { stop: async () => undefined },
      tokens: { get: () => null, set: () => undefined, clear: () => undefined },
      storage,
      searchHistory: { clear: () => undefined } as never,
    };
    saveTodoDraft(storage, 'u1', form({ name: 'x' }));
    expect(todoDraftKey('u1').startsWith(USER_DRAFT_KEY_PREFIX)).toBe(true);
    await clearSession(deps, 'u1', { forgetUserData: false });
    expect(loadTodoDraft(storage, 'u1')?.name).toBe('x');
    await clearSession(deps, 'u1', { forgetUserData: true });
    expect(loadTodoDraft(storage, 'u1')).toBeNull();
  });

  it('a storage that throws never breaks the form', () => {
    const broken: KeyValueStorage = {
      get: () => {
        throw new Error('denied');
      },
      set: () => {
        throw new Error('quota');
      },
      remove: () => {
        throw new Error('denied');
      },
      keys: () => [],
    };
    expect(() => saveTodoDraft(broken, 'u', form({ name: 'x' }))).not.toThrow();
    expect(loadTodoDraft(broken, 'u')).toBeNull();
    expect(() => clearTodoDraft(broken, 'u')).not.toThrow();
  });
});
