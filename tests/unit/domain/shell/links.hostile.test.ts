import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { resolveWebAddress, safeContentAddress, safeRedirectPath, safeWebAddress } from '../../../../domain/shell/links';

/**
 * Every address rule of the app against one table of hostile values ("Redirect
 * and link parameters"). There is one pure rule per kind of address, and every caller
 * goes through it:
 * - safeRedirectPath: in-app redirects (SSO redirectPath, notification page, scanner redirect);
 * - safeWebAddress: absolute http(s) addresses (SSO sourceURL, web-view uri, app links,
 *   widget and carousel links, notice linkUrl);
 * - resolveWebAddress: server addresses that may be a site path (files, widgets, notice
 *   downloads, shell links);
 * - safeContentAddress: href and src inside notice HTML (domain/messages/htmlPolicy.ts).
 */

const APP = 'https://app.example/campus/page/notice?id=1';

/** Refused by every rule: script and data schemes, protocol-relative, backslashes, controls. */
const HOSTILE: ReadonlyArray<readonly [string, string]> = [
  ['javascript:', 'javascript:alert(1)'],
  ['JavaScript: mixed case', 'JaVaScRiPt:alert(1)'],
  ['JAVASCRIPT: upper case', 'JAVASCRIPT:alert(1)'],
  ['javascript: after a space', ' javascript:alert(1)'],
  ['javascript: after a tab and newline', '\t\njavascript:alert(1)'],
  ['javascript: after a NUL', '\u0000javascript:alert(1)'],
  ['javascript: after a control character', '\u0001javascript:alert(1)'],
  ['tab inside the scheme', 'java\tscript:alert(1)'],
  ['newline inside the scheme', 'java\nscript:alert(1)'],
  ['carriage return inside the scheme', 'java\rscript:alert(1)'],
  ['javascript:// comment trick', 'javascript://%0aalert(1)'],
  ['percent-encoded scheme', '%6Aavascript:alert(1)'],
  ['entity-encoded scheme', '&#106;avascript:alert(1)'],
  ['data: html', 'data:text/html,<script>alert(1)</script>'],
  ['data: base64', 'data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg=='],
  ['DATA: upper case', 'DATA:text/html,x'],
  ['data: after a space', ' data:text/html,x'],
  ['vbscript:', 'vbscript:msgbox(1)'],
  ['VBScript: mixed case', 'VbScRiPt:msgbox(1)'],
  ['file:', 'file:///etc/passwd'],
  ['blob:', 'blob:https://app.example/1'],
  ['protocol-relative', '//evil.example/x'],
  ['protocol-relative, three slashes', '///evil.example/x'],
  ['protocol-relative after a space', ' //evil.example'],
  ['slash backslash', '/\\evil.example'],
  ['double backslash', '\\\\evil.example'],
  ['backslash slash', '\\/evil.example'],
  ['slash backslash slash', '/\\/evil.example'],
  ['backslash in the scheme part', 'https:\\\\evil.example'],
  ['slash tab slash', '/\t/evil.example'],
  ['slash newline slash', '/\n/evil.example'],
  ['empty', ''],
  ['blank', '   '],
];

/** Fine as a link (an external page opens in a web view), never as an in-app redirect. */
const OTHER_ORIGIN: ReadonlyArray<readonly [string, string]> = [
  ['https other origin', 'https://evil.example/steal'],
  ['http other origin', 'http://evil.example/'],
  ['the app origin spelled absolute', 'https://app.example/campus/x'],
];

const NOT_STRINGS: readonly unknown[] = [null, undefined, 42, {}, ['/x'], true];

describe.each([
  ['safeRedirectPath (base /)', (v: unknown) => safeRedirectPath(v, '/')],
  ['safeRedirectPath (base /campus)', (v: unknown) => safeRedirectPath(v, '/campus')],
  ['safeWebAddress', safeWebAddress],
  ['resolveWebAddress', (v: unknown) => resolveWebAddress(v, APP)],
  ['safeContentAddress', safeContentAddress],
])('%s', (_rule, rule) => {
  it.each(HOSTILE)('refuses %s', (_label, value) => expect(rule(value)).toBeNull());
  it.each(NOT_STRINGS.map((v) => [JSON.stringify(v) ?? String(v), v] as const))('refuses the non-string %s', (_label, value) => expect(rule(value)).toBeNull());
});

describe('in-app redirects refuse every other origin', () => {
  it.each(OTHER_ORIGIN)('safeRedirectPath refuses %s', (_label, value) => {
    expect(safeRedirectPath(value, '/')).toBeNull();
    expect(safeRedirectPath(value, '/campus')).toBeNull();
  });

  it('while a link to another origin is a link', () => {
    expect(safeWebAddress('https://evil.example/steal')).toBe('https://evil.example/steal');
    expect(resolveWebAddress('https://evil.example/steal', APP)).toBe('https://evil.example/steal');
    expect(safeContentAddress('https://evil.example/steal')).toBe('https://evil.example/steal');
  });
});

describe('resolveWebAddress: a site path is made absolute against the base', () => {
  it.each([
    ['/files/a.pdf', 'https://app.example/files/a.pdf'],
    ['  /files/a b.pdf ', 'https://app.example/files/a%20b.pdf'],
    ['/widgets/w.html?x=1#y', 'https://app.example/widgets/w.html?x=1#y'],
    ['https://cdn.example/a.pdf', 'https://cdn.example/a.pdf'],
  ])('%j -> %j', (raw, expected) => expect(resolveWebAddress(raw, APP)).toBe(expected));

  it.each([
    ['a relative path', 'a.pdf'],
    ['a base that is not http(s)', '/files/a.pdf', 'javascript:x'],
    ['a relative base', '/files/a.pdf', '/campus'],
    ['a base with credentials', '/files/a.pdf', 'https://u:p@app.example/'],
  ])('refuses %s', (_label, raw, base = APP) => expect(resolveWebAddress(raw, base)).toBeNull());
});

describe('safeContentAddress: what an href or src in notice HTML may hold', () => {
  it.each([
    ['https://example.com/a?b=1#c', 'https://example.com/a?b=1#c'],
    ['  http://example.com/  ', 'http://example.com/'],
    ['mailto:office@school.cn', 'mailto:office@school.cn'],
    ['TEL:10086', 'TEL:10086'],
    ['/sandbox/images/a.png', '/sandbox/images/a.png'],
    ['images/a.png', 'images/a.png'],
    ['#part-2', '#part-2'],
    ['?page=2', '?page=2'],
    ['a/b:c', 'a/b:c'],
    ['#a:b', '#a:b'],
    ['?at=am:10', '?at=am:10'],
    ['images/a b.png', 'images/a b.png'],
    ['\t /files/a.pdf \n ', '/files/a.pdf'],
    ['/files/a.pdf  ', '/files/a.pdf'],
    [`/${'a'.repeat(8191)}`, `/${'a'.repeat(8191)}`],
  ])('keeps %j', (raw, expected) => expect(safeContentAddress(raw)).toBe(expected));

  it.each([
    ['ftp:', 'ftp://example.com/a'],
    ['an unknown scheme', 'campus-app://open'],
    ['a colon before the first slash', 'x:y/z'],
    ['a colon and no slash, after a digit (no scheme)', '1:'],
    ['credentials', 'https://user:pass@example.com/'],
    ['spaces only', '   '],
    ['over 8,192 characters', `/${'a'.repeat(8192)}`],
  ])('refuses %s', (_label, raw) => expect(safeContentAddress(raw)).toBeNull());
});

// ----- properties: the browser's own URL parser is the judge -----

const ALLOWED_CONTENT_PROTOCOLS = ['http:', 'https:', 'mailto:', 'tel:'];
const PREFIXES = ['javascript:', 'JAVASCRIPT:', 'vbscript:', 'data:', '//', '/\\', '\\\\', ' javascript:', '\tjavascript:', 'java\tscript:', '\u0000data:'];
const anyText = fc.oneof(fc.string({ unit: 'binary', maxLength: 40 }), fc.constantFrom(...PREFIXES).chain((p) => fc.string({ maxLength: 20 }).map((s) => p + s)));

describe('address rules (property)', () => {
  it('an in-app redirect always stays on the app origin', () => {
    fc.assert(
      fc.property(anyText, (raw) => {
        const path = safeRedirectPath(raw, '/');
        if (path !== null) expect(new URL(path, 'https://app.example/').origin).toBe('https://app.example');
      }),
      { numRuns: 500 },
    );
  });

  it('a content address is read by the URL parser as http(s), mailto or tel only, never another host by a relative trick', () => {
    fc.assert(
      fc.property(anyText, (raw) => {
        const address = safeContentAddress(raw);
        if (address === null) return;
        const url = new URL(address, APP);
        expect(ALLOWED_CONTENT_PROTOCOLS).toContain(url.protocol);
        const absolute = /^[a-z][a-z0-9+.-]*:/i.test(address);
        if (!absolute) expect(url.origin).toBe('https://app.example');
      }),
      { numRuns: 500 },
    );
  });

  it('a resolved web address is http(s), and a site path stays on the base origin', () => {
    fc.assert(
      fc.property(anyText, (raw) => {
        const address = resolveWebAddress(raw, APP);
        if (address === null) return;
        const url = new URL(address);
        expect(['http:', 'https:']).toContain(url.protocol);
        if (raw.trim().startsWith('/')) expect(url.origin).toBe('https://app.example');
      }),
      { numRuns: 500 },
    );
  });

  it('nothing with a backslash or a script scheme gets through any rule', () => {
    fc.assert(
      fc.property(fc.constantFrom(...PREFIXES), fc.string({ maxLength: 20 }), (prefix, rest) => {
        const raw = prefix + rest;
        expect(safeRedirectPath(raw, '/')).toBeNull();
        expect(safeWebAddress(raw)).toBeNull();
        expect(resolveWebAddress(raw, APP)).toBeNull();
        expect(safeContentAddress(raw)).toBeNull();
      }),
      { numRuns: 300 },
    );
  });
});
