import { useUnit } from 'effector-react';
import { useCallback } from 'react';
import { resolveAsset, serviceHostScreen } from '../../../application/apps/serviceHost';
import { useScreenModel } from '../screenModel';

/** The service host ('' for the page's own), where server paths are read. */
export function useServiceHost(): string {
  return useUnit(useScreenModel(serviceHostScreen, undefined).$host);
}

/**
 * Server images (app icons, carousel slides) come as paths on the service host
 * ('/images/apps/leave.svg'): with a school on its own host (SaasAddress) the path is
 * read against that host, not against the page (application/apps/serviceHost.ts).
 */
export function useAssetUrl(): (path: string | null | undefined) => string | null {
  const host = useServiceHost();
  return useCallback((path) => resolveAsset(path, host), [host]);
}
