import type { ReactNode } from 'react';

export interface TabBarItem<K extends string> {
  readonly key: K;
  readonly title: string;
  readonly icon: ReactNode;
  /** The count on the icon ('99+'), none when empty. */
  readonly badge?: string | null;
}

/**
 * The bottom bar of the main layout: one button per tab, the current one marked
 * (aria-current), a count on an icon, the phone's bottom inset below. Our own rather than
 * antd-mobile's TabBar, whose items are not buttons (no keyboard, no role) and which
 * brought react-is, its Badge and SafeArea onto home's first download (bench/notes.md,
 * eighth session).
 */
export function TabBar<K extends string>({ items, active, onChange }: { items: readonly TabBarItem<K>[]; active: K; onChange: (key: K) => void }) {
  return (
    <div className="cw-tabbar">
      {items.map((item) => {
        const current = item.key === active;
        return (
          <button
            key={item.key}
            type="button"
            className={current ? 'cw-tabbar__item cw-tabbar__item--active' : 'cw-tabbar__item'}
            aria-current={current ? 'page' : undefined}
            aria-label={item.badge ? `${item.title} ${item.badge}` : item.title}
            onClick={() => onChange(item.key)}
          >
            <span className="cw-tabbar__icon">
              <span aria-hidden="true">{item.icon}</span>
              {item.badge ? <span className="cw-tabbar__badge">{item.badge}</span> : null}
            </span>
            <span className="cw-tabbar__title">{item.title}</span>
          </button>
        );
      })}
    </div>
  );
}
