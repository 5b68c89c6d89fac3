import { useEffect, useRef, useState } from 'react';
import { coerceValue } from '../../../domain/forms/fields';
import { DECREASE, INCREASE, PLACEHOLDER_INPUT } from '../strings';
import { ariaOf, type ControlProps } from './types';

/** SPEC point 9: a held stepper button repeats every 200 ms after a 600 ms hold. */
export const HOLD_DELAY_MS = 600;
export const REPEAT_MS = 200;

/**
 * Runs `action` once at once, then, while held, again every REPEAT_MS after HOLD_DELAY_MS.
 * The latest `action` is used on each tick, so the value it reads is never stale.
 */
export function useHoldRepeat(action: () => void) {
  const latest = useRef(action);
  latest.current = action;
  const timers = useRef<{ hold?: ReturnType<typeof setTimeout>; repeat?: ReturnType<typeof setInterval> }>({});
  const stop = () => {
    if (timers.current.hold !== undefined) clearTimeout(timers.current.hold);
    if (timers.current.repeat !== undefined) clearInterval(timers.current.repeat);
    timers.current = {};
  };
  useEffect(() => stop, []);
  const start = () => {
    stop();
    latest.current();
    timers.current.hold = setTimeout(() => {
      timers.current.repeat = setInterval(() => latest.current(), REPEAT_MS);
    }, HOLD_DELAY_MS);
  };
  return { start, stop };
}

const decimals = (n: number): number => {
  const s = String(n);
  const dot = s.indexOf('.');
  return dot < 0 ? 0 : s.length - dot - 1;
};

/** Decided: steps of 1, or of the minimum when it is a fraction below 1 (half days). */
export const stepOf = (min: unknown): number => (typeof min === 'number' && min > 0 && min < 1 ? min : 1);

const clamp = (n: number, min?: number, max?: number): number => {
  let v = n;
  if (typeof min === 'number' && Number.isFinite(min)) v = Math.max(min, v);
  if (typeof max === 'number' && Number.isFinite(max)) v = Math.min(max, v);
  return v;
};

/** number: a stepper with a typed value in between. */
export function NumberControl(p: ControlProps) {
  const { field, state, ids, onChange, onBlur } = p;
  const value = coerceValue('number', state.value) as number | null;
  const [text, setText] = useState(value === null ? '' : String(value));
  // Keep what the user is typing ("0.") unless the value changed from elsewhere.
  useEffect(() => {
    setText((t) => {
      const typed = t.trim() === '' ? null : Number(t);
      return typed === value || (typed !== null && Number.isNaN(typed) && value === null) ? t : value === null ? '' : String(value);
    });
  }, [value]);
  const step = stepOf(field.min);
  const places = Math.max(decimals(step), decimals(field.min ?? 0));
  const current = useRef(value);
  current.current = value;
  const bump = (dir: 1 | -1) => {
    const from = current.current ?? (dir > 0 ? (field.min ?? 0) - step : (field.min ?? 0) + step);
    const next = clamp(Number((from + dir * step).toFixed(places)), field.min, field.max);
    if (next !== current.current) {
      current.current = next;
      onChange(next);
    }
  };
  const dec = useHoldRepeat(() => bump(-1));
  const inc = useHoldRepeat(() => bump(1));
  const atMin = value !== null && typeof field.min === 'number' && value <= field.min;
  const atMax = value !== null && typeof field.max === 'number' && value >= field.max;
  const holdProps = (h: ReturnType<typeof useHoldRepeat>) => ({
    onPointerDown: (e: React.PointerEvent) => {
      e.preventDefault();
      h.start();
    },
    onPointerUp: h.stop,
    onPointerLeave: h.stop,
    onPointerCancel: h.stop,
    onKeyDown: (e: React.KeyboardEvent) => {
      if (e.key === 'Enter' || e.key === ' ') {
        e.preventDefault();
        h.start();
        h.stop();
      }
    },
  });
  return (
    <div className="cw-fm-stepper">
      <button type="button" className="cw-fm-stepper__button" aria-label={`${DECREASE}${field.title ?? ''}`} disabled={state.readonly || atMin} {...holdProps(dec)}>
        <span className="cw-fm-stepper__sign" aria-hidden="true">
          −
        </span>
      </button>
      <input
        id={ids.control}
        className="cw-fm-input cw-fm-stepper__input"
        type="text"
        inputMode="decimal"
        value={text}
        placeholder={field.placeholder ?? PLACEHOLDER_INPUT}
        readOnly={state.readonly}
        role="spinbutton"
        {...ariaOf(p)}
        aria-valuenow={value ?? undefined}
        aria-valuemin={field.min}
        aria-valuemax={field.max}
        onChange={(e) => {
          const t = e.target.value.replace(/[^\d.-]/g, '');
          setText(t);
          if (t.trim() === '') onChange(null);
          else if (Number.isFinite(Number(t))) onChange(Number(t));
        }}
        onBlur={onBlur}
      />
      <button type="button" className="cw-fm-stepper__button" aria-label={`${INCREASE}${field.title ?? ''}`} disabled={state.readonly || atMax} {...holdProps(inc)}>
        <span className="cw-fm-stepper__sign" aria-hidden="true">
          +
        </span>
      </button>
    </div>
  );
}
