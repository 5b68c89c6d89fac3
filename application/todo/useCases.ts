/**
 * To-do use cases (SPEC point 2 "To-do list and form", point 4 "To-do", point 5 "To-do",
 * point 8). Plain async functions over ports, so they run under tests without React
 * or effector. Every rule is the domain's (domain/todo); these only sequence the calls.
 */
import { err, ok, type Result } from '../../domain/shared/result';
import { toDayjs } from '../../domain/shared/formats';
import {
  buildTodoListQuery,
  hasMoreTodos,
  todoCategoryOptions,
  todoTabsView,
  TODO_LIST_PAGE_SIZE,
  type TodoCategoryOption,
  type TodoListRequest,
  type TodoTabView,
} from '../../domain/todo/list';
import { approvalRouteQuery, deleteRequest, todoToggle, completeRequest, restoreRequest } from '../../domain/todo/state';
import { buildTodoRequestBody, emptyTodoForm, TODO_REMINDER_DEFAULT_MINUTES } from '../../domain/todo/form';
import { TODO_COMPLETED_ONE, TODO_RESTORED_ONE } from '../../domain/todo/messages';
import type { MakeStateRequest, TodoFile, TodoFormModel, TodoRequestBody } from '../../domain/todo/types';
import type { KeyValueStorage } from '../ports/runtime';
import type { UploadOptions, UploadResult, UploadSource, Uploader } from '../ports/upload';
import { USER_DRAFT_KEY_PREFIX } from '../session/useCases';
import type { CallOptions, TodoApi, TodoItem } from './ports';
import { attempt, invalid, isCancelled, isMissingCall, type Failure, type Outcome } from '../shared/failure';
import { contentKey } from '../shared/idempotency';
import { PATHS } from '../shared/routes';
import type { Log } from '../ports/logger';
import { NETWORK_OFFLINE } from '../ports/errors';

export { isCancelled };
export type { Log };

// ---------------------------------------------------------------------------
// Routes the to-do screens lead to (SPEC point 2 route table)
// ---------------------------------------------------------------------------

export const TODO_ROUTES = Object.freeze({
  list: PATHS.todoList,
  form: PATHS.todoForm,
  approval: PATHS.flowApproval,
});

/** The form for an existing item (detail or edit); the add form without an id. */
export const todoFormPath = (todoId?: string | null): string =>
  todoId ? `${TODO_ROUTES.form}?${new URLSearchParams({ todoId }).toString()}` : TODO_ROUTES.form;

/** The list on a tab: the tab stays in the address, so coming back from a detail shows it again. */
export const todoListPath = (tab: number): string => (tab === 0 ? TODO_ROUTES.list : `${TODO_ROUTES.list}?${new URLSearchParams({ tab: String(tab) }).toString()}`);

// ---------------------------------------------------------------------------
// List
// ---------------------------------------------------------------------------

/**
 * The tabs from the tab-count call. A failure keeps the screen usable with the three
 * default tabs (no counts) and is logged: the list itself still loads per tab.
 */
export async function loadTodoTabs(api: TodoApi, log: Log = () => undefined, opts?: CallOptions): Promise<TodoTabView[]> {
  try {
    return todoTabsView(await api.tabs(opts));
  } catch (e) {
    if (!isCancelled(e)) log('[todo] loading the tab counts failed', e);
    return todoTabsView(null);
  }
}

/**
 * The category dropdown: 全部分类 first; only 全部分类 when the call fails (logged). Null
 * when the backend has no categories call (404 or 501, docs/decided-calls.md): the
 * dropdown hides.
 */
export async function loadTodoCategories(api: TodoApi, log: Log = () => undefined, opts?: CallOptions): Promise<TodoCategoryOption[] | null> {
  try {
    return todoCategoryOptions(await api.categories(opts));
  } catch (e) {
    if (isMissingCall(e)) {
      log('[todo] the backend has no categories call: the category dropdown hides', e);
      return null;
    }
    if (!isCancelled(e)) log('[todo] loading the categories failed', e);
    return todoCategoryOptions(null);
  }
}

export interface TodoPage {
  readonly items: readonly TodoItem[];
  /** A full page of 20 came back: another may follow. */
  readonly hasMore: boolean;
}

/** One page (1-based) of a tab, 20 per page. Rejects with the ApiError (the screen shows it). */
export async function loadTodoPage(
  api: TodoApi,
  request: Omit<TodoListRequest, 'pageSize'> & { pageSize?: number },
  opts?: CallOptions,
): Promise<TodoPage> {
  const pageSize = request.pageSize ?? TODO_LIST_PAGE_SIZE;
  const answer = await api.list(buildTodoListQuery({ ...request, pageSize }), opts);
  return { items: answer.items, hasMore: hasMoreTodos(answer.items.length, pageSize) };
}

/** Appends a page, leaving out items already shown (an item may move between pages while the user scrolls). */
export function appendPage(current: readonly TodoItem[], next: readonly TodoItem[]): TodoItem[] {
  const seen = new Set(current.map((i) => i.id));
  return [...current, ...next.filter((i) => !seen.has(i.id))];
}

export type ToggleOutcome =
  /** Approval-type item: the caller navigates there instead of toggling. */
  | { readonly kind: 'navigate'; readonly path: string }
  /** Completed or restored: show the toast and reload the list. */
  | { readonly kind: 'changed'; readonly toast: string }
  /** Approval-type item whose link data cannot be read: nothing happens. */
  | { readonly kind: 'none' }
  /** `request`: the make-state that failed (the outbox keeps it when no answer came). */
  | { readonly kind: 'failed'; readonly failure: Failure; readonly request?: MakeStateRequest };

export interface ToggleDeps {
  api: Pick<TodoApi, 'makeState'>;
  /**
   * A campus the link carries (SPEC point 6): switched when known, 该校区不存在 otherwise.
   * Absent: the link's campus is ignored.
   */
  linkCampus?: (campusId: string | null) => Result<unknown, string> | Promise<Result<unknown, string>>;
  /** The key the make-state carries (kept with it in the outbox when no answer comes). */
  idempotencyKey?: string;
  /** True when the phone knows it has no network: the make-state is not tried (it fails as offline). */
  offline?: () => boolean;
}

/** The approval page of an approval-type item (page/approvalCenter/flowApproval?FlowRunId&type&tab). */
export const approvalPathFor = (link: Parameters<typeof approvalRouteQuery>[0]): string =>
  `${TODO_ROUTES.approval}?${new URLSearchParams(approvalRouteQuery(link)).toString()}`;

/**
 * Checking an item (SPEC point 4 "To-do"): approval-type items open the approval page;
 * open items complete (make-state 1, 已完成1条待办); done items restore (已恢复1条待办).
 */
export async function toggleTodo(deps: ToggleDeps, item: TodoItem): Promise<ToggleOutcome> {
  const decision = todoToggle(item);
  switch (decision.kind) {
    case 'none':
      return { kind: 'none' };
    case 'openApproval': {
      const target = await openTodoTarget(deps, item);
      return target.ok ? { kind: 'navigate', path: target.value } : { kind: 'failed', failure: invalid(target.error) };
    }
    default: {
      if (deps.offline?.()) return { kind: 'failed', failure: { kind: 'offline', message: NETWORK_OFFLINE }, request: decision.request };
      const done = await attempt(() => deps.api.makeState(decision.request, deps.idempotencyKey ? { idempotencyKey: deps.idempotencyKey } : undefined));
      return done.ok ? { kind: 'changed', toast: decision.toast } : { kind: 'failed', failure: done.error, request: decision.request };
    }
  }
}

/**
 * Tapping an item's body: an approval-type item opens its approval page (like checking
 * it), any other item its detail form.
 */
export async function openTodoTarget(deps: Pick<ToggleDeps, 'linkCampus'>, item: TodoItem): Promise<Result<string, string>> {
  const decision = todoToggle(item);
  if (decision.kind === 'openApproval') {
    // Only a campus the link names is applied; an item without one stays on the current campus.
    const campus = decision.link.campus !== null ? await deps.linkCampus?.(decision.link.campus) : undefined;
    if (campus && !campus.ok) return err(campus.error);
    return ok(approvalPathFor(decision.link));
  }
  // An approval-type item without readable link data has nowhere to go: its detail is the approval's.
  if (decision.kind === 'none') return err('');
  return ok(todoFormPath(item.id));
}

// ---------------------------------------------------------------------------
// Detail and form
// ---------------------------------------------------------------------------

/** GET todo-matter/{id}; rejects with the ApiError (the screen shows it and goes back, SPEC point 8). */
export const loadTodo = (api: Pick<TodoApi, 'get'>, id: string, opts?: CallOptions): Promise<TodoItem> => api.get(id, opts);

/**
 * Creates (no id) or updates the item from the form. A validation message is an
 * 'invalid' failure, the server's answer its own: the screen keeps the input. Given the
 * form's sitting (a submission id made when it opened), the write carries a key of the
 * sitting and the content: a save sent again after a lost answer is done once, a changed
 * one is a new write.
 */
export async function saveTodo(
  api: Pick<TodoApi, 'create' | 'update'>,
  form: TodoFormModel,
  id?: string | null,
  sitting?: string,
): Promise<Outcome<TodoItem>> {
  const request = todoSaveRequest(form, id, sitting);
  if (!request.ok) return request;
  return attempt(() => sendTodoSave(api, request.value));
}

/** A to-do's 保存 as it is sent, now or from the outbox: the item (null: a new one), the body, its key. */
export interface TodoSave {
  readonly id: string | null;
  readonly body: TodoRequestBody;
  readonly idempotencyKey?: string;
}

/** The request 保存 sends: one place for the attempt and for the outbox. */
export function todoSaveRequest(form: TodoFormModel, id?: string | null, sitting?: string): Outcome<TodoSave> {
  const body = buildTodoRequestBody(form, id ?? undefined);
  if (!body.ok) return err(invalid(body.error));
  return ok({ id: id ?? null, body: body.value, ...(sitting === undefined ? {} : { idempotencyKey: contentKey(sitting, body.value) }) });
}

export const sendTodoSave = (api: Pick<TodoApi, 'create' | 'update'>, save: TodoSave, key = save.idempotencyKey): Promise<TodoItem> => {
  const opts = key === undefined ? {} : { idempotencyKey: key };
  return save.id ? api.update(save.id, save.body, opts) : api.create(save.body, opts);
};

/** Each single-item action answers its toast, or its failure. */
export type ActionResult = Outcome<string>;

/** Delete (the confirm is the screen's): 删除成功. */
export async function deleteTodo(api: Pick<TodoApi, 'remove'>, id: string, successToast: string): Promise<ActionResult> {
  const done = await attempt(() => api.remove(deleteRequest([id])));
  return done.ok ? ok(successToast) : done;
}

/** The form's 完成: make-state 1, 已完成1条待办. */
export async function completeTodo(api: Pick<TodoApi, 'makeState'>, id: string): Promise<ActionResult> {
  const done = await attempt(() => api.makeState(completeRequest([id])));
  return done.ok ? ok(TODO_COMPLETED_ONE) : done;
}

/** The form's 恢复: make-state 0, 已恢复1条待办. */
export async function restoreTodo(api: Pick<TodoApi, 'makeState'>, id: string): Promise<ActionResult> {
  const done = await attempt(() => api.makeState(restoreRequest([id])));
  return done.ok ? ok(TODO_RESTORED_ONE) : done;
}

// ---------------------------------------------------------------------------
// Attachments (the upload pipeline, application/ports/upload.ts)
// ---------------------------------------------------------------------------

/** A finished upload as a to-do attachment: the stored record's id, name, size, address and object key. */
export const todoFileFromUpload = (result: UploadResult): TodoFile => ({
  id: result.userFileId || result.uid,
  name: result.name,
  size: result.size,
  url: result.url,
  objectName: result.path ?? '',
});

/** Uploads one attachment; rejects with 上传失败 (the Uploader's ApiError) after reporting the item as 'error'. */
export async function uploadTodoAttachment(uploader: Uploader, file: UploadSource, opts?: UploadOptions): Promise<TodoFile> {
  return todoFileFromUpload(await uploader.upload(file, opts));
}

// ---------------------------------------------------------------------------
// The add form's local draft (per user; cleared with the session on logout)
// ---------------------------------------------------------------------------

const DRAFT_VERSION = 1;

/** campus.draft.todo:{userId}: under the session's draft prefix, so signing out forgets it. */
export const todoDraftKey = (userId: string): string => `${USER_DRAFT_KEY_PREFIX}todo:${userId}`;

interface StoredDraft {
  v: number;
  name: string;
  matterDescribe: string;
  endTime: string | null;
  remindEnabled: boolean;
  remindNum: number;
  files: TodoFile[];
}

const isTodoFile = (f: unknown): f is TodoFile => {
  if (typeof f !== 'object' || f === null) return false;
  const r = f as Record<string, unknown>;
  return typeof r.id === 'string' && typeof r.name === 'string' && typeof r.url === 'string' && typeof r.size === 'number';
};

/** Whether the form holds anything worth keeping (an untouched form stores no draft). */
export function isBlankTodoForm(form: TodoFormModel): boolean {
  const blank = emptyTodoForm();
  return (
    form.name === blank.name &&
    form.matterDescribe === blank.matterDescribe &&
    form.endTime === null &&
    form.files.length === 0 &&
    form.remindNum === TODO_REMINDER_DEFAULT_MINUTES
  );
}

/** Writes (or, for a blank form, removes) the user's add-form draft. Storage failures are ignored: a draft is a convenience. */
export function saveTodoDraft(storage: KeyValueStorage, userId: string, form: TodoFormModel): void {
  const key = todoDraftKey(userId);
  try {
    if (isBlankTodoForm(form)) {
      storage.remove(key);
      return;
    }
    const endTime = toDayjs(form.endTime);
    const draft: StoredDraft = {
      v: DRAFT_VERSION,
      name: form.name,
      matterDescribe: form.matterDescribe,
      endTime: endTime ? endTime.toISOString() : null,
      remindEnabled: form.remindEnabled,
      remindNum: form.remindNum,
      files: form.files,
    };
    storage.set(key, JSON.stringify(draft));
  } catch {
    // Quota or private mode: the form keeps working without a draft.
  }
}

/** The user's add-form draft, or null when there is none or it cannot be read (then it is dropped). */
export function loadTodoDraft(storage: KeyValueStorage, userId: string): TodoFormModel | null {
  const key = todoDraftKey(userId);
  let raw: string | null;
  try {
    raw = storage.get(key);
  } catch {
    return null;
  }
  if (raw === null) return null;
  try {
    const d = JSON.parse(raw) as Partial<StoredDraft> | null;
    if (!d || d.v !== DRAFT_VERSION) throw new Error('draft version');
    const endTime = toDayjs(d.endTime);
    const base = emptyTodoForm();
    return {
      name: typeof d.name === 'string' ? d.name : base.name,
      matterDescribe: typeof d.matterDescribe === 'string' ? d.matterDescribe : base.matterDescribe,
      endTime: endTime ? endTime.toDate() : null,
      remindEnabled: endTime !== null && d.remindEnabled === true,
      remindNum: typeof d.remindNum === 'number' && Number.isFinite(d.remindNum) ? d.remindNum : base.remindNum,
      files: Array.isArray(d.files) ? d.files.filter(isTodoFile) : [],
    };
  } catch {
    clearTodoDraft(storage, userId);
    return null;
  }
}

export function clearTodoDraft(storage: KeyValueStorage, userId: string): void {
  try {
    storage.remove(todoDraftKey(userId));
  } catch {
    // Nothing to do: the next save overwrites it.
  }
}
