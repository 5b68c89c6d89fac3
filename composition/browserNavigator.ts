import { navigate } from 'wouter/use-browser-location';
import type { Navigator } from '../application/ports/runtime';

/** '/campus/' + '/login' -> '/campus/login'; '/' + '/login' -> '/login'. */
export const underBase = (basePath: string, path: string): string => {
  const base = basePath.replace(/\/+$/, '');
  const rest = path.startsWith('/') ? path : `/${path}`;
  return `${base}${rest}`;
};

/** The inverse of underBase: '/campus/login' -> '/login' under '/campus/'. */
export const fromBase = (basePath: string, pathname: string): string => {
  const base = basePath.replace(/\/+$/, '');
  if (base === '' || (pathname !== base && !pathname.startsWith(`${base}/`))) return pathname || '/';
  return pathname.slice(base.length) || '/';
};

/**
 * The Navigator port in the browser: the same history wouter's Router reads, so a
 * navigation from a use case (session lost, logout) re-renders the routes.
 */
export function createBrowserNavigator(basePath: string, w: Window = window): Navigator {
  return {
    go(path, opts = {}) {
      navigate(underBase(basePath, path), { replace: opts.replace ?? false, state: opts.state ?? null });
    },
    back(steps = 1) {
      w.history.go(-Math.max(1, Math.floor(steps)));
    },
    reload() {
      w.location.reload();
    },
    current() {
      return fromBase(basePath, w.location.pathname) + w.location.search;
    },
  };
}
