import { useUnit } from 'effector-react';
import { useCallback } from 'react';
import { resolveAsset, serviceHostScreen, serviceOrigin } from '../../../application/apps/serviceHost';
import { pictureSource } from '../../../domain/shell/pictures';
import { useScreenModel } from '../screenModel';

/** The service host ('' for the page's own), where server paths are read. */
export function useServiceHost(): string {
  return useUnit(useScreenModel(serviceHostScreen, undefined).$host);
}

/**
 * Server pictures as the app shows them (app icons, carousel slides, avatars): paths come
 * on the service host ('/images/apps/leave.svg'), so a school on its own host (SaasAddress)
 * has them read against that host (application/apps/serviceHost.ts); and only from
 * where the page may load them (domain/shell/pictures.ts); null shows the surface's
 * stand-in.
 */
export function usePicture(): (path: string | null | undefined) => string | null {
  const host = useServiceHost();
  return useCallback(
    (path) => {
      const page = typeof location === 'undefined' ? 'http://localhost/' : location.href;
      return pictureSource(resolveAsset(path, host), { pageUrl: page, origins: [serviceOrigin(host, page)] });
    },
    [host],
  );
}
