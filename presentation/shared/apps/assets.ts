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
  return useCallback((path) => pictureAddress(path, host), [host]);
}

/** The address `usePicture` shows for `path` on the service host `host` (null: the stand-in). */
export function pictureAddress(path: string | null | undefined, host: string): string | null {
  const page = typeof location === 'undefined' ? 'http://localhost/' : location.href;
  return pictureSource(resolveAsset(path, host), { pageUrl: page, origins: [serviceOrigin(host, page)] });
}

/**
 * Starts downloading a picture the screen is about to show (home's first carousel slide,
 * its largest paint), at high priority: a picture not yet in the page would otherwise be
 * asked at low priority until it is laid out.
 */
export function warmPicture(src: string | null): void {
  if (!src) return;
  const img = new Image();
  img.fetchPriority = 'high';
  img.src = src;
}
