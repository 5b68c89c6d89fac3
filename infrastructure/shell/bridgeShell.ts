import type { NativeShell, ShellFile, ShellInbound } from '../../application/ports/shell';
import { detectShell, encodeShellMessage, parseShellInbound, SHELL_BRIDGE_GLOBAL, shellMessages } from '../../domain/shell/protocol';
import type { ShellOutbound } from '../../domain/shell/types';
import { absoluteWebAddress } from './address';

/** What the shell injects as `window.CampusShellBridge` (docs/native-shell.md). */
export interface ShellBridge {
  postMessage(json: string): void;
}

/** The parts of `window` the adapter uses; tests pass jsdom's window. */
export type ShellWindow = {
  readonly location: { readonly origin: string; readonly href: string };
  readonly navigator: { readonly userAgent: string };
  addEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
  removeEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
};

export interface BridgeShellDeps {
  window: ShellWindow;
  /** Origin the shell's events must come from; the page's own origin by default. */
  expectedOrigin?: string;
  /** How long to wait for a getCoreVersion answer when the user agent carries none. */
  coreVersionTimeoutMs?: number;
}

export const CORE_VERSION_TIMEOUT_MS = 3000;

export const bridgeOf = (w: unknown): ShellBridge | null => {
  const bridge = (w as Record<string, unknown> | null | undefined)?.[SHELL_BRIDGE_GLOBAL] as Partial<ShellBridge> | undefined;
  return bridge && typeof bridge.postMessage === 'function' ? (bridge as ShellBridge) : null;
};

let requestCounter = 0;
const newRequestId = (): string =>
  `r${Date.now().toString(36)}${(requestCounter++).toString(36)}${Math.random().toString(36).slice(2, 8)}`;

/**
 * NativeShell inside the app shell. Outbound: JSON strings through the injected
 * bridge. Inbound: window 'message' events, accepted only from the expected origin and
 * only when the domain validator recognises the shape; anything else is dropped, since
 * a page shown in the web view (or any frame) can post messages to this window too.
 */
export class BridgeNativeShell implements NativeShell {
  private readonly listeners = new Set<(message: ShellInbound) => void>();
  private readonly expectedOrigin: string;
  private readonly uaCoreVersion: string | null;
  private attached = false;

  constructor(
    private readonly bridge: ShellBridge,
    private readonly deps: BridgeShellDeps,
  ) {
    this.expectedOrigin = deps.expectedOrigin ?? deps.window.location.origin;
    this.uaCoreVersion = detectShell(true, deps.window.navigator.userAgent).coreVersion;
  }

  isInShell(): boolean {
    return true;
  }

  async coreVersion(): Promise<string | null> {
    if (this.uaCoreVersion !== null) return this.uaCoreVersion;
    const requestId = newRequestId();
    const message = shellMessages.getCoreVersion(requestId);
    if (message === null) return null;
    const reply = this.waitFor(
      (m) => m.type === 'coreVersion' && m.requestId === requestId,
      this.deps.coreVersionTimeoutMs ?? CORE_VERSION_TIMEOUT_MS,
    );
    if (!this.post(message)) {
      reply.cancel();
      return null;
    }
    const m = await reply.promise;
    return m?.type === 'coreVersion' ? m.version : null;
  }

  openLink(url: string, title = ''): boolean {
    const address = absoluteWebAddress(url, this.deps.window.location.href);
    const message = address === null ? null : shellMessages.openLink(address, title);
    return message !== null && this.post(message);
  }

  openFile(file: ShellFile): boolean {
    const address = absoluteWebAddress(file.url, this.deps.window.location.href);
    const message = address === null ? null : shellMessages.openFile(address, file.name);
    return message !== null && this.post(message);
  }

  async scan(): Promise<string | null> {
    const requestId = newRequestId();
    const message = shellMessages.scan(requestId);
    if (message === null) return null;
    // No timeout: the user may take as long as they like in front of the camera.
    const reply = this.waitFor((m) => (m.type === 'scanResult' || m.type === 'scanCancelled') && m.requestId === requestId, null);
    if (!this.post(message)) {
      reply.cancel();
      return null;
    }
    const m = await reply.promise;
    return m?.type === 'scanResult' ? m.text : null;
  }

  back(): void {
    this.post(shellMessages.back());
  }

  developerMode(): boolean {
    return this.post(shellMessages.developerMode());
  }

  setVibration(enabled: boolean): boolean {
    return this.post(shellMessages.setVibration(enabled));
  }

  ready(): boolean {
    return this.post(shellMessages.ready());
  }

  sessionChanged(userId: string | null): boolean {
    return this.post(userId === null ? shellMessages.signedOut() : shellMessages.signedIn(userId));
  }

  newMessage(title: string, vibrate: boolean): boolean {
    return this.post(shellMessages.newMessage(title, vibrate));
  }

  onMessage(listener: (message: ShellInbound) => void): () => void {
    this.listeners.add(listener);
    this.syncAttachment();
    return () => {
      this.listeners.delete(listener);
      this.syncAttachment();
    };
  }

  private post(message: ShellOutbound | null): boolean {
    if (message === null) return false;
    try {
      this.bridge.postMessage(encodeShellMessage(message));
      return true;
    } catch {
      return false;
    }
  }

  private waitFor(
    match: (m: ShellInbound) => boolean,
    timeoutMs: number | null,
  ): { promise: Promise<ShellInbound | null>; cancel: () => void } {
    let cancel = (): void => undefined;
    const promise = new Promise<ShellInbound | null>((resolve) => {
      const timer = timeoutMs === null ? null : setTimeout(() => done(null), timeoutMs);
      const listener = (m: ShellInbound): void => {
        if (match(m)) done(m);
      };
      const done = (m: ShellInbound | null): void => {
        if (timer !== null) clearTimeout(timer);
        this.listeners.delete(listener);
        this.syncAttachment();
        resolve(m);
      };
      cancel = () => done(null);
      this.listeners.add(listener);
      this.syncAttachment();
    });
    return { promise, cancel };
  }

  /** Listens to window messages only while someone waits for them. */
  private syncAttachment(): void {
    if (this.listeners.size > 0 && !this.attached) {
      this.deps.window.addEventListener('message', this.onWindowMessage);
      this.attached = true;
    } else if (this.listeners.size === 0 && this.attached) {
      this.deps.window.removeEventListener('message', this.onWindowMessage);
      this.attached = false;
    }
  }

  private readonly onWindowMessage = (event: MessageEvent): void => {
    if (event.origin !== this.expectedOrigin) return;
    // The shell posts on the page's own window (source: that window) or dispatches the
    // event natively (source: null). A frame's window as source is a framed page, even
    // one that shares the app's origin: never the shell.
    if (event.source !== null && event.source !== (this.deps.window as unknown)) return;
    const message = parseShellInbound(event.data);
    if (message === null) return;
    for (const listener of [...this.listeners]) {
      try {
        listener(message);
      } catch {
        // One failing subscriber must not starve the others (or a pending scan).
      }
    }
  };
}
