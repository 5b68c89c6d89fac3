/**
 * THE route table (SPEC point 2). Every route of the app is one entry here; App.tsx
 * renders them under the base path from the runtime config. Pages are lazy-loaded so
 * the first screen only downloads its own code.
 *
 * An entry:
 * - path: a wouter pattern under the base ('/page/aboutMe').
 * - title: the back-bar title when the route state carries none ({ title } in
 *   history.state wins, SPEC point 2 "Its title comes from route state or route title").
 *   A page that draws its own bar may name its default title too: the gate's skeleton
 *   shows it (App.tsx).
 * - access: 'public' pages render without a session (login, SSO, the terms in the
 *   web-view); 'session' pages sit behind the initialisation gate.
 * - bar: false when the page draws its own header (login, search, the main layout);
 *   otherwise the page renders under the shared back bar (presentation/shared/layout/PageLayout).
 *
 * Add entries; do not reorder or remove others'. Unknown paths redirect to the base (App.tsx).
 */
import { matchesRoute, PATHS } from '../application/shared/routes';
import { ABOUT_TITLE, SETTINGS_TITLE } from '../domain/account/messages';
import { OUTBOX_TITLE } from '../domain/offline/messages';
import { lazyPage as page, type LazyPage } from './lazyPage';
import type { AskAhead, Resolve } from './shared/routeAhead';
import { TAB_PAGES } from './tabPages';
import { tabOf } from './shared/layout/tabs';
import { APPROVAL_CENTER_TITLE, FLOW_LIST_TITLE, SELECT_NODE_TITLE } from './approval/strings';
import { APP_CENTER_TITLE } from './apps/strings';
import { TODO_LIST_TITLE } from './todo/strings';
import { EDIT_PAGE_TITLE, FILE_PAGE_TITLE, PREVIEW_PAGE_TITLE } from './files/strings';
import { EDIT_PROFILE, SECURITY_TITLE } from '../domain/account/messages';
import { MY_QR_CODE } from '../domain/registration/messages';
import { CHECK_FEE_TITLE, REMARKS_TITLE, REPORT_TITLE } from './registration/strings';
import { BIND_STUDENT_TITLE, EDIT_PASSWORD_TITLE, PERSON_INFO_TITLE } from './account/strings';

export interface AppRoute {
  readonly path: string;
  readonly component: LazyPage;
  /** More code the first frame of this route waits for (started with the page by preloadRoute). */
  readonly with?: readonly LazyPage[];
  readonly title?: string;
  readonly access: 'public' | 'session';
  readonly bar?: boolean;
  /**
   * The data the first frame of this route waits for, asked while the session is being
   * checked (composition/warmUp.ts, application/shared/ahead.ts); the page's own call
   * takes the answer. Only for a signed-in boot opening this route.
   */
  readonly ahead?: () => Promise<{ askAhead: AskAhead }>;
}

export type { AskAhead, Resolve } from './shared/routeAhead';
export { TAB_PAGES } from './tabPages';

/** The main layout and its bars load with the first tab, not with the login screen. */
const Main = page(() => import('./MainRoute'), 'MainRoute');

export const ROUTES: readonly AppRoute[] = [
  // ---- session and shell (app foundation) ----
  // The bind-school popup opens on the login page of a phone with no school yet.
  {
    path: PATHS.login,
    component: page(() => import('./session/LoginPage'), 'LoginPage'),
    with: [page(() => import('./session/BindSchoolPopup'), 'BindSchoolPopup')],
    access: 'public',
    bar: false,
  },
  { path: PATHS.sso, component: page(() => import('./session/SsoPage'), 'SsoPage'), access: 'public', bar: false },
  // Public: the terms of service and privacy policy open here from the login page.
  { path: PATHS.webView, component: page(() => import('./shell/WebViewPage'), 'WebViewPage'), access: 'public' },
  { path: PATHS.iframe, component: page(() => import('./shell/IframePage'), 'IframePage'), access: 'session' },
  { path: PATHS.about, component: page(() => import('./shell/AboutPage'), 'AboutPage'), title: ABOUT_TITLE, access: 'session' },
  { path: PATHS.settings, component: page(() => import('./shell/SettingsPage'), 'SettingsPage'), title: SETTINGS_TITLE, access: 'session' },
  { path: PATHS.outbox, component: page(() => import('./offline/OutboxPage'), 'OutboxPage'), title: OUTBOX_TITLE, access: 'session' },
  // The main layout: ?tab=message | home (default, removed from the address) | me.
  // Home's first data and its widgets' code are asked beside the session check (portal/ahead.ts).
  { path: PATHS.main, component: Main, access: 'session', bar: false, ahead: () => import('./portal/ahead') },

  // ---- messages (message centre, notices) ----
  // The notification entry is the root with ?tab=message plus page=<in-app path> or
  // link=<http(s) address>: the message tab (messages/MessageCenterTab) opens the target
  // on top of itself (messages/notificationEntry.ts), so it needs no entry of its own.
  // The notice list's title is its query `name`, so it draws its own back bar.
  { path: PATHS.notice, component: page(() => import('./messages/NoticePage'), 'NoticePage'), access: 'session', bar: false },

  // ---- to-dos ----
  { path: PATHS.todoList, component: page(() => import('./todo/TodoListPage'), 'TodoListPage'), title: TODO_LIST_TITLE, access: 'session' },
  // The form's title follows the item (新建待办, 编辑待办, 待办详情), so it draws its own back bar.
  { path: PATHS.todoForm, component: page(() => import('./todo/TodoFormPage'), 'TodoFormPage'), access: 'session', bar: false },

  // ---- files ----
  { path: PATHS.file, component: page(() => import('./files/FilePage'), 'FilePage'), title: FILE_PAGE_TITLE, access: 'session' },
  { path: PATHS.onlinePreview, component: page(() => import('./files/OnlineFilePage'), 'OnlinePreviewPage'), title: PREVIEW_PAGE_TITLE, access: 'session' },
  { path: PATHS.onlineEditing, component: page(() => import('./files/OnlineFilePage'), 'OnlineEditingPage'), title: EDIT_PAGE_TITLE, access: 'session' },

  // ---- portal / apps / search ----
  // Global search draws its own search bar with 取消 (back), so no back bar.
  { path: PATHS.search, component: page(() => import('./search/SearchPage'), 'SearchPage'), access: 'session', bar: false },
  { path: PATHS.appCenter, component: page(() => import('./apps/AppCenterPage'), 'AppCenterPage'), title: APP_CENTER_TITLE, access: 'session' },

  // ---- forms / selectors ----
  // The selector pages draw their own back bar: back goes up one level before it leaves.
  { path: PATHS.picker, component: page(() => import('./selectors/SelectorScreen'), 'PickerPage'), access: 'session', bar: false },
  { path: PATHS.listPicker, component: page(() => import('./selectors/SelectorScreen'), 'ListPickerPage'), access: 'session', bar: false },
  { path: PATHS.selectors, component: page(() => import('./selectors/SelectorScreen'), 'SelectorsPage'), access: 'session', bar: false },
  { path: PATHS.selectorsByKey, component: page(() => import('./selectors/SelectorScreen'), 'SelectorsPage'), access: 'session', bar: false },

  // ---- student registration ----
  // The scanner is public: the login page's school binding uses it before any session.
  { path: PATHS.scanner, component: page(() => import('./registration/ScannerPage'), 'ScannerPage'), access: 'public', bar: false },
  { path: PATHS.studentReport, component: page(() => import('./registration/ReportPage'), 'ReportPage'), title: REPORT_TITLE, access: 'session' },
  { path: PATHS.studentQrCode, component: page(() => import('./registration/QrCodePage'), 'QrCodePage'), title: MY_QR_CODE, access: 'session' },
  { path: PATHS.checkFee, component: page(() => import('./registration/CheckFeePage'), 'CheckFeePage'), title: CHECK_FEE_TITLE, access: 'session' },
  {
    path: PATHS.selectTypeRemarks,
    component: page(() => import('./registration/SelectTypeRemarksPage'), 'SelectTypeRemarksPage'),
    title: REMARKS_TITLE,
    access: 'session',
  },

  // ---- account and security ----
  { path: PATHS.teacher, component: page(() => import('./account/ProfilePage'), 'ProfilePage'), title: PERSON_INFO_TITLE, access: 'session' },
  { path: PATHS.student, component: page(() => import('./account/ProfilePage'), 'ProfilePage'), title: PERSON_INFO_TITLE, access: 'session' },
  { path: PATHS.parent, component: page(() => import('./account/ProfilePage'), 'ProfilePage'), title: PERSON_INFO_TITLE, access: 'session' },
  { path: PATHS.other, component: page(() => import('./account/ProfilePage'), 'ProfilePage'), title: PERSON_INFO_TITLE, access: 'session' },
  { path: PATHS.personInfo, component: page(() => import('./account/ProfilePage'), 'ProfilePage'), title: PERSON_INFO_TITLE, access: 'session' },
  { path: PATHS.bindStudent, component: page(() => import('./account/BindStudentPage'), 'BindStudentPage'), title: BIND_STUDENT_TITLE, access: 'session' },
  { path: PATHS.security, component: page(() => import('./account/SecurityPage'), 'SecurityPage'), title: SECURITY_TITLE, access: 'session' },
  { path: PATHS.editPassword, component: page(() => import('./account/EditPasswordPage'), 'EditPasswordPage'), title: EDIT_PASSWORD_TITLE, access: 'session' },
  // The title follows the step (安全验证 or 修改手机号), so the page draws its own back bar.
  { path: PATHS.editPhone, component: page(() => import('./account/EditPhonePage'), 'EditPhonePage'), access: 'session', bar: false },
  { path: PATHS.profileEdit, component: page(() => import('./account/ProfileEditPage'), 'ProfileEditPage'), title: EDIT_PROFILE, access: 'session' },

  // ---- approval centre ----
  // The centre, the launch, the detail and the action screen draw their own back bar:
  // their titles follow the flow, the run or the action (route state 同意/拒绝/退回).
  {
    path: PATHS.approvalCenter,
    component: page(() => import('./approval/ApprovalCenterPage'), 'ApprovalCenterPage'),
    title: APPROVAL_CENTER_TITLE,
    access: 'session',
    bar: false,
    ahead: () => import('./approval/ahead'),
  },
  { path: PATHS.flowList, component: page(() => import('./approval/FlowListPage'), 'FlowListPage'), title: FLOW_LIST_TITLE, access: 'session' },
  { path: PATHS.flowLaunch, component: page(() => import('./approval/FlowLaunchPage'), 'FlowLaunchPage'), access: 'session', bar: false },
  { path: PATHS.selectNode, component: page(() => import('./approval/SelectNodePage'), 'SelectNodePage'), title: SELECT_NODE_TITLE, access: 'session' },
  { path: PATHS.flowApproval, component: page(() => import('./approval/FlowApprovalPage'), 'FlowApprovalPage'), access: 'session', bar: false },
  { path: PATHS.approvalPass, component: page(() => import('./approval/ApprovalPassPage'), 'ApprovalPassPage'), access: 'session', bar: false },
  // The chart of the current run (shared state); cytoscape loads with the chart, not with this page.
  { path: PATHS.flowChart, component: page(() => import('./flowchart/FlowChartPage'), 'FlowChartPage'), access: 'session', bar: false },

  /*
   * ---- the SPEC point 2 table, checked off ----
   * Every route of the table has its entry above. Two rows need none of their own:
   * "root with tab=message plus page and link path" is the main layout's message tab
   * (messages/notificationEntry.ts), and "any unknown path" is App.tsx's redirect to the
   * base. The login page's scan outside the shell opens /scanner?redirect=/login and
   * comes back to /login?code=<scanned text>.
   */
];

export { matchesRoute };

/** The route of a path (relative to the base), or undefined for an unknown path. */
export const findRoute = (path: string): AppRoute | undefined => ROUTES.find((r) => matchesRoute(r.path, path));

/** Whether the page at `path` is public or behind the gate; null for an unknown path. */
export function routeAccess(path: string): AppRoute['access'] | null {
  return findRoute(path)?.access ?? null;
}

/**
 * Starts downloading the code of the route at `path` (relative to the base), so the
 * first screen does not wait for the entry, then the config, then its own code in turn.
 * '/' is the main layout and the tab that `?tab=` names (home by default). Unknown
 * paths preload nothing (they redirect). Download failures are left to the render.
 * Answers the route's access, or null for an unknown path.
 */
export function preloadRoute(path: string, search = ''): AppRoute['access'] | null {
  const route = findRoute(path);
  if (!route) return null;
  const parts = [route.component, ...(route.with ?? [])];
  // Home's widgets are not preloaded with it: on a slow link they would hold back the tab,
  // which asks for the portal; they load while that request travels (HomeTab).
  if (route.path === '/') parts.push(TAB_PAGES[tabOf(search)]);
  for (const part of parts) part.preload().catch(() => undefined);
  return route.access;
}

/**
 * Asks ahead the data of the route at `path` (composition/warmUp.ts): the route's ahead
 * code loads beside the adapters, and asks once both are in.
 * Nothing for a route without one; a failure is left to the page, which asks itself.
 */
export async function askRouteAhead(path: string, search: string, get: Resolve, ready: Promise<unknown> = Promise.resolve()): Promise<void> {
  const route = findRoute(path);
  if (!route?.ahead) return;
  try {
    // The route's ahead code downloads beside what `ready` waits for (the adapters).
    const [ahead] = await Promise.all([route.ahead(), ready]);
    ahead.askAhead(get, search);
  } catch {
    // The page asks for its data itself.
  }
}

export const PUBLIC_ROUTES = (): readonly AppRoute[] => ROUTES.filter((r) => r.access === 'public');
export const SESSION_ROUTES = (): readonly AppRoute[] => ROUTES.filter((r) => r.access === 'session');
