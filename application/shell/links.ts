/**
 * Following an address from the backend: the domain's link policy decides
 * (domain/shell/linkPolicy.ts), this carries it out through the router and the shell.
 * Every surface that shows a backend address opens it here.
 */
import { decideLink, type LinkDecision, type LinkSurface } from '../../domain/shell/linkPolicy';
import type { Navigator } from '../ports/runtime';
import type { NativeShell } from '../ports/shell';
import { isLinkableRoute, PATHS } from '../shared/routes';

export interface LinkOpenerDeps {
  shell: Pick<NativeShell, 'isInShell' | 'openLink' | 'openFile'>;
  navigator: Pick<Navigator, 'go'>;
  /** The app's origin and base path ('https://campus.edu/app/'). */
  appBase: () => string;
  /** The address of the page the link is on: relative addresses are read against it. */
  pageUrl: () => string;
  /** Hands a tel: or mailto: address to the phone. */
  openSystem: (url: string) => void;
}

export interface LinkOpener {
  /**
   * Follows `raw`, shown on `surface`; `title` names the web view, or the file on the
   * file surface (a link's text elsewhere is not a file name). Answers
   * what was done (refused: nothing happened, the caller may say why).
   */
  open(raw: unknown, surface: LinkSurface, title?: string): LinkDecision;
  /** What following `raw` would do, without doing it (the file page's download link). */
  decide(raw: unknown, surface: LinkSurface): LinkDecision;
}

/** The file's name for the file page: the last segment of its path, decoded. */
const lastSegment = (url: string): string => {
  try {
    const name = new URL(url).pathname.split('/').filter((s) => s !== '').pop() ?? '';
    return decodeURIComponent(name);
  } catch {
    return '';
  }
};

export function createLinkOpener(deps: LinkOpenerDeps): LinkOpener {
  const decide = (raw: unknown, surface: LinkSurface): LinkDecision =>
    decideLink(raw, surface, { appBase: deps.appBase(), base: deps.pageUrl(), inShell: deps.shell.isInShell(), isLinkableRoute });
  return {
    decide,
    open(raw, surface, title = '') {
      const decision = decide(raw, surface);
      switch (decision.kind) {
        case 'route':
          deps.navigator.go(decision.path);
          break;
        case 'webView':
          deps.navigator.go(PATHS.webView, { state: { title, uri: decision.url } });
          break;
        case 'shellBrowser':
          if (!deps.shell.openLink(decision.url, title)) return { kind: 'refused' };
          break;
        case 'file':
        case 'download':
          // A file's own name when the caller has one (a file list); a link's text is not a file name.
          if (!deps.shell.openFile({ url: decision.url, name: (surface === 'file' && title.trim()) || lastSegment(decision.url) })) return { kind: 'refused' };
          break;
        case 'system':
          deps.openSystem(decision.url);
          break;
        case 'inPage':
        case 'refused':
          break;
      }
      return decision;
    },
  };
}
