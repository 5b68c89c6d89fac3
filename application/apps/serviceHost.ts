/**
 * The service host the backend's paths are read against (SaasAddress of the school, else
 * the configured default): app icons and carousel pictures ('/images/apps/leave.svg')
 * and widget pages ('/widgets/weather.html') are paths on it, not on the page.
 *
 * One per signed-in user: the host is the school's, and a school is bound before its
 * session starts, so it cannot change while the model lives.
 */
import { createStore } from 'effector';
import type { RuntimeConfig } from '../ports/runtime';
import type { HostStore } from '../ports/session';
import { HOST_STORE, RUNTIME_CONFIG } from '../ports/tokens';
import { defineScreen } from '../shared/screens';

/**
 * A server image's address: a path on the host is read against it; absolute and data
 * addresses pass; nothing for an empty one.
 */
export function resolveAsset(path: string | null | undefined, host: string | null | undefined): string | null {
  if (typeof path !== 'string') return null;
  const p = path.trim();
  if (p === '') return null;
  if (!p.startsWith('/') || p.startsWith('//')) return p;
  const h = (host ?? '').trim().replace(/\/+$/, '');
  return h === '' ? p : `${h}${p}`;
}

/** The origin of `host` ('' for the page's own), read against the page's address. */
export function serviceOrigin(host: string, pageUrl: string): string {
  try {
    return new URL(host.trim() || pageUrl, pageUrl).origin;
  } catch {
    try {
      return new URL(pageUrl).origin;
    } catch {
      return '';
    }
  }
}

/** The service host of the school bound on this device, else the configured default ('' for the page's own). */
export const serviceHostOf = (deps: { hosts: Pick<HostStore, 'get'>; config: Pick<RuntimeConfig, 'defaultHost'> }): string =>
  (deps.hosts.get() ?? deps.config.defaultHost ?? '').trim();

export function createServiceHostModel(deps: { hosts: Pick<HostStore, 'get'>; config: Pick<RuntimeConfig, 'defaultHost'> }) {
  const $host = createStore(serviceHostOf(deps), { serialize: 'ignore' });
  return { $host };
}

export type ServiceHostModel = ReturnType<typeof createServiceHostModel>;

export const serviceHostScreen = defineScreen({
  name: 'serviceHost',
  lifetime: 'user',
  key: () => '',
  create: (get) => createServiceHostModel({ hosts: get(HOST_STORE), config: get(RUNTIME_CONFIG) }),
});
