/**
 * The action screen's model (application/approval/actionModel.ts) in fork() scopes,
 * against the sandbox and with fakes: no React. What it loads, the opinion and its draft,
 * the attachments through the upload queue (stopped with the model), the checks in the
 * spec's order, the signature step, the one submission and its one success path.
 */
import { allSettled, fork } from 'effector';
import { describe, expect, it, vi } from 'vitest';
import { testSandbox } from '../testSandbox';
import {
  actionDraftKey,
  createActionModel,
  createApprovalHandOff,
  handOffIdentity,
  loadApprovalPage,
  loadRun,
  restoreActionDraft,
  storeActionDraft,
  type ActionSession,
} from '../../../application/approval';
import type { ApprovalApi } from '../../../application/approval/ports';
import { ApiError } from '../../../application/ports/errors';
import type { KeyValueStorage } from '../../../application/ports/runtime';
import type { Uploader } from '../../../application/ports/upload';
import type { NextNodeData } from '../../../domain/approval';
import { HttpApprovalApi } from '../../../infrastructure/approval/approvalApi';
import { loginAs } from '../contract/support/partB';
import { recordingNavigator, recordingNotifier } from './approval.fixtures';
import { createMemoryStorage, fakeUploader, file } from './forms.fixtures';
import type { OfflineQueue } from '../../../application/offline/outboxModel';
import { approvalOutboxSenders } from '../../../application/approval/outboxKinds';
import { OUTBOX_QUEUED } from '../../../domain/offline';
import { offlineDevice } from './offline.fixtures';

const sb = testSandbox();

const END: NextNodeData = { flowNodes: [{ id: 'end', name: '结束', type: 4, isSelect: false, isAuto: false, handlers: [] }], sends: [], sendIsSelect: false, isMark: false };

const session = (over: Partial<ActionSession> = {}): ActionSession => ({
  actionType: 0,
  runId: 'r',
  code: 'leave',
  appId: 'a',
  title: '王老师的请假申请',
  flowRunPrcsId: 'p',
  formData: {},
  isSign: false,
  isMark: false,
  draftKey: 'formDraft:u1:run:r',
  submissionId: 'sub-1',
  ...over,
});

const TWO_STEPS = [
  { value: 'start', name: '发起人' },
  { value: 'dept', name: '部门审批' },
];

/** An api answering the action screen's loads (agree: END; return: one step). */
const fakeApi = (over: Partial<Record<keyof ApprovalApi, unknown>> = {}): ApprovalApi =>
  ({
    nextNodes: vi.fn(async () => END),
    returnNodes: vi.fn(async () => [{ value: 'start', name: '发起人' }]),
    quickFeedback: vi.fn(async () => [{ content: '同意' }, { content: '情况属实，同意' }]),
    isNodeAuto: vi.fn(),
    handle: vi.fn(async () => undefined),
    ...over,
  }) as unknown as ApprovalApi;

const setup = (opts: { api?: ApprovalApi; handed?: ActionSession | null; storage?: KeyValueStorage; uploader?: Uploader; backCount?: unknown; offline?: OfflineQueue } = {}) => {
  const storage = opts.storage ?? createMemoryStorage();
  const handOff = createApprovalHandOff(storage, 'u1');
  const handed = opts.handed === undefined ? session() : opts.handed;
  if (handed) handOff.handOver(handed);
  const up = fakeUploader();
  const notifier = recordingNotifier();
  const navigator = recordingNavigator();
  let uid = 0;
  const api = opts.api ?? fakeApi();
  const make = () =>
    createActionModel({
      api,
      uploader: opts.uploader ?? up.uploader,
      storage,
      notifier,
      navigator,
      handOff,
      userId: 'u1',
      backCount: opts.backCount ?? null,
      newUid: () => `u${uid++}`,
      log: () => undefined,
      ...(opts.offline ? { offline: opts.offline } : {}),
    });
  return { model: make(), make, api, storage, handOff, up, notifier, navigator, scope: fork() };
};

describe('the action model', () => {
  it('without a session handed over there is nothing to act on', () => {
    const { model } = setup({ handed: null });
    expect(model.session).toBeNull();
    expect(model.view).toBeNull();
  });

  it('agree loads the next nodes and the quick opinions; the title and the chooser scope come from the session', async () => {
    const { model, scope } = setup();
    expect(model.view?.title).toBe('同意');
    expect(model.scope).toBe(handOffIdentity(session()));
    await allSettled(model.opened, { scope });
    expect(scope.getState(model.$data)?.quickOpinions.map((q) => q.name)).toEqual(['同意', '情况属实，同意']);
    expect(scope.getState(model.$selection)?.nodeId).toBe('end');
    expect(scope.getState(model.$opinionRequired)).toBe(false);
  });

  it('a load that fails shows its message in place', async () => {
    const api = fakeApi({ nextNodes: vi.fn(async () => ({ ...END, flowNodes: [] })) });
    const { model, scope } = setup({ api });
    await allSettled(model.opened, { scope });
    expect(scope.getState(model.$error)).toBe('无符合条件的办理节点，请确认流程设置是否正确');
  });

  it('the opinion loses its spaces, takes a quick opinion whole or not at all, and stays on the device', async () => {
    const { model, scope, storage } = setup();
    await allSettled(model.opened, { scope });
    await allSettled(model.opinionTyped, { scope, params: '同 意 ' });
    expect(scope.getState(model.$opinion)).toBe('同意');
    await allSettled(model.quickOpinionPicked, { scope, params: '情况属实' });
    expect(scope.getState(model.$opinion)).toBe('同意情况属实');
    await allSettled(model.opinionTyped, { scope, params: 'x'.repeat(199) });
    await allSettled(model.quickOpinionPicked, { scope, params: '已阅' });
    expect(scope.getState(model.$opinion)).toHaveLength(199);
    expect(restoreActionDraft(storage, actionDraftKey('u1', session())).opinion).toHaveLength(199);
  });

  it('a reload finds the opinion, the attachments done and the return step again', async () => {
    const storage = createMemoryStorage();
    const handed = session({ actionType: 2 });
    storeActionDraft(storage, actionDraftKey('u1', handed), { opinion: '请补充', files: [{ name: 'a.txt', fileUrl: '/f/a.txt', path: 'a.txt' }], returnNodeId: 'start' });
    const { model, scope } = setup({ storage, handed, api: fakeApi() });
    await allSettled(model.opened, { scope });
    expect(scope.getState(model.$opinion)).toBe('请补充');
    expect(scope.getState(model.$attachments).map((a) => [a.name, a.status])).toEqual([['a.txt', 'done']]);
    expect(scope.getState(model.$returnNodeId)).toBe('start');
  });

  it('a single return step is chosen already; of two, none is until the user chooses', async () => {
    const one = setup({ handed: session({ actionType: 2 }) });
    await allSettled(one.model.opened, { scope: one.scope });
    expect(one.scope.getState(one.model.$returnNodeId)).toBe('start');
    const two = setup({ handed: session({ actionType: 2 }), api: fakeApi({ returnNodes: vi.fn(async () => TWO_STEPS) }) });
    await allSettled(two.model.opened, { scope: two.scope });
    expect(two.scope.getState(two.model.$returnNodeId)).toBeNull();
  });

  it('the checks in the spec order: 请选择退回节点！ then 请填写审批意见！, told and shown on the field until it changes', async () => {
    const { model, scope, notifier, api } = setup({ handed: session({ actionType: 2 }), api: fakeApi({ returnNodes: vi.fn(async () => TWO_STEPS) }) });
    await allSettled(model.opened, { scope });
    await allSettled(model.confirmed, { scope });
    expect(scope.getState(model.$problem)).toMatchObject({ field: 'return', message: '请选择退回节点！' });
    await allSettled(model.returnNodeChosen, { scope, params: 'start' });
    expect(scope.getState(model.$problem)).toBeNull();
    await allSettled(model.confirmed, { scope });
    expect(scope.getState(model.$problem)).toMatchObject({ field: 'opinion', message: '请填写审批意见！' });
    expect(notifier.said).toEqual(['fail:请选择退回节点！', 'fail:请填写审批意见！']);
    expect(api.handle).not.toHaveBeenCalled();
  });

  it('attachments go up through the queue: progress, done with their reference, a failure told and retried; the confirm waits for them', async () => {
    const { model, scope, up, notifier, api } = setup();
    await allSettled(model.opened, { scope });
    await allSettled(model.filesPicked, { scope, params: [file('证明.pdf'), file('b.pdf')] });
    expect(scope.getState(model.$attachments).map((a) => [a.uid, a.status])).toEqual([
      ['u0', 'uploading'],
      ['u1', 'uploading'],
    ]);
    await allSettled(model.confirmed, { scope });
    expect(notifier.said).toEqual(['fail:请检查文件上传状态']);
    up.finish(0);
    up.failAt(1);
    await vi.waitFor(() => expect(scope.getState(model.$attachments).map((a) => a.status)).toEqual(['done', 'error']));
    expect(scope.getState(model.$attachments)[0]!.ref).toMatchObject({ name: '证明.pdf', suffix: 'pdf', fileUrl: '/sandbox/files/up/证明.pdf' });
    expect(notifier.said).toContain('fail:上传失败');
    expect(model.canRetry('u1')).toBe(true);
    await allSettled(model.uploadRetried, { scope, params: 'u1' });
    up.finish(2);
    await vi.waitFor(() => expect(scope.getState(model.$attachments).map((a) => a.status)).toEqual(['done', 'done']));
    await allSettled(model.opinionTyped, { scope, params: '同意' });
    await allSettled(model.confirmed, { scope });
    expect(api.handle).toHaveBeenCalledWith(expect.objectContaining({ mark: '同意' }), { idempotencyKey: 'sub-1' });
    const body = vi.mocked(api.handle).mock.calls[0]![0] as { files?: Array<{ name: string }> };
    expect(JSON.stringify(body)).toContain('证明.pdf');
  });

  it('uploads stop when the screen goes (the model is dropped)', async () => {
    const { model, scope, up } = setup();
    await allSettled(model.opened, { scope });
    await allSettled(model.filesPicked, { scope, params: [file('a.pdf')] });
    const signal = up.uploads[0]!.opts.signal!;
    expect(signal.aborted).toBe(false);
    model.dispose();
    expect(signal.aborted).toBe(true);
  });

  it('a removed attachment stops its upload and leaves the list', async () => {
    const { model, scope, up } = setup();
    await allSettled(model.opened, { scope });
    await allSettled(model.filesPicked, { scope, params: [file('a.pdf')] });
    await allSettled(model.fileRemoved, { scope, params: 'u0' });
    expect(up.uploads[0]!.opts.signal!.aborted).toBe(true);
    expect(scope.getState(model.$attachments)).toEqual([]);
  });

  it('a signing step opens the signature sheet first; the signature goes up and with the handling', async () => {
    const uploaded: string[] = [];
    const uploader: Uploader = {
      upload: async (f) => {
        uploaded.push(f.name);
        return { uid: 's', name: f.name, size: f.size, status: 'done', percent: 100, url: '/f/sig.png', fileName: f.name, path: 'obj/sig.png' };
      },
    };
    const { model, scope, api } = setup({ handed: session({ isSign: true }), uploader });
    await allSettled(model.opened, { scope });
    await allSettled(model.confirmed, { scope });
    expect(scope.getState(model.$signing)).toBe(true);
    expect(api.handle).not.toHaveBeenCalled();
    await allSettled(model.signed, { scope, params: new Blob([new Uint8Array([137, 80, 78, 71])], { type: 'image/png' }) });
    expect(uploaded).toEqual(['signature.png']);
    expect(api.handle).toHaveBeenCalledWith(expect.objectContaining({ autographPath: '/f/sig.png', autographObject: 'obj/sig.png' }), { idempotencyKey: 'sub-1' });
    expect(scope.getState(model.$signing)).toBe(false);
  });

  it('success: 操作成功, the session, its opinion draft and the form draft forgotten, back by backCount', async () => {
    const { model, scope, notifier, navigator, handOff, storage } = setup({ handed: session({ actionType: 1 }), backCount: '2' });
    storage.set('formDraft:u1:run:r', '{}');
    await allSettled(model.opened, { scope });
    await allSettled(model.opinionTyped, { scope, params: '时间冲突' });
    expect(storage.get(actionDraftKey('u1', session({ actionType: 1 })))).not.toBeNull();
    await allSettled(model.confirmed, { scope });
    expect(notifier.said).toEqual(['ok:操作成功']);
    expect(navigator.returnTo).toHaveBeenCalledWith(2, '/page/approvalCenter?tab=2');
    expect(handOff.action()).toBeNull();
    expect(storage.get(actionDraftKey('u1', session({ actionType: 1 })))).toBeNull();
    expect(storage.get('formDraft:u1:run:r')).toBeNull();
  });

  describe('without a network (the outbox)', () => {
    it('退回 with the phone offline is kept with the session key: the draft goes, the screen leaves, the network back sends it once', async () => {
      const api = fakeApi();
      const device = offlineDevice('u1', (net) => approvalOutboxSenders({ ...api, handle: (b, o) => net.guard(() => api.handle(b, o)) } as ApprovalApi));
      const { model, scope, notifier, navigator, handOff, storage } = setup({ api, handed: session({ actionType: 2 }), offline: device.offline });
      await allSettled(device.outboxModel.started, { scope });
      await allSettled(model.opened, { scope });
      await allSettled(model.opinionTyped, { scope, params: '材料不全，请补充' });
      await allSettled(model.confirmed, { scope });
      expect(api.handle).not.toHaveBeenCalled();
      expect(notifier.said).toEqual([]);
      expect(device.notifier.said).toEqual([`info:${OUTBOX_QUEUED}`]);
      expect(navigator.returnTo).toHaveBeenCalledWith(2, expect.any(String));
      expect(handOff.action()).toBeNull();
      expect(storage.get(actionDraftKey('u1', session({ actionType: 2 })))).toBeNull();
      const [kept] = scope.getState(device.outboxModel.$entries);
      expect(kept).toMatchObject({ id: 'sub-1', target: 'run:r', label: '王老师的请假申请（退回）', text: '材料不全，请补充' });

      device.backOnline();
      await allSettled(scope);
      expect(api.handle).toHaveBeenCalledOnce();
      expect(api.handle).toHaveBeenCalledWith(expect.objectContaining({ flowRunPrcsId: 'p', type: 2, mark: '材料不全，请补充', flowNodeId: 'start' }), { idempotencyKey: 'sub-1' });
      expect(scope.getState(device.outboxModel.$entries).map((e) => e.state)).toEqual(['sent']);
    });

    it('退回 offline that the outbox cannot take (its code not on the phone yet): told, the screen, its opinion and its draft stay; 确认 again keeps it and leaves', async () => {
      const api = fakeApi();
      const device = offlineDevice('u1', (net) => approvalOutboxSenders({ ...api, handle: (b, o) => net.guard(() => api.handle(b, o)) } as ApprovalApi));
      const { model, scope, notifier, navigator, handOff, storage } = setup({ api, handed: session({ actionType: 2 }), offline: device.offline });
      await allSettled(model.opened, { scope });
      await allSettled(model.opinionTyped, { scope, params: '材料不全，请补充' });
      const write = vi.spyOn(device.store, 'write').mockRejectedValueOnce(new ApiError('network', '网络不可用'));
      await allSettled(model.confirmed, { scope });
      expect(api.handle).not.toHaveBeenCalled();
      expect(device.notifier.said).toEqual(['fail:网络不可用']);
      expect(notifier.said).toEqual([]);
      expect(navigator.returnTo).not.toHaveBeenCalled();
      expect(handOff.action()).not.toBeNull();
      expect(scope.getState(model.$opinion)).toBe('材料不全，请补充');
      expect(storage.get(actionDraftKey('u1', session({ actionType: 2 })))).not.toBeNull();
      expect(scope.getState(model.$busy)).toBe(false);
      expect(scope.getState(device.outboxModel.$entries)).toEqual([]);

      await allSettled(model.confirmed, { scope });
      expect(write).toHaveBeenCalledTimes(2);
      expect(device.notifier.said).toEqual(['fail:网络不可用', `info:${OUTBOX_QUEUED}`]);
      expect(navigator.returnTo).toHaveBeenCalledWith(2, expect.any(String));
      expect(handOff.action()).toBeNull();
      expect(scope.getState(device.outboxModel.$entries)).toMatchObject([{ id: 'sub-1', target: 'run:r', text: '材料不全，请补充', state: 'waiting' }]);
    });

    it('an attempt made online whose answer is lost stays on the screen (its own retry)', async () => {
      const handle = vi.fn(async () => Promise.reject(new ApiError('network', '')));
      const api = fakeApi({ handle });
      const device = offlineDevice('u1', () => approvalOutboxSenders(api));
      device.net.down = false;
      const plain = setup({ api, offline: device.offline });
      await allSettled(plain.model.opened, { scope: plain.scope });
      await allSettled(plain.model.confirmed, { scope: plain.scope });
      expect(handle).toHaveBeenCalledOnce();
      expect(plain.notifier.said).toEqual(['fail:网络不可用，请检查网络后重试']);
      expect(plain.navigator.returnTo).not.toHaveBeenCalled();
      expect(plain.scope.getState(device.outboxModel.$entries)).toEqual([]);
    });

    /** An uploader that fails with no network while the phone's network is down, and records what went up. */
    const phoneUploader = (net: { down: boolean }) => {
      const uploaded: Array<{ name: string; bytes: number[] }> = [];
      const uploader: Uploader = {
        upload: async (f) => {
          if (net.down) throw new ApiError('network', '');
          uploaded.push({ name: f.name, bytes: [...new Uint8Array(await f.arrayBuffer())] });
          return { uid: f.name, name: f.name, size: f.size, status: 'done', percent: 100, url: `/f/${f.name}`, fileName: f.name, path: `obj/${f.name}` };
        },
      };
      return { uploader, uploaded };
    };

    /**
     * A phone with no network, its outbox sending through a fake api (its handle needs the
     * network) and a phoneUploader on the same network, which the screen uploads through too.
     */
    const phoneWithUploader = () => {
      const api = fakeApi();
      const made: { up?: ReturnType<typeof phoneUploader> } = {};
      const device = offlineDevice('u1', (net) => {
        made.up = phoneUploader(net);
        return approvalOutboxSenders({ ...api, handle: (b, o) => net.guard(() => api.handle(b, o)) } as ApprovalApi, made.up.uploader);
      });
      if (!made.up) throw new Error('offlineDevice makes its senders at once');
      return { api, device, up: made.up };
    };

    it('a step with a signature, offline: the signature drawn is kept with the entry and goes up first when the network is back, then the handling with it, once', async () => {
      const { api, device, up } = phoneWithUploader();
      const { model, scope, notifier, navigator } = setup({ api, handed: session({ isSign: true, submissionId: 'sub-2' }), offline: device.offline, uploader: up.uploader });
      await allSettled(device.outboxModel.started, { scope });
      await allSettled(model.opened, { scope });
      await allSettled(model.confirmed, { scope });
      expect(scope.getState(model.$signing)).toBe(true);
      await allSettled(model.signed, { scope, params: new Blob([new Uint8Array([137, 80, 78, 71])], { type: 'image/png' }) });
      expect(notifier.said).toEqual([]);
      expect(scope.getState(model.$signing)).toBe(false);
      expect(navigator.returnTo).toHaveBeenCalledOnce();
      const [kept] = scope.getState(device.outboxModel.$entries);
      expect(kept).toMatchObject({ id: 'sub-2', state: 'waiting' });
      expect(api.handle).not.toHaveBeenCalled();
      // Survives the store's structured clone (IndexedDB): the bytes are kept as they were drawn.
      expect([...new Uint8Array(((await device.store.read('u1'))[0]!.payload as { signature: { bytes: ArrayBuffer } }).signature.bytes)]).toEqual([137, 80, 78, 71]);

      device.backOnline();
      await allSettled(scope);
      expect(up.uploaded).toEqual([{ name: 'signature.png', bytes: [137, 80, 78, 71] }]);
      expect(api.handle).toHaveBeenCalledOnce();
      expect(api.handle).toHaveBeenCalledWith(expect.objectContaining({ autographPath: '/f/signature.png', autographObject: 'obj/signature.png' }), { idempotencyKey: 'sub-2' });
      expect(scope.getState(device.outboxModel.$entries).map((e) => e.state)).toEqual(['sent']);
    });

    it('an attachment picked offline waits on the phone (待上传, no toast); the 确认 is kept with its bytes, and they go up before the handling, beside the one uploaded before', async () => {
      const { api, device, up } = phoneWithUploader();
      const { model, scope, notifier } = setup({ api, offline: device.offline, uploader: up.uploader });
      await allSettled(device.outboxModel.started, { scope });
      await allSettled(model.opened, { scope });
      device.net.down = false;
      await allSettled(model.filesPicked, { scope, params: [file('早到的.pdf')] });
      device.net.down = true;
      await allSettled(model.filesPicked, { scope, params: [file('病假证明.pdf')] });
      await vi.waitFor(() => expect(scope.getState(model.$attachments).map((r) => r.status)).toEqual(['done', 'waiting']));
      expect(notifier.said).toEqual([]);
      // 重试 while still offline: it waits again.
      expect(model.canRetry('u1')).toBe(true);
      await allSettled(model.uploadRetried, { scope, params: 'u1' });
      await vi.waitFor(() => expect(scope.getState(model.$attachments)[1]!.status).toBe('waiting'));

      // The network is back before the 确认: it is kept all the same, and sent at once, the file first.
      device.net.down = false;
      await allSettled(model.opinionTyped, { scope, params: '附件为病假证明' });
      await allSettled(model.confirmed, { scope });
      await allSettled(scope);
      expect(notifier.said).toEqual([]);
      expect(up.uploaded.map((u) => u.name)).toEqual(['早到的.pdf', '病假证明.pdf']);
      expect(api.handle).toHaveBeenCalledOnce();
      const body = (api.handle as ReturnType<typeof vi.fn>).mock.calls[0]![0] as { files: Array<{ name: string; path?: string }> };
      expect(body.files.map((f) => [f.name, f.path])).toEqual([
        ['早到的.pdf', 'obj/早到的.pdf'],
        ['病假证明.pdf', 'obj/病假证明.pdf'],
      ]);
      expect(scope.getState(device.outboxModel.$entries).map((e) => e.state)).toEqual(['sent']);
    });

    it('a file waiting on the phone whose bytes are gone (the model was dropped meanwhile) is not kept: 请检查文件上传状态, and the 确认 stays on the screen', async () => {
      const { api, device, up } = phoneWithUploader();
      const { model, scope, notifier, navigator, handOff } = setup({ api, offline: device.offline, uploader: up.uploader });
      await allSettled(device.outboxModel.started, { scope });
      await allSettled(model.opened, { scope });
      await allSettled(model.filesPicked, { scope, params: [file('病假证明.pdf')] });
      await vi.waitFor(() => expect(scope.getState(model.$attachments).map((r) => r.status)).toEqual(['waiting']));
      // Dropping the model stops its upload queue, which forgets the bytes; the row still says 待上传.
      model.dispose();
      expect(model.canRetry('u0')).toBe(false);

      await allSettled(model.confirmed, { scope });
      expect(notifier.said).toEqual(['fail:请检查文件上传状态']);
      expect(device.notifier.said).toEqual([]);
      expect(scope.getState(device.outboxModel.$entries)).toEqual([]);
      expect(await device.store.read('u1')).toEqual([]);
      expect(api.handle).not.toHaveBeenCalled();
      expect(navigator.returnTo).not.toHaveBeenCalled();
      expect(handOff.action()).toMatchObject({ runId: 'r' });
      expect(scope.getState(model.$attachments).map((r) => r.status)).toEqual(['waiting']);
      expect(up.uploaded).toEqual([]);
    });

    it('without an outbox an upload with no network fails as before (上传失败, told), and the 确认 waits for it', async () => {
      const net = { down: true };
      const { uploader } = phoneUploader(net);
      const { model, scope, notifier, api } = setup({ uploader });
      await allSettled(model.opened, { scope });
      await allSettled(model.filesPicked, { scope, params: [file('a.pdf')] });
      await vi.waitFor(() => expect(scope.getState(model.$attachments)[0]!.status).toBe('error'));
      await allSettled(model.confirmed, { scope });
      expect(notifier.said).toEqual(['fail:网络不可用，请检查网络后重试', 'fail:请检查文件上传状态']);
      expect(api.handle).not.toHaveBeenCalled();
    });
  });

  it('a failure is told; the opinion, the session and the button stay; a second tap meanwhile sends nothing', async () => {
    let fail: () => void = () => undefined;
    const handle = vi.fn(() => new Promise((_, reject) => (fail = () => reject(new ApiError('http', '审批服务繁忙', { status: 500 })))));
    const { model, scope, notifier, navigator, handOff } = setup({ api: fakeApi({ handle }) });
    await allSettled(model.opened, { scope });
    await allSettled(model.opinionTyped, { scope, params: '同意' });
    const first = allSettled(model.confirmed, { scope });
    await vi.waitFor(() => expect(handle).toHaveBeenCalledOnce());
    expect(scope.getState(model.$busy)).toBe(true);
    const second = allSettled(model.confirmed, { scope });
    fail();
    await Promise.all([first, second]);
    expect(handle).toHaveBeenCalledOnce();
    expect(notifier.said).toEqual(['fail:审批服务繁忙']);
    expect(navigator.returnTo).not.toHaveBeenCalled();
    expect(scope.getState(model.$busy)).toBe(false);
    expect(scope.getState(model.$opinion)).toBe('同意');
    expect(handOff.action()).toMatchObject({ runId: 'r' });
  });

  it('against the sandbox: 拒绝 with an opinion ends the run 审批不通过', async () => {
    const api = new HttpApprovalApi((await loginAs(sb.url, 't1002')).http);
    const page = await loadApprovalPage(api, { filter: { titleOrNumber: '王老师的请假申请' }, tab: 0, page: 1 });
    const card = page.ok ? page.value.items[0]! : null;
    const run = await loadRun(api, { FlowRunId: card!.id, type: card!.nodeType ?? 1, tab: 0 });
    if (!run.ok) throw new Error(run.error.message);
    const d = run.value.detail;
    const handed = session({ actionType: 1, runId: d.id, appId: d.appId, flowRunPrcsId: d.flowRunPrcsId ?? null, formData: d.draftData, draftKey: null, submissionId: undefined });
    const { model, scope, notifier } = setup({ api, handed });
    await allSettled(model.opened, { scope });
    await allSettled(model.opinionTyped, { scope, params: '时间冲突' });
    await allSettled(model.confirmed, { scope });
    expect(notifier.said).toEqual(['ok:操作成功']);
    expect((await api.info({ flowRunId: d.id, type: 1 })).state).toBe(2);
  });
});
