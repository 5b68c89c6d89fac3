// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import type { ShellInbound } from '../../../application/ports/shell';
import { SHELL_BRIDGE_GLOBAL, shellReplies } from '../../../domain/shell/protocol';
import { createNativeShell } from '../../../infrastructure/shell/createNativeShell';

/**
 * Messages from the native shell are accepted only from the expected origin
 * and shape": what reaches a subscriber when pages of other origins, framed pages of
 * the app's own origin, and malformed payloads post to the app's window.
 */
const ORIGIN = window.location.origin;

afterEach(() => {
  delete (window as unknown as Record<string, unknown>)[SHELL_BRIDGE_GLOBAL];
  document.body.innerHTML = '';
});

function subscribed(): ShellInbound[] {
  (window as unknown as Record<string, unknown>)[SHELL_BRIDGE_GLOBAL] = { postMessage: () => undefined };
  const shell = createNativeShell({ navigator: { go: () => undefined, back: () => undefined, reload: () => undefined }, window });
  const got: ShellInbound[] = [];
  shell.onMessage((m) => got.push(m));
  return got;
}

const post = (data: unknown, init: Omit<MessageEventInit, 'data'> = {}) =>
  window.dispatchEvent(new MessageEvent('message', { data: typeof data === 'string' ? data : JSON.stringify(data), origin: ORIGIN, ...init }));

describe('window messages reaching the shell adapter', () => {
  it('wrong origins are dropped', () => {
    const got = subscribed();
    for (const origin of ['https://evil.example', 'null', '', ORIGIN.replace('http:', 'https:'), `${ORIGIN}.evil.example`]) {
      post(shellReplies.vibration(true), { origin });
    }
    expect(got).toEqual([]);
  });

  it('a frame of the app\'s own origin is not the shell (source is the frame, not the page)', () => {
    const got = subscribed();
    const frame = document.createElement('iframe');
    document.body.append(frame);
    post(shellReplies.vibration(true), { source: frame.contentWindow });
    expect(got).toEqual([]);
    // The same message from the page itself (window.postMessage) or dispatched natively.
    post(shellReplies.vibration(false), { source: window });
    post(shellReplies.vibration(true));
    expect(got).toEqual([shellReplies.vibration(false), shellReplies.vibration(true)]);
  });

  it('wrong shapes are dropped', () => {
    const got = subscribed();
    const good = shellReplies.vibration(true);
    const wrong: unknown[] = [
      'not json',
      '{"source":"campus-shell"',
      null,
      42,
      [good],
      { ...good, enabled: 'yes' },
      { ...good, extra: 1 },
      { ...good, source: 'someone-else' },
      { ...good, v: 2 },
      { ...good, type: 'evalScript', code: 'alert(1)' },
      { source: 'campus-shell', v: 1, type: 'scanResult', requestId: '../x', text: 'a' },
      { source: 'campus-shell', v: 1, type: 'scanResult', requestId: 'r1', text: 'x'.repeat(4097) },
      { source: 'campus-shell', v: 1, type: 'coreVersion', requestId: 'r1', version: '<img src=x onerror=alert(1)>' },
      { __proto__: { ...good } },
    ];
    for (const data of wrong) {
      if (data === null || typeof data === 'number') window.dispatchEvent(new MessageEvent('message', { data, origin: ORIGIN }));
      else post(data);
    }
    expect(got).toEqual([]);
    post(good);
    expect(got).toEqual([good]);
  });
});
