/**
 * Home portal use cases (application/portal/useCases.ts, notes.ts): the config with its
 * widget info and layout, the carousel, the OA summary paging and the to-do widget.
 * Against the in-process sandbox through the real adapters, and with fakes where a rule
 * is easier to pin down with a hand-made answer.
 */
import { describe, expect, it, vi } from 'vitest';
import { testSandbox } from '../testSandbox';
import { HttpPortalApi } from '../../../infrastructure/portal/portalApi';
import { HttpTodoApi } from '../../../infrastructure/todo/todoApi';
import { createMemoryStorage } from '../../../infrastructure/storage/keyValueStorage';
import {
  absoluteWidgetUrl,
  loadCarousel,
  loadOaTab,
  loadPortal,
  loadPortalTodos,
  oaItemPath,
} from '../../../application/portal/useCases';
import { deleteNote, NOTE_MAX_LENGTH, NOTES_MAX, notesKey, parseNotes, readNotes, saveNote, upsertNote } from '../../../application/portal/notes';
import type { FlowRunListItem, OaWidgetPage, PortalApi, PortalLayout } from '../../../application/portal/ports';
import {
  carouselHeight,
  initialOaState,
  isPortalEmpty,
  layoutPortal,
  switchOaTab,
  IFRAME_DEFAULT_HEIGHT,
} from '../../../domain/portal/portal';
import { OA_TAB_LABELS, PORTAL_EMPTY, PORTAL_EMPTY_HINT } from '../../../domain/portal/messages';
import { loginAs } from '../contract/support/partA';

const sb = testSandbox();

const clientFor = async (account: string) => {
  const c = await loginAs(sb.url, account);
  return { portal: new HttpPortalApi(c.http), todo: new HttpTodoApi(c.http), userId: c.userId };
};

const ORIGIN = 'https://campus.example.edu';

describe('portal config (home-page/user + component/code)', () => {
  it('lays the staff portal out: sorted by y, full rows, the note left and the unknown widget right as a frame, the disabled one dropped', async () => {
    const { portal } = await clientFor('t1001');
    const config = await loadPortal({ api: portal }, 1, { origin: sb.url });
    const rows = layoutPortal(config);
    const shape = rows.map((r) =>
      r.kind === 'full' ? r.widget.widget.code : `${r.left?.widget.code ?? '-'} | ${r.right?.widget.code ?? '-'}`,
    );
    expect(shape).toEqual(['mobile-carousel', 'mobile-app', 'mobile-oa', 'mobile-todo', 'mobile-note | weather']);
    const frame = rows[4]!.kind === 'pair' ? rows[4]!.right : null;
    expect(frame?.kind).toBe('iframe');
    // The sandbox gives the widget as a path on its host; it is read against that host.
    expect(frame?.url).toBe(`${sb.url}/sandbox/widgets/weather.html`);
    expect(IFRAME_DEFAULT_HEIGHT).toBe('200px');
    expect(config.widgets.some((w) => w.code === 'mobile-library')).toBe(false);
    const carousel = config.widgets.find((w) => w.code === 'mobile-carousel')!;
    expect(carouselHeight(carousel.h)).toBe((12 - 1) * 13 + 1);
  });

  it('gives the enterprise user no config: the empty portal (未配置门户); only the built-in widgets were asked, beside the layout', async () => {
    const { portal } = await clientFor('e4001');
    const widgetInfo = vi.spyOn(portal, 'widgetInfo');
    const config = await loadPortal({ api: portal }, 4, { origin: sb.url });
    expect(isPortalEmpty(config)).toBe(true);
    expect(widgetInfo.mock.calls.map((c) => c[0])).toEqual([BUILT_IN]);
    expect(PORTAL_EMPTY).toBe('未配置门户');
    expect(PORTAL_EMPTY_HINT).toContain('PC');
  });

  const BUILT_IN = ['mobile-app', 'mobile-oa', 'mobile-todo', 'mobile-note', 'mobile-carousel'];

  const fakeApi = (layout: PortalLayout | null, infos: Awaited<ReturnType<PortalApi['widgetInfo']>>) => ({
    portalLayout: vi.fn(() => Promise.resolve(layout)),
    widgetInfo: vi.fn((_codes: string[], _opts?: { signal?: AbortSignal }) => Promise.resolve(infos)),
  });

  it('ignores a layout of another version (empty portal, nothing asked after the layout)', async () => {
    const api = fakeApi({ v: '2', platform: 'mobile', widgets: [{ code: 'mobile-app', x: 0, y: 0, w: 2, h: 8 }] }, []);
    const config = await loadPortal({ api }, 1, { origin: ORIGIN });
    expect(isPortalEmpty(config)).toBe(true);
    expect(api.widgetInfo.mock.calls.map((c) => c[0])).toEqual([BUILT_IN]);
  });

  it('asks for the built-in widgets beside the layout, and for frame widgets once the layout names them', async () => {
    let answerLayout!: (l: PortalLayout) => void;
    const api = {
      portalLayout: vi.fn(() => new Promise<PortalLayout | null>((r) => (answerLayout = r))),
      widgetInfo: vi.fn((codes: string[]) =>
        Promise.resolve(codes.map((code, i) => ({ code, state: 1, url: code === 'weather' ? '/w.html' : '', id: String(i) }))),
      ),
    };
    const loading = loadPortal({ api }, 1, { origin: ORIGIN });
    // Before the layout answers, the built-in widgets' info is already on its way.
    expect(api.widgetInfo.mock.calls.map((c) => c[0])).toEqual([BUILT_IN]);
    answerLayout({
      v: 1,
      platform: 'mobile',
      widgets: [
        { code: 'mobile-carousel', x: 0, y: 0, w: 2, h: 12 },
        { code: 'weather', x: 0, y: 1, w: 2, h: 8 },
      ],
    });
    const config = await loading;
    expect(api.widgetInfo.mock.calls.map((c) => c[0])).toEqual([BUILT_IN, ['weather']]);
    // Infos of widgets the layout does not place are not kept.
    expect(config.widgetList.map((w) => w.code).sort()).toEqual(['mobile-carousel', 'weather']);
    expect(layoutPortal(config).map((r) => (r.kind === 'full' ? r.widget.kind : 'pair'))).toEqual(['carousel', 'iframe']);
  });

  it('asks for the info of each code once and keeps only enabled widgets', async () => {
    const api = fakeApi(
      {
        v: 1,
        platform: 'mobile',
        widgets: [
          { code: 'mobile-todo', x: 0, y: 1, w: 2, h: 8 },
          { code: 'mobile-app', x: 0, y: 0, w: 2, h: 8 },
          { code: 'mobile-oa', x: 0, y: 2, w: 2, h: 8 },
        ],
      },
      [
        { code: 'mobile-todo', state: 1, url: '', id: '1' },
        { code: 'mobile-app', state: 1, url: '', id: '2' },
        { code: 'mobile-oa', state: 0, url: '', id: '3' },
      ],
    );
    const config = await loadPortal({ api }, 2, { origin: ORIGIN });
    expect(api.portalLayout).toHaveBeenCalledWith(2, { signal: undefined });
    // All three are built in: one call, made beside the layout.
    expect(api.widgetInfo.mock.calls).toEqual([[BUILT_IN, { signal: undefined }]]);
    expect(layoutPortal(config).map((r) => (r.kind === 'full' ? r.widget.kind : 'pair'))).toEqual(['app', 'todo']);
  });

  it.each([
    ['/widgets/a.html', `${ORIGIN}/widgets/a.html`],
    ['https://other.example.com/w', 'https://other.example.com/w'],
    ['//evil.example.com/w', '//evil.example.com/w'],
    ['javascript:alert(1)', 'javascript:alert(1)'],
    [null, null],
  ])('reads the widget url %j against the service host as %j (the domain then judges it)', (url, expected) => {
    expect(absoluteWidgetUrl(url, ORIGIN)).toBe(expected);
  });

  it('drops a frame widget whose address is not http(s)', async () => {
    const api = fakeApi({ v: '1', widgets: [{ code: 'evil', x: 0, y: 0, w: 2, h: 4 }] }, [{ code: 'evil', state: 1, url: 'javascript:alert(1)', id: 'e' }]);
    expect(layoutPortal(await loadPortal({ api }, 1, { origin: ORIGIN }))).toEqual([]);
  });
});

describe('carousel', () => {
  it('lists the mobile images (Type=1) with their jump addresses', async () => {
    const { portal } = await clientFor('t1001');
    const images = await loadCarousel({ api: portal });
    expect(images.map((i) => i.imageName)).toEqual(['2026 春季开学典礼', '图书馆延长开放时间', '校园科技节']);
    expect(images[0]!.jumpAddress).toBe('https://example.com/campus/news/opening');
  });

  it('drops images without an address', async () => {
    const api = { carouselImages: () => Promise.resolve([{ id: 'a', imageAddress: ' ' }, { id: 'b', imageAddress: '/b.png' }]) };
    expect((await loadCarousel({ api })).map((i) => i.id)).toEqual(['b']);
  });
});

describe('OA approval summary (flow-run/comoinent)', () => {
  const item = (n: number): FlowRunListItem => ({
    id: `run-${n}`,
    title: `流程 ${n}`,
    creationTime: '2026-03-01T08:00:00',
    creatorName: '王老师',
    state: 0,
    numberStr: String(n),
    nodeType: 1,
  });
  const pageOf = (n: number, waiting = 25, receive = 3): OaWidgetPage => ({
    list: Array.from({ length: n }, (_, i) => item(i + 1)),
    waiting,
    receive,
  });

  it('loads a page of 10, then asks for 20 on more; a short answer means no more', async () => {
    const oaWidget = vi.fn((req: { pageSize: number }) => Promise.resolve(pageOf(Math.min(req.pageSize, 15))));
    let state = initialOaState<FlowRunListItem>();
    const first = await loadOaTab({ api: { oaWidget } }, state, '0');
    expect(oaWidget).toHaveBeenLastCalledWith({ pageSize: 10, type: '0' }, { signal: undefined });
    state = first.state;
    expect(state.tabs['0'].items).toHaveLength(10);
    expect(state.tabs['0'].hasMore).toBe(true);
    expect(first.counts).toEqual({ waiting: 25, receive: 3 });
    const second = await loadOaTab({ api: { oaWidget } }, state, '0', { more: true });
    expect(oaWidget).toHaveBeenLastCalledWith({ pageSize: 20, type: '0' }, { signal: undefined });
    expect(second.state.tabs['0'].items).toHaveLength(15);
    expect(second.state.tabs['0'].hasMore).toBe(false);
  });

  it('switching to 待阅 loads it only while its list is empty', async () => {
    const oaWidget = vi.fn(() => Promise.resolve(pageOf(2)));
    let state = (await loadOaTab({ api: { oaWidget } }, initialOaState<FlowRunListItem>(), '0')).state;
    const toRead = switchOaTab(state, '1');
    expect(toRead.load).toBe(true);
    state = (await loadOaTab({ api: { oaWidget } }, toRead.state, '1')).state;
    expect(oaWidget).toHaveBeenLastCalledWith({ pageSize: 10, type: '1' }, { signal: undefined });
    expect(switchOaTab(state, '0').load).toBe(false);
    expect(switchOaTab(state, '1').load).toBe(false);
    expect(OA_TAB_LABELS).toEqual({ '0': '待审批', '1': '待阅' });
  });

  it('reads the approver waiting list from the sandbox, and each item opens the approval page', async () => {
    const { portal } = await clientFor('t1002');
    const { state, counts } = await loadOaTab({ api: portal }, initialOaState<FlowRunListItem>(), '0');
    const items = state.tabs['0'].items;
    expect(items.length).toBeGreaterThan(0);
    expect(counts.waiting).toBeGreaterThanOrEqual(items.length);
    const first = items[0]!;
    expect(oaItemPath(first, '0')).toBe(`/page/approvalCenter/flowApproval?FlowRunId=${first.id}&type=${first.nodeType ?? 1}&tab=0`);
  });

  it('a to-read item opens as a reader on the received tab', () => {
    expect(oaItemPath({ id: 'r1', nodeType: 0 }, '1')).toBe('/page/approvalCenter/flowApproval?FlowRunId=r1&type=1&tab=1');
  });
});

describe('to-do widget', () => {
  it('lists at most 10 to-dos waiting for the user, newest first', async () => {
    const { todo } = await clientFor('t1001');
    const list = vi.spyOn(todo, 'list');
    const items = await loadPortalTodos({ todo });
    expect(items).toHaveLength(10);
    expect(list).toHaveBeenCalledWith({ State: 0, SkipCount: 0, MaxResultCount: 10, Sorting: 'CreationTime desc' }, { signal: undefined });
    expect(items.every((i) => i.todoTime === null || i.todoTime === undefined)).toBe(true);
  });
});

describe('note widget (kept on the device per user)', () => {
  it('adds, rewrites and deletes notes, newest first, per user', () => {
    const storage = createMemoryStorage();
    saveNote(storage, 'u1', { text: ' 第一条 ' }, 1000);
    const two = saveNote(storage, 'u1', { text: '第二条' }, 2000);
    expect(two.map((n) => n.text)).toEqual(['第二条', '第一条']);
    const rewritten = saveNote(storage, 'u1', { id: two[1]!.id, text: '第一条（改）' }, 3000);
    expect(rewritten.map((n) => n.text)).toEqual(['第一条（改）', '第二条']);
    expect(readNotes(storage, 'u2')).toEqual([]);
    const left = deleteNote(storage, 'u1', rewritten[0]!.id);
    expect(left.map((n) => n.text)).toEqual(['第二条']);
    deleteNote(storage, 'u1', left[0]!.id);
    expect(storage.get(notesKey('u1'))).toBeNull();
  });

  it('cuts a note to 200 characters, keeps 20 notes, and a blank edit removes the note', () => {
    const long = upsertNote([], { text: 'x'.repeat(300) }, 1, 'a');
    expect(long[0]!.text).toHaveLength(NOTE_MAX_LENGTH);
    let notes = long;
    for (let i = 0; i < 25; i++) notes = upsertNote(notes, { text: `n${i}` }, 10 + i, `id${i}`);
    expect(notes).toHaveLength(NOTES_MAX);
    expect(notes[0]!.text).toBe('n24');
    expect(upsertNote(notes, { id: 'id24', text: '   ' }, 99, 'z').some((n) => n.id === 'id24')).toBe(false);
    expect(upsertNote([], { text: '' }, 1, 'a')).toEqual([]);
  });

  it.each([['not json'], ['{}'], ['[1, null, {"id": "", "text": "x"}, {"id": "a", "text": "  "}]'], [null]])(
    'reads unreadable storage %j as no notes',
    (raw) => {
      expect(parseNotes(raw)).toEqual([]);
    },
  );
});
