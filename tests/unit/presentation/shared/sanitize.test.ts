// @vitest-environment jsdom
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { NAMED_PROPERTY_PREFIX } from '../../../../domain/messages/htmlPolicy';
import { serverHtmlPlainText, sanitizeServerHtml } from '../../../../presentation/shared/serverHtml/sanitize';
import { XSS_CORPUS } from '../../../fixtures/xss-corpus';

/**
 * The one sanitizer of server HTML, run in jsdom (DOMPurify works on any DOM). The
 * browser test (tests/e2e/xss-notice.spec.ts) shows the same corpus runs nothing in
 * Chromium; here the output itself is checked, and fast-check searches for HTML that
 * breaks the guarantees: no script element, no on* handler, no javascript:, data: or
 * vbscript: address, and sanitizing twice changes nothing.
 */

const EXECUTABLE_TAGS = ['script', 'iframe', 'frame', 'frameset', 'object', 'embed', 'applet', 'base', 'meta', 'link', 'style', 'svg', 'math', 'form', 'template', 'noscript', 'input', 'button', 'textarea', 'select'];

/** What is wrong with sanitized HTML once a page parses it (as React's innerHTML does). */
function hazards(clean: string): string[] {
  const found: string[] = [];
  if (/<script/i.test(clean)) found.push('<script in the output');
  const host = document.createElement('div');
  host.innerHTML = clean;
  for (const el of Array.from(host.querySelectorAll('*'))) {
    const tag = el.localName.toLowerCase();
    if (EXECUTABLE_TAGS.includes(tag)) found.push(`element ${tag}`);
    if (el.namespaceURI !== 'http://www.w3.org/1999/xhtml') found.push(`${tag} in ${el.namespaceURI}`);
    for (const { name, value } of Array.from(el.attributes)) {
      // eslint-disable-next-line no-control-regex
      const compact = value.replace(/[\u0000-\u0020]/g, '').toLowerCase();
      if (/^on/i.test(name)) found.push(`${tag} ${name}`);
      if (/^(javascript|vbscript|data):/.test(compact) || /(javascript|vbscript):/.test(compact)) found.push(`${tag} ${name}=${value}`);
      if (name === 'style' && /expression\(|position:fixed/.test(compact)) found.push(`${tag} style=${value}`);
      if ((name === 'href' || name === 'src') && (compact.startsWith('//') || compact.includes('\\'))) found.push(`${tag} ${name}=${value}`);
      if ((name === 'id' || name === 'name') && !value.startsWith(NAMED_PROPERTY_PREFIX)) found.push(`${tag} ${name}=${value}`);
    }
  }
  return found;
}

/** The HTML as a page holds it after inserting it with innerHTML. */
const reparse = (html: string): string => {
  const host = document.createElement('div');
  host.innerHTML = html;
  return host.innerHTML;
};

describe('the hostile corpus through sanitizeServerHtml', () => {
  it('has at least 100 payloads, numbered once each', () => {
    expect(XSS_CORPUS.length).toBeGreaterThanOrEqual(100);
    expect(new Set(XSS_CORPUS.map((p) => p.n)).size).toBe(XSS_CORPUS.length);
  });

  it.each(XSS_CORPUS.map((p) => [p.n, p.name, p.html] as const))('#%i %s leaves nothing executable', (_n, _name, html) => {
    const clean = sanitizeServerHtml(html);
    expect(hazards(clean)).toEqual([]);
    expect(sanitizeServerHtml(clean)).toBe(clean);
  });

  it('the checks above can fail: unsanitized payloads are caught', () => {
    expect(hazards('<img src=x onerror="__xss(1)">')).toEqual(['img onerror']);
    expect(hazards('<a href=" java\tscript:x">x</a>')).not.toEqual([]);
    expect(hazards('<svg><script>x</script></svg>').length).toBeGreaterThan(0);
  });
});

describe('what a notice keeps', () => {
  it('keeps text, headings, tables, lists, images, colours and http(s), mailto, tel and relative links', () => {
    const html =
      '<h2>标题</h2><p style="color: red; text-align: center">红色</p><table><tbody><tr><td>1</td></tr></tbody></table>' +
      '<ul><li>一</li></ul><img src="/sandbox/images/a.png" alt="图"><img src="https://cdn.example.com/b.png">' +
      '<a href="https://example.com/x?y=1#z">外链</a><a href="mailto:a@b.cn">邮件</a><a href="tel:10086">电话</a><a href="/page/todo">站内</a><a href="#part">锚点</a>';
    const clean = sanitizeServerHtml(html);
    expect(clean).toContain('<h2>标题</h2>');
    expect(clean).toContain('style="color: red; text-align: center"');
    expect(clean).toContain('<td>1</td>');
    expect(clean).toContain('<li>一</li>');
    expect(clean).toContain('src="/sandbox/images/a.png"');
    expect(clean).toContain('src="https://cdn.example.com/b.png"');
    for (const href of ['https://example.com/x?y=1#z', 'mailto:a@b.cn', 'tel:10086', '/page/todo', '#part']) expect(clean).toContain(`href="${href}"`);
    expect(clean.match(/rel="noopener noreferrer"/g)).toHaveLength(5);
  });

  it.each([
    ['a protocol-relative link', '<a href="//evil.example/x">x</a>', '<a>x</a>'],
    ['a backslash path', '<a href="/\\evil.example">x</a>', '<a>x</a>'],
    ['a data: image', '<img src="data:image/png;base64,iVBORw0KGgo=">', '<img>'],
    ['a target', '<a href="https://e.cn" target="_top">x</a>', '<a href="https://e.cn" rel="noopener noreferrer">x</a>'],
    ['credentials in a link', '<a href="https://u:p@e.cn/">x</a>', '<a>x</a>'],
    ['a fixed overlay', '<div style="position: fixed; inset: 0">x</div>', '<div>x</div>'],
    ['a CSS escape', '<div style="color: \\72 ed">x</div>', '<div>x</div>'],
    ['an id (prefixed)', '<h3 id="part">x</h3>', `<h3 id="${NAMED_PROPERTY_PREFIX}part">x</h3>`],
    ['markup in a title', '<abbr title="&lt;img src=x&gt;">x</abbr>', '<abbr>x</abbr>'],
    // Found by the idempotence property: what is left is blank, so it is nothing.
    ['a stray end tag after a space', ' </a>', ''],
  ])('drops or rewrites %s', (_label, html, expected) => expect(sanitizeServerHtml(html)).toBe(expected));

  it('settles markup the page would rebuild differently (a list item hoisted out of a dropped button)', () => {
    const clean = sanitizeServerHtml('<li><button><li><a>x</a>');
    expect(clean).toBe('<li></li><li><a>x</a></li>');
    expect(reparse(clean)).toBe(clean);
  });

  it('answers empty for no, blank or non-string input; plain text for previews', () => {
    for (const input of [undefined, null, 42, '', '   ', {}]) expect(sanitizeServerHtml(input)).toBe('');
    expect(serverHtmlPlainText('<p>开学<script>__xss(1)</script>通知</p>\n<p>第二段</p>')).toBe('开学通知 第二段');
    expect(serverHtmlPlainText(null)).toBe('');
  });
});

// ----- generated hostile HTML -----

const TAGS = [
  'a', 'img', 'div', 'p', 'span', 'table', 'tr', 'td', 'ul', 'li', 'details', 'video', 'source', 'audio', 'area', 'map', 'blockquote',
  'script', 'style', 'svg', 'math', 'mtext', 'mglyph', 'mi', 'annotation-xml', 'foreignObject', 'animate', 'set', 'use', 'image',
  'noscript', 'template', 'textarea', 'title', 'xmp', 'noembed', 'iframe', 'object', 'embed', 'form', 'button', 'input', 'select',
  'option', 'base', 'meta', 'link', 'body', 'frameset', 'x-el',
];
const ATTRS = [
  'onerror', 'onload', 'onclick', 'onbegin', 'ontoggle', 'OnFocus', 'href', 'src', 'xlink:href', 'action', 'formaction', 'srcdoc', 'data',
  'background', 'poster', 'cite', 'style', 'id', 'name', 'title', 'alt', 'class', 'data-x', 'target', 'attributeName', 'values', 'to',
  'http-equiv', 'content', 'autofocus', 'open', 'srcset', 'usemap',
];
const VALUES = [
  'javascript:__xss(1)', ' JaVaScRiPt:__xss(1)', 'java\tscript:__xss(1)', 'java\nscript:__xss(1)', '\u0001javascript:__xss(1)',
  '&#106;avascript:__xss(1)', '&#x6A;avascript&colon;__xss(1)', 'vbscript:msgbox(1)', 'data:text/html,<script>__xss(1)</script>',
  'data:image/svg+xml,<svg onload=__xss(1)>', '//evil.example/x', '/\\evil.example', '\\\\evil.example', 'https://ok.example/a',
  '/page/x', '#top', 'mailto:a@b.cn', '__xss(1)', '</style><img src=x onerror=__xss(1)>', '"><script>__xss(1)</script>',
  '</noscript><img src=x onerror=__xss(1)>', '--><img src=x onerror=__xss(1)>', 'background:url(javascript:__xss(1))',
  'width:expression(__xss(1))', 'position:fixed;inset:0', '0;url=javascript:__xss(1)', 'href', 'onload', 'x',
];

const attribute = fc
  .tuple(fc.constantFrom(...ATTRS), fc.oneof(fc.constantFrom(...VALUES), fc.string({ maxLength: 12 })), fc.constantFrom('"', "'", ''))
  .map(([name, value, quote]) => (quote === '' ? ` ${name}=${value.replace(/[\s>]/g, '')}` : ` ${name}=${quote}${value.split(quote).join('')}${quote}`));
const openTag = fc
  .tuple(fc.constantFrom(...TAGS), fc.array(attribute, { maxLength: 4 }), fc.boolean())
  .map(([tag, attrs, self]) => `<${tag}${attrs.join('')}${self ? '/' : ''}>`);
const closeTag = fc.constantFrom(...TAGS).map((tag) => `</${tag}>`);
const fragment = fc.oneof(
  { weight: 4, arbitrary: openTag },
  { weight: 2, arbitrary: closeTag },
  { weight: 2, arbitrary: fc.string({ maxLength: 10 }) },
  { weight: 1, arbitrary: fc.constantFrom('<!--', '-->', '<![CDATA[', ']]>', '<?x', '&lt;', '&gt;', '&#60;', '"', "'", '<', '>', '</') },
  { weight: 1, arbitrary: fc.constantFrom(...XSS_CORPUS.map((p) => p.html)) },
);
const hostileHtml = fc.array(fragment, { minLength: 1, maxLength: 14 }).map((parts) => parts.join(''));

describe('sanitizeServerHtml on generated HTML (property)', () => {
  it('leaves no script, no on* handler and no javascript:, data: or vbscript: address', () => {
    fc.assert(
      fc.property(hostileHtml, (html) => {
        expect(hazards(sanitizeServerHtml(html))).toEqual([]);
      }),
      { numRuns: 250 },
    );
  });

  it('is idempotent: sanitizing the output again changes nothing', () => {
    fc.assert(
      fc.property(hostileHtml, (html) => {
        const once = sanitizeServerHtml(html);
        expect(sanitizeServerHtml(once)).toBe(once);
      }),
      { numRuns: 250 },
    );
  });

  it('is stable when parsed again the way React inserts it (no mutation on re-parse)', () => {
    fc.assert(
      fc.property(hostileHtml, (html) => {
        const reparsed = reparse(sanitizeServerHtml(html));
        expect(hazards(reparsed)).toEqual([]);
        expect(reparse(reparsed)).toBe(reparsed);
      }),
      { numRuns: 200 },
    );
  });
});
