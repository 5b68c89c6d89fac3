/**
 * The message actions the outbox keeps while there is no network (application/offline):
 * 全部已读, sent when the network is back. Marking read is the same however often it is
 * sent, so the entry needs no body.
 */
import { MARK_ALL_READ_LABEL } from '../../domain/messages/messages';
import { MESSAGES_READ_TARGET, type NewOutboxEntry } from '../../domain/offline/outbox';
import type { OutboxSender } from '../offline/ports';
import { newSubmissionId } from '../shared/idempotency';
import type { MessagesApi } from './ports';

export const MESSAGES_OUTBOX_KINDS = Object.freeze({
  markAllRead: 'messages.markAllRead',
} as const);

export const queuedMessagesRead = (key: string = newSubmissionId()): Omit<NewOutboxEntry<null>, 'userId'> => ({
  id: key,
  kind: MESSAGES_OUTBOX_KINDS.markAllRead,
  target: MESSAGES_READ_TARGET,
  payload: null,
  label: MARK_ALL_READ_LABEL,
  text: '',
});

export const messagesOutboxSenders = (api: Pick<MessagesApi, 'markAllRead'>): Readonly<Record<string, OutboxSender>> => ({
  [MESSAGES_OUTBOX_KINDS.markAllRead]: (() => api.markAllRead()) as OutboxSender,
});
