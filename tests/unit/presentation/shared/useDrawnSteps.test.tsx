// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { StepMore } from '../../../../presentation/shared/StepMore';
import { useDrawnSteps } from '../../../../presentation/shared/useDrawnSteps';

/*
 * A long list drawn a step at a time: the first step, a step more each time the sentinel
 * comes into view, a new list from the first step again, and a refreshed list (kept live)
 * with what was drawn still drawn. jsdom has no IntersectionObserver: a fake one reports
 * the sentinel in view when the test says so.
 */

let observers: { cb: IntersectionObserverCallback; targets: Element[] }[] = [];

class FakeObserver {
  readonly entry: { cb: IntersectionObserverCallback; targets: Element[] };
  constructor(cb: IntersectionObserverCallback) {
    this.entry = { cb, targets: [] };
    observers.push(this.entry);
  }
  observe(el: Element) {
    this.entry.targets.push(el);
  }
  disconnect() {
    observers = observers.filter((o) => o !== this.entry);
  }
}

/** The sentinel comes within a screen of the view. */
const sentinelInView = () =>
  act(() => {
    for (const o of [...observers]) o.cb(o.targets.map((target) => ({ isIntersecting: true, target }) as IntersectionObserverEntry), o as unknown as IntersectionObserver);
  });

const PER_STEP = 10;

function List({ sizes, refreshes = false }: { sizes: readonly number[]; refreshes?: boolean }) {
  const steps = useDrawnSteps(sizes, PER_STEP, refreshes);
  return (
    <>
      <ul>
        {sizes.slice(0, steps.drawn).map((_, i) => (
          <li key={i}>{i}</li>
        ))}
      </ul>
      <StepMore sentinel={steps.sentinel} />
    </>
  );
}

const rows = (n: number): number[] => Array.from({ length: n }, () => 1);
const drawn = () => screen.queryAllByRole('listitem').length;
const sentinel = () => document.querySelector('.cw-step-more');

beforeEach(() => {
  observers = [];
  vi.stubGlobal('IntersectionObserver', FakeObserver);
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('useDrawnSteps', () => {
  it('draws the first step, then a step more each time the sentinel comes into view, and no sentinel once all are drawn', () => {
    render(<List sizes={rows(25)} />);
    expect(drawn()).toBe(10);
    expect(sentinel()?.getAttribute('aria-hidden')).toBe('true');
    sentinelInView();
    expect(drawn()).toBe(20);
    sentinelInView();
    expect(drawn()).toBe(25);
    expect(sentinel()).toBeNull();
  });

  it('counts an item by its size: groups of 4 rows make a step of 3 groups', () => {
    render(<List sizes={[4, 4, 4, 4, 4, 4]} />);
    expect(drawn()).toBe(3);
  });

  it('a new list starts again from the first step', () => {
    const { rerender } = render(<List sizes={rows(50)} />);
    sentinelInView();
    sentinelInView();
    expect(drawn()).toBe(30);
    rerender(<List sizes={rows(50)} />);
    expect(drawn()).toBe(10);
  });

  it('a refreshed list keeps what was drawn (the page does not jump back), never more than there are', () => {
    const { rerender } = render(<List sizes={rows(50)} refreshes />);
    sentinelInView();
    sentinelInView();
    expect(drawn()).toBe(30);
    rerender(<List sizes={rows(50)} refreshes />);
    expect(drawn()).toBe(30);
    rerender(<List sizes={rows(12)} refreshes />);
    expect(drawn()).toBe(12);
    expect(sentinel()).toBeNull();
    rerender(<List sizes={rows(3)} refreshes />);
    expect(drawn()).toBe(3);
    rerender(<List sizes={rows(40)} refreshes />);
    expect(drawn()).toBe(10);
  });

  it('without IntersectionObserver (an old web view) draws everything at once', () => {
    vi.stubGlobal('IntersectionObserver', undefined);
    render(<List sizes={rows(500)} />);
    expect(drawn()).toBe(500);
    expect(sentinel()).toBeNull();
  });
});
