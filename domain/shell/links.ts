/**
 * Link safety. Redirect targets arrive in query strings (sso redirectPath, scanner
 * redirect) and addresses for web views and iframes arrive from the server (app
 * content, widget url, notice linkUrl): both are attacker-reachable inputs.
 */

/** Longest redirect path accepted; real in-app paths are far shorter. */
export const MAX_REDIRECT_LENGTH = 2048;
/** Longest web address accepted; signed storage URLs can be long. */
export const MAX_WEB_ADDRESS_LENGTH = 8192;

// Browsers drop tabs and newlines anywhere in a URL and treat '\' as '/', so
// '/\evil.com' or '/\t/evil.com' would leave the origin: refuse them all outright.
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f\\]/;
const PROBE_ORIGIN = 'https://redirect.invalid';

const parseUrl = (value: string, base?: string): URL | null => {
  try {
    return new URL(value, base);
  } catch {
    return null;
  }
};

/** '/app/' -> '/app', '/' -> '' (root); null when the base is not an absolute path. */
const normaliseBase = (base: unknown): string | null => {
  if (typeof base !== 'string' || !base.startsWith('/') || base.startsWith('//') || CONTROL.test(base)) return null;
  return base.replace(/\/+$/, '');
};

/**
 * Answers the normalised path (pathname + search + hash) when `raw` is a same-origin
 * absolute path under `base`, else null. Refused: other origins and any scheme
 * (javascript:, data:, vbscript:, http:), protocol-relative '//', backslashes, control
 * characters, and '..' segments that climb out of the base.
 */
export const safeRedirectPath = (raw: unknown, base: unknown): string | null => {
  const baseNorm = normaliseBase(base);
  if (baseNorm === null || typeof raw !== 'string') return null;
  if (raw.length === 0 || raw.length > MAX_REDIRECT_LENGTH) return null;
  if (!raw.startsWith('/') || raw.startsWith('//') || CONTROL.test(raw)) return null;
  const url = parseUrl(raw, PROBE_ORIGIN);
  if (url === null || url.origin !== PROBE_ORIGIN) return null;
  const path = url.pathname;
  // At the root ('') every path is under the base: all start with '/'.
  if (path !== baseNorm && !path.startsWith(`${baseNorm}/`)) return null;
  return path + url.search + url.hash;
};

/**
 * Answers the trimmed address when it is an absolute http or https URL with a host and
 * no embedded credentials, else null. Used before any web view, iframe or shell link.
 */
export const safeWebAddress = (raw: unknown): string | null => {
  if (typeof raw !== 'string') return null;
  const s = raw.trim();
  if (s.length === 0 || s.length > MAX_WEB_ADDRESS_LENGTH || CONTROL.test(s)) return null;
  const url = parseUrl(s);
  if (url === null) return null;
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  if (url.hostname === '' || url.username !== '' || url.password !== '') return null;
  return s;
};

export const isWebAddress = (raw: unknown): boolean => safeWebAddress(raw) !== null;

/** An absolute path on the same site: one leading '/', never '//' (another host). */
const isSitePath = (s: string): boolean => s.startsWith('/') && !s.startsWith('//') && !CONTROL.test(s);

/**
 * An address the server gave that may be a path on the service host ('/files/a.pdf',
 * '/widgets/w.html') or an absolute http(s) address: the path is made absolute against
 * `base` (itself an http(s) address), the rest must pass safeWebAddress. A backslash or
 * control character anywhere refuses it: '/\evil.example' would otherwise resolve to
 * another host. Used before any web view, frame, file page or shell link.
 */
export const resolveWebAddress = (raw: unknown, base: unknown): string | null => {
  if (typeof raw !== 'string') return null;
  const s = raw.trim();
  if (!isSitePath(s)) return safeWebAddress(s);
  const baseUrl = safeWebAddress(base);
  if (baseUrl === null) return null;
  const url = parseUrl(s, baseUrl);
  return url === null ? null : safeWebAddress(url.href);
};

// A scheme as the URL parser sees one: a letter, then letters, digits, '+', '-', '.', then ':'.
const SCHEME = /^[a-z][a-z0-9+.-]*:/i;
const CONTENT_SCHEMES = new Set(['mailto:', 'tel:']);

/**
 * An address inside server HTML (a notice's href or src): answers it trimmed when it is
 * an http(s) address (safeWebAddress), mailto: or tel:, a fragment ('#top'), a site
 * path ('/a', '?q') or a plain relative path ('img/a.png'); null for everything else:
 * javascript:, data:, vbscript: and any other scheme (a script scheme even inside the
 * address), protocol-relative '//host', backslashes and control characters anywhere (browsers drop tabs and newlines inside
 * a scheme, so 'java\tscript:' is javascript:).
 */
export const safeContentAddress = (raw: unknown): string | null => {
  if (typeof raw !== 'string') return null;
  // The URL parser itself trims leading and trailing C0 controls and spaces.
  // eslint-disable-next-line no-control-regex
  const s = raw.replace(/^[\u0000-\u0020]+|[\u0000-\u0020]+$/g, '');
  if (s.length === 0 || s.length > MAX_WEB_ADDRESS_LENGTH || CONTROL.test(s)) return null;
  // A script scheme anywhere, or an HTML character reference ('&#106;avascript:',
  // 'javascript&colon;') that something might decode later: never part of a real address.
  if (/(?:java|vb)script:|&(?:#|colon;|tab;|newline;)/i.test(s)) return null;
  if (s.startsWith('/')) return isSitePath(s) ? s : null;
  const scheme = SCHEME.exec(s)?.[0].toLowerCase();
  if (scheme === undefined) {
    // No scheme: a relative path, a fragment ('#top') or a query ('?page=2'), unless a ':'
    // comes before the first '/', '?' or '#' (such a value is not a path the way a
    // browser reads it).
    const head = s.slice(0, s.search(/[/?#]|$/));
    return head.includes(':') ? null : s;
  }
  if (scheme === 'http:' || scheme === 'https:') return safeWebAddress(s);
  return CONTENT_SCHEMES.has(scheme) ? s : null;
};
