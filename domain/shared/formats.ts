/**
 * Shared display and wire formats (SPEC point 9 "Dates", "Message and badge counts",
 * "Card shows the last 2 characters of a name", "Empty parent id").
 *
 * Every function here is total. Date formatters answer '' for input they cannot read,
 * except the to-do deadline, which answers null because the wire sends null for
 * "no deadline" and an empty string would be rejected by the server.
 */
import dayjs, { type Dayjs } from 'dayjs';

export const DISPLAY_DATE_FORMAT = 'YYYY-MM-DD HH:mm';
export const NOTICE_DATE_FORMAT = 'YYYY-MM-DD HH:mm:ss';
export const APPROVAL_QUERY_DATE_FORMAT = 'YYYY-MM-DDTHH:mm';
export const TODO_DEADLINE_WIRE_FORMAT = 'YYYY-MM-DDTHH:mm:ss';

/** What a caller may hand to the date formatters; anything else formats as ''/null. */
export type DateInput = Date | Dayjs | string | number | null | undefined;

/** A string's year, when it starts with one of four digits. */
const YEAR_WRITTEN = /^(\d{4})-/;

/**
 * Reads a date from a Date, a dayjs value, an epoch in milliseconds or a string dayjs
 * understands (ISO 8601, 'YYYY-MM-DD HH:mm:ss'). Blank strings, booleans and objects
 * are refused explicitly because dayjs would coerce some of them to 1970. Years outside
 * 1..9999 are refused too: every format here promises a four-digit year.
 */
export const toDayjs = (input: unknown): Dayjs | null => {
  let d: Dayjs;
  if (dayjs.isDayjs(input)) d = input;
  else if (input instanceof Date) d = dayjs(input);
  else if (typeof input === 'number') {
    if (!Number.isFinite(input)) return null;
    d = dayjs(input);
  } else if (typeof input === 'string') {
    const s = input.trim();
    if (s === '') return null;
    d = dayjs(s);
    // The browser reads a year under 100 written without a zone as 19xx ('0001-01-01' as
    // 1901, a .NET backend's empty DateTime): the year is the one written.
    const written = YEAR_WRITTEN.exec(s);
    if (written && d.isValid() && d.year() === Number(written[1]) + 1900) d = d.year(Number(written[1]));
  } else return null;
  return d.isValid() && d.year() >= 1 && d.year() <= 9999 ? d : null;
};

const formatWith = (input: unknown, pattern: string): string => {
  const d = toDayjs(input);
  return d === null ? '' : d.format(pattern);
};

/** YYYY-MM-DD HH:mm, or '' when the input is not a date. */
export const formatDisplayDate = (input: unknown): string => formatWith(input, DISPLAY_DATE_FORMAT);

/** YYYY-MM-DD HH:mm:ss (notices show seconds), or '' when the input is not a date. */
export const formatNoticeDate = (input: unknown): string => formatWith(input, NOTICE_DATE_FORMAT);

/** YYYY-MM-DDTHH:mm for the approval list query, or '' when the input is not a date. */
export const formatApprovalQueryDate = (input: unknown): string =>
  formatWith(input, APPROVAL_QUERY_DATE_FORMAT);

/**
 * YYYY-MM-DDTHH:mm:ss with minute precision (seconds forced to 00), or null when there
 * is no readable deadline.
 */
export const formatTodoDeadline = (input: unknown): string | null => {
  const d = toDayjs(input);
  return d === null ? null : d.second(0).millisecond(0).format(TODO_DEADLINE_WIRE_FORMAT);
};

// ---------------------------------------------------------------------------
// Masked values
// ---------------------------------------------------------------------------

export const MASK_CHAR = '*';
const PHONE_MASK = '****';

/**
 * Masks a phone number the way the server does: 13812341234 -> 138****1234.
 * Numbers of other lengths keep 3 leading and 4 trailing characters when long enough,
 * otherwise only the first and last; a value that is already masked is returned as is.
 */
export const maskPhone = (value: unknown): string => {
  if (typeof value !== 'string') return '';
  const s = value.trim();
  if (s === '' || isMasked(s)) return s;
  const chars = Array.from(s);
  const n = chars.length;
  if (n >= 8) {
    return chars.slice(0, 3).join('') + MASK_CHAR.repeat(n - 7) + chars.slice(-4).join('');
  }
  if (n >= 3) return (chars[0] ?? '') + MASK_CHAR.repeat(n - 2) + (chars[n - 1] ?? '');
  return MASK_CHAR.repeat(n);
};

/**
 * Masks an e-mail address: at most the first two characters of the local part stay
 * visible and never the whole local part (zhangsan@school.edu -> zh****@school.edu,
 * ab@x.cn -> a****@x.cn). A value without a usable '@' is masked like a phone number.
 */
export const maskEmail = (value: unknown): string => {
  if (typeof value !== 'string') return '';
  const s = value.trim();
  if (s === '' || isMasked(s)) return s;
  const at = s.lastIndexOf('@');
  if (at <= 0 || at === s.length - 1) return maskPhone(s);
  const local = Array.from(s.slice(0, at));
  const visible = Math.min(2, local.length - 1);
  return local.slice(0, visible).join('') + PHONE_MASK + s.slice(at);
};

/** True when the value is a masked string (contains a star), i.e. it needs a reveal. */
export const isMasked = (value: unknown): boolean =>
  typeof value === 'string' && value.includes(MASK_CHAR);

// ---------------------------------------------------------------------------
// Badges and names
// ---------------------------------------------------------------------------

export const BADGE_MAX = 99;
export const BADGE_OVERFLOW = '99+';

/**
 * Badge text: '' (hidden) for 0, negatives and non-numbers; '99+' above 99; the whole
 * number otherwise (fractions are floored, since counts are integers on the wire).
 */
export const formatBadge = (count: unknown): string => {
  if (typeof count !== 'number' || !Number.isFinite(count)) return '';
  const n = Math.floor(count);
  if (n <= 0) return '';
  return n > BADGE_MAX ? BADGE_OVERFLOW : String(n);
};

/**
 * The avatar text when there is no image: the last two characters of the trimmed name,
 * counted by code point so a surrogate pair is never cut in half. '' for no name.
 */
export const nameInitials = (name: unknown): string => {
  if (typeof name !== 'string') return '';
  return Array.from(name.trim()).slice(-2).join('');
};

/** The all-zero GUID: the root parent id for selectors and the marker of copy-to groups. */
export const EMPTY_GUID = '00000000-0000-0000-0000-000000000000';

export const isEmptyGuid = (value: unknown): boolean =>
  typeof value === 'string' && value.trim().toLowerCase() === EMPTY_GUID;

// ---------------------------------------------------------------------------
// Keyword highlight
// ---------------------------------------------------------------------------

export type HighlightPart = { readonly text: string; readonly hit: boolean };

const REGEX_SPECIAL = /[\\^$.*+?()[\]{}|/]/g;

/** Escapes a literal for use inside a RegExp (also valid under the 'u' flag). */
export const escapeRegExp = (literal: string): string => literal.replace(REGEX_SPECIAL, '\\$&');

/**
 * At most this many occurrences are marked; the text after the last is one plain part.
 * A name is shown clamped to a line or two, so no user sees past the first few: without a
 * bound, a name of ten thousand matching letters drew ten thousand marks and held the
 * search page for seconds on a phone (the hostile seed's 超长无空格 name).
 */
export const HIGHLIGHT_MAX_HITS = 100;

/**
 * Splits a text into parts, marking every case-insensitive occurrence of the trimmed
 * keyword as a hit, up to `HIGHLIGHT_MAX_HITS`. The parts always join back to the text and
 * none is empty; with no keyword the whole text is a single non-hit part (and an empty
 * text gives no parts).
 */
export const highlightParts = (text: unknown, keyword: unknown): HighlightPart[] => {
  const t = typeof text === 'string' ? text : '';
  if (t === '') return [];
  const k = typeof keyword === 'string' ? keyword.trim() : '';
  if (k === '') return [{ text: t, hit: false }];
  const re = new RegExp(escapeRegExp(k), 'giu');
  const parts: HighlightPart[] = [];
  let last = 0;
  let hits = 0;
  for (const m of t.matchAll(re)) {
    if (hits === HIGHLIGHT_MAX_HITS) break;
    hits += 1;
    const start = m.index;
    if (start > last) parts.push({ text: t.slice(last, start), hit: false });
    parts.push({ text: m[0], hit: true });
    last = start + m[0].length;
  }
  if (last < t.length) parts.push({ text: t.slice(last), hit: false });
  return parts;
};
