import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { QR_DISPLAY_SIZE, QR_IMAGE_WIDTH, QR_MAX_BYTES, utf8ByteLength, validateQrInput } from '../../../../domain/registration/qr';
import { parseDescribe, sexLabel } from '../../../../domain/registration/student';
import { QR_NO_INPUT, QR_TOO_BIG, SEX_FEMALE, SEX_MALE } from '../../../../domain/registration/messages';

describe('QR input', () => {
  it.each([
    [QR_IMAGE_WIDTH, 380],
    [QR_DISPLAY_SIZE, 190],
    [QR_MAX_BYTES, 2953],
    [QR_NO_INPUT, 'No input text'],
    [QR_TOO_BIG, 'The amount of data is too big to be stored in a QR Code'],
  ])('%j is %j', (constant, literal) => {
    expect(constant).toBe(literal);
  });

  it.each([
    ['', { ok: false, error: 'No input text' }],
    [null, { ok: false, error: 'No input text' }],
    ['110101200001011234', { ok: true, value: '110101200001011234' }],
    ['a'.repeat(2953), { ok: true, value: 'a'.repeat(2953) }],
    ['a'.repeat(2954), { ok: false, error: 'The amount of data is too big to be stored in a QR Code' }],
    ['中'.repeat(984), { ok: true, value: '中'.repeat(984) }],
    ['中'.repeat(985), { ok: false, error: 'The amount of data is too big to be stored in a QR Code' }],
  ])('validateQrInput(%j…) is %j', (text, expected) => {
    expect(validateQrInput(text)).toEqual(expected);
  });

  it.each([
    ['a', 1],
    ['é', 2],
    ['中', 3],
    ['😀', 4],
    ['\ud800', 3],
    ['', 0],
  ])('utf8ByteLength(%j) is %i', (text, bytes) => {
    expect(utf8ByteLength(text)).toBe(bytes);
  });

  it('agrees with TextEncoder and with the limit', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (text) => {
        expect(utf8ByteLength(text)).toBe(new TextEncoder().encode(text).length);
      }),
    );
    fc.assert(
      fc.property(fc.string({ minLength: 1, maxLength: 3000, unit: 'binary' }), (text) => {
        expect(validateQrInput(text)).toEqual(
          utf8ByteLength(text) > 2953 ? { ok: false, error: QR_TOO_BIG } : { ok: true, value: text },
        );
      }),
      { numRuns: 40 },
    );
    fc.assert(
      fc.property(fc.anything(), (text) => {
        expect(typeof validateQrInput(text).ok).toBe('boolean');
      }),
    );
  });
});

describe('student info', () => {
  it.each([
    ['信息学院 / 软件工程 / 2024级1班', { organisation: '信息学院', major: '软件工程', className: '2024级1班' }],
    ['信息学院 / 软件工程', { organisation: '信息学院', major: '软件工程', className: '' }],
    ['信息学院', { organisation: '信息学院', major: '', className: '' }],
    ['', { organisation: '', major: '', className: '' }],
    [null, { organisation: '', major: '', className: '' }],
    ['大学 / 信息学院 / 软件工程 / 1班', { organisation: '大学 / 信息学院', major: '软件工程', className: '1班' }],
    ['a/b/c', { organisation: 'a/b/c', major: '', className: '' }],
  ])('parseDescribe(%j) is %j', (describe, expected) => {
    expect(parseDescribe(describe)).toEqual(expected);
  });

  it('joining three slash-free parts parses them back; never throws', () => {
    const part = fc.string({ minLength: 1 }).map((s) => s.replaceAll('/', '').trim()).filter((s) => s !== '');
    fc.assert(
      fc.property(part, part, part, (organisation, major, className) => {
        expect(parseDescribe([organisation, major, className].join(' / '))).toEqual({ organisation, major, className });
      }),
    );
    fc.assert(
      fc.property(fc.anything(), (value) => {
        expect(typeof parseDescribe(value).organisation).toBe('string');
      }),
    );
  });

  it.each([
    [1, '男'],
    ['1', '男'],
    [2, '女'],
    [0, '女'],
    [null, '女'],
  ])('sexLabel(%j) is %s', (sex, label) => {
    expect(sexLabel(sex)).toBe(label);
  });

  it('sex labels use the constants', () => {
    expect(sexLabel(1)).toBe(SEX_MALE);
    expect(sexLabel(2)).toBe(SEX_FEMALE);
  });
});
