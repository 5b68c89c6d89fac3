/**
 * To-do entities, named as the wire names them (SPEC point 3, "To-do").
 */

export interface TodoFile {
  id: string;
  name: string;
  /** Bytes. */
  size: number;
  url: string;
  objectName?: string | null;
}

export interface TodoItem {
  id: string;
  name: string;
  matterDescribe?: string | null;
  /** Deadline, YYYY-MM-DDTHH:mm:ss; absent when the item has none. */
  endTime?: string | null;
  creationTime?: string | null;
  /** Completion time; null means not done. */
  todoTime?: string | null;
  /** Server flag: the deadline passed before the item was done. */
  overTime?: boolean | null;
  /** Server flag used by search results for the red deadline; read like overTime. */
  isTimeout?: boolean | null;
  executeName?: string | null;
  /** Nonzero means an approval-type item, opened in the approval centre. */
  type?: number | null;
  /** JSON string with id, type, tab, campus (see `parseTodoData`). */
  data?: string | null;
  /** Reminder minutes before the deadline; null when off. */
  remindNum?: number | null;
  files?: TodoFile[] | null;
  /** The spec lists "category type and name" without wire names; these are the decided ones. */
  categoryType?: number | string | null;
  categoryName?: string | null;
  noReadNum?: number | null;
}

/** One entry of the tab-count call. `type` is the list's State for that tab. */
export interface TodoTab {
  name: string;
  noReadNum: number;
  type: number;
}

export interface TodoCategory {
  type: number | string;
  name: string;
}

/** Where an approval-type item leads, read from its `data`. */
export interface TodoApprovalLink {
  id: string;
  type: string;
  tab: string;
  campus: string | null;
}

export type TodoSortField = 'EndTime' | 'CreationTime' | 'LastModificationTime';
export type TodoSortDirection = 'asc' | 'desc';

export interface TodoSort {
  field: TodoSortField;
  direction: TodoSortDirection;
}

/** The add/edit form as the screen holds it. */
export interface TodoFormModel {
  name: string;
  matterDescribe: string;
  endTime: Date | null;
  remindEnabled: boolean;
  remindNum: number;
  files: TodoFile[];
}

/** Body of POST /todo-matter and PUT /todo-matter/{id}. */
export interface TodoRequestBody {
  id?: string;
  name: string;
  matterDescribe: string;
  endTime: string | null;
  remindNum: number | null;
  files: TodoFile[];
}

/** Query of GET /todo-matter. */
export interface TodoListQuery {
  /** Category filter; absent for 全部分类. */
  type?: number | string;
  State: number;
  SkipCount: number;
  MaxResultCount: number;
  Filter?: string;
  Sorting: string;
}

/** Body of POST /todo-matter/make-state. */
export interface MakeStateRequest {
  matterIds: string[];
  state: 0 | 1;
}
