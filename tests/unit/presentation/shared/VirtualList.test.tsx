// @vitest-environment jsdom
import { act, cleanup, render } from '@testing-library/react';
import { Profiler } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { VirtualList } from '../../../../presentation/shared/VirtualList';

/*
 * The shared windowed list: what it draws, the padding that stands for the rows
 * it does not draw, and that scrolling renders it again only when what it draws changes.
 * jsdom lays nothing out, so rows are given a height and the window a scroll offset.
 */

const ROW = 100;
const VIEWPORT = 800;
const items = Array.from({ length: 200 }, (_, i) => ({ id: `r${i}`, name: `行 ${i}` }));
type Item = (typeof items)[number];
const itemKey = (item: Item) => item.id;
const renderItem = (item: Item) => <p>{item.name}</p>;

let scrollY = 0;

beforeEach(() => {
  vi.useFakeTimers();
  scrollY = 0;
  Object.defineProperty(window, 'scrollY', { configurable: true, get: () => scrollY });
  Object.defineProperty(window, 'innerHeight', { configurable: true, value: VIEWPORT });
  vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (this: HTMLElement) {
    const height = this.classList.contains('cw-vlist__row') ? ROW : 0;
    return { x: 0, y: 0, top: 0, left: 0, bottom: height, right: 0, width: 0, height, toJSON: () => ({}) } as DOMRect;
  });
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

const drawn = (container: HTMLElement) => Array.from(container.querySelectorAll('.cw-vlist__row')).map((r) => Number(r.getAttribute('data-index')));
const box = (container: HTMLElement) => container.querySelector<HTMLElement>('.cw-vlist')!;
const px = (value: string) => Number(value.replace('px', '') || 0);

/** Scrolls the window to `y` and lets the list react, as a frame would. */
function scrollTo(y: number) {
  scrollY = y;
  act(() => {
    window.dispatchEvent(new Event('scroll'));
  });
}

describe('VirtualList', () => {
  it('draws the rows on screen and the overscan, padded by the height of the rows it leaves out', () => {
    const { container } = render(<VirtualList items={items} itemKey={itemKey} renderItem={renderItem} estimateSize={ROW} />);
    const rows = drawn(container);
    expect(rows[0]).toBe(0);
    expect(rows.length).toBeLessThan(20);
    const list = box(container);
    expect(list.getAttribute('data-count')).toBe('200');
    expect(px(list.style.paddingTop)).toBe(0);
    expect(px(list.style.paddingBottom)).toBe((items.length - rows.length) * ROW);
  });

  it.each([
    ['a short list', 30],
    ['a long list', 200],
  ])('%s is as tall as its rows from its first render, before it has seen the window', (_, count) => {
    const some = items.slice(0, count);
    // Each commit's height is what a parent's effect (an infinite scroll asking whether
    // the page is full yet) sees.
    const heights: number[] = [];
    render(
      <Profiler
        id="list"
        onRender={() => {
          const list = document.querySelector<HTMLElement>('.cw-vlist');
          if (list) heights.push(px(list.style.paddingTop) + list.querySelectorAll('.cw-vlist__row').length * ROW + px(list.style.paddingBottom));
        }}
      >
        <VirtualList items={some} itemKey={itemKey} renderItem={renderItem} estimateSize={ROW} />
      </Profiler>,
    );
    expect(heights.length).toBeGreaterThan(1);
    for (const h of heights) expect(h).toBe(count * ROW);
  });

  it('renders again only when a row comes in or leaves, and then swaps one row for one', () => {
    let commits = 0;
    const { container } = render(
      <Profiler id="list" onRender={() => (commits += 1)}>
        <VirtualList items={items} itemKey={itemKey} renderItem={renderItem} estimateSize={ROW} />
      </Profiler>,
    );
    scrollTo(1050);
    act(() => {
      vi.advanceTimersByTime(500);
    });
    const before = drawn(container);
    expect(before[0]).toBeGreaterThan(0);
    commits = 0;

    // Within the same rows at the top and the bottom of the window: no render at all,
    // not even for the scroll starting.
    scrollTo(1060);
    scrollTo(1090);
    expect(commits).toBe(0);
    expect(drawn(container)).toEqual(before);

    // A row further: one row leaves at the top as one comes in at the bottom; the padding
    // above grows by the row that left and the list keeps its height.
    scrollTo(1150);
    const after = drawn(container);
    expect(commits).toBe(1);
    expect(after).toEqual(before.map((i) => i + 1));
    const list = box(container);
    expect(px(list.style.paddingTop)).toBe(after[0]! * ROW);
    expect(px(list.style.paddingTop) + after.length * ROW + px(list.style.paddingBottom)).toBe(items.length * ROW);

    // The scroll ending renders once more (the list then looks at what is above it).
    commits = 0;
    act(() => {
      vi.advanceTimersByTime(500);
    });
    expect(commits).toBe(1);
    expect(drawn(container)).toEqual(after);
  });

  it('draws every row of a short list', () => {
    const few = items.slice(0, 30);
    const { container } = render(<VirtualList items={few} itemKey={itemKey} renderItem={renderItem} estimateSize={ROW} />);
    expect(drawn(container)).toEqual(few.map((_, i) => i));
    expect(px(box(container).style.paddingBottom)).toBe(0);
  });
});
