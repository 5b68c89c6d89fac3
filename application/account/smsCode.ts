/**
 * The SMS code step, written once for the security page and the phone change (SPEC
 * point 4 "Phone change", point 9): a code is sent, six cells submit as soon as they are
 * filled (a wrong code clears them for another try), and 重新发送 comes back after a
 * 60 s countdown shown as 00:SS. The owner says how a code is sent and checked (its
 * effects, which tell their own failures); this keeps the cells, the time and the busy
 * state.
 */
import { combine, createEffect, createEvent, createStore, sample, scopeBind, type Effect } from 'effector';
import { canResendCode, resendRemainingSeconds } from '../../domain/account/security';
import type { Clock } from '../ports/runtime';

export interface SmsCodeDeps<R> {
  readonly clock: Clock;
  /** Sends a code (again). */
  readonly send: Effect<void, R>;
  /** Whether the send's answer means a code went out. */
  readonly wentOut: (answer: R) => boolean;
  /** Checks a complete code; true when it passed. */
  readonly verify: Effect<string, boolean>;
}

/** Decided: the sandbox and the usual SMS gateways send six digits; the cells fill to this and submit. */
export const SMS_CODE_LENGTH = 6;

/** How often the countdown is read again: a quarter second keeps 00:SS on time without a busy screen. */
const TICK_MS = 250;

export function createSmsCode<R>(deps: SmsCodeDeps<R>) {
  /** 下一步 (the first code) or 重新发送 when the countdown allows it. */
  const sendRequested = createEvent();
  const codeChanged = createEvent<string>();
  const codeFilled = createEvent<string>();
  const ticked = createEvent<number>();

  const sent = sample({ clock: deps.send.doneData, filter: deps.wentOut, fn: () => deps.clock.now() });

  const $sentAt = createStore<number | null>(null, { serialize: 'ignore' }).on(sent, (_, at) => at);
  const $now = createStore(deps.clock.now(), { serialize: 'ignore' })
    .on(sent, (_, at) => at)
    .on(ticked, (_, now) => now);
  const $remaining = combine($sentAt, $now, (sentAt, now) => (sentAt === null ? 0 : resendRemainingSeconds(sentAt, now)));
  const $canResend = $remaining.map(canResendCode);
  const $code = createStore('', { serialize: 'ignore' })
    .on(codeChanged, (_, value) => value.replace(/\D/g, ''))
    .reset(sent);
  const $busy = combine(deps.send.pending, deps.verify.pending, (a, b) => a || b);

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
    filter: (busy, value) => !busy && value.length >= SMS_CODE_LENGTH,
    fn: (_, value) => value,
    target: deps.verify,
  });
  // A wrong code: the cells empty for another try.
  $code.on(deps.verify.doneData, (code, passed) => (passed ? code : ''));

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

  return { $sentAt, $remaining, $canResend, $code, $busy, sendRequested, codeChanged, codeFilled, dispose: stop };
}

export type SmsCode = ReturnType<typeof createSmsCode>;
