import { Button } from 'antd-mobile';
import type { ReactNode } from 'react';

/** A card's action under its fields: a large round primary button, spinning while `busy` (and disabled, unless told otherwise). */
export function CardButton({
  busy,
  disabled = busy,
  className,
  onClick,
  children,
}: {
  busy: boolean;
  disabled?: boolean;
  className?: string;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <Button
      block
      color="primary"
      shape="rounded"
      size="large"
      className={className ? `cw-acc-card__button ${className}` : 'cw-acc-card__button'}
      loading={busy}
      disabled={disabled}
      onClick={onClick}
    >
      {children}
    </Button>
  );
}
