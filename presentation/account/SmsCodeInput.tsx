import { PasscodeInput } from 'antd-mobile';
import { useEffect, useState } from 'react';
import type { Clock } from '../../application/ports/runtime';
import { CLOCK } from '../../application/ports/tokens';
import { SMS_CODE_LENGTH } from '../../application/account/useCases';
import { canResendCode, formatCountdown, resendRemainingSeconds } from '../../domain/account/security';
import { useInjection } from '../shared/di';
import { CODE_LABEL, codeSentTo, RESEND, resendIn } from './strings';

export interface SmsCodeInputProps {
  /** Where the code went (shown as given). */
  phone: string;
  /** When the last code was sent (the Clock port's ms). */
  sentAt: number;
  /** Sends another code; true when it went out (the countdown restarts from the new sentAt). */
  onResend: () => Promise<boolean>;
  /** The code is complete: submits it; false clears the cells for another try. */
  onComplete: (code: string) => Promise<boolean>;
}

/**
 * The code step (SPEC point 4 "Phone change", point 9): six cells that submit as soon as
 * they are filled, and the resend link after a 60 s countdown shown as 00:SS.
 */
export function SmsCodeInput({ phone, sentAt, onResend, onComplete }: SmsCodeInputProps) {
  const clock = useInjection<Clock>(CLOCK);
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [now, setNow] = useState(() => clock.now());
  const remaining = resendRemainingSeconds(sentAt, now);

  useEffect(() => {
    setNow(clock.now());
    const timer = window.setInterval(() => setNow(clock.now()), 250);
    return () => window.clearInterval(timer);
  }, [clock, sentAt]);

  const submit = async (value: string) => {
    if (busy || value.length < SMS_CODE_LENGTH) return;
    setBusy(true);
    try {
      const ok = await onComplete(value);
      if (!ok) setCode('');
    } finally {
      setBusy(false);
    }
  };

  const resend = async () => {
    if (!canResendCode(remaining) || busy) return;
    setBusy(true);
    try {
      if (await onResend()) setCode('');
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="cw-sms">
      <p className="cw-sms__sent">{codeSentTo(phone)}</p>
      <div className="cw-sms__cells" role="group" aria-label={CODE_LABEL}>
        <PasscodeInput
          length={SMS_CODE_LENGTH}
          plain
          seperated
          value={code}
          onChange={(v) => setCode(v.replace(/\D/g, ''))}
          onFill={(v) => void submit(v)}
          inputMode="numeric"
          className="cw-sms__input"
        />
      </div>
      <div className="cw-sms__resend">
        {canResendCode(remaining) ? (
          <button type="button" className="cw-link" onClick={() => void resend()} disabled={busy}>
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
