import dayjs, { type Dayjs } from 'dayjs';

/** Deadlines go over the wire at minute precision, seconds always 00. */
export const TODO_DEADLINE_WIRE_FORMAT = 'YYYY-MM-DD[T]HH:mm:00';
export const TODO_DISPLAY_FORMAT = 'YYYY-MM-DD HH:mm';

export type TimeInput = Date | Dayjs | string | number | null | undefined;

/** A valid dayjs for the inputs dayjs parses safely, else null (objects it would coerce are refused). */
export function toDayjs(value: unknown): Dayjs | null {
  const parseable =
    value instanceof Date ||
    dayjs.isDayjs(value) ||
    (typeof value === 'string' && value.trim() !== '') ||
    (typeof value === 'number' && Number.isFinite(value));
  if (!parseable) return null;
  const parsed = dayjs(value as Date | Dayjs | string | number);
  return parsed.isValid() ? parsed : null;
}

/** YYYY-MM-DDTHH:mm:00, or null for no or an invalid deadline. */
export function formatTodoDeadline(value: unknown): string | null {
  const parsed = toDayjs(value);
  return parsed ? parsed.format(TODO_DEADLINE_WIRE_FORMAT) : null;
}

/** YYYY-MM-DD HH:mm for lists and search rows, or null. */
export function formatTodoTime(value: unknown): string | null {
  const parsed = toDayjs(value);
  return parsed ? parsed.format(TODO_DISPLAY_FORMAT) : null;
}
