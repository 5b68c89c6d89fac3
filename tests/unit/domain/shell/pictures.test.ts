/** Which picture addresses the app loads (domain/shell/pictures.ts): kind of address → shown or stand-in. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { pictureSource } from '../../../../domain/shell/pictures';

const env = { pageUrl: 'https://campus.example.edu/app/page/todo', origins: ['https://api.example.edu'] };

describe('pictureSource', () => {
  it.each([
    ['a path on the page origin', '/images/apps/leave.svg', '/images/apps/leave.svg'],
    ['a relative path', 'icons/a.png', 'icons/a.png'],
    ['the page origin in full', 'https://campus.example.edu/u/1.jpg', 'https://campus.example.edu/u/1.jpg'],
    ['the service host', 'https://api.example.edu/files/head.png', 'https://api.example.edu/files/head.png'],
    ['blanks around it', '  /a.png  ', '/a.png'],
    ['a data image', 'data:image/png;base64,iVBORw0KGgo=', 'data:image/png;base64,iVBORw0KGgo='],
    ['a blob', 'blob:https://campus.example.edu/5f1c', 'blob:https://campus.example.edu/5f1c'],
    ['another site', 'https://evil.example/x.png', null],
    ['a protocol-relative other site', '//evil.example/x.png', null],
    ['another port of the host', 'https://campus.example.edu:8443/x.png', null],
    ['plain http of the host', 'http://campus.example.edu/x.png', null],
    ['javascript:', 'javascript:window.__pwned="img"', null],
    ['vbscript:', 'vbscript:msgbox(1)', null],
    ['data: that is not an image', 'data:text/html,<script>1</script>', null],
    ['ftp:', 'ftp://campus.example.edu/a.png', null],
    ['empty', '', null],
    ['blanks', '   ', null],
    ['not a string', 42, null],
    ['null', null, null],
  ] as const)('%s', (_kind, raw, shown) => {
    expect(pictureSource(raw, env)).toBe(shown);
  });

  it('a page address that cannot be read shows nothing', () => {
    expect(pictureSource('/a.png', { pageUrl: 'not a url', origins: [] })).toBeNull();
  });

  it('never answers an address outside the page origin, the service host, data:image or blob:', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.webUrl(), fc.webPath()), (raw) => {
        const out = pictureSource(raw, env);
        if (out === null) return true;
        if (/^(data:image\/|blob:)/i.test(out)) return true;
        const origin = new URL(out, env.pageUrl).origin;
        return origin === 'https://campus.example.edu' || origin === 'https://api.example.edu';
      }),
    );
  });
});
