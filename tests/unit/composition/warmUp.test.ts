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

describe('warmUp: the first screen starts every download it will wait for', () => {
  const setup = (over: {
    access?: 'public' | 'session' | null;
    signedIn?: boolean;
    location?: WarmUpDeps['location'];
    network?: Promise<unknown>;
    adapters?: Promise<unknown>;
    get?: WarmUpDeps['get'];
  }) => {
    const calls: string[] = [];
    const deps = {
      get: over.get,
      askRouteAhead: vi.fn(async (path: string, search: string, _get: unknown, ready: Promise<unknown>) => {
        await ready;
        calls.push(`ahead ${path}${search}`);
      }),
      routeAccess: vi.fn((_path: string) => ('access' in over ? (over.access ?? null) : 'session')),
      preloadRoute: vi.fn((path: string, search: string) => calls.push(`page ${path}${search}`)),
      loadNetworkCode: vi.fn(() => (calls.push('network'), over.network ?? Promise.resolve({}))),
      loadAdaptersCode: vi.fn(() => (calls.push('adapters'), over.adapters ?? Promise.resolve({}))),
      loadHubCode: vi.fn(async () => calls.push('hub')),
    };
    const done = warmUp({
      location: over.location ?? { pathname: '/campus/page/approvalCenter', search: '?tab=1' },
      appFolder: 'https://school.example/campus/',
      tokens: { get: () => (over.signedIn === false ? null : { encryptedAccessToken: 'a', refreshToken: 'r' }) },
      ...deps,
    });
    return { ...deps, calls, done };
  };

  it('a signed-in page behind the gate: the network code and the hub at once, the adapters and its own code once the network code is in', async () => {
    let arrive!: () => void;
    const w = setup({ network: new Promise<void>((r) => (arrive = r)) });
    expect(w.routeAccess).toHaveBeenCalledWith('/page/approvalCenter');
    expect(w.calls).toEqual(['network', 'hub']);
    await Promise.resolve();
    expect(w.preloadRoute).not.toHaveBeenCalled();
    arrive();
    await w.done;
    expect(w.calls).toEqual(['network', 'hub', 'adapters', 'page /page/approvalCenter?tab=1']);
  });

  it('the login page, or no session: only the page code, at once', async () => {
    const login = setup({ access: 'public', location: { pathname: '/campus/login', search: '' } });
    expect(login.calls).toEqual(['page /login']);
    const signedOut = setup({ signedIn: false });
    expect(signedOut.calls).toEqual(['page /page/approvalCenter?tab=1']);
  });

  it('an unknown page or one outside the base: nothing', () => {
    expect(setup({ access: null }).calls).toEqual([]);
    const outside = setup({ location: { pathname: '/elsewhere', search: '' } });
    expect(outside.routeAccess).not.toHaveBeenCalled();
    expect(outside.calls).toEqual([]);
  });

  it('a failed network download still lets the page code come, and nothing is left unhandled', async () => {
    const w = setup({ network: Promise.reject(new Error('offline')) });
    await expect(w.done).resolves.toBeUndefined();
    expect(w.calls.at(-1)).toBe('page /page/approvalCenter?tab=1');
  });

  it("with the container: the page's first data is asked, waiting for the adapters, beside the gate's calls", async () => {
    let arrive!: () => void;
    const get = vi.fn();
    const adapters = new Promise<void>((r) => (arrive = r));
    const w = setup({ get, adapters });
    await w.done;
    expect(w.askRouteAhead).toHaveBeenCalledWith('/page/approvalCenter', '?tab=1', get, adapters);
    // Its ahead code is asked for before the page's chunks.
    expect(w.askRouteAhead.mock.invocationCallOrder[0]).toBeLessThan(w.preloadRoute.mock.invocationCallOrder[0]!);
    expect(w.calls).toEqual(['network', 'hub', 'adapters', 'page /page/approvalCenter?tab=1']);
    arrive();
    await vi.waitFor(() => expect(w.calls.at(-1)).toBe('ahead /page/approvalCenter?tab=1'));
  });

  it('asks nothing ahead without a session or without the container; adapters that fail to load leave nothing unhandled', async () => {
    const signedOut = setup({ signedIn: false, get: vi.fn() });
    const noContainer = setup({});
    const failed = setup({ get: vi.fn(), adapters: Promise.reject(new Error('offline')) });
    await Promise.all([signedOut.done, noContainer.done, failed.done]);
    await new Promise((r) => setTimeout(r, 0));
    for (const w of [signedOut, noContainer]) expect(w.askRouteAhead).not.toHaveBeenCalled();
    expect(failed.calls).not.toContain('ahead /page/approvalCenter?tab=1');
  });
});
