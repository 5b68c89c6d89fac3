/**
 * Home portal use cases (SPEC point 2 "Home and me", point 4 "Home and portal", point 7
 * "Messages and portal"): the portal config with its widget info, the carousel, the OA
 * approval summary and the to-do widget. The layout itself is the domain's
 * (`layoutPortal`); these only fetch and hand the answers to the domain rules.
 */
import { flowApprovalQuery } from '../../domain/approval/list';
import {
  applyWidgetInfo,
  portalBefore,
  EMPTY_PORTAL_CONFIG,
  isPortalEmpty,
  OA_PAGE_SIZE,
  parsePortalConfig,
  receiveOaPage,
  widgetCodes,
  WIDGET_CODES,
} from '../../domain/portal/portal';
import type { OaTab, OaWidgetState, PortalConfig } from '../../domain/portal/types';
import { resolveWebAddress } from '../../domain/shell/links';
import { buildTodoListQuery, DEFAULT_TODO_TABS, TODO_PORTAL_PAGE_SIZE } from '../../domain/todo/list';
import type { CallOptions } from '../ports/call';
import type { TodoApi, TodoItem } from '../ports/todo';
import type { CarouselImage, FlowRunListItem, PortalApi, WidgetInfo } from './ports';
import { answersAhead } from '../shared/ahead';

/**
 * A widget url may be a path on the service host ('/widgets/weather.html'). The domain
 * accepts only absolute http(s) addresses for frames, so such a path is made absolute
 * against the host first (as the shell does for files); anything else is left for the
 * domain to judge.
 */
export const absoluteWidgetUrl = (url: string | null | undefined, origin: string): string | null | undefined => {
  if (typeof url !== 'string' || !url.startsWith('/') || url.startsWith('//')) return url;
  // A backslash path ('/\\evil.example') would resolve to another host: left as it is,
  // the domain then refuses it.
  return resolveWebAddress(url, origin) ?? url;
};

/** The widgets the home draws itself (SPEC point 3 widget codes); any other code is a frame. */
export const BUILT_IN_WIDGETS: readonly string[] = Object.freeze(Object.values(WIDGET_CODES));

/**
 * The portal of a user type: the layout (home-page/user) and the info of its widgets
 * (component/code) to drop the disabled ones. No layout, another version than the
 * deployment's (`opts.version`, config.json `portalConfigVersion`; '1' when not given) or
 * no widgets give the empty config without reading widget info.
 */
export async function loadPortal(
  deps: { api: Pick<PortalApi, 'portalLayout' | 'widgetInfo'> },
  userType: number,
  opts: {
    origin: string;
    signal?: AbortSignal;
    version?: string;
    drawnFirst?: boolean;
    /**
     * The widgets that can be drawn before the frame widgets' info is in (domain
     * portalBefore), when the layout has frame widgets and that info is still on its way:
     * home's first slide need not wait for that second round trip.
     */
    onPart?: (part: PortalConfig) => void;
  },
): Promise<PortalConfig> {
  // The info of the widgets this client draws itself is asked beside the layout, not
  // after it: one round trip fewer before home draws on a slow network. Only codes the client does
  // not know (frame widgets) wait for the layout.
  const builtIn = builtInInfoAhead.take(BUILT_IN_KEY, () => deps.api.widgetInfo([...BUILT_IN_WIDGETS], { signal: opts.signal, drawnFirst: opts.drawnFirst }));
  builtIn.catch(() => undefined); // an empty portal never needs it
  const layout = await deps.api.portalLayout(userType, { signal: opts.signal, drawnFirst: opts.drawnFirst });
  if (layout === null) return EMPTY_PORTAL_CONFIG;
  const config = parsePortalConfig(layout, opts.version);
  if (isPortalEmpty(config)) return config;
  const codes = widgetCodes(config);
  const others = codes.filter((c) => !BUILT_IN_WIDGETS.includes(c));
  const withUrls = (infos: readonly WidgetInfo[]): WidgetInfo[] =>
    infos.filter((i) => codes.includes(i.code)).map((i) => ({ ...i, url: absoluteWidgetUrl(i.url, opts.origin) }));
  const moreCall = others.length > 0 ? deps.api.widgetInfo(others, { signal: opts.signal, drawnFirst: opts.drawnFirst }) : Promise.resolve([]);
  // A part that comes after the whole (the frames' info answered first) is not drawn:
  // the home model draws the whole once it is in.
  const onPart = opts.onPart;
  if (onPart && others.length > 0) {
    void builtIn.then(
      (known) => {
        if (opts.signal?.aborted) return;
        const part = portalBefore(config, withUrls(known), others);
        if (!isPortalEmpty(part)) onPart(part);
      },
      () => undefined,
    );
  }
  const [known, more] = await Promise.all([builtIn, moreCall]);
  return applyWidgetInfo(config, withUrls([...known, ...more]));
}

/** A carousel image with an address: one without would be an empty slide. */
const hasPicture = (image: CarouselImage): boolean => typeof image.imageAddress === 'string' && image.imageAddress.trim() !== '';

/** The carousel images; an image without an address would be an empty slide. */
export async function loadCarousel(
  deps: { api: Pick<PortalApi, 'carouselImages'> },
  opts: CallOptions = {},
): Promise<CarouselImage[]> {
  const images = await carouselAhead.take(CAROUSEL_KEY, () => deps.api.carouselImages({ signal: opts.signal, drawnFirst: opts.drawnFirst }));
  return images.filter(hasPicture);
}

// Home's first calls that need nothing of the session check (application/shared/ahead.ts).
const BUILT_IN_KEY = BUILT_IN_WIDGETS.join(',');
const CAROUSEL_KEY = 'carousel';
const builtInInfoAhead = answersAhead<WidgetInfo[]>();
const carouselAhead = answersAhead<CarouselImage[]>();

/**
 * The boot opens home: the carousel (home's largest picture) and the info of the widgets
 * this client draws are asked now, beside the session check; loadCarousel and loadPortal
 * take them. The layout waits for the user's type, which that check brings.
 * Answers the first slide's picture path once the carousel is in (null without one, or
 * when home has already asked for itself), so its download can start before home draws.
 */
export function askHomeAhead(api: Pick<PortalApi, 'carouselImages' | 'widgetInfo'>): Promise<string | null> {
  const carousel = carouselAhead.ask(CAROUSEL_KEY, () => api.carouselImages({ drawnFirst: true }));
  builtInInfoAhead.ask(BUILT_IN_KEY, () => api.widgetInfo([...BUILT_IN_WIDGETS], { drawnFirst: true }));
  if (!carousel) return Promise.resolve(null);
  return carousel.then(
    (images) => images.find(hasPicture)?.imageAddress ?? null,
    () => null,
  );
}

// ---------------------------------------------------------------------------
// OA approval summary
// ---------------------------------------------------------------------------

export interface OaCounts {
  readonly waiting: number;
  readonly receive: number;
}

/**
 * Loads a tab of the OA widget. flow-run/comoinent takes only a page size, so "more" asks
 * for one page more than the tab holds and replaces the list; a list shorter than what
 * was asked means no more (domain `receiveOaPage`).
 */
export async function loadOaTab(
  deps: { api: Pick<PortalApi, 'oaWidget'> },
  state: OaWidgetState<FlowRunListItem>,
  tab: OaTab,
  opts: CallOptions & { more?: boolean } = {},
): Promise<{ state: OaWidgetState<FlowRunListItem>; counts: OaCounts }> {
  const held = state.tabs[tab].items.length;
  const pages = opts.more === true ? Math.floor(held / OA_PAGE_SIZE) + 1 : 1;
  const pageSize = pages * OA_PAGE_SIZE;
  const page = await deps.api.oaWidget({ pageSize, type: tab }, { signal: opts.signal, drawnFirst: opts.drawnFirst });
  return {
    state: receiveOaPage(state, tab, page.list, { pageSize }),
    counts: { waiting: page.waiting, receive: page.receive },
  };
}

/** Where an OA item opens: the approval page, on the to-do tab (待审批) or the received tab (待阅). */
export const oaItemPath = (item: Pick<FlowRunListItem, 'id' | 'nodeType'>, tab: OaTab): string => {
  const q = flowApprovalQuery(item, Number(tab));
  return `/page/approvalCenter/flowApproval?${new URLSearchParams({
    FlowRunId: q.FlowRunId,
    type: String(q.type),
    tab: String(q.tab),
  }).toString()}`;
};

// ---------------------------------------------------------------------------
// To-do widget
// ---------------------------------------------------------------------------

/** The to-do list tab the widget shows: 待我处理 (its State is the tab's type). */
const PENDING_TAB_STATE = DEFAULT_TODO_TABS[0]?.type ?? 0;

/** The to-do widget: the first 10 items waiting for the user (待我处理), newest first. */
export async function loadPortalTodos(
  deps: { todo: Pick<TodoApi, 'list'> },
  opts: CallOptions = {},
): Promise<TodoItem[]> {
  const page = await deps.todo.list(
    buildTodoListQuery({ state: PENDING_TAB_STATE, page: 1, pageSize: TODO_PORTAL_PAGE_SIZE }),
    { signal: opts.signal, drawnFirst: opts.drawnFirst },
  );
  return page.items.slice(0, TODO_PORTAL_PAGE_SIZE);
}
