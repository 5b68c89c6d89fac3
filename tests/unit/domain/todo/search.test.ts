import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { todoSearchRow } from '../../../../domain/todo/search';
import { COMPLETE_TODO, VIEW_DETAILS } from '../../../../domain/todo/messages';
import type { TodoItem } from '../../../../domain/todo/types';

const base: TodoItem = {
  id: 't1',
  name: '交作业',
  endTime: '2024-05-20T17:30:00',
  creationTime: '2024-05-01T08:00:00',
  todoTime: null,
  executeName: '张老师',
  type: 0,
};

describe('todoSearchRow', () => {
  it('an open item offers 完成待办', () => {
    expect(todoSearchRow(base)).toEqual({
      id: 't1',
      title: '交作业',
      deadline: '2024-05-20 17:30',
      deadlineDanger: false,
      executor: '张老师',
      createdAt: '2024-05-01 08:00',
      completedAt: null,
      action: { kind: 'complete', label: '完成待办' },
    });
  });

  it.each([
    ['done', { ...base, todoTime: '2024-05-02T09:15:00' }, false, '2024-05-02 09:15', '查看详情'],
    ['timed out', { ...base, isTimeout: true }, true, null, '查看详情'],
    ['approval-type', { ...base, type: 1 }, false, null, '查看详情'],
  ])('%s: red %j, completed %j, button %s', (_name, item, danger, completedAt, label) => {
    const row = todoSearchRow(item);
    expect(row.deadlineDanger).toBe(danger);
    expect(row.completedAt).toBe(completedAt);
    expect(row.action.label).toBe(label);
  });

  it('the clock can make the deadline red', () => {
    expect(todoSearchRow(base, new Date(2024, 4, 21)).deadlineDanger).toBe(true);
  });

  it('missing fields read as empty', () => {
    const row = todoSearchRow({ id: 'x', name: undefined as never });
    expect(row).toMatchObject({ title: '', deadline: null, executor: null, createdAt: null, completedAt: null });
  });

  it('buttons use the constants and never throw', () => {
    expect(todoSearchRow(base).action.label).toBe(COMPLETE_TODO);
    fc.assert(
      fc.property(
        fc.record({
          id: fc.string(),
          name: fc.string(),
          todoTime: fc.option(fc.string()),
          endTime: fc.option(fc.string()),
          isTimeout: fc.option(fc.boolean()),
          type: fc.option(fc.integer()),
        }),
        (item) => {
          const row = todoSearchRow(item);
          expect([COMPLETE_TODO, VIEW_DETAILS]).toContain(row.action.label);
        },
      ),
    );
  });
});
