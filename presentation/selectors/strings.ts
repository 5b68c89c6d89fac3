/**
 * Presentation-only strings of the selector pages. The spec's own strings (未找到对应组件,
 * 获取失败，请稍后重试) live in domain/selectors/messages.ts; these are decided labels.
 */
export const SELECT_ALL = '全选';
export const CONFIRM = '确定';
/** 已选择{n}项 */
export const SELECTED_COUNT = '已选择{n}项';
export const SELECTED_TITLE = '已选择';
export const SUB_LEVEL = '下级';
export const EMPTY = '暂无数据';
export { NO_MORE } from '../shared/strings';
export const ALL = '全部';
export const REMOVE = '移除';
export const SEARCH_PLACEHOLDER = '搜索';
export const DEFAULT_TITLE = '选择人员';
export const BACK_TO = '返回';
