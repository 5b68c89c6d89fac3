import { serviceHostOf } from '../../application/apps/serviceHost';
import { askHomeAhead } from '../../application/portal/useCases';
import { PORTAL_API } from '../../application/portal/ports';
import { HOST_STORE, RUNTIME_CONFIG } from '../../application/ports/tokens';
import { pictureAddress, warmPicture } from '../shared/apps/assets';
import { tabOf } from '../shared/layout/tabs';
import type { AskAhead } from '../shared/routeAhead';

/**
 * The root opened at boot on its home tab (not ?tab=message or ?tab=me): the carousel and
 * the built-in widgets' info are asked beside the session check, and the widgets' code
 * (carousel, pull to refresh) downloads with them instead of after the check. The first
 * slide's picture, home's largest paint, starts downloading as soon as the carousel is
 * in, at the address the carousel will show it from.
 */
export const askAhead: AskAhead = (get, search) => {
  if (tabOf(search) !== 'home') return;
  const firstPicture = askHomeAhead(get(PORTAL_API));
  // The same file HomeTab's HOME_WIDGETS asks for: the page's module map fetches it once.
  void import('./HomePortal').catch(() => undefined);
  const host = serviceHostOf({ hosts: get(HOST_STORE), config: get(RUNTIME_CONFIG) });
  void firstPicture.then((path) => warmPicture(pictureAddress(path, host)));
};
