import type { MessageTab, MessageTabGroup, Notice } from '../../domain/messages/types';
import { token } from '../ports/token';
import type { CallOptions } from '../ports/call';

export type { MessageTab, MessageTabGroup, Notice };

export type { CallOptions };

/** A page as the contract answers it: `{ items, totalCount }`. */
export interface Page<T> {
  readonly items: readonly T[];
  readonly totalCount: number;
}

/** Wire names of the notice page query (SPEC point 7); domain's `noticePageQuery` builds it. */
export interface NoticePageQuery {
  readonly EventId: string;
  readonly SkipCount: number;
  /** 30 in the message centre (SPEC point 9). */
  readonly MaxResultCount: number;
}

/** Message-centre calls (SPEC point 7 "Messages and portal"). */
export interface MessagesApi {
  /** POST send-user-message/read-message {groupId: null}: marks every message read. */
  markAllRead(opts?: CallOptions): Promise<void>;
  /** GET message-group/app-tabs: the groups and their tabs with unread counts (the badge). */
  messageTabs(opts?: CallOptions): Promise<MessageTabGroup[]>;
  /** GET send-user-message/by-eventid: one page of a tab's notices. */
  notices(query: NoticePageQuery, opts?: CallOptions): Promise<Page<Notice>>;
}

export const MESSAGES_API = token<MessagesApi>('MessagesApi');
