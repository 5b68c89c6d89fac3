import type { Navigator } from '../ports/runtime';

/**
 * How a page goes back after a success that should land `steps` entries back (SPEC point 8:
 * 2 after an approval, 3 after a launch), given how deep the app's own history is (the
 * index of the entry on screen, 0 for the first page the app opened; null when unknown):
 * - `back`: the pages are there, go back to them;
 * - `rewind`: fewer pages than that (the run was opened from a push, a link, a reload):
 *   back to the first page, then replace it with the sensible parent;
 * - `replace`: already on the first page: replace it with the parent.
 * Never out of the app, never nothing.
 */
export type ReturnPlan =
  | { readonly kind: 'back'; readonly steps: number }
  | { readonly kind: 'rewind'; readonly steps: number }
  | { readonly kind: 'replace' };

export function planReturn(index: number | null, steps: number): ReturnPlan {
  const wanted = Math.max(1, Math.floor(steps));
  if (index === null || index >= wanted) return { kind: 'back', steps: wanted };
  if (index > 0) return { kind: 'rewind', steps: index };
  return { kind: 'replace' };
}

export type LeavingNavigator = Pick<Required<Navigator>, 'go' | 'leave' | 'returnTo'>;

/**
 * The navigator a model leaves a page with. The composition root's navigator always
 * has `leave` and `returnTo`; one without them (a test's fake) goes back.
 */
export const leavingNavigator = (navigator: Navigator): LeavingNavigator => ({
  go: (path, opts) => navigator.go(path, opts),
  leave: (fallback) => (navigator.leave ? navigator.leave(fallback) : navigator.back()),
  returnTo: (steps, fallback) => (navigator.returnTo ? navigator.returnTo(steps, fallback) : navigator.back(steps)),
});
