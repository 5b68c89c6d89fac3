/**
 * The approval actions the outbox keeps while there is no network (application/offline),
 * by the name its senders know them by, and how each is sent when the network is back.
 */
import {
  ACTION_AGREE,
  ACTION_REJECT,
  ACTION_RETURN,
  ACTION_TITLE_AGREE,
  ACTION_TITLE_REJECT,
  ACTION_TITLE_RETURN,
  BATCH_NOT_QUICK,
  MARK_ALL_READ,
  quickHandlingBody,
  type FlowRunListItem,
  type AttachmentRef,
  type HandlingBody,
  type QuickAction,
  type QuickHandlingBody,
} from '../../domain/approval';
import type { ActionSession } from './handoff';
import { newSubmissionId } from '../shared/idempotency';
import { outboxLabel, runTarget, RUNS_READ_TARGET } from '../../domain/offline';
import type { NewOutboxEntry } from '../../domain/offline/outbox';
import type { OutboxSender } from '../offline/ports';
import { invalid } from '../shared/failure';
import type { ApprovalApi, NodeAutoQuery } from './ports';
import type { Uploader } from '../ports/upload';
import { ApiError, REQUEST_FAILED } from '../ports/errors';
import { sourceOfKept, type KeptFile } from '../offline/keptFiles';
import { attachmentFromUpload, uploadSignature } from './action';

export const APPROVAL_OUTBOX_KINDS = Object.freeze({
  /** 同意 or 拒绝 from a list card, with the opinion typed (body: QuickHandlingBody). */
  quickHandling: 'approval.quickHandling',
  /** 同意, 拒绝 or 退回 from the action screen, with its opinion, attachments and next step (QueuedHandling). */
  handling: 'approval.handling',
  /** 全部标记为已读 in the centre (no body: every received run of the user). */
  markAllRead: 'approval.markAllRead',
} as const);

/**
 * The action screen's handling kept for later: the files picked without a network and the
 * signature drawn without one go up first (their addresses join the body), then
 * is-node-auto when the next node is automatic, then the handling.
 */
export interface QueuedHandling {
  readonly body: HandlingBody;
  readonly autoNode: NodeAutoQuery | null;
  /** Absent or empty: nothing to upload first. */
  readonly files?: readonly KeptFile[];
  readonly signature?: KeptFile | null;
}

/** What goes up before the handling: attachments not uploaded yet, and the signature. */
export interface KeptUploads {
  readonly files: readonly KeptFile[];
  readonly signature: KeptFile | null;
}

const ACTION_TITLES: Readonly<Record<number, string>> = Object.freeze({
  [ACTION_AGREE]: ACTION_TITLE_AGREE,
  [ACTION_REJECT]: ACTION_TITLE_REJECT,
  [ACTION_RETURN]: ACTION_TITLE_RETURN,
});

/** The action screen's 确认 kept for later, with the session's submission key (the one its attempt carried). */
export const queuedHandling = (
  session: Pick<ActionSession, 'runId' | 'title' | 'actionType' | 'appId' | 'formData' | 'submissionId'>,
  request: { readonly body: HandlingBody; readonly autoNode: { readonly id: string; readonly isAuto: boolean } | null },
  opinion: string,
  uploads: KeptUploads = { files: [], signature: null },
): Omit<NewOutboxEntry<QueuedHandling>, 'userId'> => ({
  id: session.submissionId ?? newSubmissionId(),
  kind: APPROVAL_OUTBOX_KINDS.handling,
  target: runTarget(session.runId),
  payload: {
    body: request.body,
    autoNode: request.autoNode?.isAuto ? { nodeId: request.autoNode.id, appId: session.appId, formData: session.formData } : null,
    ...(uploads.files.length > 0 ? { files: uploads.files } : {}),
    ...(uploads.signature ? { signature: uploads.signature } : {}),
  },
  label: outboxLabel(session.title, ACTION_TITLES[session.actionType] ?? ACTION_TITLE_AGREE),
  text: opinion,
});

/** 全部标记为已读 kept for later: one entry, whatever it marks when it goes. */
export const queuedMarkAllRead = (key: string): Omit<NewOutboxEntry<null>, 'userId'> => ({
  id: key,
  kind: APPROVAL_OUTBOX_KINDS.markAllRead,
  target: RUNS_READ_TARGET,
  payload: null,
  label: MARK_ALL_READ,
  text: '',
});

/** A card's 同意 or 拒绝 kept for later, with the key its first attempt carried. */
export const queuedQuickHandling = (item: Pick<FlowRunListItem, 'id' | 'title'>, action: QuickAction, key: string, opinion?: string | null): Omit<NewOutboxEntry<QuickHandlingBody>, 'userId'> => ({
  id: key,
  kind: APPROVAL_OUTBOX_KINDS.quickHandling,
  target: runTarget(item.id),
  payload: quickHandlingBody(item.id, action, opinion),
  label: outboxLabel(item.title, action === 'approve' ? ACTION_TITLE_AGREE : ACTION_TITLE_REJECT),
  text: opinion ?? '',
});

/** The handling body with the kept files and signature uploaded, in the order they were picked. */
async function withKeptUploads(payload: QueuedHandling, uploader: Uploader | undefined): Promise<HandlingBody> {
  const files = payload.files ?? [];
  const signature = payload.signature ?? null;
  if (files.length === 0 && !signature) return payload.body;
  if (!uploader) throw new ApiError('network', REQUEST_FAILED);
  const uploaded: AttachmentRef[] = [];
  for (const kept of files) uploaded.push(attachmentFromUpload(await uploader.upload(sourceOfKept(kept))));
  const drawn = signature ? await uploadSignature(uploader, sourceOfKept(signature)) : null;
  return {
    ...payload.body,
    files: [...payload.body.files, ...uploaded],
    ...(drawn ? { autographPath: drawn.path, autographObject: drawn.object } : {}),
  };
}

/**
 * The senders of the approval entries. A quick handling the server does not do at once
 * (the step needs its page: isQuick false) is refused with 此审批需进入详情办理, as in a batch.
 * A handling with files or a signature kept on the phone uploads them first through the
 * upload port (a failed upload fails the attempt as any call does: no network, it waits).
 */
export const approvalOutboxSenders = (
  api: Pick<ApprovalApi, 'quickHandling' | 'handle' | 'isNodeAuto' | 'markAllAsRead'>,
  uploader?: Uploader,
): Readonly<Record<string, OutboxSender>> => ({
  [APPROVAL_OUTBOX_KINDS.quickHandling]: (async (body: QuickHandlingBody, opts: { readonly idempotencyKey: string }) => {
    const answer = await api.quickHandling(body, opts);
    if (answer?.isQuick !== true) throw invalid(BATCH_NOT_QUICK);
  }) as OutboxSender,
  [APPROVAL_OUTBOX_KINDS.handling]: (async (payload: QueuedHandling, opts: { readonly idempotencyKey: string }) => {
    const body = await withKeptUploads(payload, uploader);
    if (payload.autoNode) await api.isNodeAuto(payload.autoNode);
    await api.handle(body, opts);
  }) as OutboxSender,
  [APPROVAL_OUTBOX_KINDS.markAllRead]: (() => api.markAllAsRead()) as OutboxSender,
});
