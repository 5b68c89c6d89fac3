/**
 * Application rules: where an app opens, the home "my apps" tiles and common section,
 * common-app edit mode and the launcher's search and category tabs.
 */
import { itemsToDraw } from '../shared/paging';
import { safeWebAddress } from '../shell/links';
import { DELETE_SUCCESS, NO_APPS, NO_FLOW, NO_SEARCH_RESULTS } from './messages';
import type { App, AppGroup, AppTarget, CommonAppsEdit } from './types';

export const APP_TYPE = Object.freeze({ WEB_LINK: 1, APPROVAL_FLOW: 3 } as const);

export const BUILT_IN_APP_CODES = Object.freeze({
  studentReport: 'studentReport',
  teacherStudentReport: 'teacherStudentReport',
  approvalCenter: 'approvalCenter',
} as const);

/** Home: above this many apps the grid shows HOME_APPS_VISIBLE apps and a MORE_APPS tile. */
export const HOME_APPS_MORE_THRESHOLD = 12;
export const HOME_APPS_VISIBLE = 11;

export const LAUNCHER_SCROLL_OFFSET = 124;
export const LAUNCHER_SCROLL_DEBOUNCE_MS = 150;
export const LAUNCHER_ANCHOR_LOCK_MS = 500;
export const APP_GRID_COLUMNS = 4;
/** The launcher draws its groups a step at a time, each step about this many tiles. */
export const LAUNCHER_TILES_PER_STEP = 120;

const text = (value: unknown): string => (typeof value === 'string' ? value.trim() : '');

/**
 * Where an app opens. Total: every app, whatever its fields, has exactly one target.
 * Web links must be http(s); approval apps need a code; built-ins are matched by code.
 */
export const appOpenTarget = (app: App, env: { readonly inShell: boolean }): AppTarget => {
  const code = text(app.code);
  if (app.useAppType === APP_TYPE.WEB_LINK) {
    const url = safeWebAddress(app.content);
    if (url === null) return { kind: 'invalidLink' };
    const title = text(app.name);
    return { kind: 'webLink', title, url };
  }
  if (app.useAppType === APP_TYPE.APPROVAL_FLOW) {
    return code === '' ? { kind: 'noFlow', message: NO_FLOW } : { kind: 'flow', code };
  }
  switch (code) {
    case BUILT_IN_APP_CODES.approvalCenter:
      return { kind: 'approvalCenter' };
    case BUILT_IN_APP_CODES.studentReport:
      return { kind: 'studentReport' };
    case BUILT_IN_APP_CODES.teacherStudentReport:
      return { kind: 'teacherScanner', via: env.inShell ? 'native' : 'page' };
    default:
      return { kind: 'unknown', code };
  }
};

/**
 * Second step for an approval app: with the flow id found by its code, the approval
 * centre opens on that flow (page/approvalCenter?flowId&code); without one, NO_FLOW.
 */
export const resolveFlowApp = (code: string, flowId: unknown): AppTarget => {
  const id = typeof flowId === 'number' && Number.isFinite(flowId) ? String(flowId) : text(flowId);
  const c = text(code);
  if (id === '' || c === '') return { kind: 'noFlow', message: NO_FLOW };
  return { kind: 'approvalCenter', flowId: id, code: c };
};

/** All apps of the groups, in order, each id once. */
export const flattenApps = (groups: readonly AppGroup[] | null | undefined): App[] => {
  const seen = new Set<string>();
  const out: App[] = [];
  for (const group of groups ?? []) {
    for (const app of group.useAppTree ?? []) {
      if (seen.has(app.id)) continue;
      seen.add(app.id);
      out.push(app);
    }
  }
  return out;
};

/**
 * Home "my apps": up to 11 apps plus a MORE_APPS tile when there are more than 12;
 * otherwise every app (so 12 apps show as 12 tiles and no MORE_APPS tile).
 */
export const homeAppTiles = (apps: readonly App[]): { apps: App[]; more: boolean } =>
  apps.length > HOME_APPS_MORE_THRESHOLD
    ? { apps: apps.slice(0, HOME_APPS_VISIBLE), more: true }
    : { apps: [...apps], more: false };

/**
 * SPEC point 9, word for word: "The common section shows only if there are common apps
 * and more than 12 apps." `allApps` is the full app list the home grid is cut from.
 */
export const showCommonSection = (commonApps: readonly App[], allApps: readonly App[]): boolean =>
  commonApps.length > 0 && allApps.length > HOME_APPS_MORE_THRESHOLD;

// ---------------------------------------------------------------------------
// Common apps edit mode
// ---------------------------------------------------------------------------

export const commonAppsEdit = (apps: readonly App[]): CommonAppsEdit => ({ editing: false, saved: apps, draft: apps });

/** The minus icon enters edit mode; once editing, each tile's minus is `removeInEdit`. */
export const startEdit = (state: CommonAppsEdit): CommonAppsEdit =>
  state.editing ? state : { editing: true, saved: state.saved, draft: state.saved };

export const removeInEdit = (state: CommonAppsEdit, appId: string): CommonAppsEdit =>
  state.editing ? { ...state, draft: state.draft.filter((a) => a.id !== appId) } : state;

/** EDIT_CANCEL: back to what the server holds. */
export const cancelEdit = (state: CommonAppsEdit): CommonAppsEdit => ({
  editing: false,
  saved: state.saved,
  draft: state.saved,
});

/**
 * EDIT_DONE: the ids to remove on the server and DELETE_SUCCESS when there were any. With nothing
 * removed there is no call and no toast (message null).
 */
export const finishEdit = (
  state: CommonAppsEdit,
): { state: CommonAppsEdit; removedIds: string[]; message: string | null } => {
  const kept = new Set(state.draft.map((a) => a.id));
  const removedIds = state.editing ? state.saved.filter((a) => !kept.has(a.id)).map((a) => a.id) : [];
  const saved = state.editing ? state.draft : state.saved;
  return {
    state: { editing: false, saved, draft: saved },
    removedIds,
    message: removedIds.length > 0 ? DELETE_SUCCESS : null,
  };
};

// ---------------------------------------------------------------------------
// Launcher
// ---------------------------------------------------------------------------

/** Case-insensitive name-contains search over all apps; a blank keyword finds nothing. */
export const searchApps = (groups: readonly AppGroup[] | null | undefined, keyword: unknown): App[] => {
  const k = text(keyword).toLowerCase();
  if (k === '') return [];
  return flattenApps(groups).filter((a) => typeof a.name === 'string' && a.name.toLowerCase().includes(k));
};

/** NO_APPS when there is no app at all, NO_SEARCH_RESULTS when a search found nothing, else null. */
export const launcherEmptyText = (appCount: number, keyword: unknown, resultCount: number): string | null => {
  if (text(keyword) !== '') return resultCount > 0 ? null : NO_SEARCH_RESULTS;
  return appCount > 0 ? null : NO_APPS;
};

/**
 * The category tab to highlight for a scroll position: the last anchor whose top,
 * less the scroll offset, has been reached. Before the first anchor it is the first
 * tab; with no anchors -1.
 */
export const activeCategoryIndex = (
  scrollTop: number,
  anchorTops: readonly number[],
  offset: number = LAUNCHER_SCROLL_OFFSET,
): number => {
  if (anchorTops.length === 0) return -1;
  if (!Number.isFinite(scrollTop)) return 0;
  const off = Number.isFinite(offset) ? offset : LAUNCHER_SCROLL_OFFSET;
  let active = 0;
  let best = -Infinity;
  anchorTops.forEach((top, i) => {
    if (Number.isFinite(top) && top - off <= scrollTop && top > best) {
      best = top;
      active = i;
    }
  });
  return active;
};

/** Where to scroll when a tab is tapped: its anchor less the offset, never above 0. */
export const anchorScrollTop = (anchorTop: number, offset: number = LAUNCHER_SCROLL_OFFSET): number =>
  Number.isFinite(anchorTop) && Number.isFinite(offset) ? Math.max(0, anchorTop - offset) : 0;

/**
 * A tapped tab's group further than this many screens away is jumped to, not scrolled to
 * smoothly: a smooth scroll past thousands of groups (a backend's 5,000 categories) runs
 * for seconds on a phone and shows the user nothing on the way.
 */
export const LAUNCHER_SMOOTH_SCROLL_SCREENS = 3;

/** How the page goes from `from` to `to` (scroll offsets) for a tapped tab, on a screen `screenHeight` high. */
export const anchorScrollBehavior = (from: number, to: number, screenHeight: number): 'smooth' | 'auto' =>
  Number.isFinite(from) && Number.isFinite(to) && Number.isFinite(screenHeight) && Math.abs(to - from) <= LAUNCHER_SMOOTH_SCROLL_SCREENS * Math.max(0, screenHeight)
    ? 'smooth'
    : 'auto';

/** While a tap-scroll runs (500 ms), scroll events must not move the active tab. */
export const isAnchorLocked = (lockedAt: number | null, now: number): boolean =>
  lockedAt !== null && Number.isFinite(lockedAt) && Number.isFinite(now) && now >= lockedAt && now - lockedAt < LAUNCHER_ANCHOR_LOCK_MS;

/**
 * How many of the launcher's groups to draw (a backend may send thousands): a step of
 * about LAUNCHER_TILES_PER_STEP tiles at a time (domain/shared/paging.ts itemsToDraw).
 */
export const launcherGroupsToDraw = (sizes: readonly number[], drawn: number, through = -1): number =>
  itemsToDraw(sizes, drawn, through, LAUNCHER_TILES_PER_STEP);
