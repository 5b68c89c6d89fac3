/**
 * The to-do actions the outbox keeps while there is no network (application/offline):
 * 完成 and 恢复 (make-state), and the form's 保存 (a new item or a change), each sent with
 * the entry's key when the network is back.
 */
import { outboxLabel, todoTarget } from '../../domain/offline';
import type { NewOutboxEntry } from '../../domain/offline/outbox';
import { TODO_ACTION_LABELS } from '../../domain/todo/messages';
import type { MakeStateRequest, TodoItem } from '../../domain/todo/types';
import type { OutboxSender } from '../offline/ports';
import type { TodoApi } from '../ports/todo';
import { sendTodoSave, todoFileFromUpload, type TodoSave } from './useCases';
import type { Uploader } from '../ports/upload';
import { ApiError, REQUEST_FAILED } from '../ports/errors';
import { sourceOfKept, type KeptFile } from '../offline/keptFiles';

/** The form's 保存 kept for later: attachments picked without a network go up first (./outboxKinds.ts todoOutboxSenders). */
export type QueuedTodoSave = TodoSave & { readonly files?: readonly KeptFile[] };

export const TODO_OUTBOX_KINDS = Object.freeze({
  /** 完成 (state 1) or 恢复 (state 0) of one item (body: MakeStateRequest). */
  makeState: 'todo.makeState',
  /** The form's 保存: a new item (id null) or a change to one (body: TodoSave). */
  save: 'todo.save',
} as const);

/**
 * The form's 保存 kept for later, with the key of its content (the one the attempt would
 * carry). A new item waits on a target of its own, a change on the item's.
 */
export const queuedTodoSave = (save: TodoSave, key: string, files: readonly KeptFile[] = []): Omit<NewOutboxEntry<QueuedTodoSave>, 'userId'> => ({
  id: key,
  kind: TODO_OUTBOX_KINDS.save,
  target: todoTarget(save.id ?? `new:${key}`),
  payload: { id: save.id, body: save.body, ...(files.length > 0 ? { files } : {}) },
  label: outboxLabel(save.body.name, TODO_ACTION_LABELS.save),
  text: save.body.matterDescribe,
});

/** An item's 完成 or 恢复 kept for later, with the key its attempt carried. */
export const queuedMakeState = (item: Pick<TodoItem, 'id' | 'name'>, request: MakeStateRequest, key: string): Omit<NewOutboxEntry<MakeStateRequest>, 'userId'> => ({
  id: key,
  kind: TODO_OUTBOX_KINDS.makeState,
  target: todoTarget(item.id),
  payload: request,
  label: outboxLabel(item.name, request.state === 1 ? TODO_ACTION_LABELS.complete : TODO_ACTION_LABELS.restore),
});

/** A kept 保存 with its waiting attachments uploaded (through the upload port, in the order picked) and added to the item's files. */
async function withKeptFiles(save: QueuedTodoSave, uploader: Uploader | undefined): Promise<TodoSave> {
  const kept = save.files ?? [];
  if (kept.length === 0) return save;
  if (!uploader) throw new ApiError('network', REQUEST_FAILED);
  const files = [...save.body.files];
  for (const file of kept) files.push(todoFileFromUpload(await uploader.upload(sourceOfKept(file))));
  return { id: save.id, body: { ...save.body, files } };
}

export const todoOutboxSenders = (api: Pick<TodoApi, 'makeState' | 'create' | 'update'>, uploader?: Uploader): Readonly<Record<string, OutboxSender>> => ({
  [TODO_OUTBOX_KINDS.makeState]: ((request: MakeStateRequest, opts: { readonly idempotencyKey: string }) => api.makeState(request, opts)) as OutboxSender,
  [TODO_OUTBOX_KINDS.save]: (async (save: QueuedTodoSave, opts: { readonly idempotencyKey: string }) =>
    sendTodoSave(api, await withKeptFiles(save, uploader), opts.idempotencyKey)) as OutboxSender,
});
