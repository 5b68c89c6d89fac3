/**
 * The password change's use cases (page/editPassword, SPEC point 5 "Change password"):
 * the school's policy, and the change with both passwords hashed (never plain text on
 * the wire). They answer Outcomes and show nothing.
 */
import { contentKey } from '../shared/idempotency';
import { normalisePasswordPolicy, validateChangePassword } from '../../domain/account/password';
import type { ChangePasswordForm, PasswordPolicy } from '../../domain/account/types';
import { err } from '../../domain/shared/result';
import type { PasswordHasher } from '../ports/passwordHasher';
import { attempt, failureOf, invalid, isCancelled, type Outcome } from '../shared/failure';
import type { AccountApi, CallOptions } from './ports';

/** The school's policy (minimum length, character classes), brought into range; the default when the call fails. */
export async function loadPasswordPolicy(deps: { api: Pick<AccountApi, 'passwordPolicy'> }, opts: CallOptions = {}): Promise<PasswordPolicy> {
  try {
    return normalisePasswordPolicy(await deps.api.passwordPolicy(opts));
  } catch (e) {
    if (isCancelled(e)) throw e;
    return normalisePasswordPolicy(null);
  }
}

/** The form's rules (an 'invalid' failure with the rule's message), then both passwords hashed. */
export async function changePassword(
  deps: { api: Pick<AccountApi, 'changePassword'>; hasher: PasswordHasher },
  form: Partial<ChangePasswordForm>,
  policy: PasswordPolicy | null,
  sitting?: string,
): Promise<Outcome<void>> {
  const valid = validateChangePassword(form, policy);
  if (!valid.ok) return err(invalid(valid.error));
  let request: { hashedOldPassword: string; hashedNewPassword: string };
  try {
    request = { hashedOldPassword: await deps.hasher.hash(valid.value.oldPassword), hashedNewPassword: await deps.hasher.hash(valid.value.newPassword) };
  } catch (e) {
    return err(failureOf(e));
  }
  // Sent again after a lost answer (the password already changed), the change is answered
  // as done instead of 原密码错误 (saveTodo says how the key is made).
  return attempt(() => deps.api.changePassword(request, sitting === undefined ? {} : { idempotencyKey: contentKey(sitting, request) }));
}
