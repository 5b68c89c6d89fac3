import { afterEach, describe, expect, it, vi } from 'vitest';
import { APPROVAL_API } from '../../../application/approval/ports';
import { PORTAL_API } from '../../../application/portal/ports';
import { clearAnswersAhead } from '../../../application/shared/ahead';
import { askRouteAhead, matchesRoute, preloadRoute, ROUTES, TAB_PAGES, type Resolve } from '../../../presentation/routes';

describe('matchesRoute', () => {
  it.each([
    ['/page/todo', '/page/todo', true],
    ['/page/todo', '/page/todo/add', false],
    ['/selectors/:key', '/selectors/staff', true],
    ['/selectors/:key', '/selectors/', false],
    ['/', '/', true],
    ['/', '/page', false],
  ])('%s matches %s: %s', (pattern, path, expected) => {
    expect(matchesRoute(pattern, path)).toBe(expected);
  });
});

describe('preloadRoute', () => {
  const spyAll = () => {
    const parts = [...ROUTES.flatMap((r) => [r.component, ...(r.with ?? [])]), ...Object.values(TAB_PAGES)];
    return new Map(parts.map((p) => [p, vi.spyOn(p, 'preload').mockResolvedValue({ default: () => null })]));
  };

  it('starts the page of the path and answers its access', () => {
    const spies = spyAll();
    const approval = ROUTES.find((r) => r.path === '/page/approvalCenter')!;
    expect(preloadRoute('/page/approvalCenter')).toBe('session');
    expect(spies.get(approval.component)).toHaveBeenCalledOnce();
    const others = [...spies].filter(([p, s]) => p !== approval.component && s.mock.calls.length > 0);
    expect(others).toEqual([]);
    vi.restoreAllMocks();
  });

  it('the login page comes with its bind-school popup', () => {
    const spies = spyAll();
    const login = ROUTES.find((r) => r.path === '/login')!;
    expect(preloadRoute('/login')).toBe('public');
    expect(spies.get(login.component)).toHaveBeenCalledOnce();
    expect(spies.get(login.with![0]!)).toHaveBeenCalledOnce();
    vi.restoreAllMocks();
  });

  it('the main layout comes with the tab its query names, home by default', () => {
    for (const [search, tab] of [['', 'home'], ['?tab=message', 'message'], ['?tab=me', 'me'], ['?tab=nonsense', 'home']] as const) {
      const spies = spyAll();
      expect(preloadRoute('/', search)).toBe('session');
      expect(spies.get(TAB_PAGES[tab])).toHaveBeenCalledOnce();
      for (const other of (['home', 'message', 'me'] as const).filter((t) => t !== tab)) expect(spies.get(TAB_PAGES[other])).not.toHaveBeenCalled();
      vi.restoreAllMocks();
    }
  });

  it('an unknown path preloads nothing', () => {
    const spies = spyAll();
    expect(preloadRoute('/no/such/page')).toBeNull();
    expect([...spies.values()].every((s) => s.mock.calls.length === 0)).toBe(true);
    vi.restoreAllMocks();
  });
});

describe('askRouteAhead: the first data of the page opened at boot', () => {
  afterEach(() => clearAnswersAhead());

  const ports = () => {
    const list = vi.fn(async () => ({ items: [], counts: null, totalCount: 0 }));
    const carouselImages = vi.fn(async () => []);
    const widgetInfo = vi.fn(async () => []);
    const get = ((token: symbol) => (token === APPROVAL_API ? { list } : token === PORTAL_API ? { carouselImages, widgetInfo } : undefined)) as Resolve;
    return { list, carouselImages, widgetInfo, get };
  };

  it.each([
    ['/page/approvalCenter', '', 'centre'],
    ['/page/approvalCenter', '?tab=2', 'centre'],
    ['/page/approvalCenter', '?code=leave', 'nothing'],
    ['/page/approvalCenter', '?flowId=f1', 'nothing'],
    ['/', '', 'home'],
    ['/', '?tab=home', 'home'],
    ['/', '?tab=message', 'nothing'],
    ['/', '?tab=me', 'nothing'],
    ['/page/todo', '', 'nothing'],
    ['/no/such/page', '', 'nothing'],
  ])('%s%s asks ahead: %s', async (path, search, asked) => {
    const p = ports();
    await askRouteAhead(path, search, p.get);
    expect(p.list).toHaveBeenCalledTimes(asked === 'centre' ? 1 : 0);
    // Home: its carousel and the built-in widgets' info, beside the session check.
    expect(p.carouselImages).toHaveBeenCalledTimes(asked === 'home' ? 1 : 0);
    expect(p.widgetInfo).toHaveBeenCalledTimes(asked === 'home' ? 1 : 0);
  });

  it('asks only once what it waits for is in, and nothing when that fails', async () => {
    const p = ports();
    let arrive!: () => void;
    const asked = askRouteAhead('/page/approvalCenter', '', p.get, new Promise<void>((r) => (arrive = r)));
    await new Promise((r) => setTimeout(r, 10));
    expect(p.list).not.toHaveBeenCalled();
    arrive();
    await asked;
    expect(p.list).toHaveBeenCalledOnce();
    clearAnswersAhead();
    const q = ports();
    await askRouteAhead('/page/approvalCenter', '', q.get, Promise.reject(new Error('offline')));
    expect(q.list).not.toHaveBeenCalled();
  });

  it('a failing ahead module is left to the page', async () => {
    const get = (() => {
      throw new Error('no container');
    }) as Resolve;
    await expect(askRouteAhead('/page/approvalCenter', '', get)).resolves.toBeUndefined();
  });
});
