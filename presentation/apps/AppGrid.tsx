import { AppstoreOutline, MinusOutline } from 'antd-mobile-icons';
import type { App } from '../../domain/apps/types';
import { MORE_APPS } from '../../domain/apps/messages';
import { AppIcon } from './AppIcon';
import { removeAppLabel } from './strings';

export interface AppGridProps {
  apps: readonly App[];
  /** Shows the 更多 tile last. */
  more?: boolean;
  onOpen(app: App): void;
  onMore?(): void;
  /** Edit mode: every tile gets a minus badge and does not open. */
  editing?: boolean;
  onRemove?(app: App): void;
  /** An accessible name for the grid. */
  label?: string;
}

/** The 4-column app grid (SPEC point 9 "App grid 4 columns") of the home widget, the launcher and its search. */
export function AppGrid({ apps, more = false, onOpen, onMore, editing = false, onRemove, label }: AppGridProps) {
  return (
    <ul className={`cw-app-grid${editing ? ' cw-app-grid--editing' : ''}`} aria-label={label}>
      {apps.map((app) => (
        <li key={app.id} className="cw-app-grid__cell">
          <button
            type="button"
            className="cw-app-tile"
            onClick={() => (editing ? undefined : onOpen(app))}
            aria-disabled={editing || undefined}
            tabIndex={editing ? -1 : 0}
          >
            <AppIcon iconImage={app.iconImage} iconUrl={app.iconUrl} />
            <span className="cw-app-tile__name">{app.name}</span>
          </button>
          {editing ? (
            <button type="button" className="cw-app-tile__remove" aria-label={removeAppLabel(app.name)} onClick={() => onRemove?.(app)}>
              <MinusOutline fontSize={12} />
            </button>
          ) : null}
        </li>
      ))}
      {more && !editing ? (
        <li className="cw-app-grid__cell">
          <button type="button" className="cw-app-tile" onClick={onMore}>
            <span className="cw-app-icon cw-app-icon--more" aria-hidden="true">
              <AppstoreOutline fontSize={24} />
            </span>
            <span className="cw-app-tile__name">{MORE_APPS}</span>
          </button>
        </li>
      ) : null}
    </ul>
  );
}
