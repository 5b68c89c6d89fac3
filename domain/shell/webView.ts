import { safeWebAddress } from './links';

/** What the web-view route shows: its route state, when the address is http(s). */
export interface WebViewTarget {
  readonly title: string;
  readonly uri: string;
}

const plainTitle = (value: unknown): string => (typeof value === 'string' ? value.trim().slice(0, 200) : '');

/**
 * Reads the web-view route state ({ title, uri }). Only absolute http and https
 * addresses pass (domain safeWebAddress): javascript:, data:, protocol-relative and
 * credential-carrying addresses give null, and the page shows an error instead of a frame.
 */
export function webViewTarget(state: unknown): WebViewTarget | null {
  if (typeof state !== 'object' || state === null) return null;
  const record = state as Record<string, unknown>;
  const uri = safeWebAddress(record.uri);
  return uri === null ? null : { title: plainTitle(record.title), uri };
}

/** The iframe route's `url` query parameter, under the same rule. */
export const iframeTarget = (url: unknown): string | null => safeWebAddress(url);
