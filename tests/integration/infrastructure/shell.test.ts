// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Navigator } from '../../../application/ports/runtime';
import type { ShellInbound } from '../../../application/ports/shell';
import { SHELL_BRIDGE_GLOBAL, parseShellOutbound, shellReplies } from '../../../domain/shell/protocol';
import type { ShellOutbound } from '../../../domain/shell/types';
import { BridgeNativeShell, type ShellBridge } from '../../../infrastructure/shell/bridgeShell';
import { BrowserNativeShell, FILE_ROUTE, SCANNER_ROUTE, WEB_VIEW_ROUTE } from '../../../infrastructure/shell/browserShell';
import { createNativeShell } from '../../../infrastructure/shell/createNativeShell';

const ORIGIN = window.location.origin;

/**
 * A simulated native shell: it records what the page posts through the bridge and
 * answers the way docs/native-shell.md says, with window 'message' events.
 */
class SimulatedShell implements ShellBridge {
  readonly sent: ShellOutbound[] = [];
  /** The scanner's outcome: a text, or null when the user closes it; undefined: no answer. */
  scanOutcome: string | null | undefined = undefined;
  coreVersion: string | undefined = undefined;
  broken = false;

  postMessage(json: string): void {
    if (this.broken) throw new Error('bridge gone');
    expect(typeof json).toBe('string');
    const message = parseShellOutbound(json);
    expect(message, `shell received an invalid message ${json}`).not.toBeNull();
    this.sent.push(message!);
    if (message!.type === 'scan' && this.scanOutcome !== undefined) {
      const id = message!.requestId;
      const outcome = this.scanOutcome;
      setTimeout(() => this.emit(outcome === null ? shellReplies.scanCancelled(id) : shellReplies.scanResult(id, outcome)), 5);
    }
    if (message!.type === 'getCoreVersion' && this.coreVersion !== undefined) {
      const reply = shellReplies.coreVersion(message!.requestId, this.coreVersion);
      setTimeout(() => this.emit(reply), 5);
    }
  }

  emit(message: unknown, origin = ORIGIN): void {
    const data = typeof message === 'string' ? message : JSON.stringify(message);
    window.dispatchEvent(new MessageEvent('message', { data, origin }));
  }
}

const fakeNavigator = () => ({
  go: vi.fn<Navigator['go']>(),
  back: vi.fn(),
  reload: vi.fn(),
});

const setUserAgent = (ua: string) => Object.defineProperty(window.navigator, 'userAgent', { value: ua, configurable: true });
const originalUa = window.navigator.userAgent;

let shell: SimulatedShell;
beforeEach(() => {
  shell = new SimulatedShell();
});
afterEach(() => {
  delete (window as unknown as Record<string, unknown>)[SHELL_BRIDGE_GLOBAL];
  setUserAgent(originalUa);
  vi.useRealTimers();
});

const inShell = (opts: { coreVersionTimeoutMs?: number } = {}) => {
  (window as unknown as Record<string, unknown>)[SHELL_BRIDGE_GLOBAL] = shell;
  return createNativeShell({ navigator: fakeNavigator(), window, ...opts });
};

describe('detection', () => {
  it('no bridge object: the browser fallbacks', async () => {
    setUserAgent('Mozilla/5.0 CampusShell/2.3.1');
    const s = createNativeShell({ navigator: fakeNavigator(), window });
    expect(s).toBeInstanceOf(BrowserNativeShell);
    expect(s.isInShell()).toBe(false);
    expect(await s.coreVersion()).toBeNull();
  });

  it('a bridge object without postMessage is not the shell', () => {
    (window as unknown as Record<string, unknown>)[SHELL_BRIDGE_GLOBAL] = { send: () => {} };
    expect(createNativeShell({ navigator: fakeNavigator(), window }).isInShell()).toBe(false);
  });

  it('the injected bridge: the shell adapter, core version from the user agent token', async () => {
    setUserAgent('Mozilla/5.0 (Linux; Android 14) CampusShell/2.3.1 Mobile');
    const s = inShell();
    expect(s).toBeInstanceOf(BridgeNativeShell);
    expect(s.isInShell()).toBe(true);
    expect(await s.coreVersion()).toBe('2.3.1');
    expect(shell.sent).toEqual([]);
  });
});

describe('inside the shell', () => {
  it('posts openLink, openFile, back, developerMode and setVibration as exact protocol messages', () => {
    const s = inShell();
    expect(s.openLink('https://school.test/terms', '服务协议')).toBe(true);
    expect(s.openFile({ url: 'https://files.test/a.pdf', name: 'a.pdf', size: 2048 })).toBe(true);
    s.back();
    expect(s.developerMode()).toBe(true);
    expect(s.setVibration(false)).toBe(true);
    expect(shell.sent).toEqual([
      { source: 'campus-shell', v: 1, type: 'openLink', url: 'https://school.test/terms', title: '服务协议' },
      { source: 'campus-shell', v: 1, type: 'openFile', url: 'https://files.test/a.pdf', name: 'a.pdf' },
      { source: 'campus-shell', v: 1, type: 'back' },
      { source: 'campus-shell', v: 1, type: 'developerMode' },
      { source: 'campus-shell', v: 1, type: 'setVibration', enabled: false },
    ]);
  });

  it('a same-origin path is made absolute; a javascript: or protocol-relative address is never posted', () => {
    const s = inShell();
    expect(s.openLink('/files/terms.html')).toBe(true);
    expect(shell.sent[0]).toMatchObject({ type: 'openLink', url: `${ORIGIN}/files/terms.html`, title: '' });
    expect(s.openLink('javascript:alert(1)')).toBe(false);
    expect(s.openLink('//evil.test/x')).toBe(false);
    expect(s.openFile({ url: 'data:text/html,x', name: 'x' })).toBe(false);
    expect(s.openFile({ url: 'https://files.test/a', name: '   ' })).toBe(false);
    expect(shell.sent).toHaveLength(1);
  });

  it('scan resolves with the text the shell answers', async () => {
    shell.scanOutcome = 'STU-2024-001';
    await expect(inShell().scan()).resolves.toBe('STU-2024-001');
    expect(shell.sent).toEqual([{ source: 'campus-shell', v: 1, type: 'scan', requestId: expect.any(String) }]);
  });

  it('scan resolves with null when the user closes the scanner', async () => {
    shell.scanOutcome = null;
    await expect(inShell().scan()).resolves.toBeNull();
  });

  it('ignores answers from another origin or in another shape; takes the genuine one', async () => {
    const s = inShell();
    let settled: string | null | undefined;
    const scanning = s.scan().then((t) => (settled = t));
    const requestId = (shell.sent[0] as { requestId: string }).requestId;
    const good = shellReplies.scanResult(requestId, 'genuine');

    shell.emit(shellReplies.scanResult(requestId, 'forged by a framed page'), 'https://evil.test');
    shell.emit(good, 'null');
    shell.emit({ ...good, text: 'extra key', injected: true });
    shell.emit({ ...good, source: 'other-app', text: 'wrong source' });
    shell.emit({ ...good, v: 2, text: 'wrong version' });
    shell.emit({ ...good, text: 42 });
    shell.emit(shellReplies.scanResult('someone-else', 'not our request'));
    shell.emit('not json at all');
    window.dispatchEvent(new MessageEvent('message', { data: { ...good, text: 'object, wrong origin' }, origin: 'http://localhost:1' }));
    await new Promise((r) => setTimeout(r, 20));
    expect(settled).toBeUndefined();

    // An already decoded object from the right origin is accepted as well as JSON text.
    window.dispatchEvent(new MessageEvent('message', { data: good, origin: ORIGIN }));
    await scanning;
    expect(settled).toBe('genuine');
  });

  it('a configured origin replaces the page origin', async () => {
    (window as unknown as Record<string, unknown>)[SHELL_BRIDGE_GLOBAL] = shell;
    const s = createNativeShell({ navigator: fakeNavigator(), window, expectedOrigin: 'app://campus' });
    const got: ShellInbound[] = [];
    s.onMessage((m) => got.push(m));
    shell.emit(shellReplies.vibration(true));
    shell.emit(shellReplies.vibration(false), 'app://campus');
    expect(got).toEqual([shellReplies.vibration(false)]);
  });

  it('delivers shell events to subscribers until they unsubscribe, and then stops listening', () => {
    const add = vi.spyOn(window, 'addEventListener');
    const remove = vi.spyOn(window, 'removeEventListener');
    const s = inShell();
    const got: ShellInbound[] = [];
    const off = s.onMessage((m) => got.push(m));
    s.onMessage(() => {
      throw new Error('a failing subscriber does not stop the others');
    })();
    const offThrowing = s.onMessage(() => {
      throw new Error('boom');
    });
    shell.emit(shellReplies.vibration(true));
    off();
    offThrowing();
    shell.emit(shellReplies.vibration(false));
    expect(got).toEqual([{ source: 'campus-shell', v: 1, type: 'vibration', enabled: true }]);
    expect(add.mock.calls.filter(([t]) => t === 'message')).toHaveLength(1);
    expect(remove.mock.calls.filter(([t]) => t === 'message')).toHaveLength(1);
    add.mockRestore();
    remove.mockRestore();
  });

  it('asks for the core version when the user agent does not carry it', async () => {
    setUserAgent('Mozilla/5.0 (iPhone)');
    shell.coreVersion = '3.0.0-beta.2';
    await expect(inShell().coreVersion()).resolves.toBe('3.0.0-beta.2');
    expect(shell.sent[0]).toMatchObject({ type: 'getCoreVersion' });
  });

  it('a shell that never answers the core version gives null after the timeout', async () => {
    setUserAgent('Mozilla/5.0 (iPhone)');
    await expect(inShell({ coreVersionTimeoutMs: 30 }).coreVersion()).resolves.toBeNull();
  });

  it('a bridge that throws: posts answer false and scan answers null at once', async () => {
    setUserAgent('Mozilla/5.0 (iPhone)');
    shell.broken = true;
    const s = inShell();
    expect(s.openLink('https://school.test')).toBe(false);
    expect(s.developerMode()).toBe(false);
    expect(s.setVibration(true)).toBe(false);
    expect(() => s.back()).not.toThrow();
    await expect(s.scan()).resolves.toBeNull();
    await expect(s.coreVersion()).resolves.toBeNull();
  });
});

describe('browser fallback', () => {
  const make = () => {
    const navigator = fakeNavigator();
    const history = { back: vi.fn() };
    return { navigator, history, s: new BrowserNativeShell({ navigator, history, baseUrl: () => `${ORIGIN}/app/` }) };
  };

  it('openLink goes to the web-view route with title and uri in the route state', () => {
    const { navigator, s } = make();
    expect(s.openLink('https://school.test/privacy', '隐私政策')).toBe(true);
    expect(navigator.go).toHaveBeenCalledWith(WEB_VIEW_ROUTE, { state: { title: '隐私政策', uri: 'https://school.test/privacy' } });
    expect(WEB_VIEW_ROUTE).toBe('/web-view');
  });

  it('openLink refuses anything but http(s)', () => {
    const { navigator, s } = make();
    expect(s.openLink('javascript:alert(1)')).toBe(false);
    expect(s.openLink('')).toBe(false);
    expect(navigator.go).not.toHaveBeenCalled();
  });

  it('openFile goes to the file page with url, name and size', () => {
    const { navigator, s } = make();
    expect(s.openFile({ url: '/files/a b.pdf', name: '报告.pdf', size: 1536 })).toBe(true);
    const path = navigator.go.mock.calls[0]![0] as string;
    expect(path.startsWith(`${FILE_ROUTE}?`)).toBe(true);
    expect(FILE_ROUTE).toBe('/page/file');
    const q = new URLSearchParams(path.slice(path.indexOf('?') + 1));
    expect(Object.fromEntries(q)).toEqual({ url: `${ORIGIN}/files/a%20b.pdf`, name: '报告.pdf', size: '1536' });

    expect(s.openFile({ url: 'https://f.test/x', name: 'x', size: null })).toBe(true);
    expect(navigator.go.mock.calls[1]![0]).toBe(`${FILE_ROUTE}?url=https%3A%2F%2Ff.test%2Fx&name=x`);
    expect(s.openFile({ url: 'vbscript:x', name: 'x' })).toBe(false);
  });

  it('scan opens the scanner page and answers null', async () => {
    const { navigator, s } = make();
    await expect(s.scan()).resolves.toBeNull();
    expect(navigator.go).toHaveBeenCalledWith(SCANNER_ROUTE);
    expect(SCANNER_ROUTE).toBe('/scanner');
  });

  it('back goes back in history; developer mode and vibration are no-ops; no core version; no events', async () => {
    const { history, s } = make();
    s.back();
    expect(history.back).toHaveBeenCalledTimes(1);
    expect(s.developerMode()).toBe(false);
    expect(s.setVibration(true)).toBe(false);
    expect(s.isInShell()).toBe(false);
    expect(await s.coreVersion()).toBeNull();
    const off = s.onMessage(() => {
      throw new Error('never called');
    });
    shell.emit(shellReplies.vibration(true));
    off();
  });

  it('without an injected history it uses window.history', () => {
    const back = vi.spyOn(window.history, 'back').mockImplementation(() => undefined);
    new BrowserNativeShell({ navigator: fakeNavigator() }).back();
    expect(back).toHaveBeenCalledTimes(1);
    back.mockRestore();
  });
});
