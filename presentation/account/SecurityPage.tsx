import { Button, Input, Radio, Space, Toast } from 'antd-mobile';
import { LockOutline, MessageOutline } from 'antd-mobile-icons';
import { useEffect, useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import { verificationModel } from '../../application/account/model';
import { ACCOUNT_API, type AccountApi } from '../../application/account/ports';
import {
  checkSecurityPassword,
  loadSecurityMethod,
  securityDonePath,
  sendSecurityCode,
  verifySecurityCode,
} from '../../application/account/useCases';
import { ApiError } from '../../application/ports/errors';
import type { PasswordHasher } from '../../application/ports/passwordHasher';
import type { Clock, Navigator } from '../../application/ports/runtime';
import { CLOCK, NAVIGATOR, PASSWORD_HASHER } from '../../application/ports/tokens';
import { NEXT_STEP } from '../../domain/account/messages';
import { currentPhoneDisplay, hasBoundPhone, SECURITY_METHOD_LABELS } from '../../domain/account/security';
import type { SecurityMethod } from '../../domain/account/types';
import { DIALOG_CONFIRM } from '../../domain/shared/messages';
import { useInjection } from '../shared/di';
import { PageLoading } from '../shared/PageLoading';
import { useCurrentUser } from '../shared/session';
import { SmsCodeInput } from './SmsCodeInput';
import { CHOOSE_METHOD, PASSWORD_PLACEHOLDER, SECURITY_INTRO, smsTarget } from './strings';
import './account.css';

const METHODS: readonly SecurityMethod[] = ['password', 'sms'];

/**
 * page/security?type&userType (SPEC point 2 "Security verification", point 5): the
 * method (账户密码 or 短信验证, password by default when the settings call says
 * passwordVerification 1), the password with 确定 (请输入密码, 密码错误) or the SMS code
 * after 下一步 (请先绑定手机号); then type 1 goes to editPassword, type 2 to editPhone,
 * and no type back to the page that asked (a masked value's reveal).
 */
export function SecurityPage() {
  const api = useInjection<AccountApi>(ACCOUNT_API);
  const hasher = useInjection<PasswordHasher>(PASSWORD_HASHER);
  const clock = useInjection<Clock>(CLOCK);
  const navigator = useInjection<Navigator>(NAVIGATOR);
  const user = useCurrentUser();
  const params = new URLSearchParams(useSearch());
  const type = params.get('type');
  const userType = params.get('userType') ?? user?.userType;
  const [, navigate] = useLocation();
  const [method, setMethod] = useState<SecurityMethod | null>(null);
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [sentAt, setSentAt] = useState<number | null>(null);

  useEffect(() => {
    const ac = new AbortController();
    loadSecurityMethod({ api }, { signal: ac.signal }).then(
      (m) => !ac.signal.aborted && setMethod((current) => current ?? m),
      (e: unknown) => {
        if (!(e instanceof ApiError && e.cancelled)) setMethod('sms');
      },
    );
    return () => ac.abort();
  }, [api]);

  const passed = () => {
    verificationModel.verificationPassed();
    const next = securityDonePath(type, userType);
    if (next !== null) navigate(next, { replace: true });
    else navigator.back();
  };

  const run = async (step: () => Promise<void>) => {
    if (busy) return;
    setBusy(true);
    try {
      await step();
    } finally {
      setBusy(false);
    }
  };

  const confirmPassword = () =>
    run(async () => {
      const outcome = await checkSecurityPassword({ api, hasher }, password);
      if (outcome.ok) passed();
      else Toast.show({ icon: 'fail', content: outcome.message });
    });

  const sendCode = async (): Promise<boolean> => {
    const outcome = await sendSecurityCode({ api }, user?.phoneNum);
    if (!outcome.ok) {
      Toast.show({ content: outcome.message });
      return false;
    }
    setSentAt(clock.now());
    return true;
  };

  const verifyCode = async (code: string): Promise<boolean> => {
    const outcome = await verifySecurityCode({ api }, code);
    if (outcome.ok) {
      passed();
      return true;
    }
    Toast.show({ icon: 'fail', content: outcome.message });
    return false;
  };

  if (method === null) return <PageLoading lines={3} />;

  const phone = currentPhoneDisplay(user?.phoneNum);
  return (
    <div className="cw-acc cw-security">
      <div className="cw-security__intro">
        <span className="cw-security__shield" aria-hidden>
          <LockOutline fontSize={30} />
        </span>
        <p>{SECURITY_INTRO}</p>
      </div>

      {sentAt === null ? (
        <>
          <section className="cw-acc-card" aria-label={CHOOSE_METHOD}>
            <h2 className="cw-acc-card__title">{CHOOSE_METHOD}</h2>
            <Radio.Group value={method} onChange={(v) => setMethod(v as SecurityMethod)}>
              <Space direction="vertical" block className="cw-security__methods">
                {METHODS.map((m) => (
                  <Radio key={m} value={m} block className={`cw-security__method${method === m ? ' cw-security__method--on' : ''}`}>
                    <span className="cw-security__method-body">
                      {m === 'password' ? <LockOutline /> : <MessageOutline />}
                      {SECURITY_METHOD_LABELS[m]}
                    </span>
                  </Radio>
                ))}
              </Space>
            </Radio.Group>
          </section>

          {method === 'password' ? (
            <section className="cw-acc-card">
              <Input
                type="password"
                aria-label={SECURITY_METHOD_LABELS.password}
                placeholder={PASSWORD_PLACEHOLDER}
                value={password}
                onChange={setPassword}
                onEnterPress={() => void confirmPassword()}
                maxLength={32}
                clearable
                className="cw-acc-input"
              />
              <Button block color="primary" shape="rounded" size="large" className="cw-acc-card__button" loading={busy} disabled={busy} onClick={() => void confirmPassword()}>
                {DIALOG_CONFIRM}
              </Button>
            </section>
          ) : (
            <section className="cw-acc-card">
              <p className="cw-security__phone">{hasBoundPhone(user?.phoneNum) ? smsTarget(phone) : phone}</p>
              <Button block color="primary" shape="rounded" size="large" className="cw-acc-card__button" loading={busy} disabled={busy} onClick={() => void run(async () => void (await sendCode()))}>
                {NEXT_STEP}
              </Button>
            </section>
          )}
        </>
      ) : (
        <section className="cw-acc-card">
          <SmsCodeInput phone={phone} sentAt={sentAt} onResend={sendCode} onComplete={verifyCode} />
        </section>
      )}
    </div>
  );
}
