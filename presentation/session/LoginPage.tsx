import { Button, Checkbox, Input } from 'antd-mobile';
import { LockOutline, RightOutline, UserOutline } from 'antd-mobile-icons';
import { useUnit } from 'effector-react';
import { lazy, Suspense, useEffect, useRef, useState, type ReactNode } from 'react';
import { useSearch } from 'wouter';
import { useHistoryState } from 'wouter/use-browser-location';
import { loginScreen } from '../../application/session/loginModel';
import { PRIVACY_POLICY, PRODUCT_NAME, TERMS_OF_SERVICE } from '../../domain/account/messages';
import { returnPathFromState } from '../../domain/session/returnPath';
import { useOpenLegal } from '../shared/legal';
import { useScreenModel } from '../shared/screenModel';
import { useDocumentTitle } from '../shared/useDocumentTitle';
import { Logo } from '../shared/Logo';
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

/** A row of the login card: its icon, its name for screen readers, its input (and what follows it). */
function LoginField({ icon, label, children }: { icon: ReactNode; label: string; children: ReactNode }) {
  return (
    <label className="cw-login__field">
      {icon}
      <span className="cw-visually-hidden">{label}</span>
      {children}
    </label>
  );
}

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
  const model = useScreenModel(loginScreen, undefined);
  const [school, account, password, agreed, submitting, bindMounted] = useUnit([
    model.$school,
    model.$account,
    model.$password,
    model.$agreed,
    model.$submitting,
    model.$bindMounted,
  ]);
  const on = useUnit({
    arrived: model.arrived,
    accountChanged: model.accountChanged,
    passwordChanged: model.passwordChanged,
    agreedChanged: model.agreedChanged,
    submitted: model.submitted,
    bindOpened: model.bindOpened,
  });
  const search = useSearch();
  const openLegal = useOpenLegal();
  const [showPassword, setShowPassword] = useState(false);
  useDocumentTitle(LOGIN);

  // After a lost session the login page carries the screen the user was on (route state):
  // read as the page opens, before ?code= is taken off the address.
  const returnTo = returnPathFromState(useHistoryState<unknown>());
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    on.arrived({ code: new URLSearchParams(search).get('code'), returnTo });
  }, [on, search, returnTo]);

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
          on.submitted();
        }}
      >
        <button type="button" className="cw-login__school" onClick={() => on.bindOpened()}>
          <span className="cw-login__school-name cw-ellipsis">{school ? school.name : NO_SCHOOL}</span>
          <span className="cw-login__school-action">
            {school ? SWITCH_SCHOOL : GO_BIND}
            <RightOutline fontSize={12} />
          </span>
        </button>

        <LoginField icon={<UserOutline className="cw-login__field-icon" aria-hidden />} label={ACCOUNT_LABEL}>
          <Input
            aria-label={ACCOUNT_LABEL}
            placeholder={ACCOUNT_PLACEHOLDER}
            value={account}
            onChange={on.accountChanged}
            clearable
            autoComplete="username"
            enterKeyHint="next"
          />
        </LoginField>
        <LoginField icon={<LockOutline className="cw-login__field-icon" aria-hidden />} label={PASSWORD_LABEL}>
          <Input
            aria-label={PASSWORD_LABEL}
            placeholder={PASSWORD_PLACEHOLDER}
            type={showPassword ? 'text' : 'password'}
            value={password}
            onChange={on.passwordChanged}
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
        </LoginField>

        <Button block color="primary" size="large" shape="rounded" type="submit" loading={submitting} disabled={submitting} className="cw-login__submit">
          {LOGIN}
        </Button>

        <div className="cw-login__agreement">
          <Checkbox checked={agreed} onChange={(checked) => void on.agreedChanged(checked)} style={{ '--icon-size': '16px', '--font-size': '12px', '--gap': '6px' }}>
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
          <BindSchoolPopup />
        </Suspense>
      ) : null}
    </div>
  );
}
