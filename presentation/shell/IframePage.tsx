import { useHistoryState } from 'wouter/use-browser-location';
import { useSearch } from 'wouter';
import { iframeTarget } from '../../domain/shell/webView';
import { routeStateTitle } from '../shared/navigation';
import { FramePage } from './FramePage';

/** The iframe route (SPEC point 2): query url, the title from route state. */
export function IframePage() {
  const url = new URLSearchParams(useSearch()).get('url');
  const title = routeStateTitle(useHistoryState<unknown>()) ?? '';
  return <FramePage uri={iframeTarget(url)} title={title} />;
}
