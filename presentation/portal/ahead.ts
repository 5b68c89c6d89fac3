import { askHomeAhead } from '../../application/portal/useCases';
import { PORTAL_API } from '../../application/portal/ports';
import { tabOf } from '../shared/layout/tabs';
import type { AskAhead } from '../shared/routeAhead';

/**
 * The root opened at boot on its home tab (not ?tab=message or ?tab=me): the carousel and
 * the built-in widgets' info are asked beside the session check, and the widgets' code
 * (carousel, pull to refresh) downloads with them instead of after the check.
 */
export const askAhead: AskAhead = (get, search) => {
  if (tabOf(search) !== 'home') return;
  askHomeAhead(get(PORTAL_API));
  // The same file HomeTab's HOME_WIDGETS asks for: the page's module map fetches it once.
  void import('./HomePortal').catch(() => undefined);
};
