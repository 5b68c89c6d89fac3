/**
 * Portal rules (SPEC point 4 "Home and portal", point 9 limits): which config is
 * accepted, which widgets survive, and how they are laid out in two columns.
 */
import { hasMoreAfterPage } from '../shared/paging';
import { safeWebAddress } from '../shell/links';
import type {
  CarouselImage,
  OaTab,
  OaWidgetState,
  PlacedWidget,
  PortalConfig,
  PortalRow,
  PortalWidget,
  WidgetInfo,
  WidgetKind,
} from './types';
import { isRecord } from '../shared/guards';

/**
 * The portal layout version this client renders unless config.json's
 * `portalConfigVersion` names another (docs/config.md). The designer saves `v` with the
 * layout; a config of another version may use a grid this client does not understand,
 * so it is ignored (empty portal) rather than drawn wrongly. Compared as text, so the
 * server may send 1 or "1".
 */
export const PORTAL_CONFIG_VERSION = '1';
export const PORTAL_PLATFORM = 'mobile';

export const WIDGET_CODES = Object.freeze({
  app: 'mobile-app',
  oa: 'mobile-oa',
  todo: 'mobile-todo',
  note: 'mobile-note',
  carousel: 'mobile-carousel',
} as const);

export const WIDGET_ENABLED = 1;
export const IFRAME_DEFAULT_HEIGHT_PX = 200;
export const IFRAME_DEFAULT_HEIGHT = `${IFRAME_DEFAULT_HEIGHT_PX}px`;
/** The to-do widget lists 10 items. */
export const PORTAL_TODO_COUNT = 10;
/** Decided: the OA widget asks for 10 items per tab, the approval page size. */
export const OA_PAGE_SIZE = 10;
export const OA_TABS: readonly OaTab[] = Object.freeze(['0', '1']);

export const EMPTY_PORTAL_CONFIG: PortalConfig = Object.freeze({
  v: PORTAL_CONFIG_VERSION,
  platform: PORTAL_PLATFORM,
  widgets: Object.freeze([]),
  widgetList: Object.freeze([]),
});


const decode = (raw: unknown): unknown => {
  if (typeof raw !== 'string') return raw;
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return null;
  }
};

const isFiniteNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);

export const isPortalVersionSupported = (v: unknown, version: string = PORTAL_CONFIG_VERSION): boolean =>
  (typeof v === 'string' || isFiniteNumber(v)) && String(v).trim() === version;

const parseWidget = (raw: unknown): PortalWidget | null => {
  if (!isRecord(raw)) return null;
  const { code, x, y, w, h } = raw;
  if (typeof code !== 'string' || code.trim() === '') return null;
  if (!isFiniteNumber(x) || !isFiniteNumber(y) || !isFiniteNumber(w) || !isFiniteNumber(h)) return null;
  return { code: code.trim(), x, y, w, h };
};

const parseWidgetInfo = (raw: unknown): WidgetInfo | null => {
  if (!isRecord(raw)) return null;
  const { code, state, url, id } = raw;
  if (typeof code !== 'string' || code.trim() === '') return null;
  const n = typeof state === 'string' && state.trim() !== '' ? Number(state) : state;
  if (!isFiniteNumber(n)) return null;
  return {
    code: code.trim(),
    state: n,
    url: typeof url === 'string' ? url : null,
    id: typeof id === 'string' || isFiniteNumber(id) ? String(id) : null,
  };
};

/**
 * The portal config from the home-page/user answer (object or JSON text). No config,
 * an unreadable one, another version than `version` (the deployment's) or another
 * platform give the empty config. Malformed widgets are dropped one by one; `widgetList`
 * comes later from the widget info call (see `applyWidgetInfo`).
 */
export const parsePortalConfig = (raw: unknown, version: string = PORTAL_CONFIG_VERSION): PortalConfig => {
  const value = decode(raw);
  if (!isRecord(value) || !isPortalVersionSupported(value.v, version)) return EMPTY_PORTAL_CONFIG;
  if (value.platform !== undefined && value.platform !== null && value.platform !== PORTAL_PLATFORM) {
    return EMPTY_PORTAL_CONFIG;
  }
  const widgets = Array.isArray(value.widgets)
    ? value.widgets.map(parseWidget).filter((w): w is PortalWidget => w !== null)
    : [];
  return { v: version, platform: PORTAL_PLATFORM, widgets, widgetList: [] };
};

/** The distinct widget codes to ask the server about, in layout order. */
export const widgetCodes = (config: PortalConfig): string[] => [...new Set(config.widgets.map((w) => w.code))];

/**
 * Keeps only the widgets the server reports as enabled (state 1). A widget the server
 * does not mention is not enabled either. `widgetList` keeps the enabled infos.
 */
export const applyWidgetInfo = (config: PortalConfig, rawInfos: unknown): PortalConfig => {
  const infos = Array.isArray(rawInfos)
    ? rawInfos.map(parseWidgetInfo).filter((i): i is WidgetInfo => i !== null && i.state === WIDGET_ENABLED)
    : [];
  const enabled = new Set(infos.map((i) => i.code));
  return { ...config, widgets: config.widgets.filter((w) => enabled.has(w.code)), widgetList: infos };
};

/**
 * What can be drawn while the info of the `pending` codes (frame widgets, asked once the
 * layout is in) is on its way: the widgets in drawing order (y, then x, as layoutPortal)
 * before the first pending one, kept as applyWidgetInfo keeps them. Everything the full
 * info adds comes after them, at the row they end on or below it, so nothing drawn moves.
 */
export const portalBefore = (config: PortalConfig, rawInfos: unknown, pending: readonly string[]): PortalConfig => {
  const sorted = [...config.widgets].sort((a, b) => a.y - b.y || a.x - b.x);
  const cut = sorted.findIndex((w) => pending.includes(w.code));
  return applyWidgetInfo({ ...config, widgets: cut < 0 ? sorted : sorted.slice(0, cut) }, rawInfos);
};

export const isPortalEmpty = (config: PortalConfig): boolean => config.widgets.length === 0;

export const widgetKind = (code: unknown): WidgetKind => {
  switch (code) {
    case WIDGET_CODES.app:
      return 'app';
    case WIDGET_CODES.oa:
      return 'oa';
    case WIDGET_CODES.todo:
      return 'todo';
    case WIDGET_CODES.note:
      return 'note';
    case WIDGET_CODES.carousel:
      return 'carousel';
    default:
      return 'iframe';
  }
};

/** The checked http(s) address of a widget from the widget list, or null. */
export const widgetUrl = (config: PortalConfig, code: string): string | null =>
  safeWebAddress(config.widgetList.find((i) => i.code === code)?.url);

const placeWidget = (config: PortalConfig, widget: PortalWidget): PlacedWidget | null => {
  const kind = widgetKind(widget.code);
  if (kind !== 'iframe') return { widget, kind, url: null };
  const url = widgetUrl(config, widget.code);
  // An iframe without a safe address would only show an empty box.
  return url === null ? null : { widget, kind, url };
};

/**
 * Two-column layout: widgets sorted by y (then x); width 2 or more takes a full row;
 * width-1 widgets go left (x 0 or less) or right (x 1 or more) and share a row with the
 * next width-1 widget of the other side. A full row closes an open half row.
 */
export const layoutPortal = (config: PortalConfig): PortalRow[] => {
  const sorted = [...config.widgets].sort((a, b) => a.y - b.y || a.x - b.x);
  const rows: PortalRow[] = [];
  let open: { left: PlacedWidget | null; right: PlacedWidget | null } | null = null;
  const close = () => {
    if (open !== null) rows.push({ kind: 'pair', left: open.left, right: open.right });
    open = null;
  };
  for (const widget of sorted) {
    const placed = placeWidget(config, widget);
    if (placed === null) continue;
    if (widget.w >= 2) {
      close();
      rows.push({ kind: 'full', widget: placed });
      continue;
    }
    const side = widget.x >= 1 ? 'right' : 'left';
    if (open === null || open[side] !== null) {
      close();
      open = { left: null, right: null };
    }
    open[side] = placed;
  }
  close();
  return rows;
};

/** Carousel height in px: (h-1)*13+1, with h read as at least 1. */
export const carouselHeight = (h: unknown): number => {
  const rows = isFiniteNumber(h) ? Math.max(1, h) : 1;
  return (rows - 1) * 13 + 1;
};

/** Where tapping a carousel image leads: its jump address when it is http(s), else nowhere. */
export const carouselLink = (image: CarouselImage): string | null => safeWebAddress(image.jumpAddress);

// ---------------------------------------------------------------------------
// OA approval widget tabs
// ---------------------------------------------------------------------------

export const initialOaState = <T>(): OaWidgetState<T> => ({
  active: '0',
  tabs: { '0': { items: [], hasMore: true }, '1': { items: [], hasMore: true } },
});

export const isOaTab = (value: unknown): value is OaTab => value === '0' || value === '1';

/** Switching to a tab loads it only when its list is still empty. */
export const switchOaTab = <T>(state: OaWidgetState<T>, tab: OaTab): { state: OaWidgetState<T>; load: boolean } => ({
  state: { ...state, active: tab },
  load: state.tabs[tab].items.length === 0,
});

/** Stores a loaded page: the first page replaces the list, later pages append. */
export const receiveOaPage = <T>(
  state: OaWidgetState<T>,
  tab: OaTab,
  items: readonly T[],
  options: { readonly append?: boolean; readonly pageSize?: number } = {},
): OaWidgetState<T> => {
  const current = state.tabs[tab];
  const list = options.append === true ? [...current.items, ...items] : [...items];
  return {
    ...state,
    tabs: { ...state.tabs, [tab]: { items: list, hasMore: hasMoreAfterPage(items.length, options.pageSize ?? OA_PAGE_SIZE) } },
  };
};
