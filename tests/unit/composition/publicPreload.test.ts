import { describe, expect, it, vi } from 'vitest';
import { preloadPublicPage } from '../../../composition/publicPreload';
import { ROUTES } from '../../../presentation/routes';

const at = (pathname: string, search = '') => ({ pathname, search });

describe('the early script: a public page of the address starts downloading before the main code', () => {
  const deps = () => ({ preloadRoute: vi.fn() });

  it.each(ROUTES.filter((r) => r.access === 'public' && !r.path.includes(':')).map((r) => r.path))('public %s: its code starts, with the address query', (path) => {
    const d = deps();
    expect(preloadPublicPage(at(path, '?code=abc'), 'https://school.example/', d)).toBe(true);
    expect(d.preloadRoute).toHaveBeenCalledWith(path, '?code=abc');
  });

  it.each(['/', '/page/approvalCenter', '/page/todo', '/page/aboutMe'])('behind the gate %s: nothing here (warmUp orders those downloads)', (path) => {
    const d = deps();
    expect(preloadPublicPage(at(path), 'https://school.example/', d)).toBe(false);
    expect(d.preloadRoute).not.toHaveBeenCalled();
  });

  it('under a base path: the path under it; outside it or unknown: nothing', () => {
    const d = deps();
    expect(preloadPublicPage(at('/campus/login'), 'https://school.example/campus/', d)).toBe(true);
    expect(d.preloadRoute).toHaveBeenCalledWith('/login', '');
    expect(preloadPublicPage(at('/login'), 'https://school.example/campus/', d)).toBe(false);
    expect(preloadPublicPage(at('/campus/no/such/page'), 'https://school.example/campus/', d)).toBe(false);
    expect(d.preloadRoute).toHaveBeenCalledOnce();
  });

  it('the real route table: the login page and its bind-school popup start', () => {
    const login = ROUTES.find((r) => r.path === '/login')!;
    const parts = [login.component, ...(login.with ?? [])];
    const spies = parts.map((p) => vi.spyOn(p, 'preload').mockResolvedValue({ default: () => null }));
    expect(preloadPublicPage(at('/login'), 'https://school.example/')).toBe(true);
    for (const s of spies) expect(s).toHaveBeenCalledOnce();
    vi.restoreAllMocks();
  });
});
