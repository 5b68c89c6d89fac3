import type { Navigator } from '../ports/runtime';

/**
 * The navigator a model leaves a page with. The composition root's navigator always
 * has `leave`; one without it (a test's fake) leaves one step back.
 */
export const leavingNavigator = (navigator: Navigator): Pick<Required<Navigator>, 'go' | 'leave'> => ({
  go: (path, opts) => navigator.go(path, opts),
  leave: (fallback) => (navigator.leave ? navigator.leave(fallback) : navigator.back()),
});
