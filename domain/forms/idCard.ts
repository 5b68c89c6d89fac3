/**
 * 18-digit Chinese resident identity number (GB 11643-1999): 6-digit region code,
 * 8-digit birth date YYYYMMDD, 3-digit sequence, 1 check character (ISO 7064 MOD 11-2).
 */

const WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2] as const;
const CHECK_CHARS = ['1', '0', 'X', '9', '8', '7', '6', '5', '4', '3', '2'] as const;

/** Earliest birth year accepted; older numbers are not in use. */
export const ID_CARD_MIN_YEAR = 1900;

const BODY = /^\d{17}$/;
const SHAPE = /^[1-9]\d{16}[\dXx]$/;

/** The check character for a 17-digit body, or null when the body is not 17 digits. */
export const idCardCheckChar = (body: unknown): string | null => {
  if (typeof body !== 'string' || !BODY.test(body)) return null;
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += Number(body[i]) * (WEIGHTS[i] ?? 0);
  return CHECK_CHARS[sum % 11] ?? null;
};

const isLeapYear = (y: number): boolean => (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;

const daysInMonth = (y: number, m: number): number =>
  m === 2 ? (isLeapYear(y) ? 29 : 28) : [4, 6, 9, 11].includes(m) ? 30 : 31;

/** Whether YYYYMMDD is a real calendar date from 1900 on (and not after `notAfter` when given). */
export const isValidBirthDate = (yyyymmdd: string, notAfter?: Date): boolean => {
  if (!/^\d{8}$/.test(yyyymmdd)) return false;
  const y = Number(yyyymmdd.slice(0, 4));
  const m = Number(yyyymmdd.slice(4, 6));
  const d = Number(yyyymmdd.slice(6, 8));
  if (y < ID_CARD_MIN_YEAR || m < 1 || m > 12 || d < 1 || d > daysInMonth(y, m)) return false;
  if (notAfter instanceof Date && !Number.isNaN(notAfter.getTime())) {
    const limit = notAfter.getFullYear() * 10000 + (notAfter.getMonth() + 1) * 100 + notAfter.getDate();
    if (y * 10000 + m * 100 + d > limit) return false;
  }
  return true;
};

/**
 * Whether the text is a valid 18-digit ID: region code starting 1-9, a real birth
 * date, the right check character (lowercase x accepted). Pass `today` to also
 * reject birth dates in the future; time is never read from the clock here.
 */
export const isValidIdCard = (value: unknown, today?: Date): boolean => {
  if (typeof value !== 'string' || !SHAPE.test(value)) return false;
  if (!isValidBirthDate(value.slice(6, 14), today)) return false;
  return idCardCheckChar(value.slice(0, 17)) === value.slice(17).toUpperCase();
};

/** Builds a full ID from a 17-digit body (test and sandbox helper), or null for a bad body. */
export const buildIdCard = (body: string): string | null => {
  const check = idCardCheckChar(body);
  return check === null ? null : body + check;
};
