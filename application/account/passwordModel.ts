/**
 * page/editPassword's model (SPEC point 2, point 5 "Change password"): the school's
 * policy (its hint, 登录密码由{digits}-32位， 包含…组成, and its rules), the three fields,
 * 确认修改 with both passwords hashed; 修改成功 and back. A rule's or the server's
 * message is told; the input is kept.
 */
import { newSubmissionId } from '../shared/idempotency';
import { attach, createEffect, createEvent, createStore, sample } from 'effector';
import { CHANGE_SUCCESS } from '../../domain/account/messages';
import type { ChangePasswordForm, PasswordPolicy } from '../../domain/account/types';
import type { PasswordHasher } from '../ports/passwordHasher';
import type { Navigator, Notifier } from '../ports/runtime';
import { NAVIGATOR, NOTIFIER, PASSWORD_HASHER } from '../ports/tokens';
import { tellFailure } from '../shared/failureNotice';
import { leavingNavigator } from '../shared/navigation';
import { defineScreen } from '../shared/screens';
import { changePassword, loadPasswordPolicy } from './password';
import { ACCOUNT_API, type AccountApi } from './ports';

export interface PasswordModelDeps {
  readonly api: AccountApi;
  readonly hasher: PasswordHasher;
  readonly navigator: Pick<Required<Navigator>, 'leave'>;
  readonly notifier: Pick<Notifier, 'success' | 'fail'>;
}

const EMPTY: ChangePasswordForm = { oldPassword: '', newPassword: '', confirmPassword: '' };

export function createPasswordModel(deps: PasswordModelDeps) {
  const opened = createEvent();
  const fieldChanged = createEvent<{ key: keyof ChangePasswordForm; value: string }>();
  const submitted = createEvent();

  /** This sitting of the form: its changes carry keys of it (changePassword). */
  const sitting = newSubmissionId();
  let inFlight: AbortController | null = null;
  const policyFx = createEffect(() => {
    inFlight?.abort();
    inFlight = new AbortController();
    return loadPasswordPolicy({ api: deps.api }, { signal: inFlight.signal });
  });
  const $policy = createStore<PasswordPolicy | null>(null, { serialize: 'ignore' }).on(policyFx.doneData, (_, policy) => policy);
  const $form = createStore<ChangePasswordForm>(EMPTY, { serialize: 'ignore' }).on(fieldChanged, (form, { key, value }) => ({ ...form, [key]: value }));

  const changeFx = attach({
    source: { form: $form, policy: $policy },
    effect: async ({ form, policy }: { form: ChangePasswordForm; policy: PasswordPolicy | null }) => {
      const outcome = await changePassword({ api: deps.api, hasher: deps.hasher }, form, policy, sitting);
      if (!outcome.ok) return tellFailure(deps.notifier, outcome.error);
      deps.notifier.success(CHANGE_SUCCESS);
      deps.navigator.leave();
    },
  });
  const $busy = changeFx.pending;

  sample({ clock: opened, target: policyFx });
  sample({ clock: submitted, filter: $busy.map((busy) => !busy), target: changeFx });

  return { $policy, $form, $busy, opened, fieldChanged, submitted, dispose: () => inFlight?.abort() };
}

export type PasswordModel = ReturnType<typeof createPasswordModel>;

export const passwordScreen = defineScreen({
  name: 'accountPassword',
  lifetime: 'screen',
  key: () => '',
  create: (get) =>
    createPasswordModel({ api: get(ACCOUNT_API), hasher: get(PASSWORD_HASHER), navigator: leavingNavigator(get(NAVIGATOR)), notifier: get(NOTIFIER) }),
});
