import { TODO_COMPLETED_ONE, TODO_RESTORED_ONE } from './messages';
import { toDayjs } from '../shared/formats';
import type { MakeStateRequest, TodoApprovalLink, TodoItem } from './types';

export const TODO_STATE_OPEN = 0;
export const TODO_STATE_DONE = 1;

/** Done once it has a completion time. */
export const isTodoDone = (item: Pick<TodoItem, 'todoTime'>): boolean =>
  typeof item.todoTime === 'string' ? item.todoTime.trim() !== '' : item.todoTime != null;

/**
 * Overtime when the server says so (overTime or isTimeout), or, given the current time,
 * when an open item's deadline has passed.
 */
export function isTodoOvertime(
  item: Pick<TodoItem, 'overTime' | 'isTimeout' | 'endTime' | 'todoTime'>,
  now?: Date | number,
): boolean {
  if (item.overTime === true || item.isTimeout === true) return true;
  if (now === undefined || isTodoDone(item)) return false;
  const deadline = toDayjs(item.endTime);
  const current = toDayjs(now);
  return deadline !== null && current !== null && deadline.isBefore(current);
}

/** Done or overtime items are read-only: only delete and restore remain. */
export const isTodoReadOnly = (item: TodoItem, now?: Date | number): boolean =>
  isTodoDone(item) || isTodoOvertime(item, now);

export const isApprovalTodo = (item: Pick<TodoItem, 'type'>): boolean =>
  typeof item.type === 'number' && item.type !== 0;

export type TodoFormAction = 'save' | 'complete' | 'delete' | 'restore';

/** Footer buttons of the to-do form: a new item can only be saved. */
export function todoFormActions(item: TodoItem | null | undefined, now?: Date | number): TodoFormAction[] {
  if (!item) return ['save'];
  if (isTodoReadOnly(item, now)) return ['delete', 'restore'];
  return ['delete', 'complete', 'save'];
}

export const completeRequest = (ids: readonly string[]): MakeStateRequest => ({
  matterIds: [...ids],
  state: TODO_STATE_DONE,
});

export const restoreRequest = (ids: readonly string[]): MakeStateRequest => ({
  matterIds: [...ids],
  state: TODO_STATE_OPEN,
});

/** Body of POST /todo-matter/batch-delete. */
export const deleteRequest = (ids: readonly string[]): string[] => [...ids];

const asText = (value: unknown): string | null => {
  if (typeof value === 'string') return value.trim() === '' ? null : value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return null;
};

/**
 * Reads an item's `data` JSON ({id, type, tab, campus}). Anything unreadable or without
 * an id gives null; numbers become strings because they end up in a query string.
 */
export function parseTodoData(data: unknown): TodoApprovalLink | null {
  if (typeof data !== 'string') return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(data);
  } catch {
    return null;
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) return null;
  const record = parsed as Record<string, unknown>;
  const id = asText(record.id);
  if (id === null) return null;
  return {
    id,
    type: asText(record.type) ?? '0',
    tab: asText(record.tab) ?? '0',
    campus: asText(record.campus),
  };
}

/** Query of page/approvalCenter/flowApproval for a linked item. */
export const approvalRouteQuery = (link: TodoApprovalLink): { FlowRunId: string; type: string; tab: string } => ({
  FlowRunId: link.id,
  type: link.type,
  tab: link.tab,
});

export type TodoToggle =
  | { kind: 'openApproval'; link: TodoApprovalLink }
  | { kind: 'complete'; request: MakeStateRequest; toast: string }
  | { kind: 'restore'; request: MakeStateRequest; toast: string }
  | { kind: 'none' };

/**
 * What checking an item does: approval-type items open the approval page (nothing when
 * their data is unreadable), open items complete, done items restore.
 */
export function todoToggle(item: TodoItem): TodoToggle {
  if (isApprovalTodo(item)) {
    const link = parseTodoData(item.data);
    return link ? { kind: 'openApproval', link } : { kind: 'none' };
  }
  if (isTodoDone(item)) return { kind: 'restore', request: restoreRequest([item.id]), toast: TODO_RESTORED_ONE };
  return { kind: 'complete', request: completeRequest([item.id]), toast: TODO_COMPLETED_ONE };
}
