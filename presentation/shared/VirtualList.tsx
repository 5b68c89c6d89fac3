import { DotLoading } from 'antd-mobile';
import {
  defaultRangeExtractor,
  observeWindowOffset,
  observeWindowRect,
  Virtualizer,
  windowScroll,
  type Range,
  type VirtualItem,
  type VirtualizerOptions,
} from '@tanstack/react-virtual';
import { memo, useCallback, useEffect, useLayoutEffect, useReducer, useRef, useState, type ReactNode } from 'react';

/**
 * The one windowed list of the app (long lists stay smooth: bench/scrollBench.ts): the approval
 * list, the to-do list, the notices and the selector lists render through it.
 *
 * - Up to `fullUpTo` rows (default 50) every row is in the page, as a plain list would
 *   have it: find-in-page and screen readers see the whole list, and the rows need no
 *   estimate. Past that only the rows on screen plus `overscan` rows each side are, so
 *   1,000 loaded rows cost what 30 do. The switch keeps every measured height, so
 *   nothing moves when it happens.
 * - The page scrolls (the window), not the list: headers, pull to refresh and the
 *   infinite-scroll footer after the list work as before. The footer sits below a box
 *   as tall as all the rows, so "near the end" means the same as without windowing.
 * - Rows may be any height and change height (images, fonts): each row's box is
 *   measured as it renders and observed afterwards. Rows are laid out in normal flow
 *   inside a box padded by the rows above and below the window, so the rows' own
 *   margins and CSS apply unchanged; each row box is a block formatting context, so its
 *   margins count in its measured height. The rows in the page set their own height:
 *   a row measured after it mounted changes neither padding, so it costs no render.
 * - A row re-renders only when its item, its index or `renderItem` changes: keep
 *   `renderItem` stable (useCallback) and items immutable. The list itself re-renders
 *   only when the rows it draws or the padding around them change (useWindowRows).
 */
export interface VirtualListProps<T> {
  readonly items: readonly T[];
  /** Stable identity of an item: measured heights follow the item when rows are added above it. */
  readonly itemKey: (item: T) => string;
  readonly renderItem: (item: T, index: number) => ReactNode;
  /** Typical row height in px including its margins: only used for rows not measured yet. */
  readonly estimateSize: number;
  /** Rows rendered beyond the screen on each side. Default 4: enough for a flick, and each row more is layout and paint in every frame that changes the list. */
  readonly overscan?: number;
  /** Lists up to this length render every row. Default 50. */
  readonly fullUpTo?: number;
  /** The list element; with 'ul' or 'ol' each row is an 'li'. Default 'div'. */
  readonly as?: 'div' | 'ul' | 'ol';
  readonly className?: string;
  readonly 'aria-label'?: string;
}

const FULL_LIST_UP_TO = 50;
const DEFAULT_OVERSCAN = 4;
/**
 * A block formatting context, so the row's box holds its content's margins and they are
 * measured; contained, so what changes inside a row (an image loading) lays out and
 * paints that row only.
 */
const ROW_STYLE = { display: 'flow-root', contain: 'content' } as const;

type WindowRowsOptions = Omit<
  VirtualizerOptions<Window, HTMLElement>,
  'getScrollElement' | 'observeElementRect' | 'observeElementOffset' | 'scrollToFn' | 'initialOffset' | 'onChange'
>;

/** The padding above and below the rows in the page: the sizes of the rows out of it (all of them before the first rows are drawn). */
const paddingOf = (v: Virtualizer<Window, HTMLElement>, rows: readonly VirtualItem[]): { before: number; after: number } => {
  const first = rows[0];
  const last = rows[rows.length - 1];
  if (!first || !last) return { before: 0, after: v.getTotalSize() };
  const margin = v.options.scrollMargin;
  return { before: Math.max(0, first.start - margin), after: Math.max(0, v.getTotalSize() - (last.end - margin)) };
};

/** What a render of the list draws: the rows and the padding around them. */
const drawnBy = (v: Virtualizer<Window, HTMLElement>): string => {
  const rows = v.getVirtualItems();
  const { before, after } = paddingOf(v, rows);
  return `${rows[0]?.index ?? -1}:${rows[rows.length - 1]?.index ?? -1}:${before}:${after}`;
};

/**
 * @tanstack/react-virtual's useWindowVirtualizer, except that it re-renders only when
 * what the list draws changes, or when a scroll that rendered it ends (the list then
 * looks at what is above it again, see the scroll margin below). The virtualizer reports
 * each change of its raw range, a scroll starting, and each row measured; the range
 * extractor holds rows back, and rows set their own height, so that most of those reports
 * change nothing on screen, and each such render cost a React pass and its effects in
 * the middle of a scrolling frame.
 */
function useWindowRows(options: WindowRowsOptions): Virtualizer<Window, HTMLElement> {
  const [, rerender] = useReducer((n: number) => n + 1, 0);
  const drawn = useRef<{ view: string; scrolling: boolean } | null>(null);
  const resolved: VirtualizerOptions<Window, HTMLElement> = {
    getScrollElement: () => window,
    observeElementRect: observeWindowRect,
    observeElementOffset: observeWindowOffset,
    scrollToFn: windowScroll,
    initialOffset: () => window.scrollY,
    ...options,
    onChange: (instance) => {
      const last = drawn.current;
      if (!last || drawnBy(instance) !== last.view || (last.scrolling && !instance.isScrolling)) rerender();
    },
  };
  const [virtualizer] = useState(() => new Virtualizer(resolved));
  virtualizer.setOptions(resolved);
  useLayoutEffect(() => virtualizer._didMount(), [virtualizer]);
  useLayoutEffect(() => {
    drawn.current = { view: drawnBy(virtualizer), scrolling: virtualizer.isScrolling };
    return virtualizer._willUpdate();
  });
  return virtualizer;
}

interface Sizes {
  sum: number;
  n: number;
  /** The size of a row not measured yet. */
  guess: number;
}
const noteSize = (s: Sizes, size: number): void => {
  s.sum += size;
  s.n += 1;
  const mean = s.sum / s.n;
  if (s.n === 1 || Math.abs(mean - s.guess) >= 1) s.guess = mean;
};

/** The element's distance from the top of the document, ignoring transforms (pull to refresh moves the list while pulled). */
const documentTop = (el: HTMLElement): number => {
  let y = 0;
  for (let node: HTMLElement | null = el; node; node = node.offsetParent as HTMLElement | null) y += node.offsetTop;
  return y;
};

interface RowProps<T> {
  item: T;
  index: number;
  tag: 'div' | 'li';
  renderItem: (item: T, index: number) => ReactNode;
  measure: (el: HTMLElement | null) => void;
}

function RowImpl<T>({ item, index, tag: Tag, renderItem, measure }: RowProps<T>) {
  return (
    <Tag ref={measure} data-index={index} style={ROW_STYLE} className="cw-vlist__row">
      {renderItem(item, index)}
    </Tag>
  );
}
const Row = memo(RowImpl) as typeof RowImpl;

export function VirtualList<T>({
  items,
  itemKey,
  renderItem,
  estimateSize,
  overscan = DEFAULT_OVERSCAN,
  fullUpTo = FULL_LIST_UP_TO,
  as = 'div',
  className,
  'aria-label': ariaLabel,
}: VirtualListProps<T>) {
  const box = useRef<HTMLDivElement>(null);
  const [scrollMargin, setScrollMargin] = useState(0);
  const count = items.length;
  const full = count <= fullUpTo;

  // Rows leave only when rows come in: a row crossing out of the overscan at one end waits
  // for the next one crossing in at the other, so the page changes once per row scrolled,
  // not twice (at most `overscan` rows more).
  const shown = useRef<{ start: number; end: number } | null>(null);
  const rangeExtractor = useCallback(
    (range: Range): number[] => {
      if (range.count <= fullUpTo) {
        shown.current = null;
        return Array.from({ length: range.count }, (_, i) => i);
      }
      const all = defaultRangeExtractor(range);
      let start = all[0] ?? 0;
      let end = all[all.length - 1] ?? -1;
      const prev = shown.current;
      if (prev && end === prev.end && start > prev.start && start - prev.start <= range.overscan) start = prev.start;
      else if (prev && start === prev.start && end < prev.end && prev.end - end <= range.overscan) end = Math.min(prev.end, range.count - 1);
      shown.current = { start, end };
      return Array.from({ length: end - start + 1 }, (_, i) => start + i);
    },
    [fullUpTo],
  );
  const keyAt = useCallback((index: number) => (index < items.length ? itemKey(items[index] as T) : index), [items, itemKey]);

  // Rows not measured yet are guessed at the mean of those measured so far: in a list of
  // like rows the guess is exact. The guess follows the mean only once it is a pixel off:
  // every row below the window is guessed, so a guess that moved with each row measured
  // would change the padding below the rows, and re-render the list, each time.
  const sizes = useRef<Sizes>({ sum: 0, n: 0, guess: estimateSize });
  const estimate = useCallback(() => (sizes.current.n > 0 ? sizes.current.guess : estimateSize), [estimateSize]);
  const measureRow = useCallback((el: HTMLElement, entry: ResizeObserverEntry | undefined, instance: Virtualizer<Window, HTMLElement>): number => {
    const box = entry?.borderBoxSize?.[0];
    if (box) {
      // Not rounded: rows above the window are replaced by padding of their summed height,
      // and a rounded sum would move every row on screen by a fraction of a pixel (and so
      // repaint them all) each time a row leaves.
      const size = box.blockSize;
      noteSize(sizes.current, size);
      return size;
    }
    const index = instance.indexFromElement(el);
    const known = instance.itemSizeCache.get(instance.options.getItemKey(index));
    if (known !== undefined) return known;
    // A row mounting while the page scrolls: the guess, not a layout of the page in the
    // middle of the commit; its real size comes from the ResizeObserver after this frame's
    // layout. Otherwise (a page arriving) measured now, so the first paint has the list's
    // real height and nothing after it moves.
    if (instance.isScrolling) return instance.options.estimateSize(index);
    const size = el.getBoundingClientRect().height;
    noteSize(sizes.current, size);
    return size;
  }, []);

  const virtualizer = useWindowRows({
    count,
    estimateSize: estimate,
    measureElement: measureRow,
    overscan,
    scrollMargin,
    getItemKey: keyAt,
    rangeExtractor,
  });

  // What is above the list (headers, tabs, a message) may change height between renders.
  // Not while scrolling: nothing above changes then, and reading the offset would lay the
  // page out once more in every frame that brings a row in (the end of a scroll re-renders).
  // It runs after every render on purpose, so it has no dependency list; it sets state only
  // when the offset moved by a pixel or more, so it cannot loop.
  // eslint-disable-next-line react-hooks/exhaustive-deps -- after every render by design (above)
  useLayoutEffect(() => {
    if (!box.current || virtualizer.isScrolling) return;
    const top = documentTop(box.current);
    if (Math.abs(top - scrollMargin) >= 1) setScrollMargin(top);
  });

  const rows = virtualizer.getVirtualItems();
  // Before the virtualizer has seen the window (the first render) no row is drawn, but
  // the list is already as tall as its rows would be: the page below does not jump up,
  // and an infinite scroll that looks at the page right away does not ask for more.
  const { before, after } = paddingOf(virtualizer, rows);
  const Tag = as;
  const rowTag = as === 'div' ? 'div' : 'li';
  return (
    <div
      ref={box}
      className="cw-vlist"
      style={{ paddingTop: before, paddingBottom: after }}
      // The number of loaded rows, which the page no longer shows as elements (tests and benches read it).
      data-count={count}
      data-windowed={full ? undefined : 'true'}
    >
      <Tag className={className} aria-label={ariaLabel}>
        {rows.map((row) => {
          const item = items[row.index] as T;
          return (
            <Row
              key={row.key}
              item={item}
              index={row.index}
              tag={rowTag}
              renderItem={renderItem}
              measure={virtualizer.measureElement}
            />
          );
        })}
      </Tag>
    </div>
  );
}

/**
 * The animated dots of a list's "加载中" footer, drawn only while the footer is on screen.
 * The footer of a list with more pages sits below every loaded row; antd's DotLoading is
 * an SVG animation, and even off screen it makes the page repaint in every frame, which
 * costs a scrolling list more than its rows do.
 */
export function FooterDots() {
  const ref = useRef<HTMLSpanElement>(null);
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    const el = ref.current;
    if (!el || typeof IntersectionObserver === 'undefined') {
      setVisible(true);
      return;
    }
    const observer = new IntersectionObserver((entries) => setVisible(entries.some((e) => e.isIntersecting)));
    observer.observe(el);
    return () => observer.disconnect();
  }, []);
  return (
    <span ref={ref} className="cw-vlist__dots" style={DOTS_STYLE}>
      {visible ? <DotLoading /> : null}
    </span>
  );
}
/** The width of antd's dots, so the footer does not move when they appear. */
const DOTS_STYLE = { display: 'inline-block', minWidth: '2em' } as const;
