import { describe, expect, it } from 'vitest';
import { LARGE_TEXT_SCALE, TEXT_SCALE_MAX, TEXT_SCALE_MIN, textScale } from '../../../../domain/shell/textSize';

describe('the text size the app draws at', () => {
  it.each([
    [1, false, 1],
    [1, true, 1.3],
    [1.3, false, 1.3],
    [1.5, true, 1.95],
    [2, false, 2],
    [2, true, 2],
    [3, false, 2],
    [0.5, false, 0.85],
    [0.85, true, 1.105],
    [Number.NaN, false, 1],
    [0, true, 1.3],
    [-2, false, 1],
  ])('system %s, 大字模式 %s: %s', (system, large, scale) => {
    expect(textScale(system, large)).toBe(scale);
  });

  it('大字模式 is 130%, and every scale stays within 85%..200%', () => {
    expect(LARGE_TEXT_SCALE).toBe(1.3);
    for (let s = 0; s <= 5; s += 0.05) {
      for (const large of [false, true]) {
        const scale = textScale(s, large);
        expect(scale).toBeGreaterThanOrEqual(TEXT_SCALE_MIN);
        expect(scale).toBeLessThanOrEqual(TEXT_SCALE_MAX);
      }
    }
  });
});
