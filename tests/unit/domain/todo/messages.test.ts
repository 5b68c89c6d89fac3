import { describe, expect, it } from 'vitest';
import * as M from '../../../../domain/todo/messages';
import { buildTodoRequestBody } from '../../../../domain/todo/form';

describe('to-do strings are the spec words', () => {
  it.each([
    [M.TODO_NAME_REQUIRED, '请输入待办名称'],
    [M.TODO_COMPLETED_ONE, '已完成1条待办'],
    [M.TODO_RESTORED_ONE, '已恢复1条待办'],
    [M.SAVE_SUCCESS, '保存成功'],
    [M.DELETE_SUCCESS, '删除成功'],
    [M.TAB_PENDING, '待我处理'],
    [M.TAB_HANDLED, '我已处理'],
    [M.TAB_CREATED, '我创建的'],
    [M.ALL_CATEGORIES, '全部分类'],
    [M.SORT_FIELD_LABELS.EndTime, '截止时间'],
    [M.SORT_FIELD_LABELS.CreationTime, '创建时间'],
    [M.SORT_FIELD_LABELS.LastModificationTime, '更新时间'],
  ])('%s', (constant, literal) => {
    expect(constant).toBe(literal);
  });

  it('decided labels', () => {
    expect(M.SORT_DIRECTION_LABELS).toEqual({ asc: '升序', desc: '降序' });
    expect(M.TODO_FIELD_LABELS.name).toBe('待办名称');
    expect(Object.isFrozen(M.TODO_FIELD_LABELS)).toBe(true);
  });

  it('a form whose files are not a list sends no files', () => {
    const result = buildTodoRequestBody({ name: 'x', files: 'bad' as never });
    expect(result.ok && result.value.files).toEqual([]);
  });
});
