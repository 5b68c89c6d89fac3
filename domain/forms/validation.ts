import { err, ok, type Message, type Result } from '../shared/result';
import { activeRows, coerceValue, isEmptyValue, isFieldType, isFileType, isTextType, subformColumns } from './fields';
import { validateFiles } from './files';
import { isValidIdCard } from './idCard';
import {
  EMAIL_INVALID,
  ID_CARD_INVALID,
  MAX_LENGTH,
  MIN_LENGTH,
  MOBILE_INVALID,
  NUMBER_MAX,
  NUMBER_MIN,
  PATTERN_INVALID,
  PHONE_INVALID,
  REQUIRED,
  STREET_REQUIRED,
  SUBMIT_FAILED,
  fillMessage,
} from './messages';
import { validateSubformRows } from './subform';
import type { CustomPattern, FieldDefinition, FormState, SubformRow, TextFormat } from './types';

// ---------------------------------------------------------------------------
// Formats
// ---------------------------------------------------------------------------

/** SPEC: 1, then 3-9, then 9 digits. */
export const MOBILE_PATTERN = /^1[3-9]\d{9}$/;
/**
 * Decided landline shape: area code 0 plus 2 or 3 digits, a hyphen, a 7 or 8 digit
 * number, and an optional hyphenated extension of 1 to 6 digits
 * (010-12345678, 0571-1234567, 0571-1234567-123).
 */
export const LANDLINE_PATTERN = /^0\d{2,3}-\d{7,8}(-\d{1,6})?$/;
/** Decided: a pragmatic address shape (dot-separated local part, dotted domain, letter TLD). */
export const EMAIL_PATTERN =
  /^[A-Za-z0-9_%+-]+(\.[A-Za-z0-9_%+-]+)*@[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)*\.[A-Za-z]{2,}$/;

export const isMobile = (v: unknown): boolean => typeof v === 'string' && MOBILE_PATTERN.test(v);
export const isPhone = (v: unknown): boolean => isMobile(v) || (typeof v === 'string' && LANDLINE_PATTERN.test(v));
export const isEmail = (v: unknown): boolean => typeof v === 'string' && v.length <= 254 && EMAIL_PATTERN.test(v);

const FORMAT_RULES: Readonly<Record<TextFormat, { test: (v: string) => boolean; message: string }>> = Object.freeze({
  mobile: { test: isMobile, message: MOBILE_INVALID },
  phone: { test: isPhone, message: PHONE_INVALID },
  email: { test: isEmail, message: EMAIL_INVALID },
  'id-card': { test: (v: string) => isValidIdCard(v), message: ID_CARD_INVALID },
});

/** The message for a text that breaks the format, or null (unknown formats never fail). */
export const checkFormat = (format: unknown, value: string): Message => {
  if (typeof format !== 'string' || !Object.prototype.hasOwnProperty.call(FORMAT_RULES, format)) return null;
  const rule = FORMAT_RULES[format as TextFormat];
  return rule.test(value) ? null : rule.message;
};

/**
 * Builds the RegExp of a custom pattern: a plain source, or '/source/flags'.
 * An invalid pattern is a designer mistake; it yields null so it never blocks users.
 */
export const compilePattern = (pattern: unknown): RegExp | null => {
  if (typeof pattern !== 'string' || pattern === '') return null;
  const literal = /^\/(.+)\/([a-z]*)$/s.exec(pattern);
  try {
    // The global and sticky flags make `test` stateful; they are dropped.
    return literal ? new RegExp(literal[1] ?? '', (literal[2] ?? '').replace(/[gy]/g, '')) : new RegExp(pattern);
  } catch {
    return null;
  }
};

export const checkPattern = (custom: CustomPattern | undefined, value: string): Message => {
  if (typeof custom !== 'object' || custom === null) return null;
  const re = compilePattern(custom.pattern);
  if (!re || re.test(value)) return null;
  return typeof custom.message === 'string' && custom.message.trim() !== '' ? custom.message : PATTERN_INVALID;
};

// ---------------------------------------------------------------------------
// Single rules
// ---------------------------------------------------------------------------

/** Length in characters as the user sees them (code points, so an emoji is one). */
export const textLength = (s: string): number => Array.from(s).length;

const finite = (n: unknown): n is number => typeof n === 'number' && Number.isFinite(n);

/** Min and max length of a non-empty text. */
export const checkLength = (value: string, min?: number, max?: number): Message => {
  const len = textLength(value);
  if (finite(min) && min > 0 && len < min) return fillMessage(MIN_LENGTH, { min });
  if (finite(max) && max >= 0 && len > max) return fillMessage(MAX_LENGTH, { max });
  return null;
};

/** Min and max of a number. */
export const checkNumberRange = (value: number, min?: number, max?: number): Message => {
  if (finite(min) && value < min) return fillMessage(NUMBER_MIN, { min });
  if (finite(max) && value > max) return fillMessage(NUMBER_MAX, { max });
  return null;
};

/** 请选择{title}, for every type (SPEC word for word). */
export const requiredMessage = (title: unknown): string =>
  fillMessage(REQUIRED, { title: typeof title === 'string' ? title : '' });

export interface ValidateOptions {
  /** The current required flag (rules may change it); defaults to the definition's. */
  required?: boolean;
}

/**
 * The first rule a value breaks, or null. Order: required; then, for a filled value,
 * the type's rules (text: length, format, pattern; number: range; address: street;
 * files: upload state, count, format, size, dimensions). An empty optional value
 * passes, except a file list still uploading.
 */
export const validateFieldValue = (field: FieldDefinition, value: unknown, options: ValidateOptions = {}): Message => {
  if (typeof field !== 'object' || field === null || !isFieldType(field.type)) return null;
  const required = typeof options.required === 'boolean' ? options.required : field.required === true;
  if (isFileType(field.type)) return validateFiles(field, value, required);
  if (field.type === 'subform') return validateSubformRows(field, value, required);
  if (isEmptyValue(field.type, value)) {
    if (!required) return null;
    return requiredMessage(field.title);
  }
  if (isTextType(field.type)) {
    const text = value as string;
    return checkLength(text, field.min, field.max) ?? checkFormat(field.format, text) ?? checkPattern(field.pattern, text);
  }
  if (field.type === 'number') {
    // Not empty, so it coerces to a finite number.
    return checkNumberRange(coerceValue('number', value) as number, field.min, field.max);
  }
  if (field.type === 'address') {
    const street = (coerceValue('address', value) as { street: string }).street;
    if (street.trim() === '') return required ? STREET_REQUIRED : null;
    return checkLength(street, field.min, field.max);
  }
  return null;
};

/** Errors of one subform row by column id; hidden and internal columns are skipped. */
export const validateRow = (columns: readonly FieldDefinition[], row: SubformRow): Record<string, string> => {
  const errors: Record<string, string> = {};
  const values = typeof row === 'object' && row !== null && typeof row.values === 'object' && row.values !== null ? row.values : {};
  for (const column of Array.isArray(columns) ? columns : []) {
    if (column.hidden === true || column.internal === true || column.readonly === true) continue;
    const error = validateFieldValue(column, values[column.id]);
    if (error) errors[column.id] = error;
  }
  return errors;
};

/** Errors per field id; fields without errors are absent. */
export type FormErrors = Record<string, string>;

/**
 * Validates a form's value fields against their states. Only fields that are
 * visible and editable are checked (decided: a read-only field cannot be fixed by
 * the user, so it never blocks). A subform also fails with its first row error.
 */
export const validateForm = (fields: readonly FieldDefinition[], state: FormState): FormErrors => {
  const errors: FormErrors = {};
  const states = typeof state === 'object' && state !== null ? state : {};
  for (const field of Array.isArray(fields) ? fields : []) {
    if (typeof field !== 'object' || field === null) continue;
    const s = Object.prototype.hasOwnProperty.call(states, field.id) ? states[field.id] : undefined;
    if (!s || !s.visible || s.readonly) continue;
    const error = validateFieldValue(field, s.value, { required: s.required });
    if (error) {
      errors[field.id] = error;
      continue;
    }
    if (field.type === 'subform') {
      const columns = subformColumns(field);
      for (const row of activeRows(s.value)) {
        const first = Object.values(validateRow(columns, row))[0];
        if (first) {
          errors[field.id] = first;
          break;
        }
      }
    }
  }
  return errors;
};

export const hasErrors = (errors: FormErrors): boolean => Object.keys(errors).length > 0;

/** Puts validation results into the field states (errors cleared where none). */
export const withErrors = (state: FormState, errors: FormErrors): FormState => {
  const next: FormState = {};
  for (const [id, s] of Object.entries(state)) {
    const e = errors[id];
    next[id] = { ...s, errors: e ? [e] : [] };
  }
  return next;
};

// ---------------------------------------------------------------------------
// Submit
// ---------------------------------------------------------------------------

export interface FormFailure {
  /** The toast: 请检查输入. */
  message: string;
  errors: FormErrors;
}

/** The submit check: any error fails with 请检查输入 and the errors per field. */
export const validateSubmit = (fields: readonly FieldDefinition[], state: FormState): Result<FormState, FormFailure> => {
  const errors = validateForm(fields, state);
  return hasErrors(errors) ? err({ message: SUBMIT_FAILED, errors }) : ok(state);
};
