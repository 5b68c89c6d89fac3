import { Popover } from 'antd-mobile';
import { CheckOutline, DownFill, SearchOutline } from 'antd-mobile-icons';
import { useUnit } from 'effector-react';
import { useLocation } from 'wouter';
import { useSessionModel } from '../session';
import { SEARCH, SWITCH_CAMPUS } from '../strings';
import { UserAvatar } from '../UserAvatar';

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
        <Popover.Menu
          trigger="click"
          placement="bottom-start"
          actions={campuses.map((c) => ({
            key: c.id,
            text: (
              <span className="cw-campus-option">
                <span>{c.name}</span>
                {c.id === current?.id ? <CheckOutline color="var(--adm-color-primary)" /> : null}
              </span>
            ),
          }))}
          onAction={(action) => choose(String(action.key))}
        >
          <button type="button" className="cw-topbar__campus" aria-label={`${SWITCH_CAMPUS}：${current?.name ?? ''}`} aria-haspopup="menu">
            <span className="cw-topbar__campus-name">{current?.name ?? ''}</span>
            <DownFill fontSize={10} />
          </button>
        </Popover.Menu>
      ) : (
        <span className="cw-topbar__campus cw-topbar__campus--static">
          <span className="cw-topbar__campus-name">{current?.name ?? ''}</span>
        </span>
      )}
      <button type="button" className="cw-icon-button cw-topbar__search" aria-label={SEARCH} onClick={() => navigate('/search')}>
        <SearchOutline fontSize={22} />
      </button>
    </header>
  );
}
