import type { FlowRunListItem } from '../../domain/approval/types';
import type { CarouselImage, OaTab, PortalWidget, WidgetInfo } from '../../domain/portal/types';
import { token } from '../ports/token';
import type { CallOptions } from '../ports/call';

export type { CarouselImage, FlowRunListItem, OaTab, PortalWidget, WidgetInfo };

export type { CallOptions };

/**
 * The portal layout as home-page/user stores it: version, platform and placed widgets.
 * Port-level because domain's PortalConfig also carries widgetList (from component/code)
 * and a normalised text `v`; the use case builds that with `parsePortalConfig` +
 * `applyWidgetInfo`, which also decide version and platform.
 */
export interface PortalLayout {
  /** The designer saves 1 or "1". */
  readonly v: string | number;
  readonly platform?: string | null;
  readonly widgets: readonly PortalWidget[];
}

/**
 * The OA widget's list (flow-run/comoinent): the items of the asked tab and both tab
 * counts. Items are the approval list's items (SPEC point 3 "Flow run list item").
 */
export interface OaWidgetPage {
  readonly list: readonly FlowRunListItem[];
  readonly waiting: number;
  readonly receive: number;
}

/** Portal calls (SPEC point 7 "Messages and portal", CONTRACT.md "Calls the spec names without their use"). */
export interface PortalApi {
  /** GET home-page/user?type=1&userType=: the layout, or null when the server has none (empty body). */
  portalLayout(userType: number, opts?: CallOptions): Promise<PortalLayout | null>;
  /** POST component/code with the codes: server-side info (state 1 = enabled) for those widgets. */
  widgetInfo(codes: readonly string[], opts?: CallOptions): Promise<WidgetInfo[]>;
  /** GET carousel-image/show-list?Type=1. */
  carouselImages(opts?: CallOptions): Promise<CarouselImage[]>;
  /** POST flow-run/comoinent {pageSize, type}: the OA widget's list for tab type "0" (待审批) or "1" (待阅). */
  oaWidget(request: { pageSize: number; type: OaTab }, opts?: CallOptions): Promise<OaWidgetPage>;
}

export const PORTAL_API = token<PortalApi>('PortalApi');
