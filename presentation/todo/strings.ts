/**
 * Presentation-only strings of the to-do screens. The spec's own strings and the
 * decided form labels live in domain/todo/messages.ts; these name what the spec leaves
 * unnamed on screen.
 */
export const TODO_LIST_TITLE = '待办事项';
export const TODO_ADD_TITLE = '新建待办';
export const TODO_DETAIL_TITLE = '待办详情';
export const TODO_EDIT_TITLE = '编辑待办';
export const SEARCH_PLACEHOLDER = '搜索待办名称';
export const ADD_TODO = '新建待办';
export const NO_TODOS = '暂无待办';
export const DEADLINE_PREFIX = '截止';
export const NO_DEADLINE = '无截止时间';
export const CREATED_PREFIX = '创建于';
export const DONE_PREFIX = '完成于';
export const EXECUTOR_PREFIX = '执行人';
export const ATTACHMENT_COUNT = (n: number): string => `${n}个附件`;
export const STATE_DONE = '已完成';
export const STATE_OVERTIME = '已超时';
export const STATE_OPEN = '进行中';
export const APPROVAL_TAG = '审批';
export const DESCRIPTION_PLACEHOLDER = '请输入待办描述';
export const DEADLINE_PLACEHOLDER = '请选择截止时间';
export const CLEAR_DEADLINE = '清除截止时间';
export const ADD_ATTACHMENT = '添加附件';
export const MARK_DONE = (name: string): string => `完成 ${name}`;
export const MARK_OPEN = (name: string): string => `恢复 ${name}`;
export const OPEN_APPROVAL = (name: string): string => `办理 ${name}`;
export const MINUTES_UNIT = '分钟';
export const SORT_LABEL = '排序';
export const DONE = '确定';
export { NO_MORE } from '../shared/strings';
