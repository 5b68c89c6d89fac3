/**
 * page/editPhone?nowStep&phoneNum&type&userType's model (SPEC point 4 "Phone change"):
 * step 1 the current phone, to the security page when a verification is required;
 * step 2 the new phone (请输入正确的手机号) and the code sent to it; step 3 the code,
 * checked as soon as it is complete, with the 60 s resend countdown. 修改成功 refreshes
 * the user and leaves. The server's strings are told as they are.
 */
import { attach, combine, createEffect, createEvent, createStore, sample, type UnitTargetable } from 'effector';
import { CHANGE_SUCCESS } from '../../domain/account/messages';
import type { Clock, Navigator, Notifier } from '../ports/runtime';
import { CLOCK, NAVIGATOR, NOTIFIER, RUNTIME_CONFIG } from '../ports/tokens';
import { leavingNavigator } from '../shared/navigation';
import { tellFailure } from '../shared/failureNotice';
import { defineScreen } from '../shared/screens';
import { SESSION_MODEL } from '../session/model';
import { confirmNewPhone, phoneStep1, sendNewPhoneCode } from './phone';
import { ACCOUNT_API, type AccountApi } from './ports';
import { phoneStepOf } from './routes';
import { codeCheckOf, createSmsCode, type CodeCheck } from './smsCode';

export interface PhoneParams {
  /** The query's nowStep. */
  readonly nowStep: string | null;
  readonly userType: unknown;
}

export interface PhoneModelDeps {
  readonly api: AccountApi;
  readonly clock: Clock;
  readonly navigator: Pick<Required<Navigator>, 'go' | 'leave'>;
  readonly notifier: Pick<Notifier, 'success' | 'fail'>;
  /** Reads the user again (the new phone on every card). */
  readonly refreshUser: UnitTargetable<void>;
  /** Digits of an SMS code (config.json `smsCodeLength`); six when not given. */
  readonly smsCodeLength?: number;
}

export function createPhoneModel(deps: PhoneModelDeps, p: PhoneParams) {
  const opened = phoneStepOf(p.nowStep);
  // Step 3 needs a code that was sent on this page: a link to it starts at step 2.
  const $step = createStore<1 | 2 | 3>(opened === 3 ? 2 : opened, { serialize: 'ignore' });
  const phoneChanged = createEvent<string>();
  const $phone = createStore('', { serialize: 'ignore' }).on(phoneChanged, (_, text) => text.replace(/\D/g, ''));
  const step1Pressed = createEvent();

  const step1Fx = createEffect(async () => {
    const outcome = await phoneStep1({ api: deps.api }, p.userType);
    if (!outcome.ok) {
      tellFailure(deps.notifier, outcome.error);
      return null;
    }
    if (outcome.value.kind === 'security') deps.navigator.go(outcome.value.path, { replace: true });
    return outcome.value.kind;
  });
  $step.on(step1Fx.doneData, (step, next) => (next === 'step2' ? 2 : step));

  /** Answers the phone the code went to, or null. */
  const sendFx = attach({
    source: $phone,
    effect: async (phone: string): Promise<string | null> => {
      const outcome = await sendNewPhoneCode({ api: deps.api }, phone);
      if (!outcome.ok) {
        tellFailure(deps.notifier, outcome.error);
        return null;
      }
      return outcome.value;
    },
  });
  const confirmFx = attach({
    source: $phone,
    effect: async (phone: string, code: string): Promise<CodeCheck> => {
      const outcome = await confirmNewPhone({ api: deps.api }, phone, code);
      if (!outcome.ok) {
        tellFailure(deps.notifier, outcome.error);
        return codeCheckOf(outcome);
      }
      deps.notifier.success(CHANGE_SUCCESS);
      deps.navigator.leave();
      return 'passed';
    },
  });
  const sms = createSmsCode({ clock: deps.clock, send: sendFx, wentOut: (phone) => phone !== null, verify: confirmFx, length: deps.smsCodeLength });
  $phone.on(sendFx.doneData, (phone, sent) => sent ?? phone);
  $step.on(sendFx.doneData, (step, sent) => (sent !== null ? 3 : step));
  sample({ clock: confirmFx.doneData, filter: (check) => check === 'passed', fn: () => undefined, target: deps.refreshUser });

  const $busy = combine(step1Fx.pending, sms.$busy, (a, b) => a || b);
  sample({ clock: step1Pressed, filter: $busy.map((busy) => !busy), target: step1Fx });

  return { $step, $phone, $busy, sms, phoneChanged, step1Pressed, codeRequested: sms.sendRequested, dispose: sms.dispose };
}

export type PhoneModel = ReturnType<typeof createPhoneModel>;

export const phoneScreen = defineScreen({
  name: 'accountPhone',
  lifetime: 'screen',
  key: (p: PhoneParams) => `${p.nowStep ?? ''}\u0000${String(p.userType)}`,
  create: (get, p) =>
    createPhoneModel(
      {
        api: get(ACCOUNT_API),
        clock: get(CLOCK),
        navigator: leavingNavigator(get(NAVIGATOR)),
        notifier: get(NOTIFIER),
        refreshUser: get(SESSION_MODEL).refreshUserFx,
        smsCodeLength: get(RUNTIME_CONFIG).smsCodeLength,
      },
      p,
    ),
});
