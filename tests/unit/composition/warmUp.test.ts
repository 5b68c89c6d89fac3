import { describe, expect, it, vi } from 'vitest';
import { pathUnderBase, warmUp, type WarmUpDeps } from '../../../composition/warmUp';

describe('pathUnderBase', () => {
  it.each([
    ['/page/approvalCenter', '/', '/page/approvalCenter'],
    ['/', '/', '/'],
    ['/campus/page/todo', '/campus/', '/page/todo'],
    ['/campus', '/campus/', '/'],
    ['/campus/', '/campus', '/'],
    ['/other/page/todo', '/campus/', null],
    ['/campusx/page', '/campus/', null],
  ])('%s under %s is %s', (pathname, base, expected) => {
    expect(pathUnderBase(pathname, base)).toBe(expected);
  });
});

describe('warmUp: the first screen starts every download it will wait for at once', () => {
  const setup = (over: Partial<WarmUpDeps> & { access?: 'public' | 'session' | null; signedIn?: boolean }) => {
    const preloadRoute = vi.fn((_path: string, _search: string) => ('access' in over ? (over.access ?? null) : 'session') as 'public' | 'session' | null);
    const loadNetworkCode = vi.fn(async () => ({}));
    const loadHubCode = vi.fn(async () => ({}));
    warmUp({
      location: over.location ?? { pathname: '/campus/page/approvalCenter', search: '?tab=1' },
      appFolder: 'https://school.example/campus/',
      tokens: { get: () => (over.signedIn === false ? null : { encryptedAccessToken: 'a', refreshToken: 'r' }) },
      preloadRoute,
      loadNetworkCode,
      loadHubCode,
    });
    return { preloadRoute, loadNetworkCode, loadHubCode };
  };

  it('a signed-in page behind the gate: its code, the network code and the hub, together', () => {
    const { preloadRoute, loadNetworkCode, loadHubCode } = setup({});
    expect(preloadRoute).toHaveBeenCalledWith('/page/approvalCenter', '?tab=1');
    expect(loadNetworkCode).toHaveBeenCalledOnce();
    expect(loadHubCode).toHaveBeenCalledOnce();
  });

  it('the login page, or no session: only the page code', () => {
    const login = setup({ access: 'public', location: { pathname: '/campus/login', search: '' } });
    expect(login.preloadRoute).toHaveBeenCalledWith('/login', '');
    expect(login.loadNetworkCode).not.toHaveBeenCalled();
    const signedOut = setup({ signedIn: false });
    expect(signedOut.preloadRoute).toHaveBeenCalled();
    expect(signedOut.loadHubCode).not.toHaveBeenCalled();
  });

  it('an unknown page or one outside the base: nothing beyond the route lookup', () => {
    const unknown = setup({ access: null });
    expect(unknown.loadNetworkCode).not.toHaveBeenCalled();
    const outside = setup({ location: { pathname: '/elsewhere', search: '' } });
    expect(outside.preloadRoute).not.toHaveBeenCalled();
  });

  it('a failed download is left to the code that needs it, never an unhandled rejection', async () => {
    const failing = vi.fn(async () => Promise.reject(new Error('offline')));
    expect(() =>
      warmUp({
        location: { pathname: '/', search: '' },
        appFolder: 'https://school.example/',
        tokens: { get: () => ({ encryptedAccessToken: 'a', refreshToken: 'r' }) },
        preloadRoute: () => 'session',
        loadNetworkCode: failing,
        loadHubCode: failing,
      }),
    ).not.toThrow();
    await Promise.resolve();
    expect(failing).toHaveBeenCalledTimes(2);
  });
});
