import { describe, expect, it } from 'vitest';
import { median, quantile } from '../../../bench/browserPage';

/**
 * The two middles the benches use: `median`, the true middle, compares samples (bench:lh-ab);
 * `quantile(sorted, 0.5)` is the lower middle, a value one run really had (the Lighthouse
 * rows, the scroll and keystroke p95s by nearest rank).
 */
describe('bench statistics', () => {
  it.each([
    [[3], 3],
    [[61, 56, 67], 61],
    [[58, 62, 66, 68], 64],
    [[57, 56], 56.5],
  ])('median of %j is %d, whatever the order', (xs, expected) => {
    expect(median(xs)).toBe(expected);
    expect(median([...xs].reverse())).toBe(expected);
  });

  it('median of nothing is not a number', () => {
    expect(median([])).toBeNaN();
  });

  it('quantile is by nearest rank: the lower middle of an even count, p95 of 20 values the 19th', () => {
    expect(quantile([56, 57], 0.5)).toBe(56);
    expect(quantile([56, 61, 67], 0.5)).toBe(61);
    const twenty = Array.from({ length: 20 }, (_, i) => i + 1);
    expect(quantile(twenty, 0.95)).toBe(19);
    expect(quantile(twenty, 1)).toBe(20);
    expect(quantile([], 0.5)).toBe(0);
  });
});
