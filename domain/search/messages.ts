/** User-visible strings of global search, word for word from SPEC.md. */
export const TAB_APPS = '应用';
export const TAB_TODOS = '待办';
export const NO_RELATED_CONTENT = '暂无相关内容';
export const CLEAR_HISTORY_TITLE = '提示';
export const CLEAR_HISTORY_CONFIRM = '确定删除所有搜索记录？';
export const COMPLETE_TODO = '完成待办';
export const VIEW_DETAIL = '查看详情';
export const SEARCH_CANCEL = '取消';
