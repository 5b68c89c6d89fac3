import { useEffect, useRef, useState, type ReactNode } from 'react';
import { anchorBetween, slidePlace, swipeStep } from './carouselMotion';

/** A finger that moves less than this (px) across is a tap, not a swipe. */
const TAP_SLOP = 6;

/** The track moving from `from` to `to` (in slides). */
const trackTo = (from: number, to: number) => ({ position: to, anchor: anchorBetween(from, to) });

interface Finger {
  readonly id: number;
  readonly x: number;
  readonly width: number;
  moved: boolean;
  lastX: number;
  lastAt: number;
  speed: number;
}

/**
 * A looping carousel that autoplays, follows a finger and shows which slide is in view,
 * in place of antd-mobile's Swiper: that brought react-spring and use-gesture (about
 * 26 KB) into home's first screen, whose largest paint is the first slide
 * (bench/notes.md, seventh session).
 *
 * The track moves by whole slides, its position counting on without end; each slide is
 * placed at the copy of itself nearest to what is in view (carouselMotion.ts), so the
 * loop needs no cloned slides and no jump back. Autoplay waits while a finger is down and
 * while the page is hidden. Every slide stays reachable by a screen reader; focus on one
 * out of view brings it in.
 */
export function Carousel({ slides, autoplayMs, height }: { slides: readonly ReactNode[]; autoplayMs: number; height: number }) {
  const count = slides.length;
  const loops = count > 1;
  const [track, setTrack] = useState(() => trackTo(0, 0));
  // The finger's pull in widths (positive: to the right) while one is down, else null.
  const [pull, setPull] = useState<number | null>(null);
  const [hidden, setHidden] = useState(() => typeof document !== 'undefined' && document.hidden);
  const box = useRef<HTMLDivElement>(null);
  const finger = useRef<Finger | null>(null);
  const swiped = useRef(false);

  useEffect(() => {
    const changed = () => setHidden(document.hidden);
    document.addEventListener('visibilitychange', changed);
    return () => document.removeEventListener('visibilitychange', changed);
  }, []);

  const { position } = track;
  const moveTo = (from: number, to: number) => setTrack(trackTo(from, to));

  useEffect(() => {
    if (!loops || pull !== null || hidden) return;
    const timer = setTimeout(() => setTrack(trackTo(position, position + 1)), autoplayMs);
    return () => clearTimeout(timer);
  }, [loops, pull, hidden, position, autoplayMs]);

  const seen = position - (pull ?? 0);
  const anchor = pull === null ? track.anchor : anchorBetween(seen, seen);
  const active = ((position % count) + count) % count;

  const down = (e: React.PointerEvent) => {
    if (!loops || !e.isPrimary) return;
    finger.current = { id: e.pointerId, x: e.clientX, width: box.current?.clientWidth || 1, moved: false, lastX: e.clientX, lastAt: e.timeStamp, speed: 0 };
    swiped.current = false;
    setPull(0);
  };
  const move = (e: React.PointerEvent) => {
    const f = finger.current;
    if (!f || e.pointerId !== f.id) return;
    const dx = e.clientX - f.x;
    if (!f.moved && Math.abs(dx) < TAP_SLOP) return;
    if (!f.moved) {
      f.moved = true;
      // A drag now (a tap keeps its click on the slide): it goes on outside the carousel too.
      try {
        e.currentTarget.setPointerCapture(e.pointerId);
      } catch {
        // The pointer is gone already: its up or cancel ends the drag.
      }
    }
    const dt = e.timeStamp - f.lastAt;
    if (dt > 0) f.speed = Math.abs(e.clientX - f.lastX) / dt;
    f.lastX = e.clientX;
    f.lastAt = e.timeStamp;
    setPull(dx / f.width);
  };
  const up = (e: React.PointerEvent) => {
    const f = finger.current;
    if (!f || e.pointerId !== f.id) return;
    finger.current = null;
    swiped.current = f.moved;
    const pulled = f.moved ? (f.lastX - f.x) / f.width : 0;
    setPull(null);
    moveTo(position - pulled, position + swipeStep(pulled, e.type === 'pointercancel' ? 0 : f.speed));
  };

  return (
    <div
      ref={box}
      className="cw-carousel__box"
      style={{ height }}
      onPointerDown={down}
      onPointerMove={move}
      onPointerUp={up}
      onPointerCancel={up}
      // A swipe is not a tap on the slide it started on.
      onClickCapture={(e) => {
        if (!swiped.current) return;
        swiped.current = false;
        e.preventDefault();
        e.stopPropagation();
      }}
    >
      {/* It moves with the finger; once let go it slides (portal.css, not when motion is reduced). */}
      <div className={pull === null ? 'cw-carousel__track' : 'cw-carousel__track cw-carousel__track--held'} style={{ transform: `translate3d(${-seen * 100}%, 0, 0)` }}>
        {slides.map((slide, i) => {
          const place = loops ? slidePlace(i, anchor, count) : i;
          return (
            <div
              key={i}
              className="cw-carousel__item"
              style={{ transform: `translate3d(${place * 100}%, 0, 0)` }}
              onFocus={() => {
                if (i !== active) moveTo(position, slidePlace(i, position, count));
              }}
            >
              {slide}
            </div>
          );
        })}
      </div>
      {loops ? (
        <div className="cw-carousel__dots" aria-hidden="true">
          {slides.map((_, i) => (
            <span key={i} className={i === active ? 'cw-carousel__dot cw-carousel__dot--active' : 'cw-carousel__dot'} />
          ))}
        </div>
      ) : null}
    </div>
  );
}
