import dayjs, { type Dayjs } from 'dayjs';
import { own } from '../shared/guards';

/**
 * Date precision of a date field. The designer stores a mode (year, month, day,
 * Date, DateTime); the display formats of SPEC point 9 are by precision
 * (year, month, day, minute, second).
 */
export type DatePrecision = 'year' | 'month' | 'day' | 'minute' | 'second';

/** Display formats, SPEC point 9 word for word. */
export const DISPLAY_FORMATS: Readonly<Record<DatePrecision, string>> = Object.freeze({
  year: 'YYYY',
  month: 'YYYY/MM',
  day: 'YYYY/MM/DD',
  minute: 'YYYY/MM/DD HH:mm',
  second: 'YY/MM/DD HH:mm:ss',
});

/**
 * Stored value formats (decided: the spec does not show them). ISO-like so that
 * dayjs parses them without plugins and they sort as text.
 */
export const VALUE_FORMATS: Readonly<Record<DatePrecision, string>> = Object.freeze({
  year: 'YYYY',
  month: 'YYYY-MM',
  day: 'YYYY-MM-DD',
  minute: 'YYYY-MM-DD HH:mm',
  second: 'YYYY-MM-DD HH:mm:ss',
});

const PRECISION_BY_MODE: Readonly<Record<string, DatePrecision>> = Object.freeze({
  year: 'year',
  month: 'month',
  day: 'day',
  Date: 'day',
  DateTime: 'minute',
  // Precision names are accepted as modes too, so `second` is reachable.
  minute: 'minute',
  second: 'second',
});

/** Mode to precision; an absent or unknown mode is a plain date (day). */
export const datePrecisionOf = (mode: unknown): DatePrecision =>
  (typeof mode === 'string' ? own(PRECISION_BY_MODE, mode) : undefined) ?? 'day';

/**
 * Parses a stored date value: a string dayjs understands, a timestamp in ms, a
 * Date or a Dayjs. Anything else, or an invalid date, is null.
 */
export const parseDateValue = (value: unknown): Dayjs | null => {
  if (typeof value === 'string') {
    if (value.trim() === '') return null;
  } else if (typeof value === 'number') {
    if (!Number.isFinite(value)) return null;
  } else if (!(value instanceof Date) && !dayjs.isDayjs(value)) {
    return null;
  }
  const d = dayjs(value as string | number | Date | Dayjs);
  return d.isValid() ? d : null;
};

/** Display text of a date value at the mode's precision, or null when it is not a date. */
export const formatDateDisplay = (value: unknown, mode: unknown): string | null => {
  const d = parseDateValue(value);
  return d ? d.format(DISPLAY_FORMATS[datePrecisionOf(mode)]) : null;
};

/** The value to store for a picked date at the mode's precision. */
export const toDateValue = (date: Date | Dayjs | number, mode: unknown): string | null => {
  const d = parseDateValue(date);
  return d ? d.format(VALUE_FORMATS[datePrecisionOf(mode)]) : null;
};
