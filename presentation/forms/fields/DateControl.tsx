import { DatePicker } from 'antd-mobile';
import { datePrecisionOf, formatDateDisplay, parseDateValue, toDateValue } from '../../../domain/forms/dateFormats';
import { RANGE_SEPARATOR } from '../../../domain/forms/messages';
import { CANCEL, CONFIRM, PLACEHOLDER_SELECT, RANGE_END, RANGE_START } from '../strings';
import { Trigger } from './Trigger';
import { useLazyOpen } from './useLazyOpen';
import type { ControlProps } from './types';

const MIN_DATE = new Date(1900, 0, 1);
const maxDate = (): Date => {
  const d = new Date();
  d.setFullYear(d.getFullYear() + 50);
  return d;
};

interface OneDateProps extends ControlProps {
  readonly text: string;
  readonly value: string;
  readonly set: (v: string) => void;
  readonly id?: string;
  readonly label?: string;
  readonly min?: Date;
}

function OneDate(p: OneDateProps) {
  const { open, mounted, show, hide } = useLazyOpen();
  const precision = datePrecisionOf(p.field.mode);
  const current = parseDateValue(p.value)?.toDate() ?? null;
  return (
    <>
      <Trigger
        {...p}
        id={p.id}
        extraLabel={p.label}
        text={p.text}
        placeholder={p.label ?? p.field.placeholder ?? `${PLACEHOLDER_SELECT}${p.field.title ?? ''}`}
        onOpen={show}
      />
      {mounted ? (
        <DatePicker
          visible={open}
          title={p.label ?? p.field.title}
          precision={precision}
          value={current}
          min={p.min ?? MIN_DATE}
          max={maxDate()}
          confirmText={CONFIRM}
          cancelText={CANCEL}
          onClose={() => {
            hide();
            p.onBlur();
          }}
          onConfirm={(d) => {
            const v = toDateValue(d, p.field.mode);
            if (v !== null) p.set(v);
          }}
        />
      ) : null}
    </>
  );
}

/** date (every mode, the spec's display formats) and date-range (two ends). */
export function DateControl(p: ControlProps) {
  const { field, state, onChange } = p;
  if (field.type === 'date-range') {
    const pair = Array.isArray(state.value) ? (state.value as string[]) : [];
    const start = pair[0] ?? '';
    const end = pair[1] ?? '';
    const show = (v: string) => (v ? (formatDateDisplay(v, field.mode) ?? v) : '');
    return (
      <div className="cw-fm-date-range">
        <OneDate {...p} label={RANGE_START} text={show(start)} value={start} set={(v) => onChange([v, end])} />
        <span className="cw-fm-date-range__sep" aria-hidden="true">
          {RANGE_SEPARATOR.trim()}
        </span>
        <OneDate
          {...p}
          id={`${p.ids.control}-end`}
          label={RANGE_END}
          text={show(end)}
          value={end}
          min={parseDateValue(start)?.toDate() ?? undefined}
          set={(v) => onChange([start, v])}
        />
      </div>
    );
  }
  const value = typeof state.value === 'string' ? state.value : '';
  return <OneDate {...p} text={value ? (formatDateDisplay(value, field.mode) ?? value) : ''} value={value} set={onChange} />;
}
