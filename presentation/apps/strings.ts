/**
 * Presentation-only strings of the launcher; the spec's own (更多, 完成, 取消, 删除成功,
 * 暂无应用, 暂无搜索结果, 未开通审批流程) are in domain/apps/messages.ts. The home app
 * widget's are in portal/strings.ts, the grid's in shared/apps/strings.ts.
 * All of these are decided wording.
 */
export const APP_CENTER_TITLE = '全部应用';
export const APP_SEARCH_PLACEHOLDER = '搜索应用';
export const SEARCH_RESULTS_GROUP = '搜索结果';
export const APP_CATEGORIES = '应用分类';
