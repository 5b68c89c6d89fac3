// @vitest-environment jsdom
import { act, cleanup, render } from '@testing-library/react';
import { Profiler } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SCROLL_PAUSE_MS, SCROLL_SLACK, useHiddenWhileScrollingDown } from '../../../../presentation/approval/useHiddenWhileScrollingDown';

/*
 * The approval centre's add button steps aside while the page scrolls down, and comes
 * back when it scrolls up, reaches the top or pauses. Every frame of a scroll fires a
 * scroll event, so the hook tells React only when its answer changes.
 */

let scrollY = 0;
const scrollTo = (y: number) => {
  scrollY = y;
  act(() => {
    window.dispatchEvent(new Event('scroll'));
  });
};

let renders = 0;
function Probe() {
  const hidden = useHiddenWhileScrollingDown();
  return <p data-hidden={String(hidden)}>fab</p>;
}
const mount = () => {
  const view = render(
    <Profiler id="fab" onRender={() => (renders += 1)}>
      <Probe />
    </Profiler>,
  );
  return () => view.container.querySelector('p')!.getAttribute('data-hidden');
};

beforeEach(() => {
  vi.useFakeTimers();
  scrollY = 0;
  renders = 0;
  Object.defineProperty(window, 'scrollY', { configurable: true, get: () => scrollY });
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('useHiddenWhileScrollingDown', () => {
  it('hides while scrolling down by more than the slack, and shows on the way up and at the top', () => {
    const hidden = mount();
    scrollTo(SCROLL_SLACK);
    expect(hidden()).toBe('false');
    scrollTo(SCROLL_SLACK + 1);
    expect(hidden()).toBe('true');
    scrollTo(300);
    expect(hidden()).toBe('true');
    scrollTo(300 - SCROLL_SLACK - 1);
    expect(hidden()).toBe('false');
    scrollTo(400);
    expect(hidden()).toBe('true');
    scrollTo(0);
    expect(hidden()).toBe('false');
  });

  it('shows again once the page has not scrolled for the pause, counted from the last event', () => {
    const hidden = mount();
    for (let y = 40; y <= 400; y += 40) {
      scrollTo(y);
      act(() => void vi.advanceTimersByTime(SCROLL_PAUSE_MS / 2));
    }
    // Scrolling for longer than the pause in all, never pausing that long: still aside.
    expect(hidden()).toBe('true');
    act(() => void vi.advanceTimersByTime(SCROLL_PAUSE_MS / 2 - 1));
    expect(hidden()).toBe('true');
    act(() => void vi.advanceTimersByTime(1));
    expect(hidden()).toBe('false');
  });

  it('renders once per change of answer, not once per scroll event, and keeps one timer', () => {
    mount();
    const first = renders;
    const setTimeoutSpy = vi.spyOn(globalThis, 'setTimeout');
    const clearTimeoutSpy = vi.spyOn(globalThis, 'clearTimeout');
    for (let y = 40; y <= 2000; y += 40) scrollTo(y);
    expect(renders - first).toBe(1);
    expect(setTimeoutSpy).toHaveBeenCalledTimes(1);
    expect(clearTimeoutSpy).not.toHaveBeenCalled();
  });

  it('stops listening and drops its timer when the page goes', () => {
    const view = render(<Probe />);
    scrollTo(100);
    view.unmount();
    expect(vi.getTimerCount()).toBe(0);
  });
});
