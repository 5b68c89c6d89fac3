import { PasscodeInput } from 'antd-mobile';
import type { CSSProperties } from 'react';
import { useUnit } from 'effector-react';
import type { SmsCode } from '../../application/account/smsCode';
import { formatCountdown } from '../../domain/account/security';
import { DIALOG_CONFIRM } from '../../domain/shared/messages';
import { CardButton } from './CardButton';
import { CODE_LABEL, codeSentTo, RESEND, resendIn } from './strings';

export interface SmsCodeInputProps {
  /** Where the code went (shown as given). */
  phone: string;
  /** The code step of the page's model (application/account/smsCode.ts). */
  sms: SmsCode;
}

/**
 * The code step (SPEC point 4 "Phone change", point 9): a cell per digit (six unless
 * config.json's `smsCodeLength` says 4 to 8) that submit as soon as they are filled, 确定
 * that submits them once full (after a check the network lost), and the resend link after
 * a 60 s countdown shown as 00:SS. The cells, the time and what a code does are the model's.
 */
export function SmsCodeInput({ phone, sms }: SmsCodeInputProps) {
  const [code, complete, busy, remaining, canResend] = useUnit([sms.$code, sms.$complete, sms.$busy, sms.$remaining, sms.$canResend]);
  const on = useUnit({ codeChanged: sms.codeChanged, codeFilled: sms.codeFilled, codeConfirmed: sms.codeConfirmed, sendRequested: sms.sendRequested });
  return (
    <div className="cw-sms" style={{ '--cw-sms-length': sms.length } as CSSProperties}>
      <p className="cw-sms__sent">{codeSentTo(phone)}</p>
      <div className="cw-sms__cells" role="group" aria-label={CODE_LABEL}>
        <PasscodeInput
          length={sms.length}
          plain
          seperated
          value={code}
          onChange={(v) => on.codeChanged(v)}
          onFill={(v) => on.codeFilled(v)}
          inputMode="numeric"
          className="cw-sms__input"
        />
      </div>
      <CardButton busy={busy} disabled={busy || !complete} className="cw-sms__confirm" onClick={() => on.codeConfirmed()}>
        {DIALOG_CONFIRM}
      </CardButton>
      <div className="cw-sms__resend">
        {canResend ? (
          <button type="button" className="cw-link" onClick={() => on.sendRequested()} disabled={busy}>
            {RESEND}
          </button>
        ) : (
          <span className="cw-sms__countdown" aria-live="polite">
            {resendIn(formatCountdown(remaining))}
          </span>
        )}
      </div>
    </div>
  );
}
