import dayjs, { type Dayjs } from 'dayjs';
import { nonBlank } from '../shared/guards';
export { nonBlank };

/** Anything a date picker or the wire may hand over; the clock is never read here. */
export type DateInput = Date | Dayjs | string | number | null | undefined;

/** The list query's date shape (SPEC point 9). `T` is bracketed so dayjs keeps it literal. */
export const APPROVAL_QUERY_DATE_FORMAT = 'YYYY-MM-DD[T]HH:mm';
/** How times are shown (SPEC point 9). */
export const APPROVAL_DISPLAY_TIME_FORMAT = 'YYYY-MM-DD HH:mm';

const toDayjs = (value: DateInput): Dayjs | null => {
  if (value === null || value === undefined || value === '') return null;
  if (typeof value === 'number' && !Number.isFinite(value)) return null;
  const parsed = dayjs(value);
  return parsed.isValid() ? parsed : null;
};

/** Null for absent or unparsable input, so callers can leave the field out. */
export const formatQueryDate = (value: DateInput): string | null =>
  toDayjs(value)?.format(APPROVAL_QUERY_DATE_FORMAT) ?? null;

export const formatDisplayTime = (value: DateInput): string | null =>
  toDayjs(value)?.format(APPROVAL_DISPLAY_TIME_FORMAT) ?? null;


/** Integers from numbers or numeric route strings; anything else is null. */
export const parseInteger = (value: unknown): number | null => {
  if (typeof value === 'number') return Number.isInteger(value) ? value : null;
  if (typeof value === 'string' && /^\s*-?\d+\s*$/.test(value)) return Number.parseInt(value, 10);
  return null;
};

/** "#" prefix of the run number on the detail page. */
export const formatRunNumber = (numberStr: unknown): string =>
  typeof numberStr === 'string' && numberStr !== '' ? `#${numberStr}` : '';
