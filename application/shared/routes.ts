/**
 * Every route of the app (SPEC point 2 route table) by name, under the base path. The
 * route table (presentation/routes.tsx) and the use cases that navigate both read these,
 * so a path is written once.
 */
export const PATHS = Object.freeze({
  login: '/login',
  sso: '/sso',
  webView: '/web-view',
  iframe: '/iframe',
  about: '/page/aboutMe',
  settings: '/page/systemSetting',
  /** 我的 → 待发送: the actions taken without a network (application/offline). */
  outbox: '/page/outbox',
  main: '/',
  notice: '/page/notice',
  todoList: '/page/todo',
  todoForm: '/page/todo/add',
  file: '/page/file',
  onlinePreview: '/page/onlinePreview',
  onlineEditing: '/page/onlineEditing',
  search: '/search',
  appCenter: '/page/appCenter',
  picker: '/page/picker',
  listPicker: '/page/listPicker',
  selectors: '/selectors',
  selectorsByKey: '/selectors/:key',
  scanner: '/scanner',
  studentReport: '/page/student/report',
  studentQrCode: '/page/student/qrcode',
  checkFee: '/page/student/report/checkFee',
  selectTypeRemarks: '/page/student/report/checkFee/selectTypeRemarks',
  teacher: '/teacher',
  student: '/student',
  parent: '/parent',
  other: '/other',
  personInfo: '/page/personInfo',
  bindStudent: '/page/bindStudent',
  security: '/page/security',
  editPassword: '/page/editPassword',
  editPhone: '/page/editPhone',
  profileEdit: '/page/profile',
  approvalCenter: '/page/approvalCenter',
  flowList: '/page/approvalCenter/flowList',
  flowLaunch: '/page/approvalCenter/flowLaunch',
  selectNode: '/page/approvalCenter/flowLaunch/selectNode',
  flowApproval: '/page/approvalCenter/flowApproval',
  approvalPass: '/page/approvalCenter/approvalPass',
  flowChart: '/page/approvalCenter/flowChart',
});

export type RouteName = keyof typeof PATHS;

/** Whether a route pattern ('/selectors/:key') matches a path ('/selectors/staff'). */
export function matchesRoute(pattern: string, path: string): boolean {
  const a = pattern.split('/');
  const b = path.split('/');
  return a.length === b.length && a.every((part, i) => (part.startsWith(':') ? b[i] !== '' : part === b[i]));
}

/**
 * Routes a link from the backend never opens: the sign-in pages. A link to /sso with
 * someone else's ticket would sign the user in as that someone.
 */
const NOT_LINKABLE: readonly string[] = [PATHS.login, PATHS.sso];

/** Whether a link from the backend may open the route at `path` (under the base path, no query). */
export const isLinkableRoute = (path: string): boolean =>
  !NOT_LINKABLE.includes(path) && Object.values(PATHS).some((pattern) => matchesRoute(pattern, path));

/**
 * A route's query ('?a=1&b=x'), '' when nothing is left: values that are null, undefined
 * or empty text are left out, numbers written as text.
 */
export const queryOf = (params: Readonly<Record<string, string | number | null | undefined>>): string => {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== null && value !== undefined && String(value) !== '') search.set(key, String(value));
  }
  const text = search.toString();
  return text === '' ? '' : `?${text}`;
};
