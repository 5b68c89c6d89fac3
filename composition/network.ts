/**
 * The HTTP client and the session adapter: what the initialisation gate needs for its
 * first calls (user info, campus list). Loaded on the first call (lazyPorts.ts); the
 * other adapters come apart (adapters.ts), so building their schemas does not hold up
 * the gate's first request.
 */
import { HttpClient, type HttpClientDeps } from '../infrastructure/http/httpClient';
import { HttpSessionApi } from '../infrastructure/session/sessionApi';
import type { RuntimeConfig } from '../application/ports/runtime';

export function createNetwork(deps: HttpClientDeps, config: RuntimeConfig) {
  const http = new HttpClient(deps);
  return { http, session: new HttpSessionApi(http, config) };
}

export type Network = ReturnType<typeof createNetwork>;
