import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  ADDRESS_ATTRIBUTES,
  ATTRIBUTE_VALUE_PATTERN,
  attributeVerdict,
  FORBIDDEN_ATTRIBUTES,
  FORBIDDEN_TAGS,
  hasScriptAddress,
  isEventHandlerAttribute,
  isSafeInlineStyle,
  looksLikeMarkup,
  NAMED_PROPERTY_PREFIX,
} from '../../../../domain/messages/htmlPolicy';

/** The notice HTML policy, pure (DOMPurify applies it: tests/unit/presentation/shared/sanitize.test.ts). */

describe('tags and attributes', () => {
  it('forbids script, style, frames, forms, document-level elements, SVG and MathML', () => {
    for (const tag of ['script', 'style', 'iframe', 'object', 'embed', 'form', 'button', 'base', 'meta', 'link', 'svg', 'math', 'noscript', 'template']) {
      expect(FORBIDDEN_TAGS).toContain(tag);
    }
    for (const attr of ['srcset', 'action', 'formaction', 'xlink:href', 'ping', 'target']) expect(FORBIDDEN_ATTRIBUTES).toContain(attr);
    for (const attr of ['href', 'src', 'xlink:href', 'formaction']) expect(ADDRESS_ATTRIBUTES).toContain(attr);
  });

  it.each(['onerror', 'onload', 'OnClick', ' onbegin', 'on'])('%j is an event handler', (name) => expect(isEventHandlerAttribute(name)).toBe(true));
  it.each(['href', 'style', 'alt', 'title', 'name'])('%j is not', (name) => expect(isEventHandlerAttribute(name)).toBe(false));

  it.each([
    ['https://a.cn', true],
    ['mailto:a@b.cn', true],
    ['TEL:1', true],
    ['/path', true],
    ['plain words', true],
    ['a', true],
    ['javascript:x', false],
    ['data:x', false],
    ['vbscript:x', false],
    ['foo:bar', false],
  ])('DOMPurify value pattern: %j -> %s', (value, ok) => expect(ATTRIBUTE_VALUE_PATTERN.test(value)).toBe(ok));
});

describe('values', () => {
  it.each(['<img src=x>', '</style>', '<!--', '<?x', '<!doctype', 'a <b>c'])('%j looks like markup', (v) => expect(looksLikeMarkup(v)).toBe(true));
  it.each(['a < b', '1<2', 'x > y', '<', '< img'])('%j does not', (v) => expect(looksLikeMarkup(v)).toBe(false));

  it.each(['javascript:x', 'JAVA SCRIPT:x', 'java\tscript:x', 'x javascript:y', 'vbscript:x', 'data:text/html,x', ' DATA:x'])('%j carries a script address', (v) =>
    expect(hasScriptAddress(v)).toBe(true),
  );
  it.each(['https://a.cn', 'x data:y', '说明', 'java script'])('%j does not', (v) => expect(hasScriptAddress(v)).toBe(false));

  it.each(['color: red; text-align: center', 'font-size:14px', 'background-image:url(https://a.cn/x.png)', 'position: relative', ''])('keeps the style %j', (v) =>
    expect(isSafeInlineStyle(v)).toBe(true),
  );
  it.each([
    'width:expression(alert(1))',
    'background:url(javascript:alert(1))',
    'background:url( JavaScript:alert(1))',
    'background:url(vbscript:x)',
    'background:url(data:image/svg+xml,x)',
    'behavior:url(#default#time2)',
    'behaviour:url(x)',
    '-moz-binding:url(x)',
    '@import "x"',
    'color:\\72 ed',
    'color:/**/red',
    'position:fixed;inset:0',
    'POSITION : Sticky',
  ])('refuses the style %j', (v) => expect(isSafeInlineStyle(v)).toBe(false));
});

describe('attributeVerdict', () => {
  it.each([
    ['onerror', 'x', 'remove'],
    ['target', '_blank', 'remove'],
    ['srcset', 'a.png 2x', 'remove'],
    ['title', '<img src=x>', 'remove'],
    ['title', 'javascript:x', 'remove'],
    ['alt', 'data:x', 'remove'],
    ['href', '//evil.example', 'remove'],
    ['href', '/\\evil.example', 'remove'],
    ['href', 'java\tscript:x', 'remove'],
    ['src', 'data:image/png;base64,x', 'remove'],
    ['style', 'position:fixed', 'remove'],
    ['id', ' ', 'remove'],
    ['href', 'https://a.cn/x', 'keep'],
    ['href', 'mailto:a@b.cn', 'keep'],
    ['src', '/a.png', 'keep'],
    ['style', 'color:red', 'keep'],
    ['title', '通知', 'keep'],
    ['class', 'x', 'keep'],
    ['id', `${NAMED_PROPERTY_PREFIX}part`, 'keep'],
  ])('%s=%j -> %s', (name, value, kind) => expect(attributeVerdict(name, value).kind).toBe(kind));

  it('rewrites a padded address to its trimmed form and prefixes ids and names once', () => {
    expect(attributeVerdict('href', '  https://a.cn/x  ')).toEqual({ kind: 'set', value: 'https://a.cn/x' });
    expect(attributeVerdict('ID', 'part')).toEqual({ kind: 'set', value: `${NAMED_PROPERTY_PREFIX}part` });
    expect(attributeVerdict('name', 'cookie')).toEqual({ kind: 'set', value: `${NAMED_PROPERTY_PREFIX}cookie` });
  });

  it('applying a verdict twice changes nothing (property)', () => {
    const names = fc.constantFrom('href', 'src', 'id', 'name', 'title', 'style', 'class', 'onclick', 'cite');
    fc.assert(
      fc.property(names, fc.string({ maxLength: 30 }), (name, value) => {
        const first = attributeVerdict(name, value);
        if (first.kind === 'set') expect(attributeVerdict(name, first.value).kind).toBe('keep');
        if (first.kind !== 'remove') {
          const kept = first.kind === 'set' ? first.value : value;
          expect(hasScriptAddress(kept)).toBe(false);
          expect(looksLikeMarkup(kept)).toBe(false);
        }
      }),
      { numRuns: 500 },
    );
  });
});
