/**
 * Message-centre use cases (SPEC point 2 "Home and me", point 4 "Message centre",
 * "Notice list", point 6 "Campus switching"). Plain async functions over ports, so they
 * run under tests without React or effector; they answer Outcomes and show nothing.
 */
import { hasMoreNotices, noticePageQuery, noticeTarget, parseNoticeData } from '../../domain/messages/notices';
import type { Campus } from '../../domain/session/types';
import { resolveWebAddress } from '../../domain/shell/links';
import type { Navigator } from '../ports/runtime';
import type { CampusStore } from '../ports/session';
import type { LinkOpener } from '../shell/links';
import type { CallOptions, MessagesApi, MessageTabGroup, Notice } from './ports';
import { attempt, type Outcome } from '../shared/failure';
import { ok } from '../../domain/shared/result';
import { noticeApprovalPath, noticeTodoPath } from './paths';
import type { Log } from '../ports/logger';

/**
 * The message tab groups. A failure is answered, not shown: message fetch failures are
 * logged only (SPEC point 8), so the screen keeps whatever it showed before.
 */
export const loadMessageTabs = (api: MessagesApi, opts?: CallOptions): Promise<Outcome<MessageTabGroup[]>> =>
  attempt(() => api.messageTabs(opts));

/**
 * Marks every message read (groupId null). The confirm (确认标记所有消息为已读？) comes
 * before, the reload of the tabs after: both are the screen model's.
 */
export const markAllMessagesRead = (api: MessagesApi): Promise<Outcome<void>> => attempt(() => api.markAllRead());

export interface NoticePage {
  readonly items: readonly Notice[];
  /** Another page may follow: this one was full (30). */
  readonly hasMore: boolean;
}

/** One page (1-based) of a tab's notices, 30 per page (SPEC point 9). */
export async function loadNoticePage(api: MessagesApi, eventId: string, page: number, opts?: CallOptions): Promise<Outcome<NoticePage>> {
  const answer = await attempt(() => api.notices(noticePageQuery(eventId, page), opts));
  return answer.ok ? ok({ items: answer.value.items, hasMore: hasMoreNotices(answer.value.items.length) }) : answer;
}

export interface FollowNoticeDeps {
  /** The signed-in user's campuses (school-campus/user). */
  readonly campuses: readonly Campus[];
  readonly campusStore: CampusStore;
  readonly navigator: Navigator;
  /** Files and links go through the link policy. */
  readonly links: Pick<LinkOpener, 'open'>;
  /**
   * The page's origin (e.g. `https://school.example`). Servers, the sandbox among them,
   * send download paths and links as site paths ('/files/a.pdf'); the domain only
   * follows absolute http(s) addresses, so site paths are made absolute first.
   */
  readonly origin: string;
}

export type FollowNoticeOutcome =
  | { readonly kind: 'none' }
  | { readonly kind: 'error'; readonly message: string }
  | { readonly kind: 'opened'; readonly campusSwitched: boolean };

/** A site path made absolute (domain resolveWebAddress); anything else is left for noticeTarget to judge. */
const sitePathToAbsolute = (value: unknown, origin: string): unknown => {
  if (typeof value !== 'string' || !value.trim().startsWith('/')) return value;
  return resolveWebAddress(value, origin) ?? value;
};

/** The notice with its site-relative download path and link made absolute. */
export const withAbsoluteAddresses = (notice: Notice, origin: string): Notice => {
  const data = parseNoticeData(notice.data);
  const downloadPath = data?.downloadPath;
  const absoluteData =
    data !== null && downloadPath !== undefined
      ? JSON.stringify({ ...data, downloadPath: sitePathToAbsolute(downloadPath, origin) })
      : notice.data;
  return { ...notice, data: absoluteData, linkUrl: sitePathToAbsolute(notice.linkUrl, origin) as string | null | undefined };
};

/**
 * Follows a notice's link data (domain `noticeTarget`): OA runs open the approval page,
 * TodoMatter items the to-do, a downloadPath the file (page/file, or natively in the
 * shell), an http(s) linkUrl a web view. A campus the user does not have answers
 * 该校区不存在 and nothing opens; another campus of the user's is stored first and the
 * target page is reloaded, so every call from then on carries the new Campus header.
 */
export function followNotice(notice: Notice, deps: FollowNoticeDeps): FollowNoticeOutcome {
  const target = noticeTarget(withAbsoluteAddresses(notice, deps.origin), {
    campuses: deps.campuses,
    storedCampusId: deps.campusStore.get(),
  });
  if (target.kind === 'none') return target;
  if (target.kind === 'error') return target;
  if (target.switchCampusTo !== null) deps.campusStore.set(target.switchCampusTo);
  switch (target.kind) {
    case 'flowApproval': {
      deps.navigator.go(noticeApprovalPath(target.query));
      break;
    }
    case 'todo':
      deps.navigator.go(noticeTodoPath(target.todoId));
      break;
    case 'file':
      if (deps.links.open(target.url, 'file', target.name).kind === 'refused') return { kind: 'none' };
      break;
    case 'link':
      if (deps.links.open(target.url, 'notice', notice.title).kind === 'refused') return { kind: 'none' };
      break;
  }
  const campusSwitched = target.switchCampusTo !== null;
  if (campusSwitched) deps.navigator.reload();
  return { kind: 'opened', campusSwitched };
}

export type { Log };
