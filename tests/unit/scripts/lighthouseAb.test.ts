import { describe, expect, it } from 'vitest';
import { compare, readRun, type AbRun } from '../../../bench/lighthouseAb';

/*
 * The alternating comparison of two builds (bench/lighthouseAb.ts): a run read from the
 * bench's performance row, and two builds called apart only when their ranges do not meet.
 */

const row = (value: number, lcp: string, tbt: number) => ({ value, detail: `FCP 1.60 s, LCP ${lcp} s, TBT ${tbt} ms, CLS 0.016, SI 2.00 s; median of 1: ${value}` });

describe('readRun', () => {
  it('reads the score, LCP and TBT of one run', () => {
    expect(readRun('B', row(63, '3.62', 1318))).toEqual({ build: 'B', score: 63, lcpS: 3.62, tbtMs: 1318 });
  });

  it('a detail without them reads as not a number', () => {
    const run = readRun('A', { value: 50 });
    expect(run.score).toBe(50);
    expect(Number.isNaN(run.lcpS)).toBe(true);
    expect(Number.isNaN(run.tbtMs)).toBe(true);
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
});
