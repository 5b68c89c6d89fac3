import type {
  MakeStateRequest,
  TodoCategory,
  TodoItem,
  TodoListQuery,
  TodoRequestBody,
  TodoTab,
} from '../../domain/todo/types';
import { token } from './token';
import type { CallOptions, WriteOptions } from './call';

export type { MakeStateRequest, TodoCategory, TodoItem, TodoListQuery, TodoRequestBody, TodoTab };

export type { CallOptions, WriteOptions };

/** A page as the contract answers it: `{ items, totalCount }`. */
export interface Page<T> {
  readonly items: readonly T[];
  readonly totalCount: number;
}

/** To-do calls (SPEC point 7 "To-do", CONTRACT.md and docs/decided-calls.md for the unnamed ones). */
export interface TodoApi {
  /** GET todo-matter/tabs-num: the tabs with their unread counts. */
  tabs(opts?: CallOptions): Promise<TodoTab[]>;
  /** GET todo-matter/category (decided): the category dropdown. */
  categories(opts?: CallOptions): Promise<TodoCategory[]>;
  /** GET todo-matter with the list query (domain's `buildTodoListQuery`). */
  list(query: TodoListQuery, opts?: CallOptions): Promise<Page<TodoItem>>;
  /** GET todo-matter/{id}. */
  get(id: string, opts?: CallOptions): Promise<TodoItem>;
  /** POST todo-matter (domain's `buildTodoRequestBody`): the created item. */
  create(body: TodoRequestBody, opts?: WriteOptions): Promise<TodoItem>;
  /** PUT todo-matter/{id}: the updated item. */
  update(id: string, body: TodoRequestBody, opts?: WriteOptions): Promise<TodoItem>;
  /** POST todo-matter/batch-delete with the array of ids. */
  remove(ids: readonly string[], opts?: CallOptions): Promise<void>;
  /** POST todo-matter/make-state {matterIds, state}: 1 completes, 0 restores. */
  makeState(request: MakeStateRequest, opts?: WriteOptions): Promise<void>;
}

export const TODO_API = token<TodoApi>('TodoApi');
