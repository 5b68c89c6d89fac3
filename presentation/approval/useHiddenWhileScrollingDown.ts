import { useEffect, useState } from 'react';

/** How far the page must move (px) before a direction counts, and how long a pause (ms) counts as stopped. */
export const SCROLL_SLACK = 6;
export const SCROLL_PAUSE_MS = 250;

/**
 * Whether a floating button should step aside: true while the page scrolls down, false
 * when it scrolls up, stops, or is at its top. The page scrolls (the window), not the list.
 *
 * A scroll event comes with every frame of a scroll, in the same frame as the list bringing
 * rows in (shared/VirtualList), so the handler does as little as it can: it tells React
 * only when the answer changes, and arms one timer for the pause, which looks again when
 * it fires instead of being cleared and set anew by every event.
 */
export function useHiddenWhileScrollingDown(): boolean {
  const [hidden, setHidden] = useState(false);
  useEffect(() => {
    let last = window.scrollY;
    let current = false;
    let lastEvent = 0;
    let pause: ReturnType<typeof setTimeout> | undefined;
    const show = (next: boolean) => {
      if (next === current) return;
      current = next;
      setHidden(next);
    };
    const stopped = () => {
      const wait = lastEvent + SCROLL_PAUSE_MS - Date.now();
      if (wait > 0) {
        pause = setTimeout(stopped, wait);
        return;
      }
      pause = undefined;
      show(false);
    };
    const onScroll = () => {
      const y = window.scrollY;
      if (y <= 0) show(false);
      else if (y > last + SCROLL_SLACK) show(true);
      else if (y < last - SCROLL_SLACK) show(false);
      if (Math.abs(y - last) > SCROLL_SLACK || y <= 0) last = y;
      lastEvent = Date.now();
      pause ??= setTimeout(stopped, SCROLL_PAUSE_MS);
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      window.removeEventListener('scroll', onScroll);
      clearTimeout(pause);
    };
  }, []);
  return hidden;
}
