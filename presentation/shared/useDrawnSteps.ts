import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { itemsToDraw } from '../../domain/shared/paging';

export interface DrawnSteps {
  /** How many of the items to draw now. */
  readonly drawn: number;
  /** Draws a step more, and at least through item `through` when given (a tapped tab). */
  readonly more: (through?: number) => void;
  /**
   * Goes after the last drawn item while items are left (null once all are drawn): when
   * it comes within a screen of the view, a step more is drawn.
   */
  readonly sentinel: ((el: HTMLElement | null) => void) | null;
}

/**
 * A long list drawn a step at a time (domain/shared/paging.ts itemsToDraw, `perStep` rows
 * or tiles a step): a backend that sends 5,000 groups or files would otherwise hold a
 * phone's main thread for seconds before the first row. `sizes` are the items' row or
 * tile counts; a new list starts again from the first step, unless it `refreshes` the one
 * drawn (a list kept live: what was drawn stays drawn, or the page would jump back under
 * the user's thumb). Without IntersectionObserver
 * (an old web view) everything is drawn at once.
 */
export function useDrawnSteps(sizes: readonly number[], perStep: number, refreshes = false): DrawnSteps {
  const first = useCallback((list: readonly number[]) => (typeof IntersectionObserver === 'undefined' ? list.length : itemsToDraw(list, 0, -1, perStep)), [perStep]);
  const [state, setState] = useState(() => ({ sizes, drawn: first(sizes) }));
  const current = state.sizes === sizes ? state : { sizes, drawn: refreshes ? Math.max(first(sizes), Math.min(state.drawn, sizes.length)) : first(sizes) };
  if (current !== state) setState(current);

  const more = useCallback((through?: number) => setState((s) => ({ sizes: s.sizes, drawn: itemsToDraw(s.sizes, s.drawn, through ?? -1, perStep) })), [perStep]);

  const [target, setTarget] = useState<HTMLElement | null>(null);
  const left = current.drawn < sizes.length;
  // Observed again after each step: a sentinel still in view after a step (a tall screen,
  // small groups) gets a new first report, so steps go on until the screen is full.
  useEffect(() => {
    if (!target || !left) return undefined;
    const io = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) more();
    }, { rootMargin: '0px 0px 100% 0px' });
    io.observe(target);
    return () => io.disconnect();
  }, [target, left, current.drawn, more]);

  const sentinel = useRef((el: HTMLElement | null) => setTarget(el)).current;
  return { drawn: current.drawn, more, sentinel: left ? sentinel : null };
}

export interface SteppedItems<T> {
  /** The items to draw now. */
  readonly shown: readonly T[];
  /** To put after the list while items are left (null once all are drawn). */
  readonly sentinel: ((el: HTMLElement | null) => void) | null;
}

/** A list of rows of one size each, drawn `perStep` rows at a time (useDrawnSteps). */
export function useSteppedItems<T>(items: readonly T[], perStep: number): SteppedItems<T> {
  const steps = useDrawnSteps(
    useMemo(() => items.map(() => 1), [items]),
    perStep,
  );
  return { shown: steps.sentinel ? items.slice(0, steps.drawn) : items, sentinel: steps.sentinel };
}
