/**
 * A message tab's notice list (page/notice?id=&name=, SPEC point 2, point 4 "Notice
 * list", point 9): 30 a page, the next page when the screen asks (its scroll passed
 * 80%), and tapping a notice follows its link data (campus switching, 该校区不存在).
 * A failed page is logged and stops the list, so it never spins for ever and never
 * retries in a loop at the bottom of the scroll (SPEC point 8: message fetch failures
 * are logged only, no toast); the screen says 加载失败 with 重试 where the list stopped,
 * never 暂无通知 for a list it could not load.
 */
import { attach, combine, createEffect, createEvent, createStore, sample, type Store } from 'effector';
import { noticeTarget } from '../../domain/messages/notices';
import type { Campus } from '../../domain/session/types';
import type { Navigator, Notifier } from '../ports/runtime';
import type { CampusStore } from '../ports/session';
import { CAMPUS_STORE, LINK_OPENER, NAVIGATOR, NOTIFIER } from '../ports/tokens';
import { defineScreen } from '../shared/screens';
import { SESSION_MODEL } from '../session/model';
import type { LinkOpener } from '../shell/links';
import { MESSAGES_API, type MessagesApi, type Notice } from './ports';
import { followNotice, loadNoticePage, withAbsoluteAddresses, type Log } from './useCases';
import { LOGGER } from '../ports/logger';

export interface NoticeListDeps {
  readonly api: MessagesApi;
  readonly notifier: Pick<Notifier, 'fail'>;
  readonly navigator: Pick<Navigator, 'go' | 'back' | 'reload'>;
  readonly links: Pick<LinkOpener, 'open'>;
  readonly campusStore: CampusStore;
  /** The signed-in user's campuses (the session's). */
  readonly $campuses: Store<readonly Campus[]>;
  /** The page's origin: site paths in notices are read against it. */
  readonly origin: string;
  /** The tab (message event) whose notices are listed. */
  readonly eventId: string;
  readonly log?: Log;
}

interface PageAnswer {
  readonly page: number;
  readonly items: readonly Notice[];
  readonly hasMore: boolean;
  /** The page could not be loaded (logged): the list stops there until 重试. */
  readonly failed?: boolean;
}

/** Appends a page, leaving out notices already shown. */
const appendNotices = (current: readonly Notice[], next: readonly Notice[]): readonly Notice[] => {
  const seen = new Set(current.map((n) => n.id));
  return [...current, ...next.filter((n) => !seen.has(n.id))];
};

export function createNoticeListModel(deps: NoticeListDeps) {
  const log: Log = deps.log ?? (() => undefined);
  let inFlight: AbortController | null = null;

  const opened = createEvent();
  /** The screen's scroll passed 80% (or the page does not fill the screen): the next page. */
  const moreWanted = createEvent();
  const noticeOpened = createEvent<Notice>();

  const fetchPageFx = createEffect(async (page: number): Promise<PageAnswer | null> => {
    if (!deps.eventId) return { page, items: [], hasMore: false };
    inFlight?.abort();
    const controller = new AbortController();
    inFlight = controller;
    const answer = await loadNoticePage(deps.api, deps.eventId, page, { signal: controller.signal });
    if (inFlight === controller) inFlight = null;
    if (answer.ok) return { page, ...answer.value };
    if (answer.error.kind === 'cancelled') return null;
    log('[messages] loading notices failed', answer.error);
    return { page, items: [], hasMore: false, failed: true };
  });

  const $items = createStore<readonly Notice[]>([], { serialize: 'ignore' });
  /** The last page loaded (1-based); 0 before the first answer. */
  const $page = createStore(0, { serialize: 'ignore' });
  const $hasMore = createStore(true, { serialize: 'ignore' });
  const $loading = createStore(true, { serialize: 'ignore' })
    .on(fetchPageFx, () => true)
    .on(fetchPageFx.doneData, (loading, answer) => (answer === null ? loading : false));
  /** The first page is on its way: the skeleton shows. */
  const $firstLoad = combine($page, $loading, (page, loading) => page === 0 && loading);

  const answered = sample({ clock: fetchPageFx.doneData, filter: (a): a is PageAnswer => a !== null && a.failed !== true });
  const failedPage = sample({ clock: fetchPageFx.doneData, filter: (a): a is PageAnswer => a !== null && a.failed === true });
  $items.on(answered, (items, a) => (a.page === 1 ? a.items : appendNotices(items, a.items)));
  $page.on(answered, (_, a) => a.page);
  $hasMore.on(answered, (_, a) => a.hasMore).on(failedPage, () => false);
  /** The last page asked failed: 加载失败 with 重试 where the list stopped. */
  const $failed = createStore(false, { serialize: 'ignore' }).on(failedPage, () => true).reset(fetchPageFx);
  /** 重试: the page that failed, again. */
  const retried = createEvent();
  sample({ clock: retried, source: { page: $page, failed: $failed }, filter: ({ failed }) => failed, fn: ({ page }) => page + 1, target: fetchPageFx });
  $hasMore.on(retried, () => true);

  sample({ clock: opened, fn: () => 1, target: fetchPageFx });
  sample({
    clock: moreWanted,
    source: { page: $page, loading: $loading, hasMore: $hasMore },
    filter: ({ page, loading, hasMore }) => page > 0 && !loading && hasMore,
    fn: ({ page }) => page + 1,
    target: fetchPageFx,
  });

  // ----- where a notice leads -----
  /** The ids of the notices that lead somewhere (a card shows 查看详情 and opens on a tap). */
  const $leading = combine($items, deps.$campuses, (items, campuses): ReadonlySet<string> => {
    const storedCampusId = deps.campusStore.get();
    const ids = new Set<string>();
    for (const n of items) {
      if (noticeTarget(withAbsoluteAddresses(n, deps.origin), { campuses, storedCampusId }).kind !== 'none') ids.add(n.id);
    }
    return ids;
  });

  const followFx = attach({
    source: deps.$campuses,
    mapParams: (notice: Notice, campuses: readonly Campus[]) => ({ notice, campuses }),
    effect: createEffect(({ notice, campuses }: { notice: Notice; campuses: readonly Campus[] }) => {
      const outcome = followNotice(notice, {
        campuses,
        campusStore: deps.campusStore,
        navigator: deps.navigator,
        links: deps.links,
        origin: deps.origin,
      });
      if (outcome.kind === 'error') deps.notifier.fail(outcome.message);
    }),
  });
  sample({ clock: noticeOpened, target: followFx });

  return {
    $items,
    $page,
    $hasMore,
    $loading,
    $firstLoad,
    $failed,
    $leading,
    opened,
    retried,
    moreWanted,
    noticeOpened,
    dispose: () => inFlight?.abort(),
  };
}

export type NoticeListModel = ReturnType<typeof createNoticeListModel>;

/** One notice list per open tab. */
export const noticeListScreen = defineScreen({
  name: 'noticeList',
  lifetime: 'screen',
  key: (p: { eventId: string; origin: string }) => p.eventId,
  create: (get, p) =>
    createNoticeListModel({
      api: get(MESSAGES_API),
      notifier: get(NOTIFIER),
      navigator: get(NAVIGATOR),
      links: get(LINK_OPENER),
      campusStore: get(CAMPUS_STORE),
      $campuses: get(SESSION_MODEL).$campuses,
      origin: p.origin,
      eventId: p.eventId,
      log: get(LOGGER),
    }),
});
