/** User-visible strings of the apps context, word for word from SPEC.md. */
export const MORE_APPS = '更多';
export const EDIT_DONE = '完成';
export const EDIT_CANCEL = '取消';
export const DELETE_SUCCESS = '删除成功';
export const NO_APPS = '暂无应用';
export const NO_SEARCH_RESULTS = '暂无搜索结果';
/** SPEC point 5: an approval app with no flow. */
export const NO_FLOW = '未开通审批流程';
