/**
 * The boot's head start (speed on a slow network): every download the first
 * screen will wait for starts at once, beside config.json, instead of each waiting for
 * the one before it (entry, then config, then the page, then the client, then the hub).
 *
 * - the page of the address opened (and its tab or popup: presentation/routes.tsx);
 * - for a page behind the initialisation gate with a session in storage: the network
 *   code (HTTP client), the adapters and SignalR, which the gate and the page need before
 *   anything shows (SPEC point 2: user info, campus list and hub); the adapters and the
 *   page's own code follow the network code, so the gate's first calls are not queued
 *   behind them;
 * - the data the page will ask for first, where its route says what that is (the route's
 *   `ahead`, presentation/routes.tsx): its code loads beside the adapters and asks once
 *   both are in, beside user info; the page's own call takes the answer
 *   (application/shared/ahead.ts).
 *
 * Only downloads and the page's own first calls start here; nothing runs that the app
 * would not run anyway.
 */
import type { TokenStore } from '../application/ports/session';
import { askRouteAhead, preloadRoute, routeAccess, type Resolve } from '../presentation/routes';
import { loadAdaptersCode, loadHubCode, loadNetworkCode } from './container';
import { pathUnderBase } from './basePath';

export { pathUnderBase };


export interface WarmUpDeps {
  location: Pick<Location, 'pathname' | 'search'>;
  /** The folder that serves index.html (main.tsx appFolder). */
  appFolder: string;
  tokens: Pick<TokenStore, 'get'>;
  routeAccess?: (path: string) => 'public' | 'session' | null;
  preloadRoute?: (path: string, search: string) => unknown;
  loadNetworkCode?: () => Promise<unknown>;
  loadAdaptersCode?: () => Promise<unknown>;
  loadHubCode?: () => Promise<unknown>;
  /** The container's ports, for the data asked ahead; without it nothing is asked. */
  get?: Resolve;
  askRouteAhead?: (path: string, search: string, get: Resolve, ready: Promise<unknown>) => Promise<void>;
}

export function warmUp(deps: WarmUpDeps): Promise<void> {
  const path = pathUnderBase(deps.location.pathname, new URL(deps.appFolder).pathname);
  if (path === null) return Promise.resolve();
  const access = (deps.routeAccess ?? routeAccess)(path);
  if (access === null) return Promise.resolve();
  const page = () => {
    (deps.preloadRoute ?? preloadRoute)(path, deps.location.search);
  };
  if (access !== 'session' || deps.tokens.get() === null) {
    page();
    return Promise.resolve();
  }
  // A failed download is retried by the port that needs it (lazyPorts.ts once()).
  const network = (deps.loadNetworkCode ?? loadNetworkCode)().catch(() => undefined);
  (deps.loadHubCode ?? loadHubCode)().catch(() => undefined);
  // On a slow network the downloads share the bandwidth, and code runs as it arrives:
  // what the page needs comes once the network code is in, so the gate's first calls
  // (user info, campus list, hub) go out first and the rest loads while they travel.
  return network.then(() => {
    const adapters = (deps.loadAdaptersCode ?? loadAdaptersCode)();
    adapters.catch(() => undefined);
    // The page's first data, asked beside the gate's calls (application/shared/ahead.ts). Its
    // small ahead code is requested before the page's: the browser opens only a few
    // connections to a host, and the page's many chunks would otherwise queue it.
    if (deps.get) void (deps.askRouteAhead ?? askRouteAhead)(path, deps.location.search, deps.get, adapters).catch(() => undefined);
    page();
  });
}
