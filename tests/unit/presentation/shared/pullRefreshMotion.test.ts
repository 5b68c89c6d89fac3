/**
 * The pull-to-refresh head (presentation/shared/pullRefreshMotion.ts), as antd-mobile's
 * PullToRefresh opened it: a rubber band over five head heights of 40 px, constant 0.5,
 * and a refresh on release past 60 px.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PULL_HEAD_HEIGHT, PULL_THRESHOLD, pullHeight, releaseRefreshes } from '../../../../presentation/shared/pullRefreshMotion';

describe('the pull-to-refresh head', () => {
  it.each([
    [0, 0],
    [-30, 0],
    [100, 40],
    [200, 66.67],
    [260, 78.79],
  ])('a finger %i px down opens it %f px', (dy, height) => {
    expect(pullHeight(dy)).toBeCloseTo(height, 2);
  });

  it('refreshes past 60 px only: a finger about 172 px down', () => {
    expect([PULL_HEAD_HEIGHT, PULL_THRESHOLD]).toEqual([40, 60]);
    expect(releaseRefreshes(pullHeight(171))).toBe(false);
    expect(releaseRefreshes(pullHeight(172))).toBe(true);
    expect(releaseRefreshes(PULL_THRESHOLD)).toBe(false);
  });

  it('opens further the further the finger goes, always less than the finger and never past the band', () => {
    fc.assert(
      fc.property(fc.double({ min: 0.01, max: 1e6, noNaN: true }), fc.double({ min: 0.01, max: 1000, noNaN: true }), (dy, more) => {
        expect(pullHeight(dy + more)).toBeGreaterThan(pullHeight(dy));
        expect(pullHeight(dy)).toBeLessThan(dy);
        expect(pullHeight(dy)).toBeLessThan(PULL_HEAD_HEIGHT * 5);
      }),
    );
  });
});
