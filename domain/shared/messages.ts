/**
 * Strings every context shares (SPEC point 8): default dialog buttons and the generic
 * request failure. Context-specific strings live in domain/<context>/messages.ts.
 */
export const DIALOG_CONFIRM = '确定';
export const DIALOG_CANCEL = '取消';
export const DIALOG_TIP_TITLE = '提示';
export const REQUEST_FAILED = '请求失败';
export const OPERATION_SUCCESS = '操作成功';
