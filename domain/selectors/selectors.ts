/**
 * Selector rules (SPEC point 4 "Selector", point 5, point 9): which items can be
 * chosen, selection changes, the drill-down stack, tabs and paging.
 */
import { EMPTY_GUID } from '../shared/formats';
import type {
  EventConfigField,
  NavLevel,
  SelectablePerson,
  SelectComponent,
  SelectComponentExtendSet,
  SelectorNav,
  SelectorRequest,
} from './types';

export const SELECTOR_PAGE_SIZE = 30;
export const SELECTOR_SEARCH_PAGE_SIZE = 10;
export const ROOT_PARENT_ID = EMPTY_GUID;
/** type of a person; every other type is an organisation level. */
export const PERSON_TYPE = 0;

export const isTabSelectable = (tab: Pick<SelectComponentExtendSet, 'isSelect'> | null | undefined): boolean =>
  tab?.isSelect === true || tab?.isSelect === 1;

/** Disabled by the server, or an organisation level on a tab whose levels are not selectable. */
export const isItemDisabled = (item: SelectablePerson, tabSelectable: boolean): boolean =>
  item.disabled === true || (!tabSelectable && item.type !== PERSON_TYPE);

/** Organisation levels can be opened to show their members. */
export const canDrillDown = (item: SelectablePerson): boolean => item.type !== PERSON_TYPE;

/** The items with `disabled` set as the tab's rule says. */
export const applyTabSelectability = (items: readonly SelectablePerson[], tabSelectable: boolean): SelectablePerson[] =>
  items.map((item) => ({ ...item, disabled: isItemDisabled(item, tabSelectable) }));

export const isSelected = (selected: readonly SelectablePerson[], id: string): boolean =>
  selected.some((s) => s.id === id);

/**
 * Taps an item: a disabled one changes nothing; a chosen one is removed; otherwise it
 * is added (or, in single mode, replaces the choice).
 */
export const toggleItem = (
  selected: readonly SelectablePerson[],
  item: SelectablePerson,
  options: { readonly tabSelectable: boolean; readonly multiple?: boolean },
): SelectablePerson[] => {
  if (isItemDisabled(item, options.tabSelectable)) return [...selected];
  if (isSelected(selected, item.id)) return selected.filter((s) => s.id !== item.id);
  return options.multiple === false ? [item] : [...selected, item];
};

export const removeSelected = (selected: readonly SelectablePerson[], id: string): SelectablePerson[] =>
  selected.filter((s) => s.id !== id);

const selectable = (items: readonly SelectablePerson[], tabSelectable: boolean): SelectablePerson[] =>
  items.filter((i) => !isItemDisabled(i, tabSelectable));

/** True when the visible list has selectable items and all of them are chosen. */
export const isAllSelected = (
  selected: readonly SelectablePerson[],
  items: readonly SelectablePerson[],
  tabSelectable: boolean,
): boolean => {
  const candidates = selectable(items, tabSelectable);
  return candidates.length > 0 && candidates.every((i) => isSelected(selected, i.id));
};

/**
 * Select all: adds every selectable visible item; when all are already chosen it
 * removes them instead. Choices from other levels are kept either way.
 */
export const toggleSelectAll = (
  selected: readonly SelectablePerson[],
  items: readonly SelectablePerson[],
  tabSelectable: boolean,
): SelectablePerson[] => {
  const candidates = selectable(items, tabSelectable);
  if (isAllSelected(selected, items, tabSelectable)) {
    const ids = new Set(candidates.map((c) => c.id));
    return selected.filter((s) => !ids.has(s.id));
  }
  return [...selected, ...candidates.filter((c) => !isSelected(selected, c.id))];
};

// ---------------------------------------------------------------------------
// Drill-down navigation
// ---------------------------------------------------------------------------

export const ROOT_NAV: SelectorNav = Object.freeze([]);

/** Opens an organisation level; a person or a level already on the stack changes nothing. */
export const drillDown = (nav: SelectorNav, item: SelectablePerson): SelectorNav => {
  if (!canDrillDown(item) || nav.some((l) => l.id === item.id)) return nav;
  return [...nav, { id: item.id, name: item.name }];
};

/** Back one level; `left` is true when already at the root (the page itself should close). */
export const backOneLevel = (nav: SelectorNav): { nav: SelectorNav; left: boolean } =>
  nav.length === 0 ? { nav, left: true } : { nav: nav.slice(0, -1), left: false };

/** Breadcrumb tap: keeps levels up to and including `index`; -1 (or less) is the root. */
export const goToLevel = (nav: SelectorNav, index: number): SelectorNav =>
  Number.isInteger(index) && index >= 0 ? nav.slice(0, index + 1) : ROOT_NAV;

/** The parent id to load: the last opened level, or the all-zero GUID at the root. */
export const currentParentId = (nav: SelectorNav): string => nav[nav.length - 1]?.id ?? ROOT_PARENT_ID;

export const currentLevel = (nav: SelectorNav): NavLevel | null => nav[nav.length - 1] ?? null;

// ---------------------------------------------------------------------------
// Tabs, paging and the data request
// ---------------------------------------------------------------------------

/** The component's tabs that are enabled (state 1, or no state). */
export const selectorTabs = (component: SelectComponent | null | undefined): SelectComponentExtendSet[] =>
  (component?.selectComponentExtendSets ?? []).filter((t) => t.state === undefined || t.state === null || t.state === 1);

export const selectorPageSize = (searching: boolean): number =>
  searching ? SELECTOR_SEARCH_PAGE_SIZE : SELECTOR_PAGE_SIZE;

/** The event-config fields a selector sends: parentId, type, dataPower and filter. */
export const selectorEventFields = (input: {
  readonly parentId?: string | null;
  readonly type?: number | string | null;
  readonly dataPower?: string | number | null;
  readonly filter?: string | null;
}): EventConfigField[] => {
  const parentId = typeof input.parentId === 'string' && input.parentId.trim() !== '' ? input.parentId : ROOT_PARENT_ID;
  const text = (v: unknown): string =>
    typeof v === 'string' ? v : typeof v === 'number' && Number.isFinite(v) ? String(v) : '';
  return [
    { key: 'parentId', value: parentId },
    { key: 'type', value: text(input.type) },
    { key: 'dataPower', value: text(input.dataPower) },
    { key: 'filter', value: typeof input.filter === 'string' ? input.filter.trim() : '' },
  ];
};

/**
 * Body of event-config/run for a page of a selector tab. Decided: `id` is the tab's
 * dataApi when browsing and its selectApi (falling back to dataApi) when searching;
 * `index` is the tab index; `pageCount` the 1-based page; `maxResultCount` 30, or 10
 * when searching; `eventConfigSelect` tells the server it is a search.
 */
export const selectorRequest = (input: {
  readonly tab: SelectComponentExtendSet;
  readonly tabIndex: number;
  readonly page: number;
  readonly searching: boolean;
  readonly parentId?: string | null;
  readonly type?: number | string | null;
  readonly dataPower?: string | number | null;
  readonly filter?: string | null;
}): SelectorRequest => {
  const dataApi = input.tab.dataApi ?? '';
  const id = input.searching ? input.tab.selectApi || dataApi : dataApi;
  return {
    id,
    index: Number.isInteger(input.tabIndex) && input.tabIndex >= 0 ? input.tabIndex : 0,
    pageCount: Number.isInteger(input.page) && input.page >= 1 ? input.page : 1,
    maxResultCount: selectorPageSize(input.searching),
    eventConfigSelect: input.searching,
    sorting: '',
    dataJson: { eventConfigFields: selectorEventFields(input) },
  };
};
