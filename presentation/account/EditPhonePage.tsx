import { Input, Steps } from 'antd-mobile';
import { PhoneFill } from 'antd-mobile-icons';
import { useUnit } from 'effector-react';
import { useSearch } from 'wouter';
import { phoneScreen } from '../../application/account/phoneModel';
import { NEXT_STEP } from '../../domain/account/messages';
import { currentPhoneDisplay, hasBoundPhone, phonePageTitle } from '../../domain/account/security';
import { PageLayout } from '../shared/layout/PageLayout';
import { useScreenModel } from '../shared/screenModel';
import { useCurrentUser } from '../shared/session';
import { CardButton } from './CardButton';
import { SmsCodeInput } from './SmsCodeInput';
import { CURRENT_PHONE_LABEL, NEW_PHONE_HINT, NEW_PHONE_PLACEHOLDER, PHONE_STEPS } from './strings';
import './account.css';

/**
 * page/editPhone?nowStep&phoneNum&type&userType (SPEC point 2, point 4 "Phone change"):
 * step 1 the current phone (or 未绑定手机号), to the security page when a verification
 * is required; step 2 the new phone (请输入正确的手机号) and the code sent to it; step 3
 * the code, submitted as soon as it is complete, with the 60 s resend countdown (00:SS).
 * The server's strings show as toasts. Title 安全验证 or 修改手机号. Everything it does
 * is its model's (application/account/phoneModel.ts).
 */
export function EditPhonePage() {
  const user = useCurrentUser();
  const params = new URLSearchParams(useSearch());
  const userType = params.get('userType') ?? user?.userType;
  // The user's phone from the session; the query's phoneNum when the session has none yet.
  const currentPhone = user?.phoneNum ?? params.get('phoneNum');
  const model = useScreenModel(phoneScreen, { nowStep: params.get('nowStep'), userType });
  const [step, phone, busy] = useUnit([model.$step, model.$phone, model.$busy]);
  const on = useUnit({ phoneChanged: model.phoneChanged, step1Pressed: model.step1Pressed, codeRequested: model.codeRequested });

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
            <CardButton busy={busy} onClick={() => on.step1Pressed()}>
              {NEXT_STEP}
            </CardButton>
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
                onChange={(v) => on.phoneChanged(v)}
                onEnterPress={() => on.codeRequested()}
                maxLength={11}
                clearable
              />
            </div>
            <p className="cw-acc-hint">{NEW_PHONE_HINT}</p>
            <CardButton busy={busy} onClick={() => on.codeRequested()}>
              {NEXT_STEP}
            </CardButton>
          </section>
        ) : null}

        {step === 3 ? (
          <section className="cw-acc-card">
            <SmsCodeInput phone={phone} sms={model.sms} />
          </section>
        ) : null}
      </div>
    </PageLayout>
  );
}
