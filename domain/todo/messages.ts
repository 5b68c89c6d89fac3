/**
 * Every string the to-do screens show, word for word from SPEC.md where it gives one.
 * Strings the spec leaves open are marked "decided".
 */

// Form validation (SPEC point 5, To-do)
export const TODO_NAME_REQUIRED = '请输入待办名称';
/** Decided: the spec gives the maximum without a message. */
export const TODO_NAME_TOO_LONG = '待办名称不能超过20个字';
/** Decided. */
export const TODO_DESCRIPTION_TOO_LONG = '待办描述不能超过2000个字';
/** Decided. */
export const TODO_REMINDER_OUT_OF_RANGE = '提醒时间须在5-2880分钟之间';

/** Decided: form field labels. */
export const TODO_FIELD_LABELS = Object.freeze({
  name: '待办名称',
  matterDescribe: '待办描述',
  endTime: '截止时间',
  remind: '截止提醒',
  remindNum: '提前提醒（分钟）',
  files: '附件',
} as const);

// Transitions
export const TODO_COMPLETED_ONE = '已完成1条待办';
export const TODO_RESTORED_ONE = '已恢复1条待办';
export const SAVE_SUCCESS = '保存成功';
export const DELETE_SUCCESS = '删除成功';
/** Decided: the confirmation before a to-do is deleted. */
export const TODO_DELETE_CONFIRM_TITLE = '确认删除';
export const TODO_DELETE_CONFIRM_CONTENT = '是否删除此待办？';

/** Decided: the footer buttons "vary by state" but are not named. */
export const TODO_ACTION_LABELS = Object.freeze({
  save: '保存',
  complete: '完成',
  delete: '删除',
  restore: '恢复',
} as const);

// List
export const TAB_PENDING = '待我处理';
export const TAB_HANDLED = '我已处理';
export const TAB_CREATED = '我创建的';
export const ALL_CATEGORIES = '全部分类';
export const SORT_FIELD_LABELS = Object.freeze({
  EndTime: '截止时间',
  CreationTime: '创建时间',
  LastModificationTime: '更新时间',
} as const);
/** Decided: the spec says "ascending or descending" only. */
export const SORT_DIRECTION_LABELS = Object.freeze({ asc: '升序', desc: '降序' } as const);
