import { safeContentAddress, safeWebAddress } from './links';

/**
 * THE link policy: what happens when the user follows an address the backend sent.
 * Every surface that shows one (server HTML in notices, form paragraphs, registration
 * matters and reminders; app, carousel and notification addresses; file addresses)
 * asks `decideLink` and does what it answers; no surface decides on its own.
 *
 * Why: a school's backend is written by many hands. A link in a notice or a form
 * paragraph that navigated the app's own window could leave it for a page that looks
 * like the app's next screen (phishing), and an address on the app's own origin (an
 * uploaded SVG or HTML file) would run its script with the app's rights, where the
 * stored token is. So:
 * - an app route goes through the router;
 * - anything else on the app's origin opens in the sandboxed web view, or as a file
 *   (the file page, or the shell's file viewer), never in the app's own window;
 * - a foreign address opens in the sandboxed web view with its address shown, or in
 *   the shell's own browser inside the native shell;
 * - script-like schemes, and anything that is not a plain web address, are refused.
 */

/** Where an address comes from; the table in tests/unit/domain/shell/linkPolicy.test.ts is surface x kind. */
export type LinkSurface =
  /** A link inside server HTML: notice bodies, form paragraphs, registration matters, reminders. */
  | 'serverHtml'
  /** A notice's linkUrl, a notification entry's link, a carousel's jump address. */
  | 'notice'
  /** A web-link app's address (home grid, app centre, search). */
  | 'app'
  /** A file's address (attachments, notice downloads, file lists): opened as a file. */
  | 'file'
  /** The file page's 下载文件 in a browser: a download, never a page in the app's window. */
  | 'download';

export interface LinkEnvironment {
  /** The app's own address: its origin and base path ('https://campus.edu/app/'). */
  readonly appBase: string;
  /** What a relative address is read against (the page the address was shown on, or the service host). */
  readonly base: string;
  readonly inShell: boolean;
  /** Whether a path under the base path ('/page/todo') is a route a link may open. */
  readonly isLinkableRoute: (path: string) => boolean;
}

export type LinkDecision =
  /** An app route: the router opens it; path is under the base path, with its query and fragment. */
  | { readonly kind: 'route'; readonly path: string }
  /** The sandboxed web-view page; `foreign` when the page is on another origin (its address is shown). */
  | { readonly kind: 'webView'; readonly url: string; readonly foreign: boolean }
  /** Inside the native shell, a foreign page opens in the shell's own browser. */
  | { readonly kind: 'shellBrowser'; readonly url: string }
  /** A file: the file page (preview, download) or the shell's file viewer. */
  | { readonly kind: 'file'; readonly url: string }
  /**
   * A download link: on the app's origin the browser saves it (the download attribute);
   * from another origin it opens in a new window, since browsers ignore the download
   * attribute there and would take the app's own window to the file.
   */
  | { readonly kind: 'download'; readonly url: string; readonly newWindow: boolean }
  /** tel: and mailto: in server HTML: handed to the phone, the page stays. */
  | { readonly kind: 'system'; readonly url: string }
  /** '#part' in server HTML: a mark inside the same text; nothing navigates. */
  | { readonly kind: 'inPage' }
  | { readonly kind: 'refused' };

const REFUSED: LinkDecision = { kind: 'refused' };

/**
 * Extensions of pages rather than files: on the app's origin such an address is shown
 * in the web view. Any other extension is a file, which the file page offers to
 * download instead of rendering it (an SVG or an HTML file could carry script).
 */
const PAGE_EXTENSIONS = new Set(['', 'html', 'htm', 'xhtml', 'shtml', 'php', 'asp', 'aspx', 'jsp', 'do', 'action']);

/** The extension of the address's last path segment ('a.PDF' -> 'pdf'), '' when it has none. */
export const pathExtension = (pathname: string): string => {
  const last = pathname.slice(pathname.lastIndexOf('/') + 1);
  const dot = last.lastIndexOf('.');
  // No dot, or a leading one ('.hidden'): no extension; a trailing one leaves '', which the test below refuses.
  if (dot <= 0) return '';
  const ext = last.slice(dot + 1).toLowerCase();
  return /^[a-z0-9]{1,8}$/.test(ext) ? ext : '';
};

const parse = (value: string, base?: string): URL | null => {
  try {
    return new URL(value, base);
  } catch {
    return null;
  }
};

/** 'https://campus.edu/app/' -> its origin and '/app' (no trailing slash; '' at the root). */
const appParts = (appBase: string): { origin: string; basePath: string } | null => {
  const url = parse(appBase);
  if (url === null || (url.protocol !== 'http:' && url.protocol !== 'https:')) return null;
  return { origin: url.origin, basePath: url.pathname.replace(/\/+$/, '') };
};

/**
 * The path under the base path ('/app/page/todo' under '/app' -> '/page/todo'), null when
 * outside it. At the root ('') every path (all start with '/') is under it, as it is.
 */
const underBase = (pathname: string, basePath: string): string | null => {
  if (pathname === basePath) return '/';
  return pathname.startsWith(`${basePath}/`) ? pathname.slice(basePath.length) : null;
};

/**
 * The absolute http(s) address `raw` stands for, read against `base`; null for anything
 * else. Server HTML may hold relative paths ('img/a.png', '/files/a.pdf', '?q'); the
 * other surfaces give absolute addresses or site paths.
 */
const absolute = (raw: string, base: string): URL | null => {
  const url = parse(raw, safeWebAddress(base) ?? undefined);
  if (url === null) return null;
  return safeWebAddress(url.href) === null ? null : url;
};

/**
 * What following `raw`, shown on `surface`, does. Total: every input has an answer,
 * and anything not understood is refused.
 */
export function decideLink(raw: unknown, surface: LinkSurface, env: LinkEnvironment): LinkDecision {
  const app = appParts(env.appBase);
  // The strictest reading of an address from content: no script schemes anywhere, no
  // character references, no backslashes or control characters, no '//host'.
  const address = safeContentAddress(raw);
  if (app === null || address === null) return REFUSED;

  if (address.startsWith('#')) return surface === 'serverHtml' ? { kind: 'inPage' } : REFUSED;
  const scheme = /^[a-z][a-z0-9+.-]*(?=:)/i.exec(address)?.[0].toLowerCase();
  if (scheme === 'mailto' || scheme === 'tel') return surface === 'serverHtml' ? { kind: 'system', url: address } : REFUSED;

  // Outside server HTML an address is absolute or a path on the site, never relative to
  // whatever page happens to show it.
  if (surface !== 'serverHtml' && scheme === undefined && !address.startsWith('/')) return REFUSED;
  const url = absolute(address, env.base);
  if (url === null) return REFUSED;
  const href = url.href;
  const sameOrigin = url.origin === app.origin;

  if (surface === 'download') return { kind: 'download', url: href, newWindow: !sameOrigin };
  if (surface === 'file') return { kind: 'file', url: href };

  if (sameOrigin) {
    const path = underBase(url.pathname, app.basePath);
    if (path !== null && env.isLinkableRoute(path)) return { kind: 'route', path: path + url.search + url.hash };
    if (!PAGE_EXTENSIONS.has(pathExtension(url.pathname))) return { kind: 'file', url: href };
    return { kind: 'webView', url: href, foreign: false };
  }
  return env.inShell ? { kind: 'shellBrowser', url: href } : { kind: 'webView', url: href, foreign: true };
}
