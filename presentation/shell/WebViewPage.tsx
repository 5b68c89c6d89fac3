import { useHistoryState } from 'wouter/use-browser-location';
import { webViewTarget } from '../../domain/shell/webView';
import { FramePage } from './FramePage';

/**
 * The web-view route (SPEC point 2): route state carries { title, uri }; the back bar
 * shows the title. Used for the terms, the privacy policy and web-type apps.
 */
export function WebViewPage() {
  const target = webViewTarget(useHistoryState<unknown>());
  return <FramePage uri={target?.uri ?? null} title={target?.title ?? ''} />;
}
