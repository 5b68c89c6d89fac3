import type { CarouselImage } from '../../application/portal/ports';

/**
 * An answer the home tab asks for before the widget that reads it is drawn (issue 8:
 * the carousel picture is the largest thing on home; its list would otherwise wait for
 * the layout, the widget info and the widget's own mount). The widget takes it once, so
 * a later mount (pull to refresh, the next visit) asks again.
 */
export interface PrefetchSlot<T> {
  put(answer: Promise<T>): void;
  take(): Promise<T> | null;
  /**
   * The answer itself when it is already in (taking it), so the widget draws it in its
   * first render instead of a placeholder and a second render; undefined otherwise (the
   * answer, still travelling or failed, stays for take()).
   */
  takeArrived(): T | undefined;
}

export function prefetchSlot<T>(): PrefetchSlot<T> {
  let pending: Promise<T> | null = null;
  // The value of `pending` once it is in (set only while that answer is still the pending one).
  let arrived: { value: T } | null = null;
  return {
    put(answer) {
      // Whoever takes it handles a failure; nobody may be left to (a layout without the widget).
      answer.then(
        (value) => {
          if (pending === answer) arrived = { value };
        },
        () => undefined,
      );
      pending = answer;
      arrived = null;
    },
    take() {
      const answer = pending;
      pending = null;
      arrived = null;
      return answer;
    },
    takeArrived() {
      if (!arrived) return undefined;
      const { value } = arrived;
      pending = null;
      arrived = null;
      return value;
    },
  };
}

/** The carousel's images, asked beside the portal layout (the carousel is in most layouts). */
export const CAROUSEL_IMAGES = prefetchSlot<CarouselImage[]>();
