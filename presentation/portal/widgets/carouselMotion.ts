/**
 * Where the carousel's slides go (Carousel.tsx). The track's position counts on without
 * end (slide `position mod count` is in view); each slide sits at the copy of itself
 * nearest to an anchor between the two places in view, so the loop needs no cloned slides.
 */

/**
 * The place (in slides along the track) of slide `i` of `count`: the one place of the
 * form `i + k * count` within (anchor - count / 2, anchor + count / 2]. Every slide
 * gets its own place, and the `count` places are consecutive around the anchor.
 */
export function slidePlace(i: number, anchor: number, count: number): number {
  return i + count * Math.round((anchor - i) / count);
}

/**
 * The anchor while the track moves from `from` to `to` (both in slides; `from` may be
 * between two, under a finger): half a slide past the lower whole slide, so that the
 * slides on both sides of the way are placed, whichever way it goes.
 */
export function anchorBetween(from: number, to: number): number {
  return Math.floor(Math.min(from, to)) + 0.5;
}

/** A pull of at least this share of the width moves on a slide. */
export const SWIPE_SHARE = 0.25;
/** A flick this fast (px per ms) moves on a slide however short it was. */
export const FLICK_SPEED = 0.3;

/**
 * The slides to move when the finger lifts: `pulled` is how far it went, in widths
 * (positive: to the right, which brings the slide before), `speed` how fast it was going
 * at the end, in px per ms (its size). -1, 0 or 1.
 */
export function swipeStep(pulled: number, speed: number): number {
  if (pulled === 0) return 0;
  if (Math.abs(pulled) < SWIPE_SHARE && speed < FLICK_SPEED) return 0;
  return pulled > 0 ? -1 : 1;
}
