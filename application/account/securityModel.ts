/**
 * page/security?type&userType's model (SPEC point 2 "Security verification", point 5):
 * the method (账户密码 or 短信验证; password by default when the settings call says
 * passwordVerification 1), the password with 确定 (请输入密码, 密码错误) or the SMS code
 * after 下一步 (请先绑定手机号). A pass goes on: type 1 to editPassword, type 2 to
 * editPhone's second step (both replacing this page), no type back to the page that
 * asked (a masked value's reveal, which the verification model carries).
 */
import { combine, createEffect, createEvent, createStore, sample } from 'effector';
import type { SecurityMethod } from '../../domain/account/types';
import type { PasswordHasher } from '../ports/passwordHasher';
import type { Clock, Navigator, Notifier } from '../ports/runtime';
import { CLOCK, NAVIGATOR, NOTIFIER, PASSWORD_HASHER } from '../ports/tokens';
import { leavingNavigator } from '../shared/navigation';
import { tellFailure } from '../shared/failureNotice';
import { defineScreen, SCREEN_MODELS } from '../shared/screens';
import { ACCOUNT_API, type AccountApi } from './ports';
import { securityDonePath } from './routes';
import { checkSecurityPassword, loadSecurityMethod, sendSecurityCode, verifySecurityCode } from './security';
import { createSmsCode } from './smsCode';
import { verificationScreen, type VerificationModel } from './verificationModel';

export interface SecurityParams {
  /** The query's type: 1 password change, 2 phone change, none a reveal. */
  readonly type: string | null;
  readonly userType: unknown;
  /** The user's bound phone (masked), where the SMS code goes. */
  readonly phone: string | null | undefined;
}

export interface SecurityModelDeps {
  readonly api: AccountApi;
  readonly hasher: PasswordHasher;
  readonly clock: Clock;
  readonly navigator: Pick<Required<Navigator>, 'go' | 'leave'>;
  readonly notifier: Pick<Notifier, 'fail'>;
  readonly verification: Pick<VerificationModel, 'verificationPassed'>;
}

export function createSecurityModel(deps: SecurityModelDeps, p: SecurityParams) {
  const opened = createEvent();
  const methodChosen = createEvent<SecurityMethod>();
  const passwordChanged = createEvent<string>();
  const passwordConfirmed = createEvent();

  let inFlight: AbortController | null = null;
  const methodFx = createEffect(() => {
    inFlight?.abort();
    inFlight = new AbortController();
    return loadSecurityMethod({ api: deps.api }, { signal: inFlight.signal });
  });
  // The user's own choice wins over a late answer.
  const $method = createStore<SecurityMethod | null>(null, { serialize: 'ignore' })
    .on(methodFx.doneData, (current, method) => current ?? method)
    .on(methodChosen, (_, method) => method);
  const $password = createStore('', { serialize: 'ignore' }).on(passwordChanged, (_, text) => text);
  sample({ clock: opened, target: methodFx });

  const passed = createEvent();
  sample({ clock: passed, target: deps.verification.verificationPassed });
  sample({
    clock: passed,
    target: createEffect(() => {
      const next = securityDonePath(p.type, p.userType);
      if (next !== null) deps.navigator.go(next, { replace: true });
      else deps.navigator.leave();
    }),
  });

  const checkFx = createEffect(async (password: string) => {
    const outcome = await checkSecurityPassword({ api: deps.api, hasher: deps.hasher }, password);
    if (!outcome.ok) tellFailure(deps.notifier, outcome.error);
    return outcome.ok;
  });
  const sendFx = createEffect(async () => {
    const outcome = await sendSecurityCode({ api: deps.api }, p.phone);
    if (!outcome.ok) tellFailure(deps.notifier, outcome.error);
    return outcome.ok;
  });
  const verifyFx = createEffect(async (code: string) => {
    const outcome = await verifySecurityCode({ api: deps.api }, code);
    if (!outcome.ok) tellFailure(deps.notifier, outcome.error);
    return outcome.ok;
  });
  const sms = createSmsCode({ clock: deps.clock, send: sendFx, wentOut: (ok) => ok, verify: verifyFx });
  const $busy = combine(checkFx.pending, sms.$busy, (a, b) => a || b);

  sample({ clock: passwordConfirmed, source: { password: $password, busy: $busy }, filter: ({ busy }) => !busy, fn: ({ password }) => password, target: checkFx });
  sample({ clock: [checkFx.doneData, verifyFx.doneData], filter: Boolean, fn: () => undefined, target: passed });

  return {
    $method,
    $password,
    $busy,
    /** The code step: a code went out. */
    $codeSent: sms.$sentAt.map((at) => at !== null),
    sms,
    opened,
    methodChosen,
    passwordChanged,
    passwordConfirmed,
    /** 下一步 of the SMS method. */
    codeRequested: sms.sendRequested,
    dispose: () => {
      inFlight?.abort();
      sms.dispose();
    },
  };
}

export type SecurityModel = ReturnType<typeof createSecurityModel>;

export const securityScreen = defineScreen({
  name: 'accountSecurity',
  lifetime: 'screen',
  key: (p: SecurityParams) => `${p.type ?? ''}\u0000${String(p.userType)}`,
  create: (get, p) =>
    createSecurityModel(
      {
        api: get(ACCOUNT_API),
        hasher: get(PASSWORD_HASHER),
        clock: get(CLOCK),
        navigator: leavingNavigator(get(NAVIGATOR)),
        notifier: get(NOTIFIER),
        verification: get(SCREEN_MODELS).get(verificationScreen, undefined),
      },
      p,
    ),
});
