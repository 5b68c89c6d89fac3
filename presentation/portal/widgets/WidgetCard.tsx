import { RightOutline } from 'antd-mobile-icons';
import type { ReactNode } from 'react';
import { useLocation } from 'wouter';

export interface WidgetCardProps {
  title?: string;
  /** Controls on the right of the title. */
  extra?: ReactNode;
  children: ReactNode;
  className?: string;
  /** The accessible name of the region when it has no visible title. */
  label?: string;
}

/** The white rounded card every home widget sits in. */
export function WidgetCard({ title, extra, children, className, label }: WidgetCardProps) {
  return (
    <section className={`cw-widget${className ? ` ${className}` : ''}`} aria-label={title ?? label}>
      {title !== undefined || extra !== undefined ? (
        <div className="cw-widget__head">
          {title !== undefined ? <h2 className="cw-widget__title">{title}</h2> : <span />}
          {extra !== undefined ? <div className="cw-widget__extra">{extra}</div> : null}
        </div>
      ) : null}
      {children}
    </section>
  );
}

/** A small text link in a widget header to the page `to` ("全部 >"). */
export function WidgetLink({ children, to }: { children: ReactNode; to: string }) {
  const [, navigate] = useLocation();
  return (
    <button type="button" className="cw-widget__link" onClick={() => navigate(to)}>
      {children}
      <RightOutline fontSize={12} />
    </button>
  );
}
