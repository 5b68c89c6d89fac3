import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  aboutTapOutcome,
  DEVELOPER_MODE_TAPS,
  EASTER_EGG_WINDOW_MS,
  recentTaps,
  recordTap,
  REST_HINT_TAPS,
} from '../../../../domain/account/about';
import { TAKE_A_BREAK } from '../../../../domain/account/messages';

const NOW = 1_700_000_000_000;
const tapsWithin = (count: number, spanMs = 4000): number[] =>
  Array.from({ length: count }, (_, i) => NOW - Math.floor((spanMs * i) / Math.max(1, count - 1)));

describe('about page easter egg', () => {
  it.each([
    [EASTER_EGG_WINDOW_MS, 5000],
    [REST_HINT_TAPS, 15],
    [DEVELOPER_MODE_TAPS, 25],
    [TAKE_A_BREAK, '眺望远方，休息一下'],
  ])('%j is %j', (constant, literal) => {
    expect(constant).toBe(literal);
  });

  it.each([
    [0, 'none'],
    [15, 'none'],
    [16, 'rest'],
    [25, 'rest'],
    [26, 'developer'],
    [40, 'developer'],
  ])('%i taps within 5 seconds give %s', (count, expected) => {
    expect(aboutTapOutcome(tapsWithin(count), NOW)).toBe(expected);
  });

  it('taps older than 5 seconds or in the future do not count', () => {
    const old = Array.from({ length: 30 }, (_, i) => NOW - 5001 - i);
    const future = Array.from({ length: 30 }, (_, i) => NOW + 1 + i);
    expect(aboutTapOutcome([...old, ...future], NOW)).toBe('none');
    expect(recentTaps([NOW - 5000, NOW - 5001, NOW + 1, Number.NaN], NOW)).toEqual([NOW - 5000]);
  });

  it('recordTap appends now and drops expired taps', () => {
    expect(recordTap([NOW - 6000, NOW - 100], NOW)).toEqual([NOW - 100, NOW]);
    expect(recordTap(null as never, NOW)).toEqual([NOW]);
  });

  it('sixteen quick taps recorded one by one show the rest hint', () => {
    let taps: number[] = [];
    for (let i = 0; i < 16; i += 1) taps = recordTap(taps, NOW + i * 100);
    expect(aboutTapOutcome(taps, NOW + 1500)).toBe('rest');
  });

  it('matches the count of taps in the window, and never throws', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: NOW - 20_000, max: NOW + 1000 })), (taps) => {
        const inWindow = taps.filter((t) => t <= NOW && NOW - t <= 5000).length;
        const expected = inWindow > 25 ? 'developer' : inWindow > 15 ? 'rest' : 'none';
        expect(aboutTapOutcome(taps, NOW)).toBe(expected);
      }),
    );
    fc.assert(
      fc.property(fc.anything(), fc.anything(), (taps, now) => {
        expect(['none', 'rest', 'developer']).toContain(aboutTapOutcome(taps as number[], now as number));
      }),
    );
  });
});
