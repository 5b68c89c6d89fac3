import { describe, expect, it, vi } from 'vitest';
import { leavingNavigator, planReturn } from '../../../application/shared/navigation';

describe('after a success the app goes back to where the action started, or to its parent', () => {
  it.each([
    // index of the page on screen, steps wanted, plan
    [5, 2, { kind: 'back', steps: 2 }],
    [2, 2, { kind: 'back', steps: 2 }],
    [3, 3, { kind: 'back', steps: 3 }],
    [1, 2, { kind: 'rewind', steps: 1 }],
    [2, 3, { kind: 'rewind', steps: 2 }],
    [0, 2, { kind: 'replace' }],
    [0, 1, { kind: 'replace' }],
    [1, 1, { kind: 'back', steps: 1 }],
    [null, 2, { kind: 'back', steps: 2 }],
    [4, 0, { kind: 'back', steps: 1 }],
  ] as const)('on entry %s, %s back: %j', (index, steps, plan) => {
    expect(planReturn(index, steps)).toEqual(plan);
  });

  it('a navigator without returnTo (a test fake) goes back the steps', () => {
    const back = vi.fn();
    leavingNavigator({ go: vi.fn(), back, reload: vi.fn() }).returnTo(3, '/page/approvalCenter?tab=3');
    expect(back).toHaveBeenCalledWith(3);
  });
});
