import type { CallOptions, MessageTabGroup, MessagesApi, Notice, NoticePageQuery, Page } from '../../application/messages/ports';
import type { HttpClient } from '../http/httpClient';
import { MessageTabGroupListSchema, NoticePageSchema } from './schemas';

const MSG = '/v1/message-service/api';

export const MESSAGES_PATHS = Object.freeze({
  markAllRead: `${MSG}/send-user-message/read-message`,
  tabs: `${MSG}/message-group/app-tabs`,
  notices: `${MSG}/send-user-message/by-eventid`,
});

export class HttpMessagesApi implements MessagesApi {
  constructor(private readonly http: HttpClient) {}

  async markAllRead(opts: CallOptions = {}): Promise<void> {
    // groupId null: every group (CONTRACT.md "Mark all messages read"). The answer is not read.
    await this.http.request({ method: 'POST', url: MESSAGES_PATHS.markAllRead, data: { groupId: null }, schema: null, signal: opts.signal });
  }

  messageTabs(opts: CallOptions = {}): Promise<MessageTabGroup[]> {
    return this.http.request({ method: 'GET', url: MESSAGES_PATHS.tabs, schema: MessageTabGroupListSchema, signal: opts.signal, drawnFirst: opts.drawnFirst });
  }

  notices(query: NoticePageQuery, opts: CallOptions = {}): Promise<Page<Notice>> {
    return this.http.request({
      method: 'GET',
      url: MESSAGES_PATHS.notices,
      params: { EventId: query.EventId, SkipCount: query.SkipCount, MaxResultCount: query.MaxResultCount },
      schema: NoticePageSchema,
      signal: opts.signal,
    });
  }
}
