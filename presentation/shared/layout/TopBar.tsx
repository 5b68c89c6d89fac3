import { DownFill, SearchOutline } from 'antd-mobile-icons';
import { useUnit } from 'effector-react';
import { useState } from 'react';
import { useLocation } from 'wouter';
import { lazyModule, useLazyModule } from '../lazyModule';
import { useSessionModel } from '../session';
import { SEARCH, SWITCH_CAMPUS } from '../strings';
import { UserAvatar } from '../UserAvatar';

/** The campus popover loads after the first frame (CampusMenu.tsx); until then the button shows alone. */
const CAMPUS_MENU = lazyModule(() => import('./CampusMenu'));

/**
 * The home tab's top bar (SPEC point 2): the avatar (or the last two characters of the
 * name), the campus dropdown (a switch stores the campus and reloads) and the search icon.
 */
export function TopBar() {
  const model = useSessionModel();
  const [user, campuses, campusId] = useUnit([model.$user, model.$campuses, model.$campusId]);
  const [, navigate] = useLocation();
  const current = campuses.find((c) => c.id === campusId) ?? campuses[0] ?? null;
  const choose = (id: string) => {
    void model.switchCampusFx({ campuses, campusId: id });
  };
  return (
    <header className="cw-topbar">
      <button type="button" className="cw-topbar__me" aria-label={user?.name ?? ''} onClick={() => navigate('/?tab=me', { replace: true })}>
        <UserAvatar name={user?.name} image={user?.userImage} size={34} />
      </button>
      {campuses.length > 1 ? (
        <CampusButton campuses={campuses} currentId={current?.id ?? null} currentName={current?.name ?? ''} onChoose={choose} />
      ) : (
        <span className="cw-topbar__campus cw-topbar__campus--static">
          <span className="cw-topbar__campus-name cw-ellipsis">{current?.name ?? ''}</span>
        </span>
      )}
      <button type="button" className="cw-icon-button cw-topbar__search" aria-label={SEARCH} onClick={() => navigate('/search')}>
        <SearchOutline fontSize={22} />
      </button>
    </header>
  );
}

function CampusButton({
  campuses,
  currentId,
  currentName,
  onChoose,
}: {
  campuses: readonly { id: string; name: string }[];
  currentId: string | null;
  currentName: string;
  onChoose: (id: string) => void;
}) {
  // Only a tap needs the menu: its code comes when the phone is idle, or at the first tap,
  // which then opens it as soon as it is here.
  const lazy = useLazyModule(CAMPUS_MENU, { when: 'idle' });
  const menu = lazy.module;
  const [tapped, setTapped] = useState(false);
  const button = (
    <button
      type="button"
      className="cw-topbar__campus"
      aria-label={`${SWITCH_CAMPUS}：${currentName}`}
      aria-haspopup="menu"
      // A tap before the menu's code is here (or after its download failed) asks for it again.
      onClick={
        menu
          ? undefined
          : () => {
              setTapped(true);
              lazy.retry();
            }
      }
    >
      <span className="cw-topbar__campus-name cw-ellipsis">{currentName}</span>
      <DownFill fontSize={10} />
    </button>
  );
  return menu ? (
    <menu.CampusMenu campuses={campuses} currentId={currentId} onChoose={onChoose} open={tapped}>
      {button}
    </menu.CampusMenu>
  ) : (
    button
  );
}
