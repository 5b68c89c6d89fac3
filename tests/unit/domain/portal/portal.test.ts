import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  applyWidgetInfo,
  carouselHeight,
  carouselLink,
  EMPTY_PORTAL_CONFIG,
  IFRAME_DEFAULT_HEIGHT,
  IFRAME_DEFAULT_HEIGHT_PX,
  initialOaState,
  isOaTab,
  isPortalEmpty,
  isPortalVersionSupported,
  layoutPortal,
  OA_PAGE_SIZE,
  OA_TAB_LABELS,
  OA_TABS,
  parsePortalConfig,
  portalBefore,
  PORTAL_CONFIG_VERSION,
  PORTAL_EMPTY,
  PORTAL_EMPTY_HINT,
  PORTAL_TODO_COUNT,
  receiveOaPage,
  switchOaTab,
  WIDGET_CODES,
  widgetCodes,
  widgetKind,
  widgetUrl,
  type PortalConfig,
  type PortalRow,
  type PortalWidget,
} from '../../../../domain/portal';

const w = (code: string, x: number, y: number, width = 1, h = 4): PortalWidget => ({ code, x, y, w: width, h });

const config = (widgets: PortalWidget[], widgetList: PortalConfig['widgetList'] = []): PortalConfig => ({
  v: PORTAL_CONFIG_VERSION,
  platform: 'mobile',
  widgets,
  widgetList,
});

/** Rows as compact codes: 'A' for a full row, 'L|R' for a pair ('-' for an empty side). */
const shape = (rows: PortalRow[]): string[] =>
  rows.map((r) => (r.kind === 'full' ? r.widget.widget.code : `${r.left?.widget.code ?? '-'}|${r.right?.widget.code ?? '-'}`));

describe('strings and constants', () => {
  it.each([
    [PORTAL_EMPTY, '未配置门户'],
    [PORTAL_EMPTY_HINT, '可在PC端个人中心配置门户'],
    [OA_TAB_LABELS['0'], '待审批'],
    [OA_TAB_LABELS['1'], '待阅'],
    [IFRAME_DEFAULT_HEIGHT, '200px'],
  ])('%s', (constant, literal) => expect(constant).toBe(literal));

  it.each([
    ['iframe height px', IFRAME_DEFAULT_HEIGHT_PX, 200],
    ['to-do widget items', PORTAL_TODO_COUNT, 10],
    ['OA page size', OA_PAGE_SIZE, 10],
  ])('%s', (_label, value, expected) => expect(value).toBe(expected));

  it('widget codes and OA tabs', () => {
    expect(Object.values(WIDGET_CODES)).toEqual(['mobile-app', 'mobile-oa', 'mobile-todo', 'mobile-note', 'mobile-carousel']);
    expect(OA_TABS).toEqual(['0', '1']);
  });
});

describe('parsePortalConfig', () => {
  const good = { v: '1', platform: 'mobile', widgets: [w('mobile-app', 0, 0, 2, 6)] };

  it.each([
    ['object', good],
    ['JSON text', JSON.stringify(good)],
    ['numeric version', { ...good, v: 1 }],
    ['no platform', { v: '1', widgets: good.widgets }],
  ])('reads a matching %s', (_label, raw) => {
    const c = parsePortalConfig(raw);
    expect(c.widgets).toEqual(good.widgets);
    expect(c.widgetList).toEqual([]);
  });

  it.each([
    ['no config', null],
    ['empty body', ''],
    ['not JSON', '{'],
    ['array', [good]],
    ['other version', { ...good, v: '2' }],
    ['missing version', { platform: 'mobile', widgets: good.widgets }],
    ['boolean version', { ...good, v: true }],
    ['other platform', { ...good, platform: 'pc' }],
  ])('uses the empty config for %s', (_label, raw) => {
    expect(parsePortalConfig(raw)).toBe(EMPTY_PORTAL_CONFIG);
    expect(isPortalEmpty(parsePortalConfig(raw))).toBe(true);
  });

  it('drops malformed widgets one by one', () => {
    const raw = {
      v: '1',
      widgets: [w('mobile-app', 0, 0), { code: '', x: 0, y: 0, w: 1, h: 1 }, { code: 'x', x: '0', y: 0, w: 1, h: 1 }, null, w(' mobile-oa ', 1, 0)],
    };
    expect(parsePortalConfig(raw).widgets.map((x) => x.code)).toEqual(['mobile-app', 'mobile-oa']);
  });

  it('widgets that are not a list give no widgets', () =>
    expect(parsePortalConfig({ v: '1', widgets: 'x' }).widgets).toEqual([]));

  it.each([
    ['1', true],
    [1, true],
    [' 1 ', true],
    ['1.0', false],
    [2, false],
    [null, false],
    [Number.NaN, false],
  ])('isPortalVersionSupported(%j) = %s', (v, expected) => expect(isPortalVersionSupported(v)).toBe(expected));

  it('never throws and always answers a config (property)', () => {
    fc.assert(
      fc.property(fc.oneof(fc.anything(), fc.json()), (raw) => {
        const c = parsePortalConfig(raw);
        expect(Array.isArray(c.widgets)).toBe(true);
        expect(c.widgets.every((x) => typeof x.code === 'string' && Number.isFinite(x.y))).toBe(true);
      }),
    );
  });
});

describe('widget info: widgets not enabled on the server are dropped', () => {
  const base = config([w('mobile-app', 0, 0, 2), w('mobile-oa', 0, 1), w('mobile-todo', 1, 1), w('custom', 0, 2, 2)]);

  it('keeps state 1, drops others and unmentioned widgets', () => {
    const result = applyWidgetInfo(base, [
      { code: 'mobile-app', state: 1, id: 'w1' },
      { code: 'mobile-oa', state: 0 },
      { code: 'custom', state: '1', url: 'https://school.example/w', id: 5 },
      { code: 'bad', state: 'x' },
      'junk',
    ]);
    expect(result.widgets.map((x) => x.code)).toEqual(['mobile-app', 'custom']);
    expect(result.widgetList).toEqual([
      { code: 'mobile-app', state: 1, url: null, id: 'w1' },
      { code: 'custom', state: 1, url: 'https://school.example/w', id: '5' },
    ]);
  });

  it.each([[null], ['x'], [{}]])('unreadable info (%j) drops every widget', (infos) =>
    expect(applyWidgetInfo(base, infos).widgets).toEqual([]),
  );

  it('asks for each code once', () =>
    expect(widgetCodes(config([w('a', 0, 0), w('b', 1, 0), w('a', 0, 1)]))).toEqual(['a', 'b']));
});

describe('widget kinds: other codes show an iframe', () => {
  it.each([
    ['mobile-app', 'app'],
    ['mobile-oa', 'oa'],
    ['mobile-todo', 'todo'],
    ['mobile-note', 'note'],
    ['mobile-carousel', 'carousel'],
    ['weather', 'iframe'],
    ['', 'iframe'],
    [null, 'iframe'],
  ])('%j -> %s', (code, kind) => expect(widgetKind(code)).toBe(kind));

  it('an iframe widget takes its checked url from the widget list', () => {
    const c = config([], [
      { code: 'ok', state: 1, url: 'https://a.example/w' },
      { code: 'evil', state: 1, url: 'javascript:alert(1)' },
    ]);
    expect(widgetUrl(c, 'ok')).toBe('https://a.example/w');
    expect(widgetUrl(c, 'evil')).toBeNull();
    expect(widgetUrl(c, 'missing')).toBeNull();
  });
});

describe('layout (SPEC point 4: sorted by y, width 2 full row, width 1 left x=0 / right x=1)', () => {
  // Test widgets use short iframe codes, so each needs a safe address to be kept.
  const list = [
    ...['A', 'B', 'C', 'L', 'R', 'F', 'L1', 'L2', 'app', 'oa', 'todo', 'note'].map((code) => ({
      code,
      state: 1,
      url: `https://a.example/${code}`,
    })),
    { code: 'frame', state: 1, url: 'https://a.example/frame' },
    { code: 'unsafe', state: 1, url: 'data:text/html,x' },
  ];

  it.each<[string, PortalWidget[], string[]]>([
    ['full rows sorted by y', [w('C', 0, 9, 2), w('A', 0, 0, 2), w('B', 0, 4, 2)], ['A', 'B', 'C']],
    ['left and right share a row', [w('R', 1, 0), w('L', 0, 0)], ['L|R']],
    ['a lone left widget', [w('L', 0, 0)], ['L|-']],
    ['a lone right widget', [w('R', 1, 0)], ['-|R']],
    ['a full row closes a half row', [w('L', 0, 0), w('F', 0, 1, 2), w('R', 1, 2)], ['L|-', 'F', '-|R']],
    ['two lefts stack', [w('L1', 0, 0), w('L2', 0, 4), w('R', 1, 4)], ['L1|-', 'L2|R']],
    ['mixed', [w('app', 0, 0, 2), w('oa', 0, 6), w('todo', 1, 6), w('note', 0, 10, 2)], ['app', 'oa|todo', 'note']],
    ['x beyond 1 is right, width 3 is full', [w('R', 5, 0), w('F', 0, 1, 3)], ['-|R', 'F']],
    ['iframe with a safe url is kept', [w('frame', 0, 0, 2)], ['frame']],
    ['iframe without a safe url is dropped', [w('unsafe', 0, 0, 2), w('nourl', 0, 1, 2)], []],
    ['no widgets', [], []],
  ])('%s', (_label, widgets, expected) => expect(shape(layoutPortal(config(widgets, list)))).toEqual(expected));

  it('carries kind and url', () => {
    const [row] = layoutPortal(config([w('frame', 0, 0, 2)], list));
    expect(row).toEqual({ kind: 'full', widget: { widget: w('frame', 0, 0, 2), kind: 'iframe', url: 'https://a.example/frame' } });
  });

  it('every kept widget appears exactly once, rows follow y (property)', () => {
    const widget = fc.record({
      code: fc.constantFrom('mobile-app', 'mobile-oa', 'mobile-todo', 'mobile-note', 'mobile-carousel'),
      x: fc.integer({ min: 0, max: 1 }),
      y: fc.integer({ min: 0, max: 50 }),
      w: fc.integer({ min: 1, max: 2 }),
      h: fc.integer({ min: 1, max: 10 }),
    });
    fc.assert(
      fc.property(fc.array(widget, { maxLength: 20 }), (widgets) => {
        const rows = layoutPortal(config(widgets));
        const placed = rows.flatMap((r) => (r.kind === 'full' ? [r.widget] : [r.left, r.right])).filter((p) => p !== null);
        expect(placed).toHaveLength(widgets.length);
        // Rows are opened in y order, so the deepest widget of each row never goes back up.
        const rowMaxY = rows.map((r) =>
          r.kind === 'full' ? r.widget.widget.y : Math.max(r.left?.widget.y ?? -1, r.right?.widget.y ?? -1),
        );
        expect([...rowMaxY].sort((a, b) => a - b)).toEqual(rowMaxY);
        for (const r of rows) {
          if (r.kind === 'full') expect(r.widget.widget.w).toBeGreaterThanOrEqual(2);
          else {
            expect(r.left === null || r.left.widget.x === 0).toBe(true);
            expect(r.right === null || r.right.widget.x === 1).toBe(true);
          }
        }
      }),
    );
  });
});

describe('carousel', () => {
  it.each([
    [1, 1],
    [2, 14],
    [5, 53],
    [10, 118],
    [0, 1],
    [-3, 1],
    [Number.NaN, 1],
    ['5', 1],
  ])('height for h=%j is (h-1)*13+1 = %d px', (h, px) => expect(carouselHeight(h)).toBe(px));

  it.each([
    ['https://school.example/news/1', 'https://school.example/news/1'],
    ['javascript:alert(1)', null],
    [null, null],
  ])('jump address %j -> %j', (jumpAddress, expected) =>
    expect(carouselLink({ id: '1', imageAddress: 'https://img.example/1.png', imageName: 'a', jumpAddress })).toBe(expected),
  );
});

describe('OA widget tabs', () => {
  it('starts on 待审批 with both lists empty', () => {
    const s = initialOaState<string>();
    expect(s.active).toBe('0');
    expect(s.tabs['0'].items).toEqual([]);
    expect(s.tabs['1'].items).toEqual([]);
  });

  it('switching loads the tab only if its list is empty', () => {
    let s = initialOaState<string>();
    const first = switchOaTab(s, '1');
    expect(first).toMatchObject({ load: true, state: { active: '1' } });
    s = receiveOaPage(first.state, '1', ['a']);
    const back = switchOaTab(s, '0');
    expect(back.load).toBe(true);
    const again = switchOaTab(back.state, '1');
    expect(again.load).toBe(false);
    expect(again.state.tabs['1'].items).toEqual(['a']);
  });

  it.each([
    [9, false],
    [10, true],
    [0, false],
  ])('a page of %d items (page size 10) -> hasMore %s', (n, hasMore) => {
    const s = receiveOaPage(initialOaState<number>(), '0', Array.from({ length: n }, (_, i) => i));
    expect(s.tabs['0'].hasMore).toBe(hasMore);
  });

  it('appends later pages and honours a custom page size', () => {
    let s = receiveOaPage(initialOaState<number>(), '0', [1, 2], { pageSize: 2 });
    expect(s.tabs['0'].hasMore).toBe(true);
    s = receiveOaPage(s, '0', [3], { append: true, pageSize: 2 });
    expect(s.tabs['0']).toEqual({ items: [1, 2, 3], hasMore: false });
    expect(s.tabs['1'].items).toEqual([]);
  });

  it.each([
    ['0', true],
    ['1', true],
    [0, false],
    ['2', false],
  ])('isOaTab(%j) = %s', (v, expected) => expect(isOaTab(v)).toBe(expected));
});

describe('portalBefore (drawn before the frame widgets\' info is in)', () => {
  const builtIn = ['mobile-app', 'mobile-oa', 'mobile-todo', 'mobile-note', 'mobile-carousel'];
  const enabled = (codes: readonly string[]) => codes.map((code) => ({ code, state: 1, url: `https://a.example/${code}` }));
  const slots = (rows: readonly PortalRow[]) =>
    rows.flatMap((r, i) => (r.kind === 'full' ? [[i, 'full', r.widget.widget] as const] : [[i, 'left', r.left?.widget] as const, [i, 'right', r.right?.widget] as const]).filter(([, , w]) => w));

  it('the widgets in drawing order before the first pending one, as the known info keeps them', () => {
    const widgets = [w('mobile-oa', 0, 2, 2), w('mobile-carousel', 0, 0, 2), w('mobile-app', 0, 1, 2), w('weather', 1, 4), w('mobile-note', 0, 4), w('mobile-todo', 0, 3, 2)];
    const part = portalBefore(config(widgets), [...enabled(['mobile-carousel', 'mobile-app', 'mobile-note', 'mobile-todo']), { code: 'mobile-oa', state: 0 }], ['weather']);
    expect(part.widgets.map((x) => x.code)).toEqual(['mobile-carousel', 'mobile-app', 'mobile-todo', 'mobile-note']);
    expect(portalBefore(config([w('weather', 0, 0, 2), w('mobile-app', 0, 1, 2)]), enabled(['mobile-app']), ['weather']).widgets).toEqual([]);
    expect(portalBefore(config([w('mobile-app', 0, 1, 2)]), enabled(['mobile-app']), []).widgets.map((x) => x.code)).toEqual(['mobile-app']);
  });

  it('nothing drawn moves when the rest comes: each widget keeps its row and side (property)', () => {
    const widget = fc.record({
      code: fc.constantFrom(...builtIn, 'weather', 'library'),
      x: fc.integer({ min: 0, max: 1 }),
      y: fc.integer({ min: 0, max: 30 }),
      w: fc.integer({ min: 1, max: 2 }),
      h: fc.integer({ min: 1, max: 10 }),
    });
    fc.assert(
      fc.property(fc.array(widget, { maxLength: 16 }), fc.subarray(['weather', 'library']), (widgets, on) => {
        const whole = layoutPortal(applyWidgetInfo(config(widgets), enabled([...builtIn, ...on])));
        const part = layoutPortal(portalBefore(config(widgets), enabled(builtIn), ['weather', 'library']));
        const later = new Map(slots(whole).map(([i, side, x]) => [x, `${i}:${side}`]));
        for (const [i, side, x] of slots(part)) expect(later.get(x)).toBe(`${i}:${side}`);
        // Nothing pending is drawn early.
        expect(slots(part).every(([, , x]) => builtIn.includes(x!.code))).toBe(true);
      }),
    );
  });
});
