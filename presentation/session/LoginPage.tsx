import { Button, Checkbox, Input } from 'antd-mobile';
import { LockOutline, RightOutline, UserOutline } from 'antd-mobile-icons';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import { useHistoryState } from 'wouter/use-browser-location';
import type { BindSchoolOutcome } from '../../application/session/useCases';
import type { BoundSchool } from '../../application/session/schoolStore';
import { PRIVACY_POLICY, PRODUCT_NAME, TERMS_OF_SERVICE } from '../../domain/account/messages';
import { returnPathFromState } from '../../domain/session/returnPath';
import { useOpenLegal } from '../shared/legal';
import { showToast } from '../shared/toast';
import { useDocumentTitle } from '../shared/useDocumentTitle';
import { Logo } from '../shared/Logo';
import { useSessionModel } from '../shared/session';
import {
  ACCOUNT_LABEL,
  ACCOUNT_PLACEHOLDER,
  AGREEMENT_JOIN,
  AGREEMENT_PREFIX,
  GO_BIND,
  HIDE_PASSWORD,
  LOGIN,
  NO_SCHOOL,
  PASSWORD_LABEL,
  PASSWORD_PLACEHOLDER,
  SHOW_PASSWORD,
  SWITCH_SCHOOL,
  WELCOME,
} from './strings';

/** A light eye (antd-mobile-icons' eye paths weigh more than the rest of the form's icons together). */
function EyeIcon({ open }: { open: boolean }) {
  return (
    <svg width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" aria-hidden>
      {open ? (
        <>
          <path d="M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12z" />
          <circle cx="12" cy="12" r="3" />
        </>
      ) : (
        <>
          <path d="M3 10c2.2 2.7 5.3 4.5 9 4.5s6.8-1.8 9-4.5" />
          <path d="M6.5 13.3 5 15.6M12 14.5V17M17.5 13.3l1.5 2.3" />
        </>
      )}
    </svg>
  );
}

/** The popup (and its gesture code) loads when it first opens. */
const BindSchoolPopup = lazy(() => import('./BindSchoolPopup').then((m) => ({ default: m.BindSchoolPopup })));

/**
 * Login (SPEC point 2 "Login", point 5): the school first (bind-school popup), then
 * account, password and the agreement. Inputs are trimmed and the password is hashed by
 * the PasswordHasher port inside the login use case. Success stores the session and
 * goes home (or back to the screen a lost session left, from the route state); a
 * session already stored for the same school goes there at once.
 * `?code=` (a school QR link, or the scanner page coming back) binds that school.
 */
export function LoginPage() {
  const model = useSessionModel();
  const [, navigate] = useLocation();
  const search = useSearch();
  const openLegal = useOpenLegal();
  const [school, setSchool] = useState<BoundSchool | null>(() => model.boundSchool());
  const [bindOpen, setBindOpenState] = useState(false);
  const [bindMounted, setBindMounted] = useState(false);
  const setBindOpen = (open: boolean) => {
    if (open) setBindMounted(true);
    setBindOpenState(open);
  };
  const [account, setAccount] = useState('');
  const [password, setPassword] = useState('');
  const [agreed, setAgreed] = useState(false);
  const [showPassword, setShowPassword] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const started = useRef(false);
  useDocumentTitle(LOGIN);

  // After a lost session the login page carries the screen the user was on: go back there.
  const returnTo = returnPathFromState(useHistoryState<unknown>());
  const goHome = () => navigate(returnTo ?? '/', { replace: true });

  const onBound = (outcome: BindSchoolOutcome) => {
    setSchool(outcome.school);
    setBindOpen(false);
    if (outcome.alreadySignedIn) goHome();
  };

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const code = new URLSearchParams(search).get('code');
    if (code !== null) {
      // The code is consumed once; a reload must not bind again.
      navigate('/login', { replace: true });
      void model.bindSchoolFx(code).then(
        (result) => {
          if (result.ok) onBound(result.value);
          else {
            showToast(result.error);
            setBindOpen(true);
          }
        },
        () => undefined,
      );
      return;
    }
    if (model.isSignedIn()) goHome();
    else if (model.boundSchool() === null) setBindOpen(true);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const submit = async () => {
    if (submitting) return;
    setSubmitting(true);
    try {
      const result = await model.loginFx({ account, password, agreed });
      if (result.ok) {
        goHome();
        return;
      }
      showToast(result.error.message);
      if (result.error.needsSchool) setBindOpen(true);
    } catch {
      // Cancelled: nothing to show.
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <div className="cw-login">
      <section className="cw-login__hero">
        <Logo size={60} />
        <h1 className="cw-login__welcome">{WELCOME}</h1>
        <p className="cw-login__product">{PRODUCT_NAME}</p>
      </section>

      <form
        className="cw-login__card"
        aria-label={LOGIN}
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <button type="button" className="cw-login__school" onClick={() => setBindOpen(true)}>
          <span className="cw-login__school-name">{school ? school.name : NO_SCHOOL}</span>
          <span className="cw-login__school-action">
            {school ? SWITCH_SCHOOL : GO_BIND}
            <RightOutline fontSize={12} />
          </span>
        </button>

        <label className="cw-login__field">
          <UserOutline className="cw-login__field-icon" aria-hidden />
          <span className="cw-visually-hidden">{ACCOUNT_LABEL}</span>
          <Input
            aria-label={ACCOUNT_LABEL}
            placeholder={ACCOUNT_PLACEHOLDER}
            value={account}
            onChange={setAccount}
            clearable
            autoComplete="username"
            enterKeyHint="next"
          />
        </label>
        <label className="cw-login__field">
          <LockOutline className="cw-login__field-icon" aria-hidden />
          <span className="cw-visually-hidden">{PASSWORD_LABEL}</span>
          <Input
            aria-label={PASSWORD_LABEL}
            placeholder={PASSWORD_PLACEHOLDER}
            type={showPassword ? 'text' : 'password'}
            value={password}
            onChange={setPassword}
            autoComplete="current-password"
            enterKeyHint="go"
          />
          <button
            type="button"
            className="cw-icon-button cw-login__eye"
            aria-label={showPassword ? HIDE_PASSWORD : SHOW_PASSWORD}
            onClick={() => setShowPassword((v) => !v)}
          >
            <EyeIcon open={showPassword} />
          </button>
        </label>

        <Button block color="primary" size="large" shape="rounded" type="submit" loading={submitting} disabled={submitting} className="cw-login__submit">
          {LOGIN}
        </Button>

        <div className="cw-login__agreement">
          <Checkbox checked={agreed} onChange={setAgreed} style={{ '--icon-size': '16px', '--font-size': '12px', '--gap': '6px' }}>
            {AGREEMENT_PREFIX}
          </Checkbox>
          <button type="button" className="cw-link" onClick={() => openLegal('terms')}>
            《{TERMS_OF_SERVICE}》
          </button>
          <span>{AGREEMENT_JOIN}</span>
          <button type="button" className="cw-link" onClick={() => openLegal('privacy')}>
            《{PRIVACY_POLICY}》
          </button>
        </div>
      </form>

      {bindMounted ? (
        <Suspense fallback={null}>
          <BindSchoolPopup visible={bindOpen} onClose={() => setBindOpen(false)} onBound={onBound} />
        </Suspense>
      ) : null}
    </div>
  );
}
