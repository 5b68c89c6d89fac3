import { useEffect, useRef, useState, type ReactNode } from 'react';
import { PULL_HEAD_HEIGHT, pullHeight, releaseRefreshes } from './pullRefreshMotion';
import { LOADING, PULL_TO_REFRESH, REFRESHED, RELEASE_TO_REFRESH } from './strings';

type Status = 'pulling' | 'canRelease' | 'refreshing' | 'complete';

const TEXT: Record<Status, string> = { pulling: PULL_TO_REFRESH, canRelease: RELEASE_TO_REFRESH, refreshing: LOADING, complete: REFRESHED };

/** How long 刷新成功 stays before the head closes (ms), as antd-mobile's did. */
const COMPLETE_MS = 500;
/** The head's closing transition (theme.css .cw-pull__head). */
const CLOSE_MS = 300;
/** A finger that has moved less than this (px) has not chosen a direction yet. */
const SLOP = 4;

/** Whether nothing from `target` up to the page is scrolled down: a pull there is a refresh, not a scroll. */
function atTop(target: EventTarget | null): boolean {
  for (let el = target instanceof Element ? target : null; el; el = el.parentElement) if (el.scrollTop > 0) return false;
  return (document.scrollingElement?.scrollTop ?? 0) <= 0;
}

/**
 * Pull down to refresh, in place of antd-mobile's PullToRefresh: that brought react-spring
 * and use-gesture (about 26 KB) to every screen using it, home's first among them
 * (bench/notes.md, seventh session). The same words, threshold and feel: the head follows
 * a finger drawn down at the top of the page (pullRefreshMotion.ts), 释放立即刷新 past the
 * threshold, 加载中… while `onRefresh` runs, 刷新成功 for a moment, then it closes. A drag
 * more across than down, or one on a list scrolled down, is left to the page.
 */
export function PullRefresh({ onRefresh, children }: { onRefresh: () => unknown; children: ReactNode }) {
  const box = useRef<HTMLDivElement>(null);
  const [status, setStatus] = useState<Status>('pulling');
  const [height, setHeight] = useState(0);
  const [held, setHeld] = useState(false);
  const refresh = useRef(onRefresh);
  refresh.current = onRefresh;

  useEffect(() => {
    const node = box.current;
    if (!node) return;
    let start: { x: number; y: number } | null = null;
    let decided = false;
    let pulling = false;
    let busy = false;
    let opened = 0;
    let closing: ReturnType<typeof setTimeout> | undefined;

    const close = () => {
      setHeight(0);
      closing = setTimeout(() => {
        busy = false;
        setStatus('pulling');
      }, CLOSE_MS);
    };
    const run = async () => {
      busy = true;
      setHeight(PULL_HEAD_HEIGHT);
      setStatus('refreshing');
      try {
        await refresh.current();
        setStatus('complete');
        await new Promise((r) => setTimeout(r, COMPLETE_MS));
      } catch {
        // The screen tells its own failure (its toast, its retry); the head only closes.
      }
      close();
    };

    const onStart = (e: TouchEvent) => {
      const t = e.touches[0];
      if (busy || !t || e.touches.length > 1) return;
      start = { x: t.clientX, y: t.clientY };
      decided = false;
      pulling = false;
    };
    const onMove = (e: TouchEvent) => {
      const t = e.touches[0];
      if (!start || !t || busy) return;
      const dx = t.clientX - start.x;
      const dy = t.clientY - start.y;
      if (!decided) {
        if (Math.abs(dx) < SLOP && Math.abs(dy) < SLOP) return;
        decided = true;
        pulling = dy > 0 && dy >= Math.abs(dx) && atTop(e.target);
        if (!pulling) return;
        clearTimeout(closing);
        setHeld(true);
      }
      if (!pulling) return;
      if (e.cancelable) e.preventDefault();
      opened = pullHeight(dy);
      setHeight(opened);
      setStatus(releaseRefreshes(opened) ? 'canRelease' : 'pulling');
    };
    const onEnd = () => {
      if (!start) return;
      start = null;
      if (!pulling) return;
      pulling = false;
      setHeld(false);
      if (releaseRefreshes(opened)) void run();
      else setHeight(0);
      opened = 0;
    };

    node.addEventListener('touchstart', onStart, { passive: true });
    // Not passive: a pull must not scroll the page (or bounce it) at the same time.
    node.addEventListener('touchmove', onMove, { passive: false });
    node.addEventListener('touchend', onEnd);
    node.addEventListener('touchcancel', onEnd);
    return () => {
      clearTimeout(closing);
      node.removeEventListener('touchstart', onStart);
      node.removeEventListener('touchmove', onMove);
      node.removeEventListener('touchend', onEnd);
      node.removeEventListener('touchcancel', onEnd);
    };
  }, []);

  return (
    <div ref={box} className="cw-pull">
      <div className={held ? 'cw-pull__head cw-pull__head--held' : 'cw-pull__head'} style={{ height }} aria-hidden={height === 0 ? true : undefined}>
        <div className="cw-pull__text" style={{ height: PULL_HEAD_HEIGHT }}>
          {TEXT[status]}
        </div>
      </div>
      <div className="cw-pull__content">{children}</div>
    </div>
  );
}
