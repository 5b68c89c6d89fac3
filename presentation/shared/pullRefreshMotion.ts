/**
 * How far the pull-to-refresh head opens under a finger (shared/PullRefresh.tsx), as
 * antd-mobile's PullToRefresh did: the head follows the finger less and less (a rubber
 * band over five head heights, constant 0.5), and a head opened past the threshold
 * refreshes when the finger lifts.
 */

/** The head's height while it refreshes (px). */
export const PULL_HEAD_HEIGHT = 40;
/** A head opened further than this (px) refreshes on release. */
export const PULL_THRESHOLD = 60;
const BAND = PULL_HEAD_HEIGHT * 5;
const CONSTANT = 0.5;

/** The head's height for a finger `dy` px below where it went down (0 above it). */
export function pullHeight(dy: number): number {
  if (!(dy > 0)) return 0;
  return (dy * BAND * CONSTANT) / (BAND + CONSTANT * dy);
}

/** Whether letting go at this head height refreshes. */
export const releaseRefreshes = (height: number): boolean => height > PULL_THRESHOLD;
