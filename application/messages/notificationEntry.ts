import { safeRedirectPath, safeWebAddress } from '../../domain/shell/links';

/**
 * The notification entry of the route table (SPEC point 2: "root with tab=message plus
 * page and link path: opens notifications"). A push notification opens the app at
 *   /?tab=message&page=<in-app path>   e.g. page=/page/notice?id=…&name=…
 *   /?tab=message&link=<http(s) address>
 * The message tab opens the target on top of itself, so back lands in the message
 * centre. The in-app path is relative to the base path (with or without its leading
 * '/'); anything that could leave the app (another origin, a scheme, '//', '..' out of
 * the root) is ignored, as is a path back to the main layout itself.
 */
export type NotificationEntryTarget = { readonly kind: 'page'; readonly path: string } | { readonly kind: 'link'; readonly url: string };

export function notificationEntryTarget(search: string): NotificationEntryTarget | null {
  const params = new URLSearchParams(search);
  if (params.get('tab') !== 'message') return null;
  const page = params.get('page')?.trim();
  if (page) {
    const path = safeRedirectPath(page.startsWith('/') ? page : `/${page}`, '/');
    if (path !== null && !path.startsWith('/?') && path !== '/') return { kind: 'page', path };
  }
  const link = safeWebAddress(params.get('link'));
  return link === null ? null : { kind: 'link', url: link };
}
