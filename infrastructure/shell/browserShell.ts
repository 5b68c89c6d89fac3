import type { Navigator } from '../../application/ports/runtime';
import type { NativeShell, ShellFile, ShellInbound } from '../../application/ports/shell';
import { absoluteWebAddress } from './address';

/** Routes of the web fallbacks (SPEC point 2 route table), under the base path. */
export const WEB_VIEW_ROUTE = '/web-view';
export const FILE_ROUTE = '/page/file';
export const SCANNER_ROUTE = '/scanner';

export interface BrowserShellDeps {
  navigator: Navigator;
  /** `window.history` in the browser: back leaves the app from its first page. */
  history?: { back(): void };
  /** Base for same-origin paths; `location.href` by default. */
  baseUrl?: () => string;
}

const defaultBase = (): string => (typeof location !== 'undefined' ? location.href : 'http://localhost/');

/** NativeShell in a plain browser: every feature through its web page. */
export class BrowserNativeShell implements NativeShell {
  private readonly baseUrl: () => string;

  constructor(private readonly deps: BrowserShellDeps) {
    this.baseUrl = deps.baseUrl ?? defaultBase;
  }

  isInShell(): boolean {
    return false;
  }

  coreVersion(): Promise<string | null> {
    return Promise.resolve(null);
  }

  openLink(url: string, title = ''): boolean {
    const uri = absoluteWebAddress(url, this.baseUrl());
    if (uri === null) return false;
    this.deps.navigator.go(WEB_VIEW_ROUTE, { state: { title, uri } });
    return true;
  }

  openFile(file: ShellFile): boolean {
    const url = absoluteWebAddress(file.url, this.baseUrl());
    if (url === null) return false;
    const query = new URLSearchParams({ url, name: file.name });
    if (typeof file.size === 'number' && Number.isFinite(file.size) && file.size >= 0) query.set('size', String(file.size));
    this.deps.navigator.go(`${FILE_ROUTE}?${query.toString()}`);
    return true;
  }

  scan(): Promise<string | null> {
    this.deps.navigator.go(SCANNER_ROUTE);
    return Promise.resolve(null);
  }

  back(): void {
    (this.deps.history ?? (typeof history !== 'undefined' ? history : null))?.back();
  }

  developerMode(): boolean {
    return false;
  }

  setVibration(_enabled: boolean): boolean {
    return false;
  }

  ready(): boolean {
    return false;
  }

  sessionChanged(_userId: string | null): boolean {
    return false;
  }

  newMessage(_title: string, _vibrate: boolean): boolean {
    return false;
  }

  onMessage(_listener: (message: ShellInbound) => void): () => void {
    return () => undefined;
  }
}
