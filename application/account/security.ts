/**
 * Security verification's use cases (page/security, SPEC point 2 "Security
 * verification", point 5): the method chosen at first, the password check and the SMS
 * code to the user's own phone. They answer Outcomes and show nothing.
 */
import { defaultSecurityMethod, passwordCheckMessage, validateSecurityCheck } from '../../domain/account/security';
import type { SecurityMethod } from '../../domain/account/types';
import { err, ok } from '../../domain/shared/result';
import type { PasswordHasher } from '../ports/passwordHasher';
import { attempt, invalid, isCancelled, type Failure, type Outcome } from '../shared/failure';
import type { AccountApi, CallOptions, SmsOutcome } from './ports';

/** The server's refusal as the SMS calls give it: a message string instead of an error. */
const refused = (message: string): Failure => ({ kind: 'refused', message });

/** An SMS call's answer as an Outcome: its message on failure is the server's refusal. */
export const smsOutcome = (outcome: SmsOutcome): Outcome<void> => (outcome.ok ? ok(undefined) : err(refused(outcome.message)));

/** The method chosen at first: the settings call's passwordVerification 1 means password, else (also on failure) SMS. */
export async function loadSecurityMethod(deps: { api: Pick<AccountApi, 'securitySettings'> }, opts: CallOptions = {}): Promise<SecurityMethod> {
  try {
    return defaultSecurityMethod(await deps.api.securitySettings(opts));
  } catch (e) {
    if (isCancelled(e)) throw e;
    return defaultSecurityMethod(null);
  }
}

/** 请输入密码 when empty; the hashed password to check-password; 密码错误 when the server says no. */
export async function checkSecurityPassword(deps: { api: Pick<AccountApi, 'checkPassword'>; hasher: PasswordHasher }, password: string): Promise<Outcome<void>> {
  const message = validateSecurityCheck({ method: 'password', password });
  if (message !== null) return err(invalid(message));
  const checked = await attempt(async () => deps.api.checkPassword(await deps.hasher.hash(password.trim())));
  if (!checked.ok) return checked;
  const wrong = passwordCheckMessage(checked.value);
  return wrong === null ? ok(undefined) : err(refused(wrong));
}

/** 下一步 of the SMS method: 请先绑定手机号 without a phone, else a code to the user's phone. */
export async function sendSecurityCode(deps: { api: Pick<AccountApi, 'sendVerifyCodeToUserPhone'> }, boundPhone: string | null | undefined): Promise<Outcome<void>> {
  const message = validateSecurityCheck({ method: 'sms', boundPhone });
  if (message !== null) return err(invalid(message));
  const sent = await attempt(() => deps.api.sendVerifyCodeToUserPhone());
  return sent.ok ? smsOutcome(sent.value) : sent;
}

/** The code sent to the user's own phone (user-info/verify, verifyType 1). */
export const verifySecurityCode = (deps: { api: Pick<AccountApi, 'verifySms'> }, code: string): Promise<Outcome<void>> =>
  attempt(() => deps.api.verifySms(code.trim()));
