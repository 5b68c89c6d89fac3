import { preloadRoute, routeAccess } from '../presentation/routes';
import { pathUnderBase } from './basePath';

export interface PublicPreloadDeps {
  routeAccess?: (path: string) => 'public' | 'session' | null;
  preloadRoute?: (path: string, search: string) => unknown;
}

/**
 * Starts the code of the public page at the address (the login and its bind-school
 * popup, SSO, the web-view, the scanner), when the address is one. composition/early.ts
 * runs it before the app's main code has arrived; warmUp asks again later (one download).
 * Pages behind the gate are left to warmUp: on a slow network their code waits for the
 * network code, so the gate's first calls go first (bench/notes.md, ninth session).
 * Answers whether it started anything.
 */
export function preloadPublicPage(location: Pick<Location, 'pathname' | 'search'>, appFolder: string, deps: PublicPreloadDeps = {}): boolean {
  const path = pathUnderBase(location.pathname, new URL(appFolder).pathname);
  if (path === null || (deps.routeAccess ?? routeAccess)(path) !== 'public') return false;
  (deps.preloadRoute ?? preloadRoute)(path, location.search);
  return true;
}
