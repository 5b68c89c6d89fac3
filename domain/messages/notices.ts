/**
 * Message rules: unread badge, notice data and where a notice leads, notice paging.
 */
import { formatBadge } from '../shared/formats';
import { hasMoreAfterPage, skipCountFor } from '../shared/paging';
import { campusSwitchFromLink } from '../session/campus';
import type { Campus } from '../session/types';
import { safeWebAddress } from '../shell/links';
import { NOTICE_MODULES, type MessageTabGroup, type Notice, type NoticeData, type NoticeTarget, type ScrollMetrics } from './types';

export const NOTICE_PAGE_SIZE = 30;
export const LOAD_MORE_RATIO = 0.8;

/** Sum of the unread counts of every tab; unreadable or negative counts count as 0. */
/** Every tab of every group read: what 全部已读 makes of them (drawn at once when it waits in the outbox). */
export const allRead = (groups: readonly MessageTabGroup[]): MessageTabGroup[] =>
  groups.map((g) => ({ ...g, messageEventAppTabsDtos: (g.messageEventAppTabsDtos ?? []).map((t) => (t.noReadNum ? { ...t, noReadNum: 0 } : t)) }));

export const totalUnread = (groups: readonly MessageTabGroup[] | null | undefined): number => {
  let sum = 0;
  for (const group of groups ?? []) {
    for (const tab of group.messageEventAppTabsDtos ?? []) {
      const n = tab.noReadNum;
      if (typeof n === 'number' && Number.isFinite(n) && n > 0) sum += Math.floor(n);
    }
  }
  return sum;
};

/** The message tab badge: '' when nothing is unread, 99+ above 99. */
export const unreadBadge = (groups: readonly MessageTabGroup[] | null | undefined): string =>
  formatBadge(totalUnread(groups));

const NOTICE_DATA_FIELDS = ['module', 'id', 'type', 'tab', 'campus', 'downloadPath', 'name'] as const;

const asText = (value: unknown): string | undefined => {
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (typeof value !== 'string') return undefined;
  const s = value.trim();
  return s === '' ? undefined : s;
};

/**
 * Decodes a notice's `data` (JSON text, or an object when an adapter already parsed
 * it). Numbers become text, blanks and other types are dropped, unknown keys ignored.
 * null when it is not a JSON object.
 */
export const parseNoticeData = (data: unknown): NoticeData | null => {
  let value: unknown = data;
  if (typeof data === 'string') {
    try {
      value = JSON.parse(data) as unknown;
    } catch {
      return null;
    }
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const record = value as Record<string, unknown>;
  const out: Record<string, string> = {};
  for (const key of NOTICE_DATA_FIELDS) {
    const v = asText(record[key]);
    if (v !== undefined) out[key] = v;
  }
  return out as NoticeData;
};

/**
 * Where tapping a notice leads, in this order: a campus in the data that is not in the
 * user's list stops everything with CAMPUS_NOT_FOUND (another one is switched to first);
 * module OA -> flowApproval with FlowRunId/type/tab; module TodoMatter -> the to-do
 * detail; a downloadPath -> the file page; an http(s) linkUrl -> that link; else none
 * (the notice is only marked read). Addresses that are not http(s) are never followed.
 */
export const noticeTarget = (
  notice: Pick<Notice, 'linkUrl' | 'data' | 'title'>,
  campus: { readonly campuses: readonly Campus[]; readonly storedCampusId: unknown },
): NoticeTarget => {
  const data = parseNoticeData(notice.data);
  let switchCampusTo: string | null = null;
  if (data?.campus !== undefined) {
    const decision = campusSwitchFromLink(campus.campuses, campus.storedCampusId, data.campus);
    if (decision.kind === 'missing') return { kind: 'error', message: decision.message };
    if (decision.kind === 'switch') switchCampusTo = decision.campusId;
  }
  if (data?.module === NOTICE_MODULES.OA && data.id !== undefined) {
    const query = {
      FlowRunId: data.id,
      ...(data.type !== undefined ? { type: data.type } : {}),
      ...(data.tab !== undefined ? { tab: data.tab } : {}),
    };
    return { kind: 'flowApproval', query, switchCampusTo };
  }
  if (data?.module === NOTICE_MODULES.TODO && data.id !== undefined) {
    return { kind: 'todo', todoId: data.id, switchCampusTo };
  }
  const download = safeWebAddress(data?.downloadPath);
  if (download !== null) {
    const name = data?.name ?? asText(notice.title) ?? '';
    return { kind: 'file', url: download, name, switchCampusTo };
  }
  const link = safeWebAddress(notice.linkUrl);
  if (link !== null) return { kind: 'link', url: link, switchCampusTo };
  return { kind: 'none' };
};

/**
 * Load the next notice page once the bottom of the viewport passes 80% of the content,
 * unless a load is running or there is no more.
 */
export const shouldLoadMore = (
  metrics: ScrollMetrics,
  flags: { readonly loading: boolean; readonly hasMore: boolean },
  ratio: number = LOAD_MORE_RATIO,
): boolean => {
  if (flags.loading || !flags.hasMore) return false;
  const { scrollTop, clientHeight, scrollHeight } = metrics;
  if (![scrollTop, clientHeight, scrollHeight, ratio].every(Number.isFinite) || scrollHeight <= 0) return false;
  return scrollTop + clientHeight >= scrollHeight * ratio;
};

export const hasMoreNotices = (received: number): boolean => hasMoreAfterPage(received, NOTICE_PAGE_SIZE);

/** Query of send-user-message/by-eventid for a 1-based page. */
export const noticePageQuery = (
  eventId: string,
  page: number,
): { EventId: string; SkipCount: number; MaxResultCount: number } => ({
  EventId: eventId,
  SkipCount: skipCountFor(page, NOTICE_PAGE_SIZE),
  MaxResultCount: NOTICE_PAGE_SIZE,
});
