/**
 * Presentation-only strings of the shared layout. The spec names the tabs (message,
 * home/workbench, me) but not their labels; these are the decided labels.
 */
export const TAB_LABELS = Object.freeze({
  message: '消息',
  home: '工作台',
  me: '我的',
} as const);

export const BACK = '返回';
export const SEARCH = '搜索';
export const SWITCH_CAMPUS = '切换校区';
export const LOADING = '加载中…';
export const NO_MORE = '没有更多了';
export const LOAD_FAILED = '加载失败';
export const RETRY = '重试';
/** While the phone has no network (the spec is silent; a lost network must be told apart). */
export const OFFLINE_BANNER = '当前网络不可用';
export const PAGE_NOT_FOUND = '页面不存在';
/** Pull to refresh (shared/PullRefresh.tsx): the words antd-mobile's zh-CN locale used. */
export const PULL_TO_REFRESH = '下拉刷新';
export const RELEASE_TO_REFRESH = '释放立即刷新';
export const REFRESHED = '刷新成功';
