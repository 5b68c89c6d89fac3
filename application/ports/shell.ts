import type { ShellInbound } from '../../domain/shell/types';

export type { ShellInbound } from '../../domain/shell/types';

/** A file to open: the page/file route's query (url, name, size in bytes). */
export type ShellFile = { readonly url: string; readonly name: string; readonly size?: number | null };

/**
 * The native app shell (CONTRACT.md "Native shell", docs/native-shell.md). Two adapters:
 * inside the shell every call becomes a bridge message; in a plain browser each has a
 * web fallback, so callers never branch on where they run.
 */
export interface NativeShell {
  isInShell(): boolean;
  /** The shell's core version (about page); null outside the shell or when it does not say. */
  coreVersion(): Promise<string | null>;
  /** Opens an http(s) address: a shell web view, else the web-view route. False when refused (not http(s)). */
  openLink(url: string, title?: string): boolean;
  /** Opens a file: natively in the shell, else the page/file route. False when refused. */
  openFile(file: ShellFile): boolean;
  /**
   * Scans a code. In the shell: the scanned text, or null when the user closed the
   * scanner. In a browser: navigates to the scanner page and answers null.
   */
  scan(): Promise<string | null>;
  /** Leaves the page: the shell closes the web app, a browser goes back in history. */
  back(): void;
  /** Tells the shell to enable developer mode; false when not in the shell. */
  developerMode(): boolean;
  /** Tells the shell the vibration-reminder setting; false when not in the shell. */
  setVibration(enabled: boolean): boolean;
  /** Tells the shell the app listens now (it may send queued deep links and sessions); false outside it. */
  ready(): boolean;
  /** Tells the shell a session started (the user's id) or ended (null); false outside it. */
  sessionChanged(userId: string | null): boolean;
  /** Tells the shell a message arrived, and whether to vibrate for it (the user's setting); false outside it. */
  newMessage(title: string, vibrate: boolean): boolean;
  /** Events from the shell, only from the expected origin and only in a known shape. */
  onMessage(listener: (message: ShellInbound) => void): () => void;
}
