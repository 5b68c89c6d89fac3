/**
 * The approval actions the outbox keeps while there is no network (application/offline),
 * by the name its senders know them by, and how each is sent when the network is back.
 */
import { ACTION_TITLE_AGREE, ACTION_TITLE_REJECT, BATCH_NOT_QUICK, quickHandlingBody, type FlowRunListItem, type QuickAction, type QuickHandlingBody } from '../../domain/approval';
import { outboxLabel, runTarget } from '../../domain/offline';
import type { NewOutboxEntry } from '../../domain/offline/outbox';
import type { OutboxSender } from '../offline/ports';
import { invalid } from '../shared/failure';
import type { ApprovalApi } from './ports';

export const APPROVAL_OUTBOX_KINDS = Object.freeze({
  /** 同意 or 拒绝 from a list card, with the opinion typed (body: QuickHandlingBody). */
  quickHandling: 'approval.quickHandling',
} as const);

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
export const approvalOutboxSenders = (api: Pick<ApprovalApi, 'quickHandling'>): Readonly<Record<string, OutboxSender>> => ({
  [APPROVAL_OUTBOX_KINDS.quickHandling]: (async (body: QuickHandlingBody, opts: { readonly idempotencyKey: string }) => {
    const answer = await api.quickHandling(body, opts);
    if (answer?.isQuick !== true) throw invalid(BATCH_NOT_QUICK);
  }) as OutboxSender,
});
