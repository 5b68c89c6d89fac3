/**
 * Presentation-only strings of the launcher and the home app grid; the spec's own
 * (更多, 完成, 取消, 删除成功, 暂无应用, 暂无搜索结果, 未开通审批流程) are in domain/apps/messages.ts.
 * All of these are decided wording.
 */
export const APP_CENTER_TITLE = '全部应用';
export const APP_SEARCH_PLACEHOLDER = '搜索应用';
export const SEARCH_RESULTS_GROUP = '搜索结果';
export const MY_APPS_TITLE = '我的应用';
export const ALL_APPS_TITLE = '全部应用';
export const ALL_APPS_LINK = '全部';
export const EDIT_COMMON_APPS = '编辑常用应用';
export const removeAppLabel = (name: string): string => `移除${name}`;
export const APP_CATEGORIES = '应用分类';
