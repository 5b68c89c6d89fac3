import { useEffect, useState } from 'react';

/** How far the page must move (px) before a direction counts, and how long a pause (ms) counts as stopped. */
const SCROLL_SLACK = 6;
const SCROLL_PAUSE_MS = 250;

/**
 * Whether a floating button should step aside: true while the page scrolls down, false
 * when it scrolls up, stops, or is at its top. The page scrolls (the window), not the list.
 */
export function useHiddenWhileScrollingDown(): boolean {
  const [hidden, setHidden] = useState(false);
  useEffect(() => {
    let last = window.scrollY;
    let pause: ReturnType<typeof setTimeout> | undefined;
    const onScroll = () => {
      const y = window.scrollY;
      if (y <= 0) setHidden(false);
      else if (y > last + SCROLL_SLACK) setHidden(true);
      else if (y < last - SCROLL_SLACK) setHidden(false);
      if (Math.abs(y - last) > SCROLL_SLACK || y <= 0) last = y;
      clearTimeout(pause);
      pause = setTimeout(() => setHidden(false), SCROLL_PAUSE_MS);
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      window.removeEventListener('scroll', onScroll);
      clearTimeout(pause);
    };
  }, []);
  return hidden;
}
