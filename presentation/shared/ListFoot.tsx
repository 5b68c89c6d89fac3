import { Button, InfiniteScroll } from 'antd-mobile';
import { LOAD_FAILED, LOADING, NO_MORE, RETRY } from './strings';
import { FooterDots } from './VirtualList';

export interface ListFootProps {
  /** The next page (the list model's loadMore); a rejection shows 加载失败 with 重试. */
  loadMore: () => Promise<unknown>;
  hasMore: boolean;
  className?: string;
  /** Whether 加载中 shows while a page loads (not while the first page's skeleton does). */
  loading?: boolean;
  /** Whether 没有更多了 shows at the end (not under an empty list's own message). */
  end?: boolean;
}

/**
 * The foot of a list that loads by pages as it scrolls: 加载失败 with 重试 when a page
 * failed, 加载中 while one loads, 没有更多了 at the end. One place for every list.
 */
export function ListFoot({ loadMore, hasMore, className, loading = true, end = true }: ListFootProps) {
  return (
    <InfiniteScroll loadMore={async () => void (await loadMore())} hasMore={hasMore}>
      {(more, failed, retry) =>
        failed ? (
          <span className={className}>
            {LOAD_FAILED}
            <Button size="mini" fill="none" color="primary" onClick={() => void retry()}>
              {RETRY}
            </Button>
          </span>
        ) : more ? (
          loading ? (
            <span className={className}>
              {LOADING}
              <FooterDots />
            </span>
          ) : null
        ) : end ? (
          <span className={className}>{NO_MORE}</span>
        ) : null
      }
    </InfiniteScroll>
  );
}
