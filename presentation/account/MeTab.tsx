import { Badge, List } from 'antd-mobile';
import { InformationCircleOutline, SendOutline, SetOutline } from 'antd-mobile-icons';
import { useLocation } from 'wouter';
import { PATHS } from '../../application/shared/routes';
import { ABOUT_TITLE, SETTINGS_TITLE } from '../../domain/account/messages';
import { canSeeBoundStudents } from '../../domain/account/profile';
import { useCurrentUser } from '../shared/session';
import { useOutboxPending } from '../shared/outboxBadge';
import { OUTBOX_TITLE } from '../../domain/offline/messages';
import { formatBadge } from '../../domain/shared/formats';
import { BoundStudentsCard } from './me/BoundStudentsCard';
import { ME_TITLE } from './me/strings';
import { UserCard } from './me/UserCard';
import './me/me.css';


/**
 * The main layout's me tab (SPEC point 2 "Home and me"): the user card, the parents'
 * bound-students card, and the rows 待发送 (the outbox, with its count), 关于未来校园 and 设置与隐私.
 */
export function MeTab() {
  const user = useCurrentUser();
  const [, navigate] = useLocation();
  const pending = useOutboxPending();
  return (
    <div className="cw-me">
      <div className="cw-hero cw-me__hero">
        <h1 className="cw-me__title">{ME_TITLE}</h1>
        <UserCard user={user} />
      </div>
      <div className="cw-me__sections">
        {user && canSeeBoundStudents(user.userType) ? <BoundStudentsCard userType={user.userType} /> : null}
        <List mode="card" className="cw-me__rows">
          <List.Item
            prefix={<SendOutline className="cw-me__row-icon cw-me__row-icon--outbox" />}
            extra={pending > 0 ? <Badge content={formatBadge(pending)} aria-label={`${pending} 项待发送`} /> : null}
            onClick={() => navigate(PATHS.outbox)}
          >
            {OUTBOX_TITLE}
          </List.Item>
          <List.Item
            prefix={<InformationCircleOutline className="cw-me__row-icon cw-me__row-icon--about" />}
            onClick={() => navigate(PATHS.about)}
          >
            {ABOUT_TITLE}
          </List.Item>
          <List.Item prefix={<SetOutline className="cw-me__row-icon cw-me__row-icon--settings" />} onClick={() => navigate(PATHS.settings)}>
            {SETTINGS_TITLE}
          </List.Item>
        </List>
      </div>
    </div>
  );
}

export default MeTab;
