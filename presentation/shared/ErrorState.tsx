import { Button, ErrorBlock } from 'antd-mobile';
import type { ReactNode } from 'react';

export interface ErrorStateProps {
  title: string;
  description?: ReactNode;
  /** A button under the message, e.g. 返回 or 重试. */
  actionText?: string;
  onAction?: () => void;
  status?: 'default' | 'disconnected' | 'empty' | 'busy';
  fullPage?: boolean;
}

/** An empty or error state with an optional action, centred in the page. */
export function ErrorState({ title, description, actionText, onAction, status = 'default', fullPage = false }: ErrorStateProps) {
  return (
    <div className={fullPage ? 'cw-error-state cw-error-state--full' : 'cw-error-state'}>
      <ErrorBlock status={status} title={title} description={description ?? ''}>
        {actionText && onAction ? (
          <Button color="primary" fill="outline" shape="rounded" className="cw-error-state__action" onClick={onAction}>
            {actionText}
          </Button>
        ) : null}
      </ErrorBlock>
    </div>
  );
}
