/** User-visible strings of the selectors context, word for word from SPEC.md point 8. */
export const SELECT_COMPONENT_LOAD_FAILED = '获取失败，请稍后重试';
export const SELECT_COMPONENT_NOT_FOUND = '未找到对应组件';
