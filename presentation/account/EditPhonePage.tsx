import { Button, Input, Steps, Toast } from 'antd-mobile';
import { PhoneFill } from 'antd-mobile-icons';
import { useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import { ACCOUNT_API, type AccountApi } from '../../application/account/ports';
import { confirmNewPhone, phoneStep1, phoneStepOf, sendNewPhoneCode } from '../../application/account/useCases';
import type { Clock, Navigator } from '../../application/ports/runtime';
import { CLOCK, NAVIGATOR } from '../../application/ports/tokens';
import { NEXT_STEP } from '../../domain/account/messages';
import { currentPhoneDisplay, hasBoundPhone, phonePageTitle } from '../../domain/account/security';
import { useInjection } from '../shared/di';
import { PageLayout } from '../shared/layout/PageLayout';
import { useCurrentUser, useSessionModel } from '../shared/session';
import { SmsCodeInput } from './SmsCodeInput';
import { CURRENT_PHONE_LABEL, NEW_PHONE_HINT, NEW_PHONE_PLACEHOLDER, PHONE_STEPS } from './strings';
import './account.css';

/**
 * page/editPhone?nowStep&phoneNum&type&userType (SPEC point 2, point 4 "Phone change"):
 * step 1 the current phone (or 未绑定手机号), to the security page when a verification
 * is required; step 2 the new phone (请输入正确的手机号) and the code sent to it; step 3
 * the code, submitted as soon as it is complete, with the 60 s resend countdown (00:SS).
 * The server's strings show as toasts. Title 安全验证 or 修改手机号.
 */
export function EditPhonePage() {
  const api = useInjection<AccountApi>(ACCOUNT_API);
  const clock = useInjection<Clock>(CLOCK);
  const navigator = useInjection<Navigator>(NAVIGATOR);
  const session = useSessionModel();
  const user = useCurrentUser();
  const params = new URLSearchParams(useSearch());
  const [, navigate] = useLocation();
  const userType = params.get('userType') ?? user?.userType;
  // The user's phone from the session; the query's phoneNum when the session has none yet.
  const currentPhone = user?.phoneNum ?? params.get('phoneNum');
  const [step, setStep] = useState<1 | 2 | 3>(() => (phoneStepOf(params.get('nowStep')) === 3 ? 2 : phoneStepOf(params.get('nowStep'))));
  const [phone, setPhone] = useState('');
  const [sentAt, setSentAt] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);

  const run = async (work: () => Promise<void>) => {
    if (busy) return;
    setBusy(true);
    try {
      await work();
    } finally {
      setBusy(false);
    }
  };

  const next1 = () =>
    run(async () => {
      const outcome = await phoneStep1({ api }, userType);
      if (outcome.kind === 'security') navigate(outcome.path, { replace: true });
      else if (outcome.kind === 'step2') setStep(2);
      else Toast.show({ icon: 'fail', content: outcome.message });
    });

  const send = async (): Promise<boolean> => {
    const outcome = await sendNewPhoneCode({ api }, phone);
    if (!outcome.ok) {
      Toast.show({ content: outcome.message });
      return false;
    }
    setPhone(outcome.value);
    setSentAt(clock.now());
    setStep(3);
    return true;
  };

  const confirm = async (code: string): Promise<boolean> => {
    const outcome = await confirmNewPhone({ api }, phone, code);
    if (!outcome.ok) {
      Toast.show({ content: outcome.message });
      return false;
    }
    Toast.show({ icon: 'success', content: outcome.toast });
    void session.refreshUserFx().catch((e: unknown) => console.warn('[account] user refresh', e));
    navigator.back();
    return true;
  };

  return (
    <PageLayout title={phonePageTitle(step, currentPhone)}>
      <div className="cw-acc cw-edit-phone">
        <div className="cw-edit-phone__steps">
          <Steps current={step - 1}>
            {PHONE_STEPS.map((title) => (
              <Steps.Step key={title} title={title} />
            ))}
          </Steps>
        </div>

        {step === 1 ? (
          <section className="cw-acc-card cw-edit-phone__current">
            <span className="cw-edit-phone__icon" aria-hidden>
              <PhoneFill fontSize={30} />
            </span>
            <p className="cw-edit-phone__label">{CURRENT_PHONE_LABEL}</p>
            <p className={`cw-edit-phone__number${hasBoundPhone(currentPhone) ? '' : ' cw-edit-phone__number--none'}`}>
              {currentPhoneDisplay(currentPhone)}
            </p>
            <Button block color="primary" shape="rounded" size="large" className="cw-acc-card__button" loading={busy} disabled={busy} onClick={() => void next1()}>
              {NEXT_STEP}
            </Button>
          </section>
        ) : null}

        {step === 2 ? (
          <section className="cw-acc-card">
            <div className="cw-edit-phone__field">
              <span className="cw-edit-phone__prefix">+86</span>
              <Input
                type="tel"
                inputMode="numeric"
                aria-label={NEW_PHONE_PLACEHOLDER}
                placeholder={NEW_PHONE_PLACEHOLDER}
                value={phone}
                onChange={(v) => setPhone(v.replace(/\D/g, ''))}
                onEnterPress={() => void run(async () => void (await send()))}
                maxLength={11}
                clearable
              />
            </div>
            <p className="cw-acc-hint">{NEW_PHONE_HINT}</p>
            <Button block color="primary" shape="rounded" size="large" className="cw-acc-card__button" loading={busy} disabled={busy} onClick={() => void run(async () => void (await send()))}>
              {NEXT_STEP}
            </Button>
          </section>
        ) : null}

        {step === 3 && sentAt !== null ? (
          <section className="cw-acc-card">
            <SmsCodeInput phone={phone} sentAt={sentAt} onResend={send} onComplete={confirm} />
          </section>
        ) : null}
      </div>
    </PageLayout>
  );
}
