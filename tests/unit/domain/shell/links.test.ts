import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  isWebAddress,
  MAX_REDIRECT_LENGTH,
  MAX_WEB_ADDRESS_LENGTH,
  safeRedirectPath,
  safeWebAddress,
} from '../../../../domain/shell/links';

describe('safeRedirectPath: same-origin paths under the base only', () => {
  it.each([
    ['/campus/page/todo', '/campus', '/campus/page/todo'],
    ['/campus/page/todo?todoId=1#top', '/campus/', '/campus/page/todo?todoId=1#top'],
    ['/campus', '/campus', '/campus'],
    ['/campus/', '/campus', '/campus/'],
    ['/campus?tab=me', '/campus', '/campus?tab=me'],
    ['/page/notice?id=1', '/', '/page/notice?id=1'],
    ['/campus/a/../b', '/campus', '/campus/b'],
    ['/campus/page/notice?name=通知 公告', '/campus', '/campus/page/notice?name=%E9%80%9A%E7%9F%A5%20%E5%85%AC%E5%91%8A'],
    ['/campus/page', '/campus//', '/campus/page'],
    [`/${'a'.repeat(MAX_REDIRECT_LENGTH - 1)}`, '/', `/${'a'.repeat(MAX_REDIRECT_LENGTH - 1)}`],
  ])('accepts %j under %j as %j', (raw, base, expected) => expect(safeRedirectPath(raw, base)).toBe(expected));

  it.each([
    ['other origin', 'https://evil.example/campus', '/campus'],
    ['http origin', 'http://localhost/campus', '/campus'],
    ['protocol-relative', '//evil.example/campus', '/campus'],
    ['protocol-relative at root', '//evil.example', '/'],
    // The rule reads a path against a made-up origin: '//' to that very host must not pass either.
    ['protocol-relative to the host paths are read against', '//redirect.invalid/campus/page', '/campus'],
    ['backslash', '/\\evil.example', '/'],
    ['backslash inside', '/campus\\..\\x', '/campus'],
    ['javascript:', 'javascript:alert(1)', '/'],
    ['JavaScript: mixed case', 'JaVaScRiPt:alert(1)', '/'],
    ['data:', 'data:text/html,<script>alert(1)</script>', '/'],
    ['vbscript:', 'vbscript:msgbox(1)', '/'],
    ['relative path', 'campus/page', '/campus'],
    ['leading space', ' /campus/page', '/campus'],
    ['tab trick', '/\t/evil.example', '/'],
    ['newline', '/campus/\nx', '/campus'],
    ['outside the base', '/admin', '/campus'],
    ['prefix but not a segment', '/campusevil/page', '/campus'],
    ['climbing out of the base', '/campus/../admin', '/campus'],
    ['encoded climb', '/campus/%2e%2e/admin', '/campus'],
    ['empty', '', '/'],
    ['not a string', 42, '/'],
    ['null', null, '/'],
    ['too long', `/${'a'.repeat(MAX_REDIRECT_LENGTH)}`, '/'],
  ])('rejects %s', (_label, raw, base) => expect(safeRedirectPath(raw, base)).toBeNull());

  it.each([
    ['not a string', 1],
    ['empty base', ''],
    ['relative base', 'campus'],
    ['protocol-relative base', '//evil'],
    ['protocol-relative root base', '//'],
    ['base with a backslash', '/a\\b'],
  ])('rejects everything for a bad base (%s)', (_label, base) =>
    expect(safeRedirectPath('/campus/page', base)).toBeNull(),
  );

  it('never throws and an accepted path is a single-slash absolute path under the base (property)', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), fc.constantFrom('/', '/campus', '/campus/'), (raw, base) => {
        const result = safeRedirectPath(raw, base);
        if (result === null) return;
        expect(result.startsWith('/')).toBe(true);
        expect(result.startsWith('//')).toBe(false);
        expect(result).not.toContain('\\');
        const url = new URL(result, 'https://app.example');
        expect(url.origin).toBe('https://app.example');
        if (base !== '/') expect(url.pathname === '/campus' || url.pathname.startsWith('/campus/')).toBe(true);
      }),
    );
  });

  it('any path made of safe segments under the base is accepted (property)', () => {
    const segment = fc.stringMatching(/^[a-zA-Z0-9_-]{1,12}$/);
    fc.assert(
      fc.property(fc.array(segment, { maxLength: 6 }), (segments) => {
        const path = `/campus/${segments.join('/')}`;
        expect(safeRedirectPath(path, '/campus')).toBe(path);
      }),
    );
  });

  it('anything with a scheme or starting with // is rejected (property)', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('javascript:', 'data:', 'vbscript:', 'http://', 'https://', '//', 'JAVASCRIPT:'),
        fc.string(),
        (prefix, rest) => {
          expect(safeRedirectPath(prefix + rest, '/')).toBeNull();
        },
      ),
    );
  });
});

describe('safeWebAddress: http and https only', () => {
  it.each([
    ['https://example.com/terms', 'https://example.com/terms'],
    ['http://example.com:8080/a?b=c#d', 'http://example.com:8080/a?b=c#d'],
    ['  https://example.com  ', 'https://example.com'],
    ['HTTPS://EXAMPLE.COM', 'HTTPS://EXAMPLE.COM'],
    [`https://example.com/${'a'.repeat(MAX_WEB_ADDRESS_LENGTH - 20)}`, `https://example.com/${'a'.repeat(MAX_WEB_ADDRESS_LENGTH - 20)}`],
  ])('accepts %j', (raw, expected) => {
    expect(safeWebAddress(raw)).toBe(expected);
    expect(isWebAddress(raw)).toBe(true);
  });

  it.each([
    ['javascript:', 'javascript:alert(1)'],
    ['data:', 'data:text/html,hi'],
    ['vbscript:', 'vbscript:msgbox'],
    ['file:', 'file:///etc/passwd'],
    ['ftp:', 'ftp://example.com'],
    ['relative', '/page/x'],
    ['protocol-relative', '//example.com'],
    ['no host', 'http://'],
    ['credentials', 'https://user:pass@example.com'],
    ['user only', 'https://user@example.com'],
    ['password only', 'https://:pass@example.com'],
    ['newline', 'https://exa\nmple.com'],
    ['backslash', 'https:\\\\example.com'],
    ['empty', ''],
    ['not a string', 42],
    ['undefined', undefined],
    ['too long', `https://example.com/${'a'.repeat(MAX_WEB_ADDRESS_LENGTH)}`],
  ])('rejects %s', (_label, raw) => {
    expect(safeWebAddress(raw)).toBeNull();
    expect(isWebAddress(raw)).toBe(false);
  });

  it('accepts any generated http(s) URL (property)', () => {
    fc.assert(
      fc.property(fc.webUrl({ validSchemes: ['http', 'https'], withQueryParameters: true, withFragments: true }), (url) => {
        fc.pre(!url.includes('@'));
        expect(safeWebAddress(url)).toBe(url);
      }),
    );
  });

  it('never throws; an accepted address parses as http(s) (property)', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string({ unit: 'binary' }), fc.anything()), (raw) => {
        const result = safeWebAddress(raw);
        if (result !== null) expect(['http:', 'https:']).toContain(new URL(result).protocol);
      }),
    );
  });
});
