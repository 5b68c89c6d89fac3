import { Popover } from 'antd-mobile';
import { CheckOutline } from 'antd-mobile-icons';
import type { ReactElement } from 'react';

export interface CampusMenuProps {
  campuses: readonly { id: string; name: string }[];
  currentId: string | null;
  onChoose: (id: string) => void;
  /** The campus button the menu opens from. */
  children: ReactElement;
  /** Opens as it appears: the button was tapped before the menu's code was here. */
  open?: boolean;
}

/**
 * The campus dropdown of the top bar. A chunk of its own (TopBar loads it): the popover
 * and its positioning code are only for users with several campuses, and only once
 * the button is tapped, so they stay out of the home route's first download (the route budgets of scripts/budget-check.ts).
 */
export function CampusMenu({ campuses, currentId, onChoose, children, open = false }: CampusMenuProps) {
  return (
    <Popover.Menu
      defaultVisible={open}
      trigger="click"
      placement="bottom-start"
      actions={campuses.map((c) => ({
        key: c.id,
        text: (
          <span className="cw-campus-option">
            <span>{c.name}</span>
            {c.id === currentId ? <CheckOutline color="var(--adm-color-primary)" /> : null}
          </span>
        ),
      }))}
      onAction={(action) => onChoose(String(action.key))}
    >
      {children}
    </Popover.Menu>
  );
}
