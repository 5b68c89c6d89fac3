import { Button, List, Tag } from 'antd-mobile';
import { EyeInvisibleOutline, EyeOutline, UserAddOutline } from 'antd-mobile-icons';
import { useUnit } from 'effector-react';
import { type ReactNode } from 'react';
import { useLocation } from 'wouter';
import { profileScreen, type MaskedValue } from '../../application/account/profileModel';
import { PATHS } from '../../application/shared/routes';
import { EDIT_PROFILE } from '../../domain/account/messages';
import { canSeeBoundStudents, displayBio } from '../../domain/account/profile';
import type { CurrentUser } from '../../domain/account/types';
import { sexLabel } from '../../domain/registration/student';
import { userTypeLabel } from '../../domain/session/session';
import { ErrorState } from '../shared/ErrorState';
import { PageLoading } from '../shared/PageLoading';
import { useScreenModel } from '../shared/screenModel';
import { useCurrentUser } from '../shared/session';
import { LOAD_FAILED, RETRY } from '../shared/strings';
import { UserAvatar } from '../shared/UserAvatar';
import {
  BASIC_INFO,
  EMPTY_VALUE,
  FAMILY_MEMBERS,
  hideLabel,
  LABEL_CLASS,
  LABEL_EMAIL,
  LABEL_ENROLLMENT,
  LABEL_JOINED,
  LABEL_MAJOR,
  LABEL_NAME,
  LABEL_ORGANISATION,
  LABEL_PHONE,
  LABEL_POSITION,
  LABEL_SEX,
  LABEL_STAFF_NUMBER,
  LABEL_STUDENT_NUMBER,
  MY_BOUND_STUDENTS,
  NO_FAMILY,
  revealLabel,
} from './strings';
import './account.css';

const text = (value: unknown): string => (typeof value === 'string' && value.trim() !== '' ? value.trim() : EMPTY_VALUE);

/**
 * The profile pages /teacher, /student, /parent, /other and page/personInfo (SPEC
 * point 2 "Student registration" info pages, point 6): the signed-in user's fields by
 * user type, masked phone and email with an eye that reveals them through the
 * verification flow (security page first when required, then decrypt-data), 编辑资料.
 * Everything it does is its model's (application/account/profileModel.ts).
 */
export function ProfilePage() {
  const user = useCurrentUser();
  return user ? <Profile user={user} /> : <PageLoading />;
}

function Profile({ user }: { user: CurrentUser }) {
  const [, navigate] = useLocation();
  const model = useScreenModel(profileScreen, user);
  const [view, revealed, revealing] = useUnit([model.$view, model.$revealed, model.$revealing]);
  const [retry, toggle] = useUnit([model.retried, model.toggled]);


  if (view.kind === 'loading') return <PageLoading />;
  if (view.kind === 'failed') return <ErrorState title={LOAD_FAILED} description={view.message} actionText={RETRY} onAction={() => retry()} />;

  const data = view.data;
  const masked = (key: string, label: string, value: MaskedValue) => (
    <MaskedText
      label={label}
      value={value}
      shown={revealed[key]}
      busy={revealing === key}
      onToggle={() => toggle({ key, value })}
    />
  );

  const rows: Array<[string, ReactNode]> = (() => {
    if (data.kind === 'student') {
      return [
        [LABEL_NAME, text(user.name)],
        [LABEL_SEX, sexLabel(user.sex)],
        [LABEL_STUDENT_NUMBER, text(user.number)],
        [LABEL_ORGANISATION, text(data.describe.organisation)],
        [LABEL_MAJOR, text(data.describe.major)],
        [LABEL_CLASS, text(data.describe.className)],
        [LABEL_PHONE, masked('phone', LABEL_PHONE, data.phone)],
        [LABEL_EMAIL, masked('email', LABEL_EMAIL, data.email)],
        [LABEL_ENROLLMENT, text(data.enrollmentDate)],
      ];
    }
    if (data.kind === 'teacher') {
      return [
        [LABEL_NAME, text(user.name)],
        [LABEL_SEX, sexLabel(user.sex)],
        [LABEL_STAFF_NUMBER, text(user.number)],
        [LABEL_ORGANISATION, text(user.describe)],
        [LABEL_PHONE, masked('phone', LABEL_PHONE, data.phone)],
        [LABEL_EMAIL, masked('email', LABEL_EMAIL, data.email)],
        [LABEL_POSITION, text(data.position)],
        [LABEL_JOINED, text(data.joinedDate)],
      ];
    }
    return [
      [LABEL_NAME, text(user.name)],
      [LABEL_SEX, sexLabel(user.sex)],
      [LABEL_PHONE, masked('phone', LABEL_PHONE, data.phone)],
      [LABEL_EMAIL, masked('email', LABEL_EMAIL, data.email)],
    ];
  })();

  return (
    <div className="cw-acc cw-profile">
      <section className="cw-hero cw-profile__hero" aria-label={user.name}>
        <UserAvatar name={user.name} image={user.userImage} size={68} className="cw-profile__avatar" />
        <div className="cw-profile__who">
          <div className="cw-profile__name-row">
            <h2 className="cw-profile__name">{user.name}</h2>
            {userTypeLabel(user.userType) ? <span className="cw-profile__type">{userTypeLabel(user.userType)}</span> : null}
          </div>
          <p className="cw-profile__bio">{displayBio(user.profileSummary)}</p>
        </div>
      </section>

      <List header={BASIC_INFO} mode="card" className="cw-acc-list cw-profile__list">
        {rows.map(([label, value]) => (
          <List.Item key={label} extra={value}>
            {label}
          </List.Item>
        ))}
      </List>

      {data.kind === 'student' ? (
        <List header={FAMILY_MEMBERS} mode="card" className="cw-acc-list cw-profile__family">
          {data.family.length === 0 ? (
            <List.Item>
              <span className="cw-acc-muted">{NO_FAMILY}</span>
            </List.Item>
          ) : (
            data.family.map((member) => (
              <List.Item
                key={member.id}
                extra={masked(`family:${member.id}`, `${member.name}${LABEL_PHONE}`, member.phone)}
              >
                <span className="cw-profile__member">
                  {member.name}
                  {member.relation ? (
                    <Tag color="primary" fill="outline" className="cw-profile__relation">
                      {member.relation}
                    </Tag>
                  ) : null}
                </span>
              </List.Item>
            ))
          )}
        </List>
      ) : null}

      {canSeeBoundStudents(user.userType) ? (
        <List mode="card" className="cw-acc-list">
          <List.Item prefix={<UserAddOutline className="cw-acc-row-icon" />} onClick={() => navigate(PATHS.bindStudent)}>
            {MY_BOUND_STUDENTS}
          </List.Item>
        </List>
      ) : null}

      <div className="cw-acc-actions">
        <Button block color="primary" shape="rounded" size="large" onClick={() => navigate(PATHS.profileEdit)}>
          {EDIT_PROFILE}
        </Button>
      </div>
    </div>
  );
}

/** A masked value with the eye: the clear value once revealed, the masked one otherwise. */
function MaskedText({
  label,
  value,
  shown,
  busy,
  onToggle,
}: {
  label: string;
  value: MaskedValue;
  shown: string | undefined;
  busy: boolean;
  onToggle: () => void;
}) {
  if (value.masked === '') return <span>{EMPTY_VALUE}</span>;
  const open = shown !== undefined;
  return (
    <span className="cw-masked">
      <span className="cw-masked__value">{open ? shown : value.masked}</span>
      {value.encrypted ? (
        <button
          type="button"
          className="cw-icon-button cw-masked__eye"
          aria-label={open ? hideLabel(label) : revealLabel(label)}
          aria-pressed={open}
          disabled={busy}
          onClick={onToggle}
        >
          {open ? <EyeOutline fontSize={18} /> : <EyeInvisibleOutline fontSize={18} />}
        </button>
      ) : null}
    </span>
  );
}
