import { AppstoreOutline, MinusOutline } from 'antd-mobile-icons';
import { HOME_APPS_MORE_THRESHOLD } from '../../../domain/apps/apps';
import type { App } from '../../../domain/apps/types';
import { MORE_APPS } from '../../../domain/apps/messages';
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
            <button type="button" className="cw-corner-remove cw-app-tile__remove" aria-label={removeAppLabel(app.name)} onClick={() => onRemove?.(app)}>
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

/**
 * The grid's stand-in while the apps load: tiles of the same size as real ones, as many
 * as the home grid shows at most (11 apps and 更多, or 12), so the widgets below do not
 * jump when the apps arrive (a layout shift, which Lighthouse counts against home).
 */
export function AppGridPlaceholder({ tiles = HOME_APPS_MORE_THRESHOLD }: { tiles?: number }) {
  return (
    <ul className="cw-app-grid cw-app-grid--placeholder" aria-hidden="true">
      {Array.from({ length: tiles }, (_, i) => (
        <li key={i} className="cw-app-grid__cell">
          <span className="cw-app-tile">
            <span className="cw-app-icon cw-app-icon--placeholder" />
            <span className="cw-app-tile__name cw-app-tile__name--placeholder" />
          </span>
        </li>
      ))}
    </ul>
  );
}
