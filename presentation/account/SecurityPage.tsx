import { Input, Radio, Space } from 'antd-mobile';
import { LockOutline, MessageOutline } from 'antd-mobile-icons';
import { useUnit } from 'effector-react';
import { useSearch } from 'wouter';
import { securityScreen } from '../../application/account/securityModel';
import { NEXT_STEP } from '../../domain/account/messages';
import { currentPhoneDisplay, hasBoundPhone, SECURITY_METHOD_LABELS } from '../../domain/account/security';
import type { SecurityMethod } from '../../domain/account/types';
import { DIALOG_CONFIRM } from '../../domain/shared/messages';
import { PageLoading } from '../shared/PageLoading';
import { useScreenModel } from '../shared/screenModel';
import { useCurrentUser } from '../shared/session';
import { CardButton } from './CardButton';
import { SmsCodeInput } from './SmsCodeInput';
import { CHOOSE_METHOD, PASSWORD_PLACEHOLDER, SECURITY_INTRO, smsTarget } from './strings';
import './account.css';

/**
 * page/security?type&userType (SPEC point 2 "Security verification", point 5): the
 * method (账户密码 or 短信验证, password by default when the settings call says
 * passwordVerification 1), the password with 确定 (请输入密码, 密码错误) or the SMS code
 * after 下一步 (请先绑定手机号); then type 1 goes to editPassword, type 2 to editPhone,
 * and no type back to the page that asked (a masked value's reveal). Only the methods
 * that work are listed (短信验证 alone on a backend without the password check). Everything
 * it does is its model's (application/account/securityModel.ts).
 */
export function SecurityPage() {
  const user = useCurrentUser();
  const params = new URLSearchParams(useSearch());
  const model = useScreenModel(securityScreen, {
    type: params.get('type'),
    userType: params.get('userType') ?? user?.userType,
    phone: user?.phoneNum,
  });
  const [method, methods, password, busy, codeSent] = useUnit([model.$method, model.$methods, model.$password, model.$busy, model.$codeSent]);
  const on = useUnit({
    methodChosen: model.methodChosen,
    passwordChanged: model.passwordChanged,
    passwordConfirmed: model.passwordConfirmed,
    codeRequested: model.codeRequested,
  });


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

      {!codeSent ? (
        <>
          <section className="cw-acc-card" aria-label={CHOOSE_METHOD}>
            <h2 className="cw-acc-card__title">{CHOOSE_METHOD}</h2>
            <Radio.Group value={method} onChange={(v) => on.methodChosen(v as SecurityMethod)}>
              <Space direction="vertical" block className="cw-security__methods">
                {methods.map((m) => (
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
                onChange={(v) => on.passwordChanged(v)}
                onEnterPress={() => on.passwordConfirmed()}
                maxLength={32}
                clearable
                className="cw-acc-input"
              />
              <CardButton busy={busy} onClick={() => on.passwordConfirmed()}>
                {DIALOG_CONFIRM}
              </CardButton>
            </section>
          ) : (
            <section className="cw-acc-card">
              <p className="cw-security__phone">{hasBoundPhone(user?.phoneNum) ? smsTarget(phone) : phone}</p>
              <CardButton busy={busy} onClick={() => on.codeRequested()}>
                {NEXT_STEP}
              </CardButton>
            </section>
          )}
        </>
      ) : (
        <section className="cw-acc-card">
          <SmsCodeInput phone={phone} sms={model.sms} />
        </section>
      )}
    </div>
  );
}
