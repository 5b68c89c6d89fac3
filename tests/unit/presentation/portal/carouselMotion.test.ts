/**
 * Where the carousel's slides go (presentation/portal/widgets/carouselMotion.ts): the loop
 * places each slide at its copy nearest to the way the track is going, so both slides of
 * every move (and of every finger's pull) are drawn, whatever the count; and when a
 * finger's lift moves on a slide.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { anchorBetween, FLICK_SPEED, slidePlace, SWIPE_SHARE, swipeStep } from '../../../../presentation/portal/widgets/carouselMotion';

const places = (anchor: number, count: number) => Array.from({ length: count }, (_, i) => slidePlace(i, anchor, count));
/** The slide drawn at a place of the track, if any. */
const at = (place: number, anchor: number, count: number) => places(anchor, count).indexOf(place);
const mod = (n: number, m: number) => ((n % m) + m) % m;

describe('slidePlace', () => {
  it('three slides at rest on the first, then moving on to the second and from the third back round to the first', () => {
    expect(places(anchorBetween(0, 0), 3)).toEqual([0, 1, 2]);
    // A finger pulling right from there: the third comes in from the left.
    expect(places(anchorBetween(-0.2, -0.2), 3)).toEqual([0, 1, -1]);
    expect(places(anchorBetween(0, 1), 3)).toEqual([0, 1, 2]);
    // Autoplay from position 2 (the third) to 3 (the first again): the first is drawn after the third.
    expect(places(anchorBetween(2, 3), 3)).toEqual([3, 4, 2]);
  });

  it('two slides: the one leaving and the one coming are both drawn, either way', () => {
    expect(places(anchorBetween(0, 1), 2)).toEqual([0, 1]);
    expect(places(anchorBetween(1, 2), 2)).toEqual([2, 1]);
    // Pulled right from the first: the second comes from the left.
    expect(places(anchorBetween(-0.3, -0.3), 2)).toEqual([0, -1]);
    expect(places(anchorBetween(-0.3, 0), 2)).toEqual([0, -1]);
  });

  it('any count, any move of one slide or a pull between two: every slide has its own place, and both places in view have their slide', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 2, max: 9 }),
        fc.integer({ min: -50, max: 50 }),
        fc.constantFrom(-1, 0, 1),
        fc.double({ min: -0.99, max: 0.99, noNaN: true }),
        fc.boolean(),
        (count, position, step, pulled, moves) => {
          // A lift moves against the pull (swipeStep) or not at all.
          const lifted = moves ? swipeStep(pulled, FLICK_SPEED) : 0;
          for (const [from, to] of [
            [position, position + step],
            [position - pulled, position - pulled],
            [position - pulled, position + lifted],
          ] as const) {
            const anchor = anchorBetween(from, to);
            expect(new Set(places(anchor, count)).size).toBe(count);
            const lo = Math.floor(Math.min(from, to));
            const hi = Math.ceil(Math.max(from, to));
            for (let place = lo; place <= hi; place++) expect(at(place, anchor, count)).toBe(mod(place, count));
          }
        },
      ),
    );
  });
});

describe('swipeStep', () => {
  it.each([
    ['a quarter of the width to the left: the next slide', -SWIPE_SHARE, 0, 1],
    ['a quarter to the right: the slide before', SWIPE_SHARE, 0, -1],
    ['less, slowly: back to the same slide', -SWIPE_SHARE + 0.01, FLICK_SPEED - 0.01, 0],
    ['less, but a flick: on', -0.05, FLICK_SPEED, 1],
    ['a flick to the right: back', 0.05, FLICK_SPEED, -1],
    ['no pull at all (a tap), however fast', 0, 5, 0],
  ])('%s', (_, pulled, speed, step) => {
    expect(swipeStep(pulled, speed)).toBe(step);
  });
});
