import { RightOutline } from 'antd-mobile-icons';
import { useLocation } from 'wouter';
import { profileRouteFor } from '../../../domain/account/profile';
import type { CurrentUser } from '../../../domain/account/types';
import { userTypeLabel } from '../../../domain/session/session';
import { UserAvatar } from '../../shared/UserAvatar';
import { MY_PROFILE } from './strings';

/**
 * The own card on the me tab (SPEC point 2, point 6): avatar or the name's last two
 * characters, name, user type, number and organisation, each wrapping rather than cut;
 * the button under them says what it opens, 个人资料, the profile page of types 1, 2, 3
 * and 5 (none for type 4, whose account and security are in 设置).
 */
export function UserCard({ user }: { user: CurrentUser | null }) {
  const [, navigate] = useLocation();
  const profile = profileRouteFor(user?.userType);
  const label = userTypeLabel(user?.userType);
  const line = [user?.number, user?.describe].map((s) => (typeof s === 'string' ? s.trim() : '')).filter((s) => s !== '');
  return (
    <section className="cw-me-card" aria-label={user?.name ?? ''}>
      <UserAvatar name={user?.name} image={user?.userImage} size={64} className="cw-me-card__avatar" />
      <div className="cw-me-card__main">
        <div className="cw-me-card__name-row">
          <h2 className="cw-me-card__name">{user?.name ?? ''}</h2>
          {label ? <span className="cw-me-card__type">{label}</span> : null}
        </div>
        {line.length > 0 ? <p className="cw-me-card__line">{line.join(' · ')}</p> : null}
        {profile !== null ? (
          <button type="button" className="cw-me-card__edit" onClick={() => navigate(profile)}>
            <span>{MY_PROFILE}</span>
            <RightOutline fontSize={12} aria-hidden />
          </button>
        ) : null}
      </div>
    </section>
  );
}
