import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { itemsToDraw, ROWS_PER_STEP } from '../../../../domain/shared/paging';

const ones = (n: number) => Array.from({ length: n }, () => 1);

describe('a long list drawn a step at a time (itemsToDraw)', () => {
  it('a step of rows is 60', () => expect(ROWS_PER_STEP).toBe(60));

  it.each([
    ['5,000 files: 60 first', ones(5000), 0, -1, 60, 60],
    ['then 60 more', ones(5000), 60, -1, 60, 120],
    ['a short list: all', ones(7), 0, -1, 60, 7],
    ['through an item asked for, then a step', ones(5000), 60, 999, 60, 1060],
    ['items of several rows count each row', [30, 30, 30], 0, -1, 60, 2],
    ['an unreadable step size draws one at a time', ones(5), 0, -1, Number.NaN, 1],
    ['nothing', [], 0, -1, 60, 0],
  ] as const)('%s', (_name, sizes, drawn, through, perStep, expected) => expect(itemsToDraw(sizes, drawn, through, perStep)).toBe(expected));

  it('never fewer than drawn, never more than there are, always through the one asked for, and a step adds while any is left (property)', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 50 }), { maxLength: 200 }), fc.integer({ min: -3, max: 250 }), fc.integer({ min: -3, max: 250 }), fc.integer({ min: 1, max: 100 }), (sizes, drawn, through, perStep) => {
        const n = itemsToDraw(sizes, drawn, through, perStep);
        const floor = Math.min(sizes.length, Math.max(0, drawn, through + 1));
        expect(n).toBeLessThanOrEqual(sizes.length);
        expect(n).toBeGreaterThanOrEqual(floor);
        if (floor < sizes.length) expect(n).toBeGreaterThan(floor);
      }),
    );
  });
});
