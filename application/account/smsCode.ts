/**
 * The SMS code step, written once for the security page and the phone change (SPEC
 * point 4 "Phone change", point 9): a code is sent, the cells (six unless config.json's
 * `smsCodeLength` says 4 to 8) submit as soon as they are filled, and 确定 submits them
 * again once full (a wrong code clears them for another try; one nobody could check, the
 * network being down, stays for 确定); 重新发送 comes back after a 60 s countdown shown as
 * 00:SS. The owner says how a code is sent and checked (its effects, which tell their own
 * failures); this keeps the cells, the time and the busy state.
 */
import { combine, createEffect, createEvent, createStore, sample, scopeBind, type Effect } from 'effector';
import { canResendCode, resendRemainingSeconds } from '../../domain/account/security';
import type { Clock } from '../ports/runtime';
import type { Outcome } from '../shared/failure';

/**
 * What checking a complete code came to: it passed; it was refused (a wrong or expired
 * code: the cells empty for another try); or nobody checked it (no answer, or too late:
 * the code stays for 确定).
 */
export type CodeCheck = 'passed' | 'refused' | 'unchecked';

export const codeCheckOf = (outcome: Outcome<unknown>): CodeCheck =>
  outcome.ok ? 'passed' : outcome.error.kind === 'offline' || outcome.error.kind === 'timeout' ? 'unchecked' : 'refused';

export interface SmsCodeDeps<R> {
  readonly clock: Clock;
  /** Sends a code (again). */
  readonly send: Effect<void, R>;
  /** Whether the send's answer means a code went out. */
  readonly wentOut: (answer: R) => boolean;
  /** Checks a complete code. */
  readonly verify: Effect<string, CodeCheck>;
  /** How many digits a code has (config.json `smsCodeLength`, 4 to 8); SMS_CODE_LENGTH when not given. */
  readonly length?: number;
}

/** Decided: the sandbox and the usual SMS gateways send six digits; the cells fill to this and submit (config.json may say 4 to 8). */
export const SMS_CODE_LENGTH = 6;

/** How often the countdown is read again: a quarter second keeps 00:SS on time without a busy screen. */
const TICK_MS = 250;

export function createSmsCode<R>(deps: SmsCodeDeps<R>) {
  /** 下一步 (the first code) or 重新发送 when the countdown allows it. */
  const sendRequested = createEvent();
  const codeChanged = createEvent<string>();
  const codeFilled = createEvent<string>();
  /** 确定: the code in the cells, once it has every digit. */
  const codeConfirmed = createEvent();
  const ticked = createEvent<number>();
  const length = deps.length ?? SMS_CODE_LENGTH;

  const sent = sample({ clock: deps.send.doneData, filter: deps.wentOut, fn: () => deps.clock.now() });

  const $sentAt = createStore<number | null>(null, { serialize: 'ignore' }).on(sent, (_, at) => at);
  const $now = createStore(deps.clock.now(), { serialize: 'ignore' })
    .on(sent, (_, at) => at)
    .on(ticked, (_, now) => now);
  const $remaining = combine($sentAt, $now, (sentAt, now) => (sentAt === null ? 0 : resendRemainingSeconds(sentAt, now)));
  const $canResend = $remaining.map(canResendCode);
  const $code = createStore('', { serialize: 'ignore' })
    .on(codeChanged, (_, value) => value.replace(/\D/g, '').slice(0, length))
    .reset(sent);
  const $busy = combine(deps.send.pending, deps.verify.pending, (a, b) => a || b);
  /** Every digit is in: 确定 may submit (a shorter code is never sent). */
  const $complete = $code.map((code) => code.length === length);

  sample({
    clock: sendRequested,
    source: { busy: $busy, sentAt: $sentAt, canResend: $canResend },
    filter: ({ busy, sentAt, canResend }) => !busy && (sentAt === null || canResend),
    fn: () => undefined,
    target: deps.send,
  });

  sample({
    clock: codeFilled,
    source: $busy,
    filter: (busy, value) => !busy && /^\d+$/.test(value) && value.length === length,
    fn: (_, value) => value,
    target: deps.verify,
  });
  sample({
    clock: codeConfirmed,
    source: { busy: $busy, code: $code, complete: $complete },
    filter: ({ busy, complete }) => !busy && complete,
    fn: ({ code }) => code,
    target: deps.verify,
  });
  // A wrong code: the cells empty for another try; one nobody checked stays for 确定.
  $code.on(deps.verify.doneData, (code, check) => (check === 'refused' ? '' : code));

  // The countdown's clock: started when a code goes out, stopped once 重新发送 is back.
  let timer: ReturnType<typeof setInterval> | null = null;
  const stop = (): void => {
    if (timer !== null) clearInterval(timer);
    timer = null;
  };
  const startTickingFx = createEffect(() => {
    if (timer !== null) return;
    const tick = scopeBind(ticked, { safe: true });
    timer = setInterval(() => tick(deps.clock.now()), TICK_MS);
  });
  sample({ clock: sent, target: startTickingFx });
  sample({ clock: $canResend.updates, filter: Boolean, target: createEffect(stop) });

  return { length, $sentAt, $remaining, $canResend, $code, $complete, $busy, sendRequested, codeChanged, codeFilled, codeConfirmed, dispose: stop };
}

export type SmsCode = ReturnType<typeof createSmsCode>;
