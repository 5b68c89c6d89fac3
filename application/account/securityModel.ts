/**
 * page/security?type&userType's model (SPEC point 2 "Security verification", point 5):
 * the method (账户密码 or 短信验证; password by default when the settings call says
 * passwordVerification 1), the password with 确定 (请输入密码, 密码错误) or the SMS code
 * after 下一步 (请先绑定手机号). A pass goes on: type 1 to editPassword, type 2 to
 * editPhone's second step (both replacing this page), no type back to the page that
 * asked (a masked value's reveal, which the verification model carries).
 *
 * Only the methods that work are offered: a backend without the password check (404 or
 * 501, docs/decided-calls.md) loses 账户密码 (暂不支持账户密码验证，请使用短信验证) for the
 * rest of the session, and 短信验证 is chosen.
 */
import { combine, createEffect, createEvent, createStore, sample } from 'effector';
import { PASSWORD_CHECK_UNAVAILABLE } from '../../domain/account/messages';
import type { SecurityMethod } from '../../domain/account/types';
import type { PasswordHasher } from '../ports/passwordHasher';
import type { Clock, Navigator, Notifier } from '../ports/runtime';
import { CLOCK, NAVIGATOR, NOTIFIER, PASSWORD_HASHER, RUNTIME_CONFIG } from '../ports/tokens';
import { isMissingCall } from '../shared/failure';
import { leavingNavigator } from '../shared/navigation';
import { tellFailure } from '../shared/failureNotice';
import { createMissingCalls, MISSING_CALLS, type MissingCalls } from '../shared/missingCalls';
import { defineScreen, SCREEN_MODELS } from '../shared/screens';
import { ACCOUNT_API, type AccountApi } from './ports';
import { securityDonePath } from './routes';
import { checkSecurityPassword, loadSecurityMethod, sendSecurityCode, verifySecurityCode } from './security';
import { codeCheckOf, createSmsCode } from './smsCode';
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
  /** The calls the backend lacks (the app's record); a list of its own when not given. */
  readonly missingCalls?: MissingCalls;
  /** Digits of an SMS code (config.json `smsCodeLength`); six when not given. */
  readonly smsCodeLength?: number;
}

/** Both methods, in the order the page lists them. */
export const SECURITY_METHODS: readonly SecurityMethod[] = Object.freeze(['password', 'sms']);

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
  const missingCalls = deps.missingCalls ?? createMissingCalls();
  /** The methods that work: 账户密码 only while the backend has the password check. */
  const $methods = missingCalls.$missing.map((missing): readonly SecurityMethod[] =>
    missing.includes('checkPassword') ? SECURITY_METHODS.filter((m) => m !== 'password') : SECURITY_METHODS,
  );
  // The user's own choice wins over a late answer.
  const $chosen = createStore<SecurityMethod | null>(null, { serialize: 'ignore' })
    .on(methodFx.doneData, (current, method) => current ?? method)
    .on(methodChosen, (_, method) => method);
  /** The method on screen: the chosen one while it is offered, else the first that is. */
  const $method = combine($chosen, $methods, (chosen, methods): SecurityMethod | null =>
    chosen === null || methods.includes(chosen) ? chosen : (methods[0] ?? 'sms'),
  );
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

  /** 'missing': the backend has no password check (404 or 501). */
  const checkFx = createEffect(async (password: string): Promise<'passed' | 'failed' | 'missing'> => {
    const outcome = await checkSecurityPassword({ api: deps.api, hasher: deps.hasher }, password);
    if (outcome.ok) return 'passed';
    if (isMissingCall(outcome.error)) {
      deps.notifier.fail(PASSWORD_CHECK_UNAVAILABLE);
      return 'missing';
    }
    tellFailure(deps.notifier, outcome.error);
    return 'failed';
  });
  sample({ clock: checkFx.doneData, filter: (check) => check === 'missing', fn: () => 'checkPassword' as const, target: missingCalls.noted });
  const sendFx = createEffect(async () => {
    const outcome = await sendSecurityCode({ api: deps.api }, p.phone);
    if (!outcome.ok) tellFailure(deps.notifier, outcome.error);
    return outcome.ok;
  });
  const verifyFx = createEffect(async (code: string) => {
    const outcome = await verifySecurityCode({ api: deps.api }, code);
    if (!outcome.ok) tellFailure(deps.notifier, outcome.error);
    return codeCheckOf(outcome);
  });
  const sms = createSmsCode({ clock: deps.clock, send: sendFx, wentOut: (ok) => ok, verify: verifyFx, length: deps.smsCodeLength });
  const $busy = combine(checkFx.pending, sms.$busy, (a, b) => a || b);

  sample({
    clock: passwordConfirmed,
    source: { password: $password, busy: $busy, method: $method },
    filter: ({ busy, method }) => !busy && method === 'password',
    fn: ({ password }) => password,
    target: checkFx,
  });
  sample({ clock: [checkFx.doneData, verifyFx.doneData], filter: (check) => check === 'passed', fn: () => undefined, target: passed });

  return {
    $method,
    /** The methods offered (both, or 短信验证 alone once the password check is found missing). */
    $methods,
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
        missingCalls: get(MISSING_CALLS),
        smsCodeLength: get(RUNTIME_CONFIG).smsCodeLength,
      },
      p,
    ),
});
