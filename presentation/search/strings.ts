/**
 * Presentation-only strings of global search; the spec's own are in
 * domain/search/messages.ts. All of these are decided wording.
 */
export const SEARCH_PLACEHOLDER = '搜索应用、待办';
export const RECENT_SEARCHES = '最近搜索';
export const CLEAR_HISTORY = '清空搜索记录';
export const NO_RECENT_SEARCHES = '暂无搜索记录';
export const SEARCHING = '搜索中';
export const TODO_DEADLINE = '截止时间';
export const TODO_EXECUTOR = '执行人';
export const TODO_CREATED = '创建时间';
export const TODO_COMPLETED = '完成时间';
export const TODO_DONE_TAG = '已完成';
export const TODO_OVERDUE_TAG = '已超时';
export const SEARCH_RESULTS = '搜索结果';
