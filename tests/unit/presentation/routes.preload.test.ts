import { describe, expect, it, vi } from 'vitest';
import { matchesRoute, preloadRoute, ROUTES, TAB_PAGES } from '../../../presentation/routes';

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
    return new Map(parts.map((p) => [p, vi.spyOn(p, 'preload').mockResolvedValue(undefined)]));
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
