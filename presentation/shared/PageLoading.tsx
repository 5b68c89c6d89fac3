import { DotLoading, Skeleton } from 'antd-mobile';
import { LOADING } from './strings';

/** The placeholder while a lazily loaded page or its data arrives. */
export function PageLoading({ lines = 5 }: { lines?: number }) {
  return (
    <div className="cw-page-loading" role="status" aria-label={LOADING}>
      <Skeleton.Title animated />
      <Skeleton.Paragraph lineCount={lines} animated />
      <div className="cw-page-loading__dots">
        <DotLoading color="primary" />
      </div>
    </div>
  );
}
