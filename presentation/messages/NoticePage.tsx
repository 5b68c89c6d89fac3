import { DotLoading, Empty, Skeleton, Toast } from 'antd-mobile';
import { ClockCircleOutline, RightOutline } from 'antd-mobile-icons';
import { memo, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import { MESSAGES_API, type MessagesApi, type Notice } from '../../application/messages/ports';
import { followNotice, loadNoticePage, withAbsoluteAddresses } from '../../application/messages/useCases';
import type { Navigator } from '../../application/ports/runtime';
import type { CampusStore } from '../../application/ports/session';
import type { LinkOpener } from '../../application/shell/links';
import { CAMPUS_STORE, LINK_OPENER } from '../../application/ports/tokens';
import { noticeTarget, shouldLoadMore } from '../../domain/messages/notices';
import { formatNoticeDate } from '../../domain/shared/formats';
import type { Campus } from '../../domain/session/types';
import { useInjection } from '../shared/di';
import { PageLayout } from '../shared/layout/PageLayout';
import { VirtualList } from '../shared/VirtualList';
import { useCampuses } from '../shared/session';
import { sanitizeServerHtml } from '../shared/serverHtml/sanitize';
import { ServerHtml } from '../shared/serverHtml/ServerHtml';
import { LOADING_MORE, NO_MORE, NO_NOTICES, NOTICE_DEFAULT_TITLE, VIEW_DETAILS } from './strings';
import './messages.css';

interface ListState {
  readonly items: readonly Notice[];
  /** The last page loaded (1-based); 0 before the first answer. */
  readonly page: number;
  readonly loading: boolean;
  readonly hasMore: boolean;
}

const INITIAL: ListState = { items: [], page: 0, loading: true, hasMore: true };

/** A short notice; only rows not measured yet use it (shared/VirtualList). */
const NOTICE_HEIGHT = 140;
const noticeKey = (notice: Notice): string => notice.id;

/** The element that scrolls the list: the nearest scrollable ancestor, else the document. */
const scrollerOf = (el: HTMLElement | null): HTMLElement => {
  for (let node = el?.parentElement ?? null; node; node = node.parentElement) {
    const { overflowY } = getComputedStyle(node);
    if ((overflowY === 'auto' || overflowY === 'scroll') && node.scrollHeight > node.clientHeight) return node;
  }
  return (document.scrollingElement as HTMLElement | null) ?? document.documentElement;
};

const metricsOf = (el: HTMLElement) => ({ scrollTop: el.scrollTop, clientHeight: el.clientHeight, scrollHeight: el.scrollHeight });

/**
 * A message tab's notices (page/notice?id=&name=, SPEC point 2): 30 a page, the next
 * page once the scroll passes 80%; each notice with its title, time (with seconds) and
 * sanitised HTML; tapping one follows its link data.
 */
export function NoticePage() {
  const search = useSearch();
  const params = useMemo(() => new URLSearchParams(search), [search]);
  const eventId = params.get('id') ?? '';
  const name = params.get('name')?.trim() || NOTICE_DEFAULT_TITLE;

  const api = useInjection<MessagesApi>(MESSAGES_API);
  const links = useInjection<LinkOpener>(LINK_OPENER);
  const campusStore = useInjection<CampusStore>(CAMPUS_STORE);
  const { campuses } = useCampuses();
  const [, navigate] = useLocation();

  const [state, setState] = useState<ListState>(INITIAL);
  const stateRef = useRef(state);
  stateRef.current = state;
  const listRef = useRef<HTMLDivElement>(null);
  const abortRef = useRef<AbortController | null>(null);

  const loadPage = useCallback(
    async (page: number) => {
      if (!eventId) {
        setState({ items: [], page: 0, loading: false, hasMore: false });
        return;
      }
      const controller = new AbortController();
      abortRef.current = controller;
      setState((s) => ({ ...s, loading: true }));
      const answer = await loadNoticePage(api, eventId, page, undefined, { signal: controller.signal });
      if (controller.signal.aborted) return;
      for (const n of answer.items) sanitizeServerHtml(n.context);
      setState((s) => ({
        items: page === 1 ? answer.items : [...s.items, ...answer.items.filter((n) => !s.items.some((m) => m.id === n.id))],
        page,
        loading: false,
        hasMore: answer.hasMore,
      }));
    },
    [api, eventId],
  );

  useEffect(() => {
    setState(INITIAL);
    void loadPage(1);
    return () => abortRef.current?.abort();
  }, [loadPage]);

  const maybeLoadMore = useCallback(() => {
    const s = stateRef.current;
    if (s.page === 0) return;
    if (shouldLoadMore(metricsOf(scrollerOf(listRef.current)), { loading: s.loading, hasMore: s.hasMore })) void loadPage(s.page + 1);
  }, [loadPage]);

  // Scroll anywhere (capture: whichever element scrolls the page) may ask for more.
  useEffect(() => {
    const onScroll = () => maybeLoadMore();
    document.addEventListener('scroll', onScroll, { capture: true, passive: true });
    return () => document.removeEventListener('scroll', onScroll, { capture: true });
  }, [maybeLoadMore]);

  // A page that does not fill the screen cannot be scrolled: ask again after each load.
  useEffect(() => {
    if (!state.loading) maybeLoadMore();
  }, [state.loading, state.items.length, maybeLoadMore]);

  const navigator = useMemo<Navigator>(
    () => ({
      go: (path, opts) => navigate(path, { replace: opts?.replace ?? false, state: opts?.state }),
      back: (steps = 1) => window.history.go(-steps),
      reload: () => window.location.reload(),
    }),
    [navigate],
  );

  const open = useCallback(
    (notice: Notice) => {
      const outcome = followNotice(notice, { campuses, campusStore, navigator, links, origin: window.location.origin });
      if (outcome.kind === 'error') Toast.show({ icon: 'fail', content: outcome.message });
    },
    [campuses, campusStore, navigator, links],
  );

  const storedCampusId = campusStore.get();
  const renderNotice = useCallback(
    (notice: Notice) => <NoticeCard notice={notice} campuses={campuses} storedCampusId={storedCampusId} onOpen={open} />,
    [campuses, storedCampusId, open],
  );

  const firstLoad = state.page === 0 && state.loading;
  return (
    <PageLayout title={name}>
      <div className="cw-notices" ref={listRef}>
        {firstLoad ? (
          <div role="status" aria-label={LOADING_MORE}>
            {[0, 1, 2].map((i) => (
              <div key={i} className="cw-notice cw-notice--skeleton">
                <Skeleton.Title animated />
                <Skeleton.Paragraph lineCount={3} animated />
              </div>
            ))}
          </div>
        ) : state.items.length === 0 ? (
          <Empty className="cw-msg__empty" description={NO_NOTICES} />
        ) : (
          <>
            <VirtualList items={state.items} itemKey={noticeKey} renderItem={renderNotice} estimateSize={NOTICE_HEIGHT} />
            <div className="cw-notices__footer" aria-live="polite">
              {state.loading ? (
                <span>
                  {LOADING_MORE}
                  <DotLoading />
                </span>
              ) : state.hasMore ? null : (
                <span>{NO_MORE}</span>
              )}
            </div>
          </>
        )}
      </div>
    </PageLayout>
  );
}

interface NoticeCardProps {
  notice: Notice;
  campuses: readonly Campus[];
  storedCampusId: string | null;
  onOpen: (notice: Notice) => void;
}

const NoticeCard = memo(function NoticeCard({ notice, campuses, storedCampusId, onOpen }: NoticeCardProps) {
  const leads = useMemo(
    () => noticeTarget(withAbsoluteAddresses(notice, window.location.origin), { campuses, storedCampusId }).kind !== 'none',
    [notice, campuses, storedCampusId],
  );
  const time = formatNoticeDate(notice.realitySendTime);

  return (
    <article
      className={`cw-notice${leads ? ' cw-notice--link' : ''}`}
      aria-label={notice.title}
      onClick={leads ? () => onOpen(notice) : undefined}
    >
      <header className="cw-notice__head">
        <h2 className="cw-notice__title">{notice.title}</h2>
        {time ? (
          <time className="cw-notice__time" dateTime={time}>
            <ClockCircleOutline fontSize={12} /> {time}
          </time>
        ) : null}
      </header>
      <ServerHtml className="cw-notice__body" html={notice.context} />
      {leads ? (
        <footer className="cw-notice__foot">
          <button
            type="button"
            className="cw-notice__more"
            onClick={(e) => {
              e.stopPropagation();
              onOpen(notice);
            }}
          >
            <span>{VIEW_DETAILS}</span>
            <RightOutline fontSize={12} />
          </button>
        </footer>
      ) : null}
    </article>
  );
});

export default NoticePage;
