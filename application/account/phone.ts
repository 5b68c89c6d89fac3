/**
 * The phone change's use cases (page/editPhone, SPEC point 4 "Phone change"): step 1
 * asks whether a verification is needed first, step 2 sends a code to the new phone,
 * step 3 checks it, which binds the phone. They answer Outcomes and show nothing.
 */
import { phoneStep1Next, phoneStep2Next } from '../../domain/account/security';
import { err, ok } from '../../domain/shared/result';
import { attempt, invalid, type Outcome } from '../shared/failure';
import type { AccountApi } from './ports';
import { securityPath } from './routes';
import { smsOutcome } from './security';

export type PhoneStep1 = { readonly kind: 'security'; readonly path: string } | { readonly kind: 'step2' };

/** Step 1's 下一步: to security?type=2 when is-verify asks for a verification, else step 2. */
export async function phoneStep1(deps: { api: Pick<AccountApi, 'verificationRequired'> }, userType?: unknown): Promise<Outcome<PhoneStep1>> {
  const required = await attempt(() => deps.api.verificationRequired());
  if (!required.ok) return required;
  const next = phoneStep1Next(required.value);
  return ok(next.kind === 'security' ? { kind: 'security', path: securityPath(next.type, userType) } : { kind: 'step2' });
}

/** Step 2's 下一步: 请输入正确的手机号, else a code to the new phone; answers the phone it went to. */
export async function sendNewPhoneCode(deps: { api: Pick<AccountApi, 'sendVerifyCode'> }, phone: string): Promise<Outcome<string>> {
  const next = phoneStep2Next(phone);
  if (!next.ok) return err(invalid(next.error));
  const sent = await attempt(() => deps.api.sendVerifyCode(next.value.phone));
  if (!sent.ok) return sent;
  const told = smsOutcome(sent.value);
  return told.ok ? ok(next.value.phone) : told;
}

/** Step 3, when the code is complete: verify-code binds the new phone. */
export async function confirmNewPhone(deps: { api: Pick<AccountApi, 'verifyCode'> }, phone: string, code: string): Promise<Outcome<void>> {
  const verified = await attempt(() => deps.api.verifyCode(phone.trim(), code.trim()));
  return verified.ok ? smsOutcome(verified.value) : verified;
}
