import { Button, DotLoading, Empty, Skeleton } from 'antd-mobile';
import { ClockCircleOutline, RightOutline } from 'antd-mobile-icons';
import { useUnit } from 'effector-react';
import { memo, useCallback, useEffect, useMemo, useRef } from 'react';
import { useSearch } from 'wouter';
import { noticeListScreen } from '../../application/messages/noticeModel';
import type { Notice } from '../../application/messages/ports';
import { shouldLoadMore } from '../../domain/messages/notices';
import { formatNoticeDate } from '../../domain/shared/formats';
import { ErrorState } from '../shared/ErrorState';
import { PageLayout } from '../shared/layout/PageLayout';
import { LOAD_FAILED, RETRY } from '../shared/strings';
import { useScreenModel } from '../shared/screenModel';
import { VirtualList } from '../shared/VirtualList';
import { sanitizeServerHtml } from '../shared/serverHtml/sanitize';
import { ServerHtml } from '../shared/serverHtml/ServerHtml';
import { LOADING_MORE, NO_MORE, NO_NOTICES, NOTICE_DEFAULT_TITLE, VIEW_DETAILS } from './strings';
import './messages.css';

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

  const model = useScreenModel(noticeListScreen, { eventId, origin: window.location.origin });
  const [items, loading, hasMore, firstLoad, leading, failed] = useUnit([model.$items, model.$loading, model.$hasMore, model.$firstLoad, model.$leading, model.$failed]);
  const on = useUnit({ moreWanted: model.moreWanted, noticeOpened: model.noticeOpened, retried: model.retried });
  const listRef = useRef<HTMLDivElement>(null);


  // Each notice's HTML is sanitised once, before the rows that show it are drawn.
  useMemo(() => {
    for (const n of items) sanitizeServerHtml(n.context);
  }, [items]);

  // The stores, for the scroll listener (added once).
  const status = useRef({ loading, hasMore });
  status.current = { loading, hasMore };
  const maybeLoadMore = useCallback(() => {
    if (shouldLoadMore(metricsOf(scrollerOf(listRef.current)), status.current)) on.moreWanted();
  }, [on]);

  // Scroll anywhere (capture: whichever element scrolls the page) may ask for more.
  useEffect(() => {
    const onScroll = () => maybeLoadMore();
    document.addEventListener('scroll', onScroll, { capture: true, passive: true });
    return () => document.removeEventListener('scroll', onScroll, { capture: true });
  }, [maybeLoadMore]);

  // A page that does not fill the screen cannot be scrolled: ask again after each load.
  useEffect(() => {
    if (!loading) maybeLoadMore();
  }, [loading, items.length, maybeLoadMore]);

  const renderNotice = useCallback(
    (notice: Notice) => <NoticeCard notice={notice} leads={leading.has(notice.id)} onOpen={on.noticeOpened} />,
    [leading, on],
  );

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
        ) : items.length === 0 && failed ? (
          <ErrorState title={LOAD_FAILED} actionText={RETRY} onAction={() => void on.retried()} />
        ) : items.length === 0 ? (
          <Empty className="cw-msg__empty" description={NO_NOTICES} />
        ) : (
          <>
            <VirtualList items={items} itemKey={noticeKey} renderItem={renderNotice} estimateSize={NOTICE_HEIGHT} />
            <div className="cw-notices__footer" aria-live="polite">
              {loading ? (
                <span>
                  {LOADING_MORE}
                  <DotLoading />
                </span>
              ) : failed ? (
                <span>
                  {LOAD_FAILED}
                  <Button size="mini" fill="none" color="primary" onClick={() => void on.retried()}>
                    {RETRY}
                  </Button>
                </span>
              ) : hasMore ? null : (
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
  /** The notice leads somewhere (application/messages/noticeModel.ts): 查看详情, and a tap opens it. */
  leads: boolean;
  onOpen: (notice: Notice) => void;
}

const NoticeCard = memo(function NoticeCard({ notice, leads, onOpen }: NoticeCardProps) {
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
