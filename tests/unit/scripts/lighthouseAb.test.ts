import { describe, expect, it } from 'vitest';
import { abRun, compare, type AbRun } from '../../../bench/lighthouseAb';
import { LIGHTHOUSE_PAGES, pagesNamed } from '../../../bench/lighthouseBench';

/*
 * The alternating comparison of two builds (bench/lighthouseAb.ts): one audit as compared,
 * the pages chosen by name, and two builds called apart only when their ranges do not meet.
 */

describe('abRun', () => {
  it('takes the score, LCP in seconds to two places and TBT in whole milliseconds, as the rows show them', () => {
    expect(abRun('B', { page: 'home', performance: 63, lcpMs: 3617.4, tbtMs: 1317.6 })).toEqual({ build: 'B', score: 63, lcpS: 3.62, tbtMs: 1318 });
  });

  it('a measure Lighthouse did not give stays not a number, and compare leaves it out', () => {
    const run = abRun('A', { page: 'home', performance: 50, lcpMs: Number.NaN, tbtMs: Number.NaN });
    expect(run.score).toBe(50);
    expect(Number.isNaN(run.lcpS)).toBe(true);
    expect(Number.isNaN(run.tbtMs)).toBe(true);
  });
});

describe('pagesNamed', () => {
  it('every page when none is named, in the bench order (home before its repeat visit)', () => {
    expect(pagesNamed().map((p) => p.name)).toEqual(LIGHTHOUSE_PAGES.map((p) => p.name));
    expect(pagesNamed([]).map((p) => p.name)).toEqual(['login', 'home', 'home (repeat visit)', 'approval list']);
  });

  it('the pages named, in the bench order whatever the order asked', () => {
    expect(pagesNamed(['approval list', 'login']).map((p) => p.name)).toEqual(['login', 'approval list']);
  });

  it('an unknown name is refused, with the names there are', () => {
    expect(() => pagesNamed(['home', 'hme'])).toThrow('no page "hme": login, home, home (repeat visit), approval list');
  });
});

describe('compare', () => {
  const runs = (a: number[], b: number[]): AbRun[] => [
    ...a.map((score) => ({ build: 'A' as const, score, lcpS: 0, tbtMs: 0 })),
    ...b.map((score) => ({ build: 'B' as const, score, lcpS: 0, tbtMs: 0 })),
  ];

  it('the 2026-11-27 home runs of d04c54a with a6be201 (B) against the build before (A): LCP apart, scores overlapping', () => {
    const lcpA = [3.73, 4.02, 3.85, 3.62, 3.87, 4.17];
    const lcpB = [4.3, 4.38, 4.33, 4.2, 4.74, 4.19];
    const scoreA = [65, 56, 60, 63, 60, 59];
    const scoreB = [53, 56, 59, 57, 53, 58];
    const both: AbRun[] = [
      ...lcpA.map((lcpS, i) => ({ build: 'A' as const, score: scoreA[i]!, lcpS, tbtMs: 0 })),
      ...lcpB.map((lcpS, i) => ({ build: 'B' as const, score: scoreB[i]!, lcpS, tbtMs: 0 })),
    ];
    const lcp = compare(both, (r) => r.lcpS);
    expect(lcp.apart).toBe(true);
    expect(lcp.a).toBeCloseTo(3.86, 5);
    expect(lcp.b).toBeCloseTo(4.315, 5);
    const score = compare(both, (r) => r.score);
    expect(score.apart).toBe(false);
    expect([score.a, score.b]).toEqual([60, 56.5]);
    expect(score.line).toContain('within the noise');
  });

  it('ranges that do not meet are apart, either way round', () => {
    expect(compare(runs([60, 62, 61], [64, 66, 65]), (r) => r.score).apart).toBe(true);
    expect(compare(runs([64, 66, 65], [60, 62, 61]), (r) => r.score).apart).toBe(true);
    expect(compare(runs([60, 64, 62], [64, 66, 65]), (r) => r.score).apart).toBe(false);
  });

  it('fewer than three runs of a build give no verdict, however far apart', () => {
    const c = compare(runs([84, 85], [90, 91, 92]), (r) => r.score);
    expect(c.apart).toBe(false);
    expect(c.line).toContain('too few runs to judge');
    expect(compare(runs([60, 61, 62], []), (r) => r.score).apart).toBe(false);
  });

  it("an even count's median is the mean of the middle two, printed without floating-point noise", () => {
    // Home LCPs of 2026-11-27 (seventh session): the mean of 3.36 and 3.45 is 3.4050000000000002 in floating point.
    const c = compare(runs([3.27, 3.36, 3.45, 3.51], [3.29, 3.33, 3.35, 3.37]), (r) => r.score);
    expect(c.a).toBe(3.405);
    expect(c.b).toBe(3.34);
    expect(c.line).toContain('A 3.405 (3.27-3.51), B 3.34 (3.29-3.37)');
  });
});
