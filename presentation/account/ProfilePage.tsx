import { Button, List, Tag, Toast } from 'antd-mobile';
import { EyeInvisibleOutline, EyeOutline, UserAddOutline } from 'antd-mobile-icons';
import { useUnit } from 'effector-react';
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { useLocation } from 'wouter';
import { verificationModel } from '../../application/account/model';
import { ACCOUNT_API, type AccountApi } from '../../application/account/ports';
import {
  ACCOUNT_ROUTES,
  decryptAfterVerification,
  loadProfile,
  revealMasked,
  type MaskedValue,
  type ProfileData,
} from '../../application/account/useCases';
import { ApiError, messageOf } from '../../application/ports/errors';
import { EDIT_PROFILE } from '../../domain/account/messages';
import { canSeeBoundStudents, displayBio } from '../../domain/account/profile';
import { sexLabel } from '../../domain/registration/student';
import { userTypeLabel } from '../../domain/session/session';
import { useInjection } from '../shared/di';
import { ErrorState } from '../shared/ErrorState';
import { PageLoading } from '../shared/PageLoading';
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

type Load = { status: 'loading' } | { status: 'ready'; data: ProfileData } | { status: 'error'; message: string };

const text = (value: unknown): string => (typeof value === 'string' && value.trim() !== '' ? value.trim() : EMPTY_VALUE);

/**
 * The profile pages /teacher, /student, /parent, /other and page/personInfo (SPEC
 * point 2 "Student registration" info pages, point 6): the signed-in user's fields by
 * user type, masked phone and email with an eye that reveals them through the
 * verification flow (security page first when required, then decrypt-data), 编辑资料.
 */
export function ProfilePage() {
  const api = useInjection<AccountApi>(ACCOUNT_API);
  const user = useCurrentUser();
  const [, navigate] = useLocation();
  const [load, setLoad] = useState<Load>({ status: 'loading' });
  const [revealed, setRevealed] = useState<Record<string, string>>({});
  const [revealing, setRevealing] = useState<string | null>(null);
  const [ready, revealTaken, revealRequested] = useUnit([verificationModel.$ready, verificationModel.revealTaken, verificationModel.revealRequested]);
  // The reveal that sent the user to the security page, as it stood when the page came back.
  const returning = useRef(ready);
  const controller = useRef<AbortController | null>(null);

  const fetchProfile = useCallback(async () => {
    if (!user) return;
    controller.current?.abort();
    const ac = new AbortController();
    controller.current = ac;
    try {
      const data = await loadProfile({ api }, user, { signal: ac.signal });
      if (!ac.signal.aborted) setLoad({ status: 'ready', data });
    } catch (e) {
      if ((e instanceof ApiError && e.cancelled) || ac.signal.aborted) return;
      Toast.show({ icon: 'fail', content: messageOf(e) });
      setLoad({ status: 'error', message: messageOf(e) });
    }
  }, [api, user]);

  useEffect(() => {
    void fetchProfile();
    return () => controller.current?.abort();
  }, [fetchProfile]);

  // Back from the security page: the verification passed, so the value it was for is decrypted now.
  useEffect(() => {
    const pending = returning.current;
    returning.current = null;
    revealTaken();
    if (pending === null) return;
    setRevealing(pending.key);
    void decryptAfterVerification({ api }, pending.encrypted).then((outcome) => {
      setRevealing(null);
      if (outcome.kind === 'revealed') setRevealed((r) => ({ ...r, [pending.key]: outcome.value }));
      else if (outcome.kind === 'failed' && outcome.message) Toast.show({ icon: 'fail', content: outcome.message });
    });
  }, [api, revealTaken]);

  const toggle = async (key: string, value: MaskedValue) => {
    if (revealed[key] !== undefined) {
      setRevealed(({ [key]: _hidden, ...rest }) => rest);
      return;
    }
    if (revealing !== null) return;
    setRevealing(key);
    try {
      const outcome = await revealMasked({ api }, value.encrypted, user?.userType);
      if (outcome.kind === 'revealed') setRevealed((r) => ({ ...r, [key]: outcome.value }));
      else if (outcome.kind === 'verify') {
        if (value.encrypted) revealRequested({ key, encrypted: value.encrypted });
        navigate(outcome.path);
      } else if (outcome.message) Toast.show({ icon: 'fail', content: outcome.message });
    } finally {
      setRevealing(null);
    }
  };

  if (!user || load.status === 'loading') return <PageLoading />;
  if (load.status === 'error') return <ErrorState title={LOAD_FAILED} description={load.message} actionText={RETRY} onAction={() => void fetchProfile()} />;

  const data = load.data;
  const masked = (key: string, label: string, value: MaskedValue) => (
    <MaskedText
      label={label}
      value={value}
      shown={revealed[key]}
      busy={revealing === key}
      onToggle={() => void toggle(key, value)}
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
      <section className="cw-profile__hero" aria-label={user.name}>
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
          <List.Item prefix={<UserAddOutline className="cw-acc-row-icon" />} onClick={() => navigate(ACCOUNT_ROUTES.bindStudent)}>
            {MY_BOUND_STUDENTS}
          </List.Item>
        </List>
      ) : null}

      <div className="cw-acc-actions">
        <Button block color="primary" shape="rounded" size="large" onClick={() => navigate(ACCOUNT_ROUTES.profile)}>
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
