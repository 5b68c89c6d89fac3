import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { SIGNATURE_IMAGE_TYPE, SIGNATURE_MIN_PIXELS, canConfirmSignature, countDrawnPixels } from '../../../../domain/approval';

/** RGBA data with `drawn` opaque-ish pixels followed by `blank` transparent ones. */
const pixels = (drawn: number, blank = 0, alpha = 255): Uint8ClampedArray => {
  const data = new Uint8ClampedArray((drawn + blank) * 4);
  for (let i = 0; i < drawn; i += 1) {
    data[i * 4] = 10;
    data[i * 4 + 3] = alpha;
  }
  return data;
};

describe('signature acceptance (SPEC point 9: more than 100 drawn pixels, PNG)', () => {
  it.each([
    [0, false],
    [99, false],
    [100, false],
    [101, true],
    [5000, true],
  ])('%i drawn pixels can confirm: %s', (drawn, ok) => {
    expect(canConfirmSignature(pixels(drawn, 50))).toBe(ok);
  });

  it('counts any opacity, ignores colour on transparent pixels', () => {
    expect(countDrawnPixels(pixels(3, 2, 1))).toBe(3);
    expect(countDrawnPixels([255, 255, 255, 0, 0, 0, 0, 1])).toBe(1);
  });

  it.each([
    [null, 0],
    [undefined, 0],
    [[], 0],
    [[0, 0, 0], 0],
    [[0, 0, 0, NaN], 0],
    [{ length: Infinity }, 0],
    [{ length: 8, 3: 255 }, 1],
  ])('%j counts %i', (data, count) => {
    expect(countDrawnPixels(data as ArrayLike<number> | null)).toBe(count);
  });

  it('constants', () => {
    expect(SIGNATURE_MIN_PIXELS).toBe(100);
    expect(SIGNATURE_IMAGE_TYPE).toBe('image/png');
  });

  it('count matches the number of nonzero alphas, for typed and plain arrays', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 255 }), { maxLength: 800 }), (values) => {
        const expected = values.filter((v, i) => i % 4 === 3 && v > 0).length;
        expect(countDrawnPixels(values)).toBe(expected);
        expect(countDrawnPixels(Uint8ClampedArray.from(values))).toBe(expected);
        expect(canConfirmSignature(values)).toBe(expected > 100);
      }),
    );
  });
});
