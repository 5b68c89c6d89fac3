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

export const APPROVAL_OUTBOX_KINDS = Object.freeze({
  /** 同意 or 拒绝 from a list card, with the opinion typed (body: QuickHandlingBody). */
  quickHandling: 'approval.quickHandling',
  /** 同意, 拒绝 or 退回 from the action screen, with its opinion, attachments and next step (QueuedHandling). */
  handling: 'approval.handling',
  /** 全部标记为已读 in the centre (no body: every received run of the user). */
  markAllRead: 'approval.markAllRead',
} as const);

/** The action screen's handling kept for later: is-node-auto first when the next node is automatic, then the handling. */
export interface QueuedHandling {
  readonly body: HandlingBody;
  readonly autoNode: NodeAutoQuery | null;
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
): Omit<NewOutboxEntry<QueuedHandling>, 'userId'> => ({
  id: session.submissionId ?? newSubmissionId(),
  kind: APPROVAL_OUTBOX_KINDS.handling,
  target: runTarget(session.runId),
  payload: {
    body: request.body,
    autoNode: request.autoNode?.isAuto ? { nodeId: request.autoNode.id, appId: session.appId, formData: session.formData } : null,
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

/**
 * The senders of the approval entries. A quick handling the server does not do at once
 * (the step needs its page: isQuick false) is refused with 此审批需进入详情办理, as in a batch.
 */
export const approvalOutboxSenders = (api: Pick<ApprovalApi, 'quickHandling' | 'handle' | 'isNodeAuto' | 'markAllAsRead'>): Readonly<Record<string, OutboxSender>> => ({
  [APPROVAL_OUTBOX_KINDS.quickHandling]: (async (body: QuickHandlingBody, opts: { readonly idempotencyKey: string }) => {
    const answer = await api.quickHandling(body, opts);
    if (answer?.isQuick !== true) throw invalid(BATCH_NOT_QUICK);
  }) as OutboxSender,
  [APPROVAL_OUTBOX_KINDS.handling]: (async (payload: QueuedHandling, opts: { readonly idempotencyKey: string }) => {
    if (payload.autoNode) await api.isNodeAuto(payload.autoNode);
    await api.handle(payload.body, opts);
  }) as OutboxSender,
  [APPROVAL_OUTBOX_KINDS.markAllRead]: (() => api.markAllAsRead()) as OutboxSender,
});
