/** Portal entities (SPEC point 3 "Apps, portal, messages"), named as on the wire. */

/** A placed widget: grid column x (0 left, 1 right), row y, width w (1 or 2), height h. */
export type PortalWidget = {
  readonly code: string;
  readonly x: number;
  readonly y: number;
  readonly w: number;
  readonly h: number;
};

/** Server-side widget info; state 1 means enabled. */
export type WidgetInfo = {
  readonly code: string;
  readonly state: number;
  readonly url?: string | null;
  readonly id?: string | null;
};

export type PortalConfig = {
  readonly v: string;
  readonly platform: string;
  readonly widgets: readonly PortalWidget[];
  readonly widgetList: readonly WidgetInfo[];
};

export type CarouselImage = {
  readonly id: string;
  readonly imageAddress: string;
  readonly imageName?: string | null;
  readonly jumpAddress?: string | null;
};

export type WidgetKind = 'app' | 'oa' | 'todo' | 'note' | 'carousel' | 'iframe';

/** A widget ready to render: its kind and, for iframes, the checked address. */
export type PlacedWidget = {
  readonly widget: PortalWidget;
  readonly kind: WidgetKind;
  readonly url: string | null;
};

export type PortalRow =
  | { readonly kind: 'full'; readonly widget: PlacedWidget }
  | { readonly kind: 'pair'; readonly left: PlacedWidget | null; readonly right: PlacedWidget | null };

/** OA approval widget tabs: "0" waiting, "1" to-read (labels in OA_TAB_LABELS). */
export type OaTab = '0' | '1';

export type OaTabList<T> = { readonly items: readonly T[]; readonly hasMore: boolean };

export type OaWidgetState<T> = {
  readonly active: OaTab;
  readonly tabs: Readonly<Record<OaTab, OaTabList<T>>>;
};
