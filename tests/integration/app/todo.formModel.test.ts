/**
 * The to-do form's screen model (application/todo/formModel.ts) in fork() scopes,
 * against the sandbox: no React. Loading, the draft, uploads, validation, the one busy
 * action, and what the user is told.
 */
import { allSettled, fork } from 'effector';
import { describe, expect, it, vi } from 'vitest';
import { testSandbox } from '../testSandbox';
import { HttpTodoApi } from '../../../infrastructure/todo/todoApi';
import type { Notifier } from '../../../application/ports/runtime';
import { createTodoFormModel } from '../../../application/todo/formModel';
import { saveTodo, todoDraftKey } from '../../../application/todo/useCases';
import { emptyTodoForm } from '../../../domain/todo/form';
import { FILE_CHECK_STATUS } from '../../../domain/forms/messages';
import { ApiError } from '../../../application/ports/errors';
import type { TodoApi } from '../../../application/todo/ports';
import { loginAs } from '../contract/support/partA';
import type { OfflineQueue } from '../../../application/offline/outboxModel';
import { todoOutboxSenders } from '../../../application/todo/outboxKinds';
import { OUTBOX_QUEUED } from '../../../domain/offline';
import { USER } from '../../../sandbox/seed/ids';
import { offlineDevice } from './offline.fixtures';
import type { Uploader } from '../../../application/ports/upload';
import { createMemoryStorage, fakeUploader, file } from './forms.fixtures';

const sb = testSandbox();

const notifier = (): Notifier & { said: string[] } => {
  const said: string[] = [];
  return {
    said,
    success: (t) => void said.push(`ok:${t}`),
    fail: (t) => void said.push(`fail:${t}`),
    info: (t) => void said.push(`info:${t}`),
    confirm: vi.fn(async () => true),
  };
};

const setup = async (todoId: string | null, over: Partial<{ api: TodoApi; offline: OfflineQueue; uploader: Uploader }> = {}) => {
  const c = await loginAs(sb.url, 't1001');
  const api = over.api ?? new HttpTodoApi(c.http);
  const storage = createMemoryStorage();
  const up = fakeUploader();
  const n = notifier();
  const navigator = { go: vi.fn(), leave: vi.fn(), returnTo: vi.fn() };
  let uid = 0;
  const model = createTodoFormModel({ api, uploader: over.uploader ?? up.uploader, storage, notifier: n, navigator, userId: c.userId, todoId, newUid: () => `u${uid++}`, ...(over.offline ? { offline: over.offline } : {}) });
  return { model, api, storage, up, n, navigator, userId: c.userId, scope: fork() };
};

describe('the to-do form model', () => {
  it('keeps the add form as a draft on every change, validates with the spec, saves, clears the draft and leaves', async () => {
    const { model, storage, n, navigator, userId, scope } = await setup(null);
    await allSettled(model.fieldsChanged, { scope, params: { patch: { name: '   ' } } });
    expect(storage.get(todoDraftKey(userId))).not.toBeNull();
    await allSettled(model.actionRequested, { scope, params: 'save' });
    expect(scope.getState(model.$errors).name).toBe('请输入待办名称');
    expect(navigator.returnTo).not.toHaveBeenCalled();
    await allSettled(model.fieldsChanged, { scope, params: { patch: { name: '备课' }, clears: 'name' } });
    expect(scope.getState(model.$errors).name).toBeUndefined();
    await allSettled(model.actionRequested, { scope, params: 'save' });
    expect(n.said).toEqual(['ok:保存成功']);
    expect(storage.get(todoDraftKey(userId))).toBeNull();
    expect(navigator.returnTo).toHaveBeenCalledWith(1, '/page/todo');
    expect(scope.getState(model.$busy)).toBeNull();
  });

  it('a failed save tells the server message, keeps the input and frees the button', async () => {
    const failing = { create: vi.fn(async () => Promise.reject(new ApiError('http', '服务暂不可用', { status: 503 }))) } as unknown as TodoApi;
    const { model, n, navigator, scope } = await setup(null, { api: failing });
    await allSettled(model.fieldsChanged, { scope, params: { patch: { name: '写周报' } } });
    await allSettled(model.actionRequested, { scope, params: 'save' });
    expect(n.said).toEqual(['fail:服务暂不可用']);
    expect(scope.getState(model.$form).name).toBe('写周报');
    expect(scope.getState(model.$busy)).toBeNull();
    expect(navigator.returnTo).not.toHaveBeenCalled();
  });

  it('an ended session is not told: the login page is where the app goes', async () => {
    const ended = { create: vi.fn(async () => Promise.reject(new ApiError('unauthorized', '请求失败', { status: 401 }))) } as unknown as TodoApi;
    const { model, n, scope } = await setup(null, { api: ended });
    await allSettled(model.fieldsChanged, { scope, params: { patch: { name: '写周报' } } });
    await allSettled(model.actionRequested, { scope, params: 'save' });
    expect(n.said).toEqual([]);
  });

  it('uploads through the queue: progress, done into the files, a failure told and retried; save waits for uploads', async () => {
    const { model, up, n, scope } = await setup(null);
    await allSettled(model.fieldsChanged, { scope, params: { patch: { name: '附件待办' } } });
    await allSettled(model.filesPicked, { scope, params: [file('a.pdf'), file('b.pdf')] });
    expect(scope.getState(model.$uploads).map((r) => [r.uid, r.status])).toEqual([
      ['u0', 'uploading'],
      ['u1', 'uploading'],
    ]);
    await allSettled(model.actionRequested, { scope, params: 'save' });
    expect(n.said).toEqual([`fail:${FILE_CHECK_STATUS}`]);
    up.finish(0);
    up.failAt(1);
    await vi.waitFor(() => expect(scope.getState(model.$uploads).map((r) => [r.uid, r.status])).toEqual([['u1', 'error']]));
    expect(scope.getState(model.$form).files.map((f) => f.name)).toEqual(['a.pdf']);
    expect(n.said).toContain('fail:上传失败');
    expect(model.canRetry('u1')).toBe(true);
    await allSettled(model.uploadRetried, { scope, params: 'u1' });
    expect(up.uploads).toHaveLength(3);
    up.finish(2);
    await vi.waitFor(() => expect(scope.getState(model.$uploads)).toEqual([]));
    expect(scope.getState(model.$form).files.map((f) => f.name)).toEqual(['a.pdf', 'b.pdf']);
  });

  it('opens an item; complete reloads it read-only; delete asks first and leaves', async () => {
    const c = await setup(null);
    const created = await saveTodo(c.api, { ...emptyTodoForm(), name: '读书' });
    if (!created.ok) throw new Error('seed');
    const { model, n, navigator, scope } = await setup(created.value.id);
    await allSettled(model.opened, { scope });
    expect(scope.getState(model.$loading)).toBe(false);
    expect(scope.getState(model.$form).name).toBe('读书');
    expect(scope.getState(model.$actions)).toContain('complete');
    await allSettled(model.actionRequested, { scope, params: 'complete' });
    expect(n.said).toEqual(['ok:已完成1条待办']);
    expect(scope.getState(model.$readOnly)).toBe(true);
    await allSettled(model.actionRequested, { scope, params: 'delete' });
    expect(n.said).toEqual(['ok:已完成1条待办', 'ok:删除成功']);
    expect(navigator.returnTo).toHaveBeenCalledWith(1, '/page/todo');
  });

  it('a failed load is told and leaves the page', async () => {
    const { model, n, navigator, scope } = await setup('no-such-id');
    await allSettled(model.opened, { scope });
    expect(n.said.length).toBe(1);
    expect(n.said[0]).toMatch(/^fail:/);
    expect(navigator.leave).toHaveBeenCalledTimes(1);
  });

  it('one action at a time: a second tap while one runs is ignored', async () => {
    let release: () => void = () => undefined;
    const slow = {
      create: vi.fn(() => new Promise((resolve) => (release = () => resolve({ id: '1', name: 'x' })))),
    } as unknown as TodoApi;
    const { model, scope } = await setup(null, { api: slow });
    await allSettled(model.fieldsChanged, { scope, params: { patch: { name: '一次' } } });
    const first = allSettled(model.actionRequested, { scope, params: 'save' });
    await vi.waitFor(() => expect(slow.create).toHaveBeenCalledTimes(1));
    expect(scope.getState(model.$busy)).toBe('save');
    // allSettled waits for the whole scope, the first save included: started, not awaited.
    const second = allSettled(model.actionRequested, { scope, params: 'save' });
    release();
    await Promise.all([first, second]);
    expect(slow.create).toHaveBeenCalledTimes(1);
  });

  it('保存 with the phone offline: kept with the key of its content, the draft gone and the form left; the network back creates it once', async () => {
    const real = new HttpTodoApi((await loginAs(sb.url, 't1001')).http);
    const device = offlineDevice(USER.t1001, (net) =>
      todoOutboxSenders({ makeState: (r, o) => net.guard(() => real.makeState(r, o)), create: (b, o) => net.guard(() => real.create(b, o)), update: (i, b, o) => net.guard(() => real.update(i, b, o)) }),
    );
    const create = vi.spyOn(real, 'create');
    const { model, storage, n, navigator, userId, scope } = await setup(null, { api: real, offline: device.offline });
    await allSettled(device.outboxModel.started, { scope });
    await allSettled(model.fieldsChanged, { scope, params: { patch: { name: '地下室里记的待办', matterDescribe: '回到地面再发' } } });
    await allSettled(model.actionRequested, { scope, params: 'save' });
    expect(create).not.toHaveBeenCalled();
    expect(n.said).toEqual([]);
    expect(device.notifier.said).toEqual([`info:${OUTBOX_QUEUED}`]);
    expect(storage.get(todoDraftKey(userId))).toBeNull();
    expect(navigator.returnTo).toHaveBeenCalledWith(1, '/page/todo');
    const [kept] = scope.getState(device.outboxModel.$entries);
    expect(kept).toMatchObject({ kind: 'todo.save', label: '地下室里记的待办（保存）', text: '回到地面再发', state: 'waiting' });

    device.backOnline();
    await allSettled(scope);
    expect(create).toHaveBeenCalledOnce();
    expect(create.mock.calls[0]?.[1]).toEqual({ idempotencyKey: kept!.id });
    const mine = await real.list({ State: 2, SkipCount: 0, MaxResultCount: 100, Sorting: 'CreationTime desc', Filter: '地下室里记的待办' });
    expect(mine.items.filter((i) => i.name === '地下室里记的待办')).toHaveLength(1);
    device.outboxModel.dispose();
  });

  it('an attachment picked offline waits (待上传, no toast); 保存 is kept with its bytes even once the network is back, and it goes up before the item is created', async () => {
    const real = new HttpTodoApi((await loginAs(sb.url, 't1001')).http);
    const uploaded: string[] = [];
    // Called only once the phone below exists: its network decides.
    const uploader: Uploader = {
      upload: async (f) => {
        if (device.net.down) throw new ApiError('network', '');
        uploaded.push(`${f.name}:${(await f.text()).length}`);
        return { uid: f.name, name: f.name, size: f.size, status: 'done', percent: 100, url: `/f/${f.name}`, fileName: f.name, path: `obj/${f.name}`, userFileId: `uf-${f.name}` };
      },
    };
    const device = offlineDevice(USER.t1001, (phoneNet) =>
      todoOutboxSenders(
        { makeState: (r, o) => phoneNet.guard(() => real.makeState(r, o)), create: (b, o) => phoneNet.guard(() => real.create(b, o)), update: (i, b, o) => phoneNet.guard(() => real.update(i, b, o)) },
        uploader,
      ),
    );
    const create = vi.spyOn(real, 'create');
    const { model, n, scope } = await setup(null, { api: real, offline: device.offline, uploader });
    await allSettled(device.outboxModel.started, { scope });
    await allSettled(model.fieldsChanged, { scope, params: { patch: { name: '带附件的离线待办', matterDescribe: '附件在地下室拍的' } } });
    await allSettled(model.filesPicked, { scope, params: [file('现场照片.jpg')] });
    await vi.waitFor(() => expect(scope.getState(model.$uploads).map((r) => r.status)).toEqual(['waiting']));
    expect(n.said).toEqual([]);

    device.net.down = false;
    await allSettled(model.actionRequested, { scope, params: 'save' });
    await allSettled(scope);
    expect(n.said).toEqual([]);
    expect(uploaded).toHaveLength(1);
    expect(uploaded[0]).toMatch(/^现场照片\.jpg:/);
    expect(create).toHaveBeenCalledOnce();
    expect(create.mock.calls[0]![0].files).toEqual([expect.objectContaining({ id: 'uf-现场照片.jpg', name: '现场照片.jpg', objectName: 'obj/现场照片.jpg' })]);
    expect(scope.getState(device.outboxModel.$entries).map((e) => e.state)).toEqual(['sent']);
    device.outboxModel.dispose();
  });
});
