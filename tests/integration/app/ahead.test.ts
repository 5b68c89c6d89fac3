import { afterEach, describe, expect, it, vi } from 'vitest';
import { fork, allSettled } from 'effector';
import { askApprovalCenterAhead, createApprovalListModel, loadApprovalPage } from '../../../application/approval';
import { askHomeAhead, BUILT_IN_WIDGETS, loadCarousel, loadPortal } from '../../../application/portal/useCases';
import type { ApprovalApi, ApprovalListPage } from '../../../application/approval/ports';
import { AHEAD_MAX_AGE_MS, answersAhead, clearAnswersAhead } from '../../../application/shared/ahead';
import { clearSession } from '../../../application/session/useCases';

const deferred = <T,>() => {
  let resolve!: (v: T) => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<T>((res, rej) => ((resolve = res), (reject = rej)));
  return { promise, resolve, reject };
};

afterEach(() => clearAnswersAhead());

describe('answers asked ahead (application/shared/ahead.ts)', () => {
  it('the screen takes the answer asked ahead instead of asking again, once', async () => {
    const store = answersAhead<number>();
    const early = vi.fn(async () => 1);
    const own = vi.fn(async () => 2);
    store.ask('k', early);
    await expect(store.take('k', own)).resolves.toBe(1);
    expect(own).not.toHaveBeenCalled();
    // Taken once: the next call (pull to refresh) asks the server.
    await expect(store.take('k', own)).resolves.toBe(2);
    expect(early).toHaveBeenCalledTimes(1);
    expect(own).toHaveBeenCalledTimes(1);
  });

  it('joins an answer still travelling', async () => {
    const store = answersAhead<string>();
    const d = deferred<string>();
    store.ask('k', () => d.promise);
    const taken = store.take('k', async () => 'own');
    d.resolve('early');
    await expect(taken).resolves.toBe('early');
  });

  it('ahead or not at all: once the screen has asked for itself, nothing more is asked ahead', async () => {
    const store = answersAhead<string>();
    await expect(store.take('k', async () => 'own')).resolves.toBe('own');
    const late = vi.fn(async () => 'late');
    expect(store.ask('k', late)).toBeNull();
    expect(store.ask('other', late)).toBeNull();
    expect(late).not.toHaveBeenCalled();
    // A new session boots afresh.
    store.clear();
    expect(store.ask('k', late)).not.toBeNull();
  });

  it('other arguments ask themselves', async () => {
    const store = answersAhead<string>();
    store.ask('a', async () => 'early');
    await expect(store.take('b', async () => 'own')).resolves.toBe('own');
    await expect(store.take('a', async () => 'own')).resolves.toBe('early');
  });

  it('a failed answer asked ahead makes the screen ask itself (its error, its retry)', async () => {
    const store = answersAhead<string>();
    store.ask('k', () => Promise.reject(new Error('offline')));
    await expect(store.take('k', async () => 'own')).resolves.toBe('own');
    store.ask('k', () => {
      throw new Error('thrown');
    });
    await expect(store.take('k', () => Promise.reject(new Error('still offline')))).rejects.toThrow('still offline');
  });

  it.each([
    [AHEAD_MAX_AGE_MS, 'early'],
    [AHEAD_MAX_AGE_MS + 1, 'own'],
  ])('an answer taken %i ms after it was asked: %s', async (age, expected) => {
    let now = 1_000;
    const store = answersAhead<string>(() => now);
    store.ask('k', async () => 'early');
    now += age;
    await expect(store.take('k', async () => 'own')).resolves.toBe(expected);
  });

  it('the end of the session forgets every answer not taken', async () => {
    const a = answersAhead<string>();
    const b = answersAhead<string>();
    a.ask('k', async () => 'early a');
    b.ask('k', async () => 'early b');
    await clearSession(
      { hub: { stop: async () => undefined }, tokens: { get: () => null, set: () => undefined, clear: () => undefined } as never, storage: { keys: () => [] } as never, searchHistory: { clear: () => undefined } as never },
      null,
      { forgetUserData: false },
    );
    await expect(a.take('k', async () => 'own')).resolves.toBe('own');
    await expect(b.take('k', async () => 'own')).resolves.toBe('own');
  });
});

describe('the approval centre asked ahead', () => {
  const page = (id: string): ApprovalListPage => ({ items: [{ id } as never], counts: { waiting: 1 } as never, totalCount: 1 });

  it('the whole centre: the to-do tab, no filter, page 1 is asked, and the list takes it', async () => {
    const list = vi.fn(async () => page('early'));
    askApprovalCenterAhead({ list }, {});
    expect(list).toHaveBeenCalledTimes(1);
    const [query] = list.mock.calls[0] as unknown as [Record<string, unknown>];
    const api = { list: vi.fn(async () => page('own')) } as unknown as ApprovalApi;
    // What the list model asks first (application/approval/model.ts: TODO_TAB, EMPTY_APPROVAL_FILTER, no flow).
    const first = await loadApprovalPage(api, { filter: {}, tab: 0, page: 1, flowId: null });
    expect(first).toMatchObject({ ok: true, value: { items: [{ id: 'early' }] } });
    expect(api.list).not.toHaveBeenCalled();
    // The same query the list would have sent.
    await loadApprovalPage(api, { filter: {}, tab: 0, page: 1, flowId: null });
    expect(api.list).toHaveBeenCalledWith(query, expect.anything());
  });

  it("the list model's own first page is the one asked ahead (the model and the ahead cannot drift apart)", async () => {
    const early = vi.fn(async () => page('early'));
    askApprovalCenterAhead({ list: early }, {});
    const api = { list: vi.fn(async () => page('own')) } as unknown as ApprovalApi;
    const model = createApprovalListModel({ api });
    const scope = fork();
    await allSettled(model.loadMoreFx, { scope });
    expect(scope.getState(model.$items).map((i) => i.id)).toEqual(['early']);
    expect(api.list).not.toHaveBeenCalled();
    await allSettled(model.refreshFx, { scope });
    expect(api.list).toHaveBeenCalledOnce();
  });

  it('another tab or page asks itself; a centre for one flow asks nothing ahead', async () => {
    const list = vi.fn(async () => page('early'));
    askApprovalCenterAhead({ list }, {});
    const api = { list: vi.fn(async () => page('own')) } as unknown as ApprovalApi;
    await expect(loadApprovalPage(api, { filter: {}, tab: 1, page: 1 })).resolves.toMatchObject({ value: { items: [{ id: 'own' }] } });
    await expect(loadApprovalPage(api, { filter: {}, tab: 0, page: 2 })).resolves.toMatchObject({ value: { items: [{ id: 'own' }] } });
    const scoped = vi.fn(async () => page('early'));
    askApprovalCenterAhead({ list: scoped }, { code: 'leave' });
    askApprovalCenterAhead({ list: scoped }, { flowId: 'f1' });
    expect(scoped).not.toHaveBeenCalled();
  });
});

describe('home asked ahead', () => {
  const slide = (id: string) => ({ id, imageAddress: `/images/carousel/${id}.svg` }) as never;
  const info = (code: string) => ({ code, enabled: true }) as never;
  const portalApi = () => ({
    carouselImages: vi.fn(async () => [slide('own')]),
    widgetInfo: vi.fn(async (codes: readonly string[]) => codes.map(info)),
    portalLayout: vi.fn(async () => null),
  });

  it('the carousel asked ahead is what loadCarousel answers, once; the next load asks the server', async () => {
    const early = { carouselImages: vi.fn(async () => [slide('early')]), widgetInfo: vi.fn(async () => []) };
    askHomeAhead(early);
    const api = portalApi();
    await expect(loadCarousel({ api })).resolves.toEqual([slide('early')]);
    expect(api.carouselImages).not.toHaveBeenCalled();
    await expect(loadCarousel({ api })).resolves.toEqual([slide('own')]);
    expect(early.carouselImages).toHaveBeenCalledOnce();
  });

  it("the built-in widgets' info asked ahead is the one loadPortal asks for (same codes), taken once", async () => {
    const early = { carouselImages: vi.fn(async () => []), widgetInfo: vi.fn(async (codes: readonly string[]) => codes.map(info)) };
    askHomeAhead(early);
    const api = portalApi();
    await loadPortal({ api }, 1, { origin: 'https://campus.example.edu' });
    expect(api.widgetInfo).not.toHaveBeenCalled();
    expect(early.widgetInfo).toHaveBeenCalledWith([...BUILT_IN_WIDGETS], expect.anything());
    await loadPortal({ api }, 1, { origin: 'https://campus.example.edu' });
    expect(api.widgetInfo).toHaveBeenCalledOnce();
  });

  it.each([
    ['the first slide with a picture', [{ id: 'a', imageAddress: '  ' }, slide('b'), slide('c')], '/images/carousel/b.svg'],
    ['none without a picture', [{ id: 'a', imageAddress: null }], null],
    ['none for an empty carousel', [], null],
  ])("askHomeAhead answers the picture to download first: %s", async (_, images, first) => {
    await expect(askHomeAhead({ carouselImages: vi.fn(async () => images as never), widgetInfo: vi.fn(async () => []) })).resolves.toBe(first);
    await loadCarousel({ api: portalApi() });
  });

  it('askHomeAhead answers no picture when the carousel fails, or when home has already asked for itself', async () => {
    await expect(askHomeAhead({ carouselImages: vi.fn(async () => Promise.reject(new Error('503'))), widgetInfo: vi.fn(async () => []) })).resolves.toBeNull();
    await loadCarousel({ api: portalApi() });
    const late = { carouselImages: vi.fn(async () => [slide('late')]), widgetInfo: vi.fn(async () => []) };
    await expect(askHomeAhead(late)).resolves.toBeNull();
    expect(late.carouselImages).not.toHaveBeenCalled();
  });

  it('a failed carousel asked ahead makes home ask itself', async () => {
    askHomeAhead({ carouselImages: vi.fn(async () => Promise.reject(new Error('503'))), widgetInfo: vi.fn(async () => []) });
    const api = portalApi();
    await expect(loadCarousel({ api })).resolves.toEqual([slide('own')]);
    expect(api.carouselImages).toHaveBeenCalledOnce();
  });
});
