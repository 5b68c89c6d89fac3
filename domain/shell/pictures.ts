/**
 * Which picture addresses from the backend the app shows (avatars, app and matter icons,
 * carousel slides, flow icons): only those the production Content-Security-Policy lets
 * it load (docs/deploy.md: `img-src 'self' data: blob:` and the API hosts). Any other (a
 * script-like scheme, another site, a page, not an address at all) is never requested:
 * the surface shows its stand-in (the name's characters, a letter tile, the default
 * icon), and the policy has nothing to report.
 */
export interface PictureEnv {
  /** The page's address: relative addresses are read against it. */
  readonly pageUrl: string;
  /** The other origins pictures may come from (the service host's). */
  readonly origins: readonly string[];
}

/** The address to load for `raw` (as given, trimmed), or null when the surface shows its stand-in. */
export function pictureSource(raw: unknown, env: PictureEnv): string | null {
  if (typeof raw !== 'string') return null;
  const address = raw.trim();
  if (address === '') return null;
  if (/^data:image\/[a-z0-9.+-]+[;,]/i.test(address)) return address;
  if (/^blob:/i.test(address)) return address;
  let url: URL;
  let page: URL;
  try {
    page = new URL(env.pageUrl);
    url = new URL(address, page);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  if (url.origin !== page.origin && !env.origins.includes(url.origin)) return null;
  // As given: the browser reads it against the page the same way.
  return address;
}
