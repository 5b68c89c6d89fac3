import type { Page } from '@playwright/test';

/**
 * What a user would call a broken layout, measured in the page:
 * - the page scrolls sideways, or something sticks out past the screen's right edge;
 * - a label is cut: a box that hides its overflow (an ellipsis, a line clamp, a fixed
 *   height) holds more text than it shows. Only the boxes named in `mayClamp` (a flow's
 *   title, a summary, a preview: text the user opens to read whole) may do that;
 * - two pieces of text (or a picture and a text) overlap;
 * - a fixed or sticky bar's content sits in the notch or the home indicator area.
 *
 * Text that is scrolled under a fixed bar is not an overlap: pairs with a bar at the top
 * are checked with the page at its top, pairs with a bar at the bottom with the page at
 * its bottom (`phase`).
 */
export interface FitOptions {
  readonly phase: 'top' | 'bottom';
  /** Selectors of boxes allowed to cut their text (with an ellipsis or a clamp). */
  readonly mayClamp: readonly string[];
  readonly safe: { readonly top: number; readonly bottom: number };
  /**
   * 'width' checks only what hostile texts may never do (tests/e2e/hostile-walk.spec.ts):
   * widen the page, push something past an edge, or put an action or a dialog off screen.
   * 'all' (the default) checks cut labels, overlaps and the notch as well.
   */
  readonly scope?: 'all' | 'width';
}

export async function fitProblems(page: Page, options: FitOptions): Promise<string[]> {
  return page.evaluate((opts) => {
    const problems: string[] = [];
    const vw = window.innerWidth;
    const vh = window.innerHeight;
    const root = document.documentElement;
    if (root.scrollWidth > vw + 1) problems.push(`the page scrolls sideways (${root.scrollWidth} px in ${vw})`);

    const describe = (el: Element): string => {
      const cls = typeof el.className === 'string' && el.className.trim() ? `.${el.className.trim().split(/\s+/).slice(0, 2).join('.')}` : '';
      const text = (el.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 30);
      return `${el.tagName.toLowerCase()}${cls} "${text}"`;
    };
    const shown = (el: Element): boolean => el.checkVisibility({ opacityProperty: true, visibilityProperty: true });

    type Box = { l: number; t: number; r: number; b: number };
    const clipCache = new Map<Element, Box>();
    /** The part of the screen an element can draw in: the screen, cut by every ancestor that hides its overflow. */
    const clipOf = (el: Element): Box => {
      const cached = clipCache.get(el);
      if (cached) return cached;
      const parent = el.parentElement;
      let box: Box = { l: 0, t: -1e9, r: vw, b: 1e9 };
      if (parent) {
        box = { ...clipOf(parent) };
        const cs = getComputedStyle(parent);
        const pr = parent.getBoundingClientRect();
        if (cs.overflowX !== 'visible') box = { ...box, l: Math.max(box.l, pr.left), r: Math.min(box.r, pr.right) };
        if (cs.overflowY !== 'visible') box = { ...box, t: Math.max(box.t, pr.top), b: Math.min(box.b, pr.bottom) };
      }
      if (getComputedStyle(el).position === 'fixed') box = { l: 0, t: -1e9, r: vw, b: 1e9 };
      clipCache.set(el, box);
      return box;
    };
    /** Where an element's own text can show: its drawing area, cut by its own box when it hides its overflow. */
    const textClipOf = (el: Element): Box => {
      const box = clipOf(el);
      const cs = getComputedStyle(el);
      const r = el.getBoundingClientRect();
      return {
        l: cs.overflowX !== 'visible' ? Math.max(box.l, r.left) : box.l,
        r: cs.overflowX !== 'visible' ? Math.min(box.r, r.right) : box.r,
        t: cs.overflowY !== 'visible' ? Math.max(box.t, r.top) : box.t,
        b: cs.overflowY !== 'visible' ? Math.min(box.b, r.bottom) : box.b,
      };
    };
    const barCache = new Map<Element, Element | null>();
    /** The nearest fixed or sticky ancestor (a bar), or null for the page's flow. */
    const barOf = (el: Element | null): Element | null => {
      if (!el || el === document.body) return null;
      if (barCache.has(el)) return barCache.get(el)!;
      const pos = getComputedStyle(el).position;
      const bar = pos === 'fixed' || pos === 'sticky' ? el : barOf(el.parentElement);
      barCache.set(el, bar);
      return bar;
    };
    const atBottom = (bar: Element): boolean => {
      const r = bar.getBoundingClientRect();
      return r.top + r.height / 2 > vh / 2;
    };

    // ---- sticking out past the right edge ----
    for (const el of Array.from(document.body.querySelectorAll('*'))) {
      if (!shown(el)) continue;
      const r = el.getBoundingClientRect();
      if (r.width === 0 || r.height === 0) continue;
      const clip = clipOf(el);
      if (clip.r <= vw + 0.5 && r.right > vw + 1 && Math.min(r.right, clip.r) > vw + 1) problems.push(`sticks out on the right: ${describe(el)} to ${Math.round(r.right)}`);
    }

    // ---- an action or a dialog off screen ----
    // An action reachable only by scrolling the page down is on screen; one cut by a box
    // that neither shows nor scrolls it, or past the screen's sides, is not. A dialog fits
    // the screen whole (its own content may scroll).
    const reachable = (el: Element, r: DOMRect): boolean => {
      for (let a = el.parentElement; a && a !== document.body; a = a.parentElement) {
        const cs = getComputedStyle(a);
        const ar = a.getBoundingClientRect();
        const scrollsX = cs.overflowX === 'auto' || cs.overflowX === 'scroll';
        const scrollsY = cs.overflowY === 'auto' || cs.overflowY === 'scroll';
        if (!scrollsX && cs.overflowX !== 'visible' && (r.right < ar.left + 1 || r.left > ar.right - 1)) return false;
        if (!scrollsY && cs.overflowY !== 'visible' && (r.bottom < ar.top + 1 || r.top > ar.bottom - 1)) return false;
        if (scrollsX || scrollsY) return true;
      }
      return r.right > 1 && r.left < vw - 1;
    };
    for (const el of Array.from(document.body.querySelectorAll('button, [role="button"], a[href], input:not([type="hidden"]), textarea, [role="tab"], [role="switch"]'))) {
      if (!shown(el) || el.closest('[aria-hidden="true"], .adm-tabs-header, .cw-carousel__box, .adm-picker-view')) continue;
      const r = el.getBoundingClientRect();
      if (r.width === 0 || r.height === 0) continue;
      if (!reachable(el, r)) problems.push(`an action out of reach: ${describe(el)} at ${Math.round(r.left)},${Math.round(r.top)}`);
    }
    for (const el of Array.from(document.body.querySelectorAll('[role="dialog"], [role="alertdialog"], .adm-center-popup-body, .adm-popup-body, .cw-sheet__body'))) {
      if (!shown(el)) continue;
      const r = el.getBoundingClientRect();
      if (r.width === 0 || r.height === 0) continue;
      if (r.left < -1 || r.right > vw + 1 || r.top < -1 || r.bottom > vh + 1) problems.push(`a dialog off screen: ${describe(el)} (${Math.round(r.left)},${Math.round(r.top)} to ${Math.round(r.right)},${Math.round(r.bottom)})`);
    }
    if (opts.scope === 'width') return problems;

    // ---- cut labels ----
    const clampAllowed = (el: Element): boolean => opts.mayClamp.some((s) => el.closest(s) !== null);
    for (const el of Array.from(document.body.querySelectorAll('*'))) {
      if (!(el instanceof HTMLElement) || !shown(el)) continue;
      if (!(el.textContent ?? '').trim()) continue;
      const cs = getComputedStyle(el);
      const hidesX = cs.overflowX !== 'visible' && cs.overflowX !== 'auto' && cs.overflowX !== 'scroll';
      const hidesY = cs.overflowY !== 'visible' && cs.overflowY !== 'auto' && cs.overflowY !== 'scroll';
      const cutX = hidesX && el.scrollWidth > el.clientWidth + 1;
      const cutY = hidesY && el.scrollHeight > el.clientHeight + 1 && el.clientHeight > 0;
      if (!cutX && !cutY) continue;
      // Only text counts: a box whose overflow is a picture, a decoration or a swiping track is not a label.
      const box = el.getBoundingClientRect();
      let textOutside = false;
      const texts = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
      for (let t = texts.nextNode(); t && !textOutside; t = texts.nextNode()) {
        if (!(t.textContent ?? '').trim()) continue;
        const range = document.createRange();
        range.selectNodeContents(t);
        textOutside = Array.from(range.getClientRects()).some(
          (r) => r.width > 0 && ((cutX && (r.right > box.right + 1 || r.left < box.left - 1)) || (cutY && (r.bottom > box.bottom + 1 || r.top < box.top - 1))),
        );
      }
      if (!textOutside || clampAllowed(el)) continue;
      problems.push(`cut: ${describe(el)} (${el.scrollWidth}x${el.scrollHeight} in ${el.clientWidth}x${el.clientHeight})`);
    }

    // ---- overlaps, and bars in the notch ----
    type Piece = { node: Node; owner: Element; bar: Element | null; box: Box };
    const pieces: Piece[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      const owner = n.parentElement;
      if (!owner || !(n.textContent ?? '').trim() || !shown(owner)) continue;
      if (owner.closest('script, style, noscript, template, .cw-visually-hidden, [aria-hidden="true"]')) continue;
      const range = document.createRange();
      range.selectNodeContents(n);
      const clip = textClipOf(owner);
      for (const r of Array.from(range.getClientRects())) {
        const box = { l: Math.max(r.left, clip.l), t: Math.max(r.top, clip.t), r: Math.min(r.right, clip.r), b: Math.min(r.bottom, clip.b) };
        if (box.r - box.l < 1 || box.b - box.t < 1) continue;
        pieces.push({ node: n, owner, bar: barOf(owner), box });
      }
    }
    for (const img of Array.from(document.body.querySelectorAll('img, [role="img"]'))) {
      if (!shown(img) || img.closest('[aria-hidden="true"]')) continue;
      const r = img.getBoundingClientRect();
      const clip = clipOf(img);
      const box = { l: Math.max(r.left, clip.l), t: Math.max(r.top, clip.t), r: Math.min(r.right, clip.r), b: Math.min(r.bottom, clip.b) };
      if (box.r - box.l < 1 || box.b - box.t < 1) continue;
      pieces.push({ node: img, owner: img, bar: barOf(img), box });
    }
    // A button's label stays inside the button (a fixed height would let enlarged text spill out).
    for (const p of pieces) {
      if (p.node.nodeType !== Node.TEXT_NODE) continue;
      const button = p.owner.closest('button, [role="button"], .adm-button');
      if (!button) continue;
      const r = button.getBoundingClientRect();
      if (p.box.t < r.top - 1 || p.box.b > r.bottom + 1 || p.box.l < r.left - 1 || p.box.r > r.right + 1) {
        problems.push(`out of its button: ${describe(p.owner)} in ${describe(button)}`);
      }
    }
    // A bar's content keeps out of the notch and the home indicator (at the page's top).
    if (opts.phase === 'top') {
      for (const p of pieces) {
        if (!p.bar) continue;
        const bar = p.bar.getBoundingClientRect();
        if (bar.height >= vh - 1) continue; // a full-screen layer (a popup's mask), not a bar
        if (!atBottom(p.bar) && bar.top <= 0.5 && p.box.t < opts.safe.top - 0.5) problems.push(`in the notch: ${describe(p.owner)} at ${Math.round(p.box.t)}`);
        if (atBottom(p.bar) && bar.bottom >= vh - 0.5 && p.box.b > vh - opts.safe.bottom + 0.5) problems.push(`under the home indicator: ${describe(p.owner)} to ${Math.round(p.box.b)}`);
      }
    }
    const skipPair = (a: Piece, b: Piece): boolean => {
      if (a.bar === b.bar) return false;
      // Content scrolled under a bar: checked at the phase where that bar meets the content's start or end.
      for (const bar of [a.bar, b.bar]) {
        if (!bar) continue;
        if (atBottom(bar) ? opts.phase === 'top' : opts.phase === 'bottom') return true;
      }
      return false;
    };
    const seen = new Set<string>();
    for (let i = 0; i < pieces.length; i += 1) {
      for (let j = i + 1; j < pieces.length; j += 1) {
        const a = pieces[i]!;
        const b = pieces[j]!;
        if (a.node === b.node) continue;
        if (a.owner.contains(b.owner) && a.node.nodeType !== Node.TEXT_NODE) continue; // a picture's own text
        if (b.owner.contains(a.owner) && b.node.nodeType !== Node.TEXT_NODE) continue;
        const w = Math.min(a.box.r, b.box.r) - Math.max(a.box.l, b.box.l);
        const h = Math.min(a.box.b, b.box.b) - Math.max(a.box.t, b.box.t);
        // Lines of one paragraph touch where their glyph boxes are taller than the line: not an overlap.
        const least = Math.min(a.box.b - a.box.t, b.box.b - b.box.t);
        if (w <= 1.5 || h <= Math.max(1.5, least * 0.2)) continue;
        if (skipPair(a, b)) continue;
        const key = `${describe(a.owner)}|${describe(b.owner)}`;
        if (seen.has(key)) continue;
        seen.add(key);
        problems.push(`overlap: ${describe(a.owner)} and ${describe(b.owner)} (${Math.round(w)}x${Math.round(h)})`);
      }
    }
    return problems;
  }, options);
}

/**
 * The page as the user sees it after scrolling to `to`: a frame has been drawn (fields
 * the browser skipped while out of view, content-visibility: auto, are laid out at
 * their own height only in the frame that brings them near), and at the end the page
 * has stopped growing under the scroll (scrolled again until it stays at its end).
 */
async function settleAt(page: Page, to: 'top' | 'bottom'): Promise<void> {
  await page.evaluate(async (end) => {
    const frame = () => new Promise<void>((r) => requestAnimationFrame(() => requestAnimationFrame(() => r())));
    const root = document.documentElement;
    for (let i = 0; i < 20; i += 1) {
      const before = root.scrollHeight;
      window.scrollTo(0, end === 'top' ? 0 : root.scrollHeight);
      await frame();
      if (root.scrollHeight === before) return;
    }
  }, to);
}

/** Both phases: the page at its top, then scrolled to its end (and back). */
export async function fitProblemsBothEnds(page: Page, options: Omit<FitOptions, 'phase'>): Promise<string[]> {
  await settleAt(page, 'top');
  const top = await fitProblems(page, { ...options, phase: 'top' });
  await settleAt(page, 'bottom');
  const bottom = await fitProblems(page, { ...options, phase: 'bottom' });
  await page.evaluate(() => window.scrollTo(0, 0));
  return [...new Set([...top, ...bottom])];
}
