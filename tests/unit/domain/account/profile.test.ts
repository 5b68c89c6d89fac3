import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  cropWideEnough,
  AVATAR_CROP,
  BIO_MAX_LENGTH,
  BIO_ROWS,
  canEditProfile,
  canSeeBoundStudents,
  characterCount,
  displayBio,
  initialAvatarCrop,
  profileRouteFor,
  stripProtocolPrefix,
  validateBio,
} from '../../../../domain/account/profile';
import { BIO_PLACEHOLDER, BIO_TOO_LONG, DEFAULT_BIO } from '../../../../domain/account/messages';

describe('bio', () => {
  it.each([
    [BIO_MAX_LENGTH, 30],
    [BIO_ROWS, 2],
    [BIO_PLACEHOLDER, '说点什么吧'],
    [DEFAULT_BIO, '暂无简介'],
    [BIO_TOO_LONG, '简介不能超过30个字'],
  ])('%j is %j', (constant, literal) => {
    expect(constant).toBe(literal);
  });

  it.each([
    ['', null],
    ['字'.repeat(30), null],
    ['字'.repeat(31), '简介不能超过30个字'],
    ['😀'.repeat(30), null],
    [42, null],
  ])('validateBio(%j) is %j', (text, expected) => {
    expect(validateBio(text)).toBe(expected);
  });

  it.each([
    [null, '暂无简介'],
    [undefined, '暂无简介'],
    ['  ', '暂无简介'],
    ['热爱生活', '热爱生活'],
  ])('displayBio(%j) is %j', (summary, expected) => {
    expect(displayBio(summary)).toBe(expected);
  });

  it('accepts up to 30 characters and rejects any longer text', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 30, unit: 'grapheme-composite' }), (text) => {
        fc.pre(characterCount(text) <= 30);
        expect(validateBio(text)).toBeNull();
      }),
    );
    fc.assert(
      fc.property(fc.string({ minLength: 31, maxLength: 200 }), (text) => {
        expect(validateBio(text)).toBe(BIO_TOO_LONG);
      }),
    );
    fc.assert(
      fc.property(fc.anything(), (text) => {
        const result = validateBio(text);
        expect(result === null || result === BIO_TOO_LONG).toBe(true);
      }),
    );
  });
});

describe('user types', () => {
  it.each([
    [1, '/teacher', false],
    [2, '/student', false],
    [3, '/parent', true],
    [4, null, false],
    [5, '/other', false],
    ['3', '/parent', true],
  ])('type %j: profile %s, bound students %s', (type, route, bound) => {
    expect(profileRouteFor(type)).toBe(route);
    expect(canEditProfile(type)).toBe(route !== null);
    expect(canSeeBoundStudents(type)).toBe(bound);
  });

  it.each([[0], [6], [1.5], [null], [undefined]])('%j has no profile page and no bound students', (type) => {
    expect(profileRouteFor(type)).toBeNull();
    expect(canEditProfile(type)).toBe(false);
    expect(canSeeBoundStudents(type)).toBe(false);
  });

  it('only the types 1, 2, 3, 5 have a profile page; never throws', () => {
    fc.assert(
      fc.property(fc.integer(), (type) => {
        expect(canEditProfile(type)).toBe([1, 2, 3, 5].includes(type));
      }),
    );
    fc.assert(
      fc.property(fc.anything(), (type) => {
        expect(typeof canEditProfile(type)).toBe('boolean');
      }),
    );
  });
});

describe('images', () => {
  it.each([
    ['https://cdn.example/a.png', '//cdn.example/a.png'],
    ['http://cdn.example/a.png', '//cdn.example/a.png'],
    ['HTTPS://cdn.example/a.png', '//cdn.example/a.png'],
    ['//cdn.example/a.png', '//cdn.example/a.png'],
    ['/files/a.png', '/files/a.png'],
    [null, ''],
  ])('stripProtocolPrefix(%j) is %j', (url, expected) => {
    expect(stripProtocolPrefix(url)).toBe(expected);
  });

  it('crop constants are 1:1, 90% and 100', () => {
    expect(AVATAR_CROP).toEqual({ aspect: 1, defaultWidthPercent: 90, minWidth: 100 });
  });

  it.each([
    [1000, 1000, { unit: '%', x: 5, y: 5, width: 90, height: 90 }],
    [500, 1000, { unit: '%', x: 5, y: 27.5, width: 90, height: 45 }],
    [1000, 500, { unit: '%', x: 27.5, y: 5, width: 45, height: 90 }],
  ])('initialAvatarCrop(%i, %i) is %j', (w, h, expected) => {
    expect(initialAvatarCrop(w, h)).toEqual(expected);
  });

  it.each([
    [0, 100],
    [100, -1],
    [Number.NaN, 100],
    [Number.POSITIVE_INFINITY, 100],
  ])('initialAvatarCrop(%j, %j) is null', (w, h) => {
    expect(initialAvatarCrop(w, h)).toBeNull();
  });

  it('the initial crop is square in pixels, centred and inside the image', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 10000 }), fc.integer({ min: 1, max: 10000 }), (w, h) => {
        const crop = initialAvatarCrop(w, h);
        expect(crop).not.toBeNull();
        if (!crop) return;
        expect((crop.width * w) / 100).toBeCloseTo((crop.height * h) / 100, 6);
        expect(crop.x + crop.width / 2).toBeCloseTo(50, 6);
        expect(crop.y + crop.height / 2).toBeCloseTo(50, 6);
        expect(crop.width).toBeLessThanOrEqual(90 + 1e-9);
        expect(crop.height).toBeLessThanOrEqual(90 + 1e-9);
      }),
    );
  });
});

describe('the avatar crop is wide enough from 100 image pixels', () => {
  it.each([
    [100, true],
    [99.6, true],
    [99.4, false],
    [0, false],
    [Number.NaN, false],
    [Number.POSITIVE_INFINITY, false],
  ])('cropWideEnough(%s) is %s', (width, ok) => expect(cropWideEnough(width)).toBe(ok));
});
