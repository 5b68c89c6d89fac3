/**
 * Runs `task` once the first screen has been painted: when the browser reports its
 * first contentful paint, or after `fallbackMs` when nothing contentful is coming (an
 * all-grey skeleton). Work that downloads and runs code (the session's calls, the first
 * screen's code) starts after the skeleton is on screen; code arriving earlier would run
 * on the main thread and hold that first paint back (first contentful paint on
 * slow phones). Answers a function that cancels it if it has not run yet.
 */
export function afterFirstPaint(task: () => void, fallbackMs = 100): () => void {
  let done = false;
  let observer: PerformanceObserver | null = null;
  const finish = () => {
    if (done) return;
    done = true;
    observer?.disconnect();
    clearTimeout(timer);
    // A task of its own: never inside the paint-timing callback or a React commit.
    setTimeout(task, 0);
  };
  const timer = setTimeout(finish, fallbackMs);
  const painted = () => typeof performance !== 'undefined' && performance.getEntriesByName?.('first-contentful-paint').length > 0;
  if (painted()) {
    finish();
  } else if (typeof PerformanceObserver === 'function' && PerformanceObserver.supportedEntryTypes?.includes('paint')) {
    observer = new PerformanceObserver((list) => {
      if (list.getEntriesByName('first-contentful-paint').length > 0) finish();
    });
    observer.observe({ type: 'paint', buffered: true });
  }
  return () => {
    done = true;
    observer?.disconnect();
    clearTimeout(timer);
  };
}
