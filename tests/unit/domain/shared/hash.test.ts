/** hashText (domain/shared/hash.ts): stable, and different for different texts. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { hashText } from '../../../../domain/shared/hash';
import { contentKey } from '../../../../application/shared/idempotency';

describe('hashText', () => {
  it('is the same for the same text, every time', () => {
    fc.assert(fc.property(fc.string({ unit: 'grapheme' }), (t) => hashText(t) === hashText(t)));
  });

  it('tells texts apart that differ in one character, order or case', () => {
    const texts = ['', 'a', 'b', 'A', 'ab', 'ba', '待办', '待辦', '{"name":"a"}', '{"name":"b"}', 'x'.repeat(10_000), `${'x'.repeat(9_999)}y`];
    expect(new Set(texts.map((t) => hashText(t))).size).toBe(texts.length);
  });

  // cyrb53's own examples (github.com/bryc/code, jshash/experimental/cyrb53.js), read in base 36.
  it.each([
    ['a', 0, 7929297801672961],
    ['b', 0, 8684336938537663],
    ['revenge', 0, 4051478007546757],
    ['revenue', 0, 8309097637345594],
    ['revenue', 1, 8697026808958300],
  ])('is cyrb53: %j with seed %i is %i', (text, seed, value) => {
    expect(hashText(text, seed)).toBe(value.toString(36));
  });

  it('is a short token fit for a header', () => {
    fc.assert(fc.property(fc.string(), (t) => /^[0-9a-z]{1,11}$/.test(hashText(t))));
  });
});

describe('contentKey', () => {
  it('is the same for the same content in one sitting, different for another content or sitting, and a valid Idempotency-Key', () => {
    const a = contentKey('s1', { name: '待办', endTime: null });
    expect(contentKey('s1', { name: '待办', endTime: null })).toBe(a);
    expect(contentKey('s1', { name: '待办2', endTime: null })).not.toBe(a);
    expect(contentKey('s2', { name: '待办', endTime: null })).not.toBe(a);
    expect(a).toMatch(/^[\x21-\x7e]{1,128}$/);
  });
});
