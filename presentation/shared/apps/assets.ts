import { useCallback } from 'react';
import type { RuntimeConfig } from '../../../application/ports/runtime';
import type { HostStore } from '../../../application/ports/session';
import { HOST_STORE, RUNTIME_CONFIG } from '../../../application/ports/tokens';
import { useInjection } from '../di';

/**
 * Server images (app icons, carousel slides) come as paths on the service host
 * ('/images/apps/leave.svg'). With a school on its own host (SaasAddress) the path must
 * be read against that host, not against the page. Absolute and data addresses pass.
 */
export function resolveAsset(path: string | null | undefined, host: string | null | undefined): string | null {
  if (typeof path !== 'string') return null;
  const p = path.trim();
  if (p === '') return null;
  if (!p.startsWith('/') || p.startsWith('//')) return p;
  const h = (host ?? '').trim().replace(/\/+$/, '');
  return h === '' ? p : `${h}${p}`;
}

export function useAssetUrl(): (path: string | null | undefined) => string | null {
  const hosts = useInjection<HostStore>(HOST_STORE);
  const config = useInjection<RuntimeConfig>(RUNTIME_CONFIG);
  return useCallback((path) => resolveAsset(path, hosts.get() ?? config.defaultHost), [hosts, config]);
}
