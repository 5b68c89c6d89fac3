import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  ABOUT_REST_HINT,
  DEVELOPER_MODE_AFTER_TAPS,
  detectShell,
  encodeShellMessage,
  INITIAL_TAPS,
  parseShellInbound,
  parseShellOutbound,
  registerCoreVersionTap,
  REST_HINT_AFTER_TAPS,
  SHELL_BRIDGE_GLOBAL,
  SHELL_LIMITS,
  SHELL_PROTOCOL_VERSION,
  SHELL_SOURCE,
  SHELL_USER_AGENT_TOKEN,
  shellMessages,
  shellReplies,
  TAP_WINDOW_MS,
  type TapState,
} from '../../../../domain/shell';

const env = { source: 'campus-shell', v: 1 } as const;

describe('protocol constants', () => {
  it('fixes the envelope and detection names', () => {
    expect(SHELL_SOURCE).toBe('campus-shell');
    expect(SHELL_PROTOCOL_VERSION).toBe(1);
    expect(SHELL_BRIDGE_GLOBAL).toBe('CampusShellBridge');
    expect(SHELL_USER_AGENT_TOKEN).toBe('CampusShell');
  });
});

describe('inbound messages (shell -> page)', () => {
  it.each([
    [{ ...env, type: 'scanResult', requestId: 'r-1', text: 'STU2024001' }],
    [{ ...env, type: 'scanResult', requestId: 'r_1', text: '' }],
    [{ ...env, type: 'scanCancelled', requestId: 'r1' }],
    [{ ...env, type: 'coreVersion', requestId: 'abc', version: '2.3.1' }],
    [{ ...env, type: 'vibration', enabled: false }],
    [{ ...env, type: 'back' }],
    [{ ...env, type: 'openRoute', path: '/page/approvalCenter/flowApproval?FlowRunId=r1&type=1&tab=0' }],
    [{ ...env, type: 'session', accessToken: 'eyJ.a-b_c', refreshToken: 'r.1', schoolCode: 'demo', tenantCode: 'demo', schoolName: '未来校园示范学校' }],
    [{ ...env, type: 'signOut' }],
    [{ ...env, type: 'insets', top: 47, right: 0, bottom: 34, left: 0 }],
    [{ ...env, type: 'textScale', scale: 1.3 }],
    [{ ...env, type: 'textScale', scale: SHELL_LIMITS.textScale.max }],
    [{ ...env, type: 'textScale', scale: SHELL_LIMITS.textScale.min }],
    [{ ...env, type: 'insets', top: SHELL_LIMITS.inset, right: 0, bottom: 0, left: 0 }],
  ])('accepts %j, as object and as JSON', (message) => {
    expect(parseShellInbound(message)).toEqual(message);
    expect(parseShellInbound(JSON.stringify(message))).toEqual(message);
  });

  it.each([
    ['wrong source', { source: 'other', v: 1, type: 'vibration', enabled: true }],
    ['wrong version', { source: 'campus-shell', v: 2, type: 'vibration', enabled: true }],
    ['unknown type', { ...env, type: 'openLink', url: 'https://a.b', title: '' }],
    ['inherited type name', { ...env, type: 'toString' }],
    ['missing field', { ...env, type: 'scanResult', requestId: 'r1' }],
    ['extra field', { ...env, type: 'vibration', enabled: true, extra: 1 }],
    ['mistyped field', { ...env, type: 'vibration', enabled: 'true' }],
    ['bad request id', { ...env, type: 'scanCancelled', requestId: 'a b' }],
    ['empty request id', { ...env, type: 'scanCancelled', requestId: '' }],
    ['long request id', { ...env, type: 'scanCancelled', requestId: 'a'.repeat(SHELL_LIMITS.requestId + 1) }],
    ['bad version', { ...env, type: 'coreVersion', requestId: 'r', version: '<script>' }],
    ['long text', { ...env, type: 'scanResult', requestId: 'r', text: 'x'.repeat(SHELL_LIMITS.text + 1) }],
    ['array', [env]],
    ['null', null],
    ['number', 1],
    ['not JSON', '{oops'],
    ['class instance', Object.assign(new (class Msg {})(), { ...env, type: 'vibration', enabled: true })],
    ['a deep link to another host', { ...env, type: 'openRoute', path: '//evil.example/x' }],
    ['a deep link with a scheme', { ...env, type: 'openRoute', path: 'javascript:alert(1)' }],
    ['a deep link with a backslash', { ...env, type: 'openRoute', path: '/\\evil.example' }],
    ['a relative deep link', { ...env, type: 'openRoute', path: 'page/todo' }],
    ['a token with a space', { ...env, type: 'session', accessToken: 'a b', refreshToken: 'r', schoolCode: 'demo', tenantCode: 'demo', schoolName: '' }],
    ['a session without a school', { ...env, type: 'session', accessToken: 'a', refreshToken: 'r', schoolCode: ' ', tenantCode: 'demo', schoolName: '' }],
    ['a negative inset', { ...env, type: 'insets', top: -1, right: 0, bottom: 0, left: 0 }],
    ['an inset that hides the page', { ...env, type: 'insets', top: SHELL_LIMITS.inset + 1, right: 0, bottom: 0, left: 0 }],
    ['an inset that is not a number', { ...env, type: 'insets', top: '47', right: 0, bottom: 0, left: 0 }],
    ['a text scale past the limit', { ...env, type: 'textScale', scale: SHELL_LIMITS.textScale.max + 0.1 }],
    ['a text scale of nothing', { ...env, type: 'textScale', scale: 0 }],
    ['a text scale as text', { ...env, type: 'textScale', scale: '2' }],
  ])('refuses %s', (_label, raw) => expect(parseShellInbound(raw)).toBeNull());

  // Each limit is the longest value taken: one more character is refused (above).
  const session = (accessToken: string) => ({ ...env, type: 'session', accessToken, refreshToken: 'r', schoolCode: 'demo', tenantCode: 'demo', schoolName: '' });
  it.each([
    ['a request id', 'requestId', { ...env, type: 'scanCancelled', requestId: 'a'.repeat(SHELL_LIMITS.requestId) }],
    ['a version', 'version', { ...env, type: 'coreVersion', requestId: 'r', version: '1'.repeat(SHELL_LIMITS.version) }],
    ['a scanned text', 'text', { ...env, type: 'scanResult', requestId: 'r', text: 'x'.repeat(SHELL_LIMITS.text) }],
    ['a deep link', 'path', { ...env, type: 'openRoute', path: `/${'a'.repeat(SHELL_LIMITS.path - 1)}` }],
    ['a token', 'accessToken', session('t'.repeat(SHELL_LIMITS.token))],
  ] as const)('takes %s at its limit, and refuses one character more', (_label, key, message) => {
    expect(parseShellInbound(message)).toEqual(message);
    const longer: Record<string, unknown> = { ...message };
    longer[key] = `${String(longer[key])}a`;
    expect(parseShellInbound(longer)).toBeNull();
  });

  // A list of one text reads as that text wherever it is turned into a string (a pattern's test, a template).
  it.each([
    ['a request id', { ...env, type: 'scanCancelled', requestId: ['r1'] }],
    ['a version', { ...env, type: 'coreVersion', requestId: 'r', version: ['1.0'] }],
    ['a scanned text', { ...env, type: 'scanResult', requestId: 'r', text: ['x'] }],
    ['a deep link', { ...env, type: 'openRoute', path: ['/page/todo'] }],
    ['a token', { ...session('t'), accessToken: ['t'] }],
    ['a school name', { ...session('t'), schoolName: ['学校'] }],
    ['a type', { ...env, type: ['back'] }],
    ['an inset', { ...env, type: 'insets', top: [1], right: 0, bottom: 0, left: 0 }],
  ])('refuses %s given as a list', (_label, raw) => {
    expect(parseShellInbound(raw)).toBeNull();
    expect(parseShellInbound(JSON.stringify(raw))).toBeNull();
  });

  it.each([NaN, Infinity, -Infinity])('refuses an inset or text scale of %d', (n) => {
    expect(parseShellInbound({ ...env, type: 'insets', top: n, right: 0, bottom: 0, left: 0 })).toBeNull();
    expect(parseShellInbound({ ...env, type: 'textScale', scale: n })).toBeNull();
  });

  it('accepts an object without prototype', () => {
    const bare = Object.assign(Object.create(null) as object, { ...env, type: 'vibration', enabled: true });
    expect(parseShellInbound(bare)).not.toBeNull();
  });

  it('never throws on arbitrary input (property)', () => {
    fc.assert(
      fc.property(fc.oneof(fc.anything(), fc.json(), fc.string()), (raw) => {
        const result = parseShellInbound(raw);
        expect(result === null || result.source === SHELL_SOURCE).toBe(true);
      }),
    );
  });

  it('accepts any well-formed scan result and refuses it with one extra key (property)', () => {
    fc.assert(
      fc.property(
        fc.stringMatching(/^[A-Za-z0-9_-]{1,64}$/),
        fc.string({ maxLength: SHELL_LIMITS.text }),
        fc.string({ minLength: 1 }).filter((k) => !['source', 'v', 'type', 'requestId', 'text'].includes(k) && k !== '__proto__'),
        (requestId, text, extraKey) => {
          const message = { ...env, type: 'scanResult', requestId, text };
          expect(parseShellInbound(message)).toEqual(message);
          expect(parseShellInbound({ ...message, [extraKey]: 1 })).toBeNull();
        },
      ),
    );
  });
});

describe('outbound messages (page -> shell)', () => {
  it.each([
    ['openLink', shellMessages.openLink('https://school.example/app', '报修'), { ...env, type: 'openLink', url: 'https://school.example/app', title: '报修' }],
    ['openLink default title', shellMessages.openLink('https://a.example'), { ...env, type: 'openLink', url: 'https://a.example', title: '' }],
    ['openFile', shellMessages.openFile('https://files.example/a.pdf', 'a.pdf'), { ...env, type: 'openFile', url: 'https://files.example/a.pdf', name: 'a.pdf' }],
    ['scan', shellMessages.scan('req-1'), { ...env, type: 'scan', requestId: 'req-1' }],
    ['back', shellMessages.back(), { ...env, type: 'back' }],
    ['developerMode', shellMessages.developerMode(), { ...env, type: 'developerMode' }],
    ['setVibration', shellMessages.setVibration(true), { ...env, type: 'setVibration', enabled: true }],
    ['getCoreVersion', shellMessages.getCoreVersion('v1'), { ...env, type: 'getCoreVersion', requestId: 'v1' }],
    ['ready', shellMessages.ready(), { ...env, type: 'ready' }],
    ['signedIn', shellMessages.signedIn('u1'), { ...env, type: 'signedIn', userId: 'u1' }],
    ['signedOut', shellMessages.signedOut(), { ...env, type: 'signedOut' }],
    ['newMessage', shellMessages.newMessage('新的审批', false), { ...env, type: 'newMessage', title: '新的审批', vibrate: false }],
    ['newMessage, a long title cut', shellMessages.newMessage('长'.repeat(SHELL_LIMITS.title + 5), true), { ...env, type: 'newMessage', title: '长'.repeat(SHELL_LIMITS.title), vibrate: true }],
  ])('%s builds the expected shape', (_label, built, expected) => {
    expect(built).toEqual(expected);
    expect(parseShellOutbound(encodeShellMessage(built!))).toEqual(expected);
  });

  it.each([
    ['javascript: link', shellMessages.openLink('javascript:alert(1)')],
    ['data: file', shellMessages.openFile('data:text/plain,hi', 'a.txt')],
    ['blank file name', shellMessages.openFile('https://a.example/f', '  ')],
    ['bad scan id', shellMessages.scan('a b')],
    ['bad version request', shellMessages.getCoreVersion('')],
    ['a session without a user', shellMessages.signedIn('  ')],
    ['long title', shellMessages.openLink('https://a.example', 't'.repeat(SHELL_LIMITS.title + 1))],
    ['a link over the length limit', shellMessages.openLink(`https://a.example/${'a'.repeat(SHELL_LIMITS.url)}`)],
  ])('refuses to build %s', (_label, built) => expect(built).toBeNull());

  it('builds a link at the length limit', () => {
    const url = `https://a.example/${'a'.repeat(SHELL_LIMITS.url - 'https://a.example/'.length)}`;
    expect(shellMessages.openLink(url)).toEqual({ ...env, type: 'openLink', url, title: '' });
  });

  it('outbound and inbound shapes do not mix', () => {
    expect(parseShellOutbound({ ...env, type: 'vibration', enabled: true })).toBeNull();
    expect(parseShellInbound({ ...env, type: 'setVibration', enabled: true })).toBeNull();
    expect(parseShellOutbound({ ...env, type: 'signOut' })).toBeNull();
    // 'back' is both: the page's "leave the app", and the shell's hardware back button.
    expect(parseShellInbound({ ...env, type: 'back' })).toEqual({ ...env, type: 'back' });
  });

  it('never throws on arbitrary input (property)', () => {
    fc.assert(
      fc.property(fc.anything(), (raw) => {
        expect(() => parseShellOutbound(raw)).not.toThrow();
      }),
    );
  });
});

describe('replies built for the simulated shell', () => {
  const school = { accessToken: 'a.b', refreshToken: 'r', schoolCode: 'demo', tenantCode: 'demo', schoolName: '示范学校' };
  const insets = { top: 47, right: 0, bottom: 34, left: 0 };
  // Built inside each test, so that what is checked is what the test ran.
  it.each([
    ['scanResult', () => shellReplies.scanResult('r1', '2024001'), { ...env, type: 'scanResult', requestId: 'r1', text: '2024001' }],
    ['scanCancelled', () => shellReplies.scanCancelled('r1'), { ...env, type: 'scanCancelled', requestId: 'r1' }],
    ['coreVersion', () => shellReplies.coreVersion('r1', '1.0.0'), { ...env, type: 'coreVersion', requestId: 'r1', version: '1.0.0' }],
    ['vibration', () => shellReplies.vibration(true), { ...env, type: 'vibration', enabled: true }],
    ['back', () => shellReplies.back(), { ...env, type: 'back' }],
    ['openRoute', () => shellReplies.openRoute('/page/todo?todoId=1'), { ...env, type: 'openRoute', path: '/page/todo?todoId=1' }],
    ['session', () => shellReplies.session(school), { ...env, type: 'session', ...school }],
    ['signOut', () => shellReplies.signOut(), { ...env, type: 'signOut' }],
    ['insets', () => shellReplies.insets(insets), { ...env, type: 'insets', ...insets }],
    ['textScale', () => shellReplies.textScale(1.5), { ...env, type: 'textScale', scale: 1.5 }],
  ])('%s', (_label, build, expected) => {
    const built = build();
    expect(built).toEqual(expected);
    expect(parseShellInbound(encodeShellMessage(built!))).toEqual(expected);
  });

  it.each([
    ['a version', () => shellReplies.coreVersion('r1', '')],
    ['a deep link to another host', () => shellReplies.openRoute('//evil.example')],
    ['a session without a school', () => shellReplies.session({ ...school, schoolCode: ' ' })],
    ['an inset that hides the page', () => shellReplies.insets({ ...insets, top: SHELL_LIMITS.inset + 1 })],
    ['a text scale of nothing', () => shellReplies.textScale(0)],
  ])('refuses to build %s', (_label, build) => expect(build()).toBeNull());
});

describe('detectShell', () => {
  const ua = 'Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 Mobile CampusShell/2.3.1';
  it.each([
    [true, ua, { inShell: true, coreVersion: '2.3.1' }],
    [true, 'CampusShell/1.0.0-beta+7', { inShell: true, coreVersion: '1.0.0-beta+7' }],
    [true, 'Mozilla/5.0 (CampusShell/3.0)', { inShell: true, coreVersion: '3.0' }],
    [true, 'Mozilla/5.0', { inShell: true, coreVersion: null }],
    [true, 'XCampusShell/1.0', { inShell: true, coreVersion: null }],
    [true, undefined, { inShell: true, coreVersion: null }],
    [false, ua, { inShell: false, coreVersion: null }],
    ['yes', ua, { inShell: false, coreVersion: null }],
  ])('bridge %j, UA %j', (bridge, userAgent, expected) => expect(detectShell(bridge, userAgent)).toEqual(expected));
});

describe('core version taps (SPEC point 2: >15 in 5 s hint, >25 developer mode)', () => {
  const tapN = (n: number, start = 0, step = 100): { state: TapState; effects: string[] } => {
    let state: TapState = INITIAL_TAPS;
    const effects: string[] = [];
    for (let i = 0; i < n; i += 1) {
      const r = registerCoreVersionTap(state, start + i * step);
      state = r.state;
      effects.push(r.effect);
    }
    return { state, effects };
  };

  it('uses the spec numbers and string', () => {
    expect(REST_HINT_AFTER_TAPS).toBe(15);
    expect(DEVELOPER_MODE_AFTER_TAPS).toBe(25);
    expect(TAP_WINDOW_MS).toBe(5000);
    expect(ABOUT_REST_HINT).toBe('眺望远方，休息一下');
  });

  it.each([
    [15, 'none'],
    [16, 'restHint'],
    [17, 'none'],
    [25, 'none'],
    [26, 'developerMode'],
  ])('tap number %d within 5 s gives %s', (n, effect) => {
    expect(tapN(n).effects[n - 1]).toBe(effect);
  });

  it('fires each effect once per streak and restarts after developer mode', () => {
    const { effects, state } = tapN(26);
    expect(effects.filter((e) => e === 'restHint')).toHaveLength(1);
    expect(effects.filter((e) => e === 'developerMode')).toHaveLength(1);
    expect(state).toEqual([]);
  });

  it('taps spread over more than 5 s never reach the hint', () => {
    expect(tapN(40, 0, 400).effects).not.toContain('restHint');
  });

  it('an unreadable time changes nothing', () => {
    const state = [1, 2, 3];
    expect(registerCoreVersionTap(state, Number.NaN)).toEqual({ state, effect: 'none' });
  });

  it('drops stale, future and unreadable taps', () => {
    expect(registerCoreVersionTap([0, Number.NaN, 9000, 20000], 10000).state).toEqual([9000, 10000]);
  });
});
