import type { ReactNode } from 'react';

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

/** A small text link in a widget header ("全部 >"). */
export function WidgetLink({ children, onClick, label }: { children: ReactNode; onClick(): void; label?: string }) {
  return (
    <button type="button" className="cw-widget__link" onClick={onClick} aria-label={label}>
      {children}
    </button>
  );
}
