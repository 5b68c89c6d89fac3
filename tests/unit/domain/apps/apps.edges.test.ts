import { describe, expect, it } from 'vitest';
import {
  LAUNCHER_ANCHOR_LOCK_MS,
  activeCategoryIndex,
  anchorScrollBehavior,
  isAnchorLocked,
  resolveFlowApp,
  searchApps,
} from '../../../../domain/apps/apps';
import type { AppGroup } from '../../../../domain/apps/types';

/*
 * The launcher's rules (domain/apps/apps.ts) with what is not quite a number, a name or
 * a time. Found by mutation testing (reports/README.md).
 */

describe("an approval app's flow id", () => {
  it.each([
    [12, 'approvalCenter'],
    ['12', 'approvalCenter'],
    [Number.NaN, 'noFlow'],
    [Number.POSITIVE_INFINITY, 'noFlow'],
    [null, 'noFlow'],
  ])('%o: %s', (flowId, kind) => {
    expect(resolveFlowApp('leave', flowId).kind).toBe(kind);
  });
});

describe('search', () => {
  it('an app whose name is no text is not found, and nothing fails', () => {
    const groups = [{ id: 'g', name: '全部', useAppTree: [{ id: 'a', name: 5 }, { id: 'b', name: '请假5' }] }] as unknown as AppGroup[];
    expect(searchApps(groups, '5').map((a) => a.id)).toEqual(['b']);
  });
});

describe('the tab for a scroll position', () => {
  it('an unreadable scroll position is the first tab', () => {
    expect(activeCategoryIndex(Number.NaN, [0, 500])).toBe(0);
    expect(activeCategoryIndex(Number.POSITIVE_INFINITY, [0, 500])).toBe(0);
  });

  it('two anchors at one top: the first of them', () => {
    expect(activeCategoryIndex(600, [0, 400, 400], 124)).toBe(1);
  });
});

describe('how a tapped tab scrolls', () => {
  it.each([
    [0, 800, 844, 'smooth'],
    [0, 3 * 844, 844, 'smooth'],
    [0, 3 * 844 + 1, 844, 'auto'],
    [0, 800, Number.POSITIVE_INFINITY, 'auto'],
    [0, 800, Number.NaN, 'auto'],
    [Number.NaN, 800, 844, 'auto'],
    [0, Number.POSITIVE_INFINITY, 844, 'auto'],
  ])('from %o to %o on a screen %o high: %s', (from, to, height, behavior) => {
    expect(anchorScrollBehavior(from, to, height)).toBe(behavior);
  });
});

describe('the tab lock', () => {
  it.each([
    [0, 0, true],
    [0, LAUNCHER_ANCHOR_LOCK_MS - 1, true],
    [0, LAUNCHER_ANCHOR_LOCK_MS, false],
    [100, 50, false],
    [null, 100, false],
    [Number.NaN, 100, false],
    [100, Number.NaN, false],
    [Number.POSITIVE_INFINITY, Number.POSITIVE_INFINITY, false],
    [Number.NEGATIVE_INFINITY, 100, false],
  ])('locked at %o, now %o: %s', (lockedAt, now, locked) => {
    expect(isAnchorLocked(lockedAt, now)).toBe(locked);
  });
});
