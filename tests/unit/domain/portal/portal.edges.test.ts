import { describe, expect, it } from 'vitest';
import {
  applyWidgetInfo,
  initialOaState,
  isPortalEmpty,
  isPortalVersionSupported,
  layoutPortal,
  parsePortalConfig,
  receiveOaPage,
  WIDGET_CODES,
} from '../../../../domain/portal/portal';

/*
 * The portal config and the widget info call (domain/portal/portal.ts) at their edges:
 * what a backend may send that is not quite a widget, a version, a state or an id. Found
 * by mutation testing (reports/README.md).
 */

const widget = (code: unknown, at: Partial<Record<'x' | 'y' | 'w' | 'h', unknown>> = {}) => ({ code, x: 0, y: 0, w: 2, h: 4, ...at });
const config = (widgets: unknown[], extra: Record<string, unknown> = {}) => parsePortalConfig({ v: '1', platform: 'mobile', widgets, ...extra });

describe('the version', () => {
  it.each([
    ['1', true],
    [' 1 ', true],
    [1, true],
    [['1'], false],
    [{ toString: () => '1' }, false],
    [Number.NaN, false],
    [null, false],
  ])('%o is version 1? %s', (v, ok) => {
    expect(isPortalVersionSupported(v, '1')).toBe(ok);
  });
});

describe('the platform', () => {
  it.each([
    ['mobile', 1],
    [undefined, 1],
    [null, 1],
    ['pc', 0],
    ['', 0],
  ])('platform %o: %i widget(s)', (platform, count) => {
    expect(config([widget(WIDGET_CODES.todo)], { platform }).widgets).toHaveLength(count);
  });
});

describe('widgets', () => {
  it('a code is trimmed; a code that is blank or no text drops the widget', () => {
    const parsed = config([widget(' mobile-todo '), widget('   '), widget(5), widget(null)]);
    expect(parsed.widgets.map((w) => w.code)).toEqual([WIDGET_CODES.todo]);
  });

  it.each(['x', 'y', 'w', 'h'] as const)('%s as NaN, Infinity or text drops the widget', (key) => {
    for (const bad of [Number.NaN, Number.POSITIVE_INFINITY, '1']) {
      expect(config([widget(WIDGET_CODES.todo, { [key]: bad })]).widgets).toEqual([]);
    }
  });

  it('a config with widgets is not empty; one without is', () => {
    expect(isPortalEmpty(config([widget(WIDGET_CODES.todo)]))).toBe(false);
    expect(isPortalEmpty(config([]))).toBe(true);
  });
});

describe('the widget info', () => {
  const base = config([widget('w1'), widget('w2', { y: 1 }), widget('w3', { y: 2 })]);

  it.each([
    ['state 1', 1, ['w1']],
    ["state '1' (text)", '1', ['w1']],
    ["state ' 1 '", ' 1 ', ['w1']],
    ['state true', true, []],
    ['state [1]', [1], []],
    ['state 0', 0, []],
    ['state blank', '  ', []],
  ])('w1 with %s: enabled %o', (_, state, enabled) => {
    expect(applyWidgetInfo(base, [{ code: 'w1', state }]).widgets.map((w) => w.code)).toEqual(enabled);
  });

  it('entries that are no record, or whose code is blank or no text, are passed over; a code is trimmed', () => {
    const applied = applyWidgetInfo(base, [null, 'w2', { code: 5, state: 1 }, { code: '  ', state: 1 }, { code: ' w3 ', state: 1 }]);
    expect(applied.widgets.map((w) => w.code)).toEqual(['w3']);
    expect(applied.widgetList.map((i) => i.code)).toEqual(['w3']);
  });

  it.each([
    ['text', 'a1', 'a1'],
    ['a number', 7, '7'],
    ['NaN', Number.NaN, null],
    ['true', true, null],
    ['absent', undefined, null],
  ])('an id as %s is kept as %o', (_, id, kept) => {
    expect(applyWidgetInfo(base, [{ code: 'w1', state: 1, id }]).widgetList[0]?.id).toBe(kept);
  });
});

describe('the layout', () => {
  it('full rows on one line go by x, whatever order they came in', () => {
    const rows = layoutPortal(config([widget(WIDGET_CODES.todo, { x: 1 }), widget(WIDGET_CODES.note, { x: 0 }), widget(WIDGET_CODES.oa, { x: 3 })]));
    expect(rows.map((r) => (r.kind === 'full' ? r.widget.widget.code : r.kind))).toEqual([WIDGET_CODES.note, WIDGET_CODES.todo, WIDGET_CODES.oa]);
  });

  it('two half widgets share a row of kind pair', () => {
    const rows = layoutPortal(config([widget(WIDGET_CODES.todo, { w: 1, x: 0 }), widget(WIDGET_CODES.note, { w: 1, x: 1 })]));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.kind).toBe('pair');
  });
});

describe('the OA widget', () => {
  it('starts on tab 0, both tabs empty with more to load', () => {
    expect(initialOaState()).toEqual({ active: '0', tabs: { '0': { items: [], hasMore: true }, '1': { items: [], hasMore: true } } });
  });

  it('a first page replaces what the tab had; a later page appends', () => {
    const state = receiveOaPage(initialOaState<number>(), '0', [1, 2]);
    expect(receiveOaPage(state, '0', [3]).tabs['0'].items).toEqual([3]);
    expect(receiveOaPage(state, '0', [3], { append: true }).tabs['0'].items).toEqual([1, 2, 3]);
  });
});
