/**
 * The to-do form screen's model (SPEC point 2 "To-do list and form", points 4, 5, 8):
 * page/todo/add without an id is the add form, with one the item's detail and edit form
 * (read-only with only 删除 and 恢复 when done or overdue). It owns the load (an
 * approval-type item goes to its approval page instead; a failed load is told and
 * leaves), the add form's draft (written on every change, so a reload, an error or an
 * ended session never loses the input), the attachments' uploads, validation (the
 * domain's rules), the one busy action, and what the user is told.
 */
import { attach, combine, createEffect, createEvent, createStore, sample, scopeBind } from 'effector';
import { FILE_CHECK_STATUS } from '../../domain/forms/messages';
import {
  emptyTodoForm,
  isReminderMinutesVisible,
  setTodoDeadline,
  setTodoReminder,
  todoFormFromItem,
  validateReminderMinutes,
  validateTodoDescription,
  validateTodoName,
} from '../../domain/todo/form';
import { DELETE_SUCCESS, SAVE_SUCCESS, TODO_DELETE_CONFIRM_CONTENT, TODO_DELETE_CONFIRM_TITLE } from '../../domain/todo/messages';
import { isApprovalTodo, isTodoReadOnly, todoFormActions, type TodoFormAction } from '../../domain/todo/state';
import type { TodoFormModel } from '../../domain/todo/types';
import { createUploads } from '../files/uploads';
import type { KeyValueStorage, Notifier } from '../ports/runtime';
import type { Uploader } from '../ports/upload';
import { failureOf } from '../shared/failure';
import { tellFailure } from '../shared/failureNotice';
import { newSubmissionId } from '../shared/idempotency';
import { KEY_VALUE_STORAGE, NAVIGATOR, NOTIFIER, UPLOADER } from '../ports/tokens';
import { defineScreen } from '../shared/screens';
import { leavingNavigator, type LeavingNavigator } from '../shared/navigation';
import { offlineQueueOf, type OfflineQueue } from '../offline/outboxModel';
import { queuedTodoSave } from './outboxKinds';
import { TODO_API, type TodoApi, type TodoItem } from './ports';
import {
  clearTodoDraft,
  completeTodo,
  deleteTodo,
  loadTodo,
  loadTodoDraft,
  openTodoTarget,
  restoreTodo,
  saveTodo,
  saveTodoDraft,
  todoSaveRequest,
  todoFileFromUpload,
  todoListPath,
} from './useCases';

export type TodoFieldErrors = Partial<Record<'name' | 'matterDescribe' | 'remindNum', string>>;

/**
 * An attachment still uploading, failed, or waiting (picked without a network: kept on the
 * phone, it goes up with the 保存 from the outbox); done ones move into the form's files.
 */
export interface TodoUploadRow {
  readonly uid: string;
  readonly name: string;
  readonly size: number;
  readonly status: 'uploading' | 'error' | 'waiting';
  readonly percent: number;
}

export interface TodoFormModelDeps {
  readonly api: TodoApi;
  readonly uploader: Uploader;
  readonly storage: KeyValueStorage;
  readonly notifier: Notifier;
  readonly navigator: LeavingNavigator;
  /** The signed-in user ('' before the session is known: no draft then). */
  readonly userId: string;
  /** The item shown; null for the add form. */
  readonly todoId: string | null;
  readonly newUid?: () => string;
  /** Where 保存 waits while the phone knows it has no network (application/offline). */
  readonly offline?: OfflineQueue;
}

let uidCounter = 0;
const defaultUid = (): string =>
  typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function' ? crypto.randomUUID() : `todo-upload-${Date.now()}-${uidCounter++}`;

const validate = (form: TodoFormModel): TodoFieldErrors => {
  const errors: TodoFieldErrors = {};
  const name = validateTodoName(form.name);
  const describe = validateTodoDescription(form.matterDescribe);
  const minutes = isReminderMinutesVisible(form) ? validateReminderMinutes(form.remindNum) : null;
  if (name) errors.name = name;
  if (describe) errors.matterDescribe = describe;
  if (minutes) errors.remindNum = minutes;
  return errors;
};

export function createTodoFormModel(deps: TodoFormModelDeps) {
  const newUid = deps.newUid ?? defaultUid;
  const { todoId } = deps;
  const drafts = todoId === null && deps.userId !== '';

  // ----- events -----
  const opened = createEvent();
  const fieldsChanged = createEvent<{ patch: Partial<TodoFormModel>; clears?: keyof TodoFieldErrors }>();
  const deadlineSet = createEvent<Date | null>();
  const reminderToggled = createEvent<boolean>();
  const fileRenamed = createEvent<{ uid: string; name: string }>();
  const fileRemoved = createEvent<string>();
  const actionRequested = createEvent<TodoFormAction>();


  // ----- stores -----
  const initialForm = (drafts ? loadTodoDraft(deps.storage, deps.userId) : null) ?? emptyTodoForm();
  const $item = createStore<TodoItem | null>(null, { serialize: 'ignore' });
  const $form = createStore<TodoFormModel>(initialForm, { serialize: 'ignore' });
  const $errors = createStore<TodoFieldErrors>({}, { serialize: 'ignore' });
  const $uploads = createStore<readonly TodoUploadRow[]>([], { serialize: 'ignore' });
  const $busy = createStore<TodoFormAction | null>(null, { serialize: 'ignore' });
  const $readOnly = $item.map((item) => item !== null && isTodoReadOnly(item));
  const $actions = $item.map((item) => todoFormActions(item));

  // ----- attachments: the upload queue's units -----
  /** This sitting of the form: its saves carry keys of it (saveTodo). */
  const sitting = newSubmissionId();
  /** An upload that found no network waits (待上传) when 保存 can wait in the outbox; the row says so, no toast. */
  const uploads = createUploads({ uploader: deps.uploader, newUid, tell: (f) => tellFailure(deps.notifier, f), waitsOffline: deps.offline !== undefined });
  const { filesPicked, uploadRetried, keptFiles } = uploads;
  const uploadDone = uploads.uploadDone.map(({ uid, result }) => ({ uid, file: todoFileFromUpload(result) }));

  $uploads
    .on(uploads.uploadStarted, (rows, { uid, name, size }) => [...rows.filter((r) => r.uid !== uid), { uid, name, size, status: 'uploading' as const, percent: 0 }])
    .on(uploads.uploadProgressed, (rows, { uid, percent }) => rows.map((r) => (r.uid === uid ? { ...r, status: 'uploading' as const, percent } : r)))
    .on(uploads.uploadFailed, (rows, { uid, status }) => rows.map((r) => (r.uid === uid ? { ...r, status } : r)))
    .on(uploadDone, (rows, { uid }) => rows.filter((r) => r.uid !== uid))
    .on(fileRemoved, (rows, uid) => rows.filter((r) => r.uid !== uid));

  sample({ clock: fileRemoved, target: uploads.uploadForgotten });

  // ----- the form -----
  $form
    .on(fieldsChanged, (form, { patch }) => ({ ...form, ...patch }))
    .on(deadlineSet, (form, date) => setTodoDeadline(form, date))
    .on(reminderToggled, (form, on) => setTodoReminder(form, on))
    .on(uploadDone, (form, { file }) => ({ ...form, files: [...form.files, file] }))
    .on(fileRenamed, (form, { uid, name }) => ({ ...form, files: form.files.map((f) => (f.id === uid ? { ...f, name } : f)) }))
    .on(fileRemoved, (form, uid) => ({ ...form, files: form.files.filter((f) => f.id !== uid) }));
  $errors
    .on(fieldsChanged, (errors, { clears }) => (clears && errors[clears] ? { ...errors, [clears]: undefined } : errors))
    .on(reminderToggled, (errors) => (errors.remindNum ? { ...errors, remindNum: undefined } : errors));

  // The add form's draft: every change is on the device at once.
  if (drafts) {
    sample({
      clock: $form.updates,
      target: createEffect((form: TodoFormModel) => saveTodoDraft(deps.storage, deps.userId, form)),
    });
  }

  // ----- the item -----
  const loadFx = createEffect(async (id: string): Promise<TodoItem | null> => {
    const item = await loadTodo(deps.api, id);
    if (isApprovalTodo(item)) {
      // Approval-type items have no form of their own: their page is the approval.
      const target = await openTodoTarget({}, item);
      if (target.ok) {
        deps.navigator.go(target.value, { replace: true });
        return null;
      }
    }
    return item;
  });
  const $loading = combine(loadFx.pending, $item, (pending, item) => todoId !== null && (pending || item === null));
  const shown = sample({ clock: loadFx.doneData, filter: (item): item is TodoItem => item !== null });
  $item.on(shown, (_, item) => item);
  $form.on(shown, (_, item) => todoFormFromItem(item));
  $errors.on(shown, () => ({}));
  sample({
    clock: loadFx.failData,
    target: createEffect((e: unknown) => {
      const failure = failureOf(e);
      if (failure.kind === 'cancelled') return;
      tellFailure(deps.notifier, failure);
      deps.navigator.leave();
    }),
  });
  if (todoId !== null) sample({ clock: opened, fn: () => todoId, target: loadFx });

  // ----- actions -----
  const saveFx = attach({
    source: { form: $form, item: $item, uploads: $uploads },
    effect: createEffect(async ({ form, item, uploads }: { form: TodoFormModel; item: TodoItem | null; uploads: readonly TodoUploadRow[] }) => {
      const errors = validate(form);
      if (Object.keys(errors).length > 0) return { errors };
      const waiting = uploads.filter((r) => r.status === 'waiting');
      const readKept = keptFiles(waiting.map((r) => r.uid));
      if (uploads.length > waiting.length || !readKept) {
        deps.notifier.fail(FILE_CHECK_STATUS);
        return { errors };
      }
      const { offline } = deps;
      // The phone knows it has no network, or files wait on the phone: kept with the key
      // of its content (and the files' bytes, uploaded first when it goes), and the form
      // leaves as after a success (the outbox says 已存入待发送). An attempt made online
      // whose answer is lost stays here with its message, for 保存 again with the same key.
      if (offline && (!offline.online() || waiting.length > 0)) {
        const request = todoSaveRequest(form, item?.id ?? null, sitting);
        if (!request.ok) {
          tellFailure(deps.notifier, request.error);
          return { errors };
        }
        // Bound before the files are read: an effect called after a plain await has lost its scope.
        const add = scopeBind(offline.outbox.addFx, { safe: true });
        const files = await readKept();
        await add(queuedTodoSave(request.value, request.value.idempotencyKey ?? newSubmissionId(), files));
        if (drafts) clearTodoDraft(deps.storage, deps.userId);
        deps.navigator.returnTo(1, todoListPath(0));
        return { errors };
      }
      const saved = await saveTodo(deps.api, form, item?.id ?? null, sitting);
      if (!saved.ok) {
        tellFailure(deps.notifier, saved.error);
        return { errors };
      }
      if (drafts) clearTodoDraft(deps.storage, deps.userId);
      deps.notifier.success(SAVE_SUCCESS);
      deps.navigator.returnTo(1, todoListPath(0));
      return { errors };
    }),
  });
  $errors.on(saveFx.doneData, (_, { errors }) => errors);

  const deleteFx = attach({
    source: $item,
    effect: createEffect(async (item: TodoItem | null) => {
      if (!item) return;
      const yes = await deps.notifier.confirm({ title: TODO_DELETE_CONFIRM_TITLE, content: TODO_DELETE_CONFIRM_CONTENT });
      if (!yes) return;
      const done = await deleteTodo(deps.api, item.id, DELETE_SUCCESS);
      if (!done.ok) return tellFailure(deps.notifier, done.error);
      deps.notifier.success(done.value);
      deps.navigator.returnTo(1, todoListPath(0));
    }),
  });

  /** Answers the id to load again when the change went through. */
  const changeStateFx = attach({
    source: $item,
    mapParams: (action: 'complete' | 'restore', item: TodoItem | null) => ({ action, item }),
    effect: createEffect(async ({ action, item }: { action: 'complete' | 'restore'; item: TodoItem | null }): Promise<string | null> => {
      if (!item) return null;
      const done = action === 'complete' ? await completeTodo(deps.api, item.id) : await restoreTodo(deps.api, item.id);
      if (!done.ok) {
        tellFailure(deps.notifier, done.error);
        return null;
      }
      deps.notifier.success(done.value);
      return item.id;
    }),
  });
  const reloadFx = attach({ effect: loadFx });
  sample({ clock: changeStateFx.doneData, filter: (id): id is string => id !== null, target: reloadFx });

  // One action at a time: a tap while another runs is ignored.
  const accepted = sample({ clock: actionRequested, source: $busy, filter: (busy) => busy === null, fn: (_, action) => action });
  $busy.on(accepted, (_, action) => action);
  // The button stays busy until the item is shown again after a change.
  $busy.reset([saveFx.finally, deleteFx.finally, changeStateFx.fail, reloadFx.finally]);
  $busy.on(changeStateFx.doneData, (busy, id) => (id === null ? null : busy));
  sample({ clock: accepted, filter: (a) => a === 'save', target: saveFx });
  sample({ clock: accepted, filter: (a) => a === 'delete', target: deleteFx });
  sample({
    clock: accepted,
    filter: (a): a is 'complete' | 'restore' => a === 'complete' || a === 'restore',
    target: changeStateFx,
  });

  return {
    $item,
    $form,
    $errors,
    $uploads,
    $busy,
    $loading,
    $readOnly,
    $actions,
    opened,
    fieldsChanged,
    deadlineSet,
    reminderToggled,
    filesPicked,
    uploadRetried,
    fileRenamed,
    fileRemoved,
    actionRequested,
    /** Whether a failed upload can be tried again (its bytes are still here). */
    canRetry: uploads.canRetry,
    dispose: uploads.dispose,
  };
}

export type TodoFormScreenModel = ReturnType<typeof createTodoFormModel>;

/** The to-do form screen: one model per open item (or the add form) of the signed-in user. */
export const todoFormScreen = defineScreen({
  name: 'todoForm',
  lifetime: 'screen',
  key: (p: { userId: string; todoId: string | null }) => `${p.userId}:${p.todoId ?? ''}`,
  create: (get, p) =>
    createTodoFormModel({
      api: get(TODO_API),
      uploader: get(UPLOADER),
      storage: get(KEY_VALUE_STORAGE),
      notifier: get(NOTIFIER),
      navigator: leavingNavigator(get(NAVIGATOR)),
      userId: p.userId,
      todoId: p.todoId,
      offline: offlineQueueOf(get),
    }),
});
