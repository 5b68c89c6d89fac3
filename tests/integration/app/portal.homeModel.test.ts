/**
 * The home tab's model and its widgets' models (application/portal/*Model.ts) in
 * fork() scopes, against the sandbox (and fakes where an answer must be held back or
 * broken): the portal and the carousel asked at once, failures told by kind, the OA
 * tabs, the to-do widget and the notes.
 */
import { allSettled, fork } from 'effector';
import { describe, expect, it, vi } from 'vitest';
import { testSandbox } from '../testSandbox';
import { HttpPortalApi } from '../../../infrastructure/portal/portalApi';
import { HttpTodoApi } from '../../../infrastructure/todo/todoApi';
import { createMemoryStorage } from '../../../infrastructure/storage/keyValueStorage';
import { ApiError } from '../../../application/ports/errors';
import type { PortalApi } from '../../../application/portal/ports';
import { BUILT_IN_WIDGETS } from '../../../application/portal/useCases';
import { createHomeModel } from '../../../application/portal/homeModel';
import { createOaWidgetModel } from '../../../application/portal/oaWidgetModel';
import { createTodoWidgetModel } from '../../../application/portal/todoWidgetModel';
import { createNoteWidgetModel } from '../../../application/portal/noteWidgetModel';
import { readNotes } from '../../../application/portal/notes';
import type { TodoApi } from '../../../application/todo/ports';
import { loginAs } from '../contract/support/partA';
import { recordingNavigator, recordingNotifier } from './screenModels.fixtures';

const sb = testSandbox();

const clientFor = async (account: string) => {
  const c = await loginAs(sb.url, account);
  return { portal: new HttpPortalApi(c.http), todo: new HttpTodoApi(c.http), userId: c.userId };
};

describe('the home model', () => {
  it('asks for the layout and the carousel at once, lays the portal out and bumps the generation on every load after the first', async () => {
    const { portal } = await clientFor('t1001');
    const layout = vi.spyOn(portal, 'portalLayout');
    const carousel = vi.spyOn(portal, 'carouselImages');
    const notifier = recordingNotifier();
    const model = createHomeModel({ api: portal, notifier, userType: 1, origin: sb.url });
    const scope = fork();
    const opening = allSettled(model.opened, { scope });
    expect(layout).toHaveBeenCalledTimes(1);
    expect(carousel).toHaveBeenCalledTimes(1);
    await opening;
    expect(scope.getState(model.$rows).map((r) => (r.kind === 'full' ? r.widget.kind : 'pair'))).toEqual(['carousel', 'app', 'oa', 'todo', 'pair']);
    expect(scope.getState(model.$carousel)?.length).toBeGreaterThan(0);
    expect(scope.getState(model.$empty)).toBe(false);
    // The first load draws under generation 0 (what it drew early stays mounted); a pull to refresh draws anew.
    expect(scope.getState(model.$generation)).toBe(0);
    await allSettled(model.refreshFx, { scope });
    expect(scope.getState(model.$generation)).toBe(1);
    await allSettled(model.refreshFx, { scope });
    expect(scope.getState(model.$generation)).toBe(2);
    expect(carousel).toHaveBeenCalledTimes(3);
    expect(notifier.said).toEqual([]);
  });

  it('renew (what it drew came from the device and a newer answer came) asks the layout and the carousel again, each drawn first, and leaves the widgets mounted', async () => {
    const { portal } = await clientFor('t1001');
    const layout = vi.spyOn(portal, 'portalLayout');
    const carousel = vi.spyOn(portal, 'carouselImages');
    const model = createHomeModel({ api: portal, notifier: recordingNotifier(), userType: 1, origin: sb.url });
    const scope = fork();
    await allSettled(model.opened, { scope });
    await allSettled(model.renew, { scope });
    expect(layout).toHaveBeenCalledTimes(2);
    expect(carousel).toHaveBeenCalledTimes(2);
    expect(layout.mock.calls.every(([, opts]) => opts?.drawnFirst === true)).toBe(true);
    expect(carousel.mock.calls.every(([opts]) => opts?.drawnFirst === true)).toBe(true);
    // The same generation: the widgets are not drawn anew (each renews its own data).
    expect(scope.getState(model.$generation)).toBe(0);
  });

  it('a layout with frame widgets draws the widgets before the first frame once the layout is in, the rest below them once the frames\' info is, without drawing anew', async () => {
    const { portal } = await clientFor('t1001');
    // The frames' info (the second component/code call) held until the test lets it go.
    let letFramesGo: () => void = () => undefined;
    const framesHeld = new Promise<void>((go) => (letFramesGo = go));
    const widgetInfo = portal.widgetInfo.bind(portal);
    vi.spyOn(portal, 'widgetInfo').mockImplementation(async (codes, opts) => {
      if (!codes.every((c) => BUILT_IN_WIDGETS.includes(c))) await framesHeld;
      return widgetInfo(codes, opts);
    });
    const model = createHomeModel({ api: portal, notifier: recordingNotifier(), userType: 1, origin: sb.url });
    const scope = fork();
    const kinds = () => scope.getState(model.$rows).map((r) => (r.kind === 'full' ? r.widget.kind : `${r.left?.kind ?? '-'}|${r.right?.kind ?? '-'}`));
    const opening = allSettled(model.opened, { scope });
    // The sandbox's layout: carousel, app, oa, to-do, then the note beside the weather frame,
    // and the library frame below (disabled). Before the frames' info: up to the note.
    await vi.waitFor(() => expect(kinds()).toEqual(['carousel', 'app', 'oa', 'todo', 'note|-']));
    expect(scope.getState(model.$empty)).toBe(false);
    expect(scope.getState(model.$failed)).toBe(false);
    letFramesGo();
    await opening;
    // The weather frame comes in beside the note; the disabled library is not drawn.
    expect(kinds()).toEqual(['carousel', 'app', 'oa', 'todo', 'note|iframe']);
    expect(scope.getState(model.$generation)).toBe(0);
  });

  it("a first load whose frames' info fails after the first widgets were drawn shows 重试, as any failed first load", async () => {
    const { portal } = await clientFor('t1001');
    let failFrames: () => void = () => undefined;
    const framesFail = new Promise<void>((go) => (failFrames = go));
    const widgetInfo = portal.widgetInfo.bind(portal);
    vi.spyOn(portal, 'widgetInfo').mockImplementation(async (codes, opts) => {
      if (codes.every((c) => BUILT_IN_WIDGETS.includes(c))) return widgetInfo(codes, opts);
      await framesFail;
      throw new ApiError('http', '组件加载失败');
    });
    const notifier = recordingNotifier();
    const model = createHomeModel({ api: portal, notifier, userType: 1, origin: sb.url });
    const scope = fork();
    const opening = allSettled(model.opened, { scope });
    await vi.waitFor(() => expect(scope.getState(model.$rows).length).toBeGreaterThan(0));
    failFrames();
    await opening;
    expect(scope.getState(model.$config)).toBeNull();
    expect(scope.getState(model.$rows)).toEqual([]);
    expect(scope.getState(model.$failed)).toBe(true);
    expect(notifier.said).toEqual(['fail:组件加载失败']);
  });

  it('an empty portal (enterprise user) is empty, not failed', async () => {
    const { portal } = await clientFor('e4001');
    const model = createHomeModel({ api: portal, notifier: recordingNotifier(), userType: 4, origin: sb.url });
    const scope = fork();
    await allSettled(model.opened, { scope });
    expect(scope.getState(model.$empty)).toBe(true);
    expect(scope.getState(model.$failed)).toBe(false);
  });

  it('a failed first load is told and offers 重试, which loads again; a failed carousel is told once the layout shows one', async () => {
    const { portal } = await clientFor('t1001');
    let fail = true;
    const api: PortalApi = {
      portalLayout: (t, o) => (fail ? Promise.reject(new ApiError('http', '门户坏了', { status: 500 })) : portal.portalLayout(t, o)),
      widgetInfo: (c, o) => portal.widgetInfo(c, o),
      carouselImages: () => Promise.reject(new ApiError('network', '请求失败')),
      oaWidget: (r, o) => portal.oaWidget(r, o),
    };
    const notifier = recordingNotifier();
    const model = createHomeModel({ api, notifier, userType: 1, origin: sb.url });
    const scope = fork();
    await allSettled(model.opened, { scope });
    expect(scope.getState(model.$failed)).toBe(true);
    // The layout has not shown a carousel: its failure waits.
    expect(notifier.said).toEqual(['fail:门户坏了']);
    fail = false;
    await allSettled(model.retried, { scope });
    expect(scope.getState(model.$failed)).toBe(false);
    expect(scope.getState(model.$carousel)).toEqual([]);
    expect(notifier.said).toEqual(['fail:门户坏了', 'fail:网络不可用，请检查网络后重试']);
  });

  it('an ended session tells nothing', async () => {
    const api = {
      portalLayout: () => Promise.reject(new ApiError('unauthorized', '请求失败', { status: 401 })),
      widgetInfo: async () => [],
      carouselImages: async () => [],
    } as unknown as PortalApi;
    const notifier = recordingNotifier();
    const model = createHomeModel({ api, notifier, userType: 1, origin: sb.url });
    await allSettled(model.opened, { scope: fork() });
    expect(notifier.said).toEqual([]);
  });
});

describe('the OA widget model', () => {
  it('loads 待审批 on opening, 待阅 on the first switch only, more by a page size one page larger; an item opens its run', async () => {
    const { portal } = await clientFor('t1002');
    const spy = vi.spyOn(portal, 'oaWidget');
    const navigator = recordingNavigator();
    const model = createOaWidgetModel({ api: portal, notifier: recordingNotifier(), navigator });
    const scope = fork();
    await allSettled(model.opened, { scope });
    expect(spy.mock.calls.map((c) => c[0])).toEqual([{ pageSize: 10, type: '0' }]);
    expect(scope.getState(model.$loaded)).toEqual({ '0': true, '1': false });
    expect(scope.getState(model.$loading)).toBeNull();
    const counts = scope.getState(model.$counts)!;
    expect(scope.getState(model.$state).tabs['0'].items.length).toBe(Math.min(10, counts.waiting));
    await allSettled(model.tabSwitched, { scope, params: '1' });
    await allSettled(model.tabSwitched, { scope, params: '0' });
    await allSettled(model.tabSwitched, { scope, params: 'x' });
    expect(spy.mock.calls.map((c) => c[0].type)).toEqual(['0', '1']);
    expect(scope.getState(model.$state).active).toBe('0');
    const first = scope.getState(model.$state).tabs['0'].items[0]!;
    await allSettled(model.itemOpened, { scope, params: first });
    expect(navigator.gone[0]).toMatch(new RegExp(`^/page/approvalCenter/flowApproval\\?FlowRunId=${first.id}&type=\\d&tab=0$`));
    const held = scope.getState(model.$state).tabs['0'].items.length;
    await allSettled(model.moreRequested, { scope });
    // flow-run/comoinent takes a page size only: more asks for one page more than the tab holds.
    expect(spy.mock.calls.at(-1)![0]).toEqual({ pageSize: (Math.floor(held / 10) + 1) * 10, type: '0' });
    // Opening again starts over.
    await allSettled(model.tabSwitched, { scope, params: '1' });
    await allSettled(model.opened, { scope });
    expect(scope.getState(model.$state).active).toBe('0');
  });

  it('a failure is told and the tab counts as answered', async () => {
    const notifier = recordingNotifier();
    const model = createOaWidgetModel({
      api: { oaWidget: () => Promise.reject(new ApiError('http', '审批服务不可用')) },
      notifier,
      navigator: recordingNavigator(),
    });
    const scope = fork();
    await allSettled(model.opened, { scope });
    expect(notifier.said).toEqual(['fail:审批服务不可用']);
    expect(scope.getState(model.$loaded)['0']).toBe(true);
    expect(scope.getState(model.$loading)).toBeNull();
  });
});

describe('the to-do widget model', () => {
  it('shows the first 10 waiting to-dos; a failure is told and shows none', async () => {
    const { todo } = await clientFor('t1001');
    const model = createTodoWidgetModel({ todo, notifier: recordingNotifier() });
    const scope = fork();
    expect(scope.getState(model.$items)).toBeNull();
    await allSettled(model.opened, { scope });
    const items = scope.getState(model.$items)!;
    expect(items.length).toBeGreaterThan(0);
    expect(items.length).toBeLessThanOrEqual(10);

    const notifier = recordingNotifier();
    const failing = createTodoWidgetModel({ todo: { list: () => Promise.reject(new ApiError('timeout', '请求超时')) } as unknown as TodoApi, notifier });
    await allSettled(failing.opened, { scope });
    expect(scope.getState(failing.$items)).toEqual([]);
    expect(notifier.said).toEqual(['fail:请求超时']);
  });
});

describe('the note widget model', () => {
  it('saves a new note, edits it, deletes it, each said; the notes stay on the device per user', async () => {
    const storage = createMemoryStorage();
    const notifier = recordingNotifier();
    let now = 1_000;
    const model = createNoteWidgetModel({ storage, notifier, clock: { now: () => now++ }, userId: 'u1' });
    const scope = fork();
    await allSettled(model.editStarted, { scope, params: { id: null, text: '' } });
    await allSettled(model.textChanged, { scope, params: '  买粉笔  ' });
    await allSettled(model.saved, { scope });
    expect(scope.getState(model.$editing)).toBeNull();
    const [note] = scope.getState(model.$notes);
    expect(note?.text).toBe('买粉笔');
    expect(readNotes(storage, 'u1')).toHaveLength(1);
    expect(readNotes(storage, 'u2')).toHaveLength(0);
    await allSettled(model.editStarted, { scope, params: { id: note!.id, text: note!.text } });
    await allSettled(model.removed, { scope });
    expect(scope.getState(model.$notes)).toEqual([]);
    expect(notifier.said).toEqual(['ok:已保存', 'ok:已删除']);
    // Closing the editor saves nothing.
    await allSettled(model.editStarted, { scope, params: { id: null, text: '不存' } });
    await allSettled(model.editClosed, { scope });
    expect(readNotes(storage, 'u1')).toEqual([]);
  });
});
