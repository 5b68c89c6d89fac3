/**
 * The HTTP client and the session adapter, loaded on the first call (lazyPorts.ts).
 * Everything that talks to the server is built on this one HttpClient.
 */
import { HttpClient, type HttpClientDeps } from '../infrastructure/http/httpClient';
import { HttpSessionApi } from '../infrastructure/session/sessionApi';
import type { RuntimeConfig } from '../application/ports/runtime';

export function createNetwork(deps: HttpClientDeps, config: RuntimeConfig) {
  const http = new HttpClient(deps);
  return { http, session: new HttpSessionApi(http, config) };
}

export type Network = ReturnType<typeof createNetwork>;
