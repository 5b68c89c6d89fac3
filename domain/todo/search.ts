import { COMPLETE_TODO, VIEW_DETAILS } from './messages';
import { isApprovalTodo, isTodoDone, isTodoOvertime } from './state';
import { formatTodoTime } from './time';
import type { TodoItem } from './types';

export interface TodoSearchRow {
  id: string;
  title: string;
  deadline: string | null;
  /** Deadline drawn in red. */
  deadlineDanger: boolean;
  executor: string | null;
  createdAt: string | null;
  /** Shown only for done items. */
  completedAt: string | null;
  action: { kind: 'complete'; label: string } | { kind: 'detail'; label: string };
}

/**
 * A to-do in global search. 完成待办 only where the list would let the user complete it
 * (open, not overtime, not approval-type); everything else offers 查看详情.
 */
export function todoSearchRow(item: TodoItem, now?: Date | number): TodoSearchRow {
  const done = isTodoDone(item);
  const overtime = isTodoOvertime(item, now);
  const completable = !done && !overtime && !isApprovalTodo(item);
  return {
    id: item.id,
    title: typeof item.name === 'string' ? item.name : '',
    deadline: formatTodoTime(item.endTime),
    deadlineDanger: overtime,
    executor: typeof item.executeName === 'string' && item.executeName !== '' ? item.executeName : null,
    createdAt: formatTodoTime(item.creationTime),
    completedAt: done ? formatTodoTime(item.todoTime) : null,
    action: completable ? { kind: 'complete', label: COMPLETE_TODO } : { kind: 'detail', label: VIEW_DETAILS },
  };
}
