import { Button } from 'antd-mobile';
// From its own module: the component's index also builds antd's ErrorBlock with the pictures.
import { createErrorBlock } from 'antd-mobile/es/components/error-block/create-error-block';
import 'antd-mobile/es/components/error-block/error-block.css';
import type { ReactNode } from 'react';
import { lazyModule, useLazyModule } from './lazyModule';

export interface ErrorStateProps {
  title: string;
  description?: ReactNode;
  /** A button under the message, e.g. 返回 or 重试. */
  actionText?: string;
  onAction?: () => void;
  status?: 'default' | 'disconnected' | 'empty' | 'busy';
  fullPage?: boolean;
}

/*
 * antd-mobile's ErrorBlock bundles its four pictures (about 10 KB gzip of SVG) into every
 * screen that can show an error. The same block is built here with the pictures loaded
 * on first use (initial JavaScript by route is budgeted); the picture box has a fixed
 * height, so the title and the action are drawn at once and do not move when the
 * picture arrives, and without a network they simply show without it.
 */
const PICTURES = lazyModule(() => import('antd-mobile/es/components/error-block/images'));
const Block = createErrorBlock({ default: null, disconnected: null, empty: null, busy: null });

function Picture({ status }: { status: NonNullable<ErrorStateProps['status']> }) {
  const pictures = useLazyModule(PICTURES).module;
  return pictures ? pictures[`${status}Image`] : null;
}

/** An empty or error state with an optional action, centred in the page. */
export function ErrorState({ title, description, actionText, onAction, status = 'default', fullPage = false }: ErrorStateProps) {
  return (
    <div className={fullPage ? 'cw-error-state cw-error-state--full' : 'cw-error-state'}>
      <Block status={status} title={title} description={description ?? ''} image={<Picture status={status} />}>
        {actionText && onAction ? (
          <Button color="primary" fill="outline" shape="rounded" className="cw-error-state__action" onClick={onAction}>
            {actionText}
          </Button>
        ) : null}
      </Block>
    </div>
  );
}
