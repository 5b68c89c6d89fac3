import type { Message } from '../shared/result';
import { err, ok, type Result } from '../shared/result';
import {
  ENTER_CONFIRM_PASSWORD,
  ENTER_NEW_PASSWORD,
  ENTER_OLD_PASSWORD,
  PASSWORD_CLASS_DIGIT,
  PASSWORD_CLASS_LETTER,
  PASSWORD_CLASS_MIXED_CASE,
  PASSWORD_CLASS_SEPARATOR,
  PASSWORD_CLASS_SPECIAL,
  PASSWORD_NEEDS_DIGIT,
  PASSWORD_NEEDS_LETTER,
  PASSWORD_NEEDS_MIXED_CASE,
  PASSWORD_NEEDS_SPECIAL,
  PASSWORDS_DIFFER,
  passwordHint,
  passwordHintWithoutClasses,
  passwordLengthMessage,
} from './messages';
import type { ChangePasswordForm, ChangePasswordValues, PasswordPolicy } from './types';
import { trimmed } from '../shared/guards';

export const PASSWORD_MAX_LENGTH = 32;
/** Used when the policy call gives no usable minimum. */
export const DEFAULT_PASSWORD_MIN_LENGTH = 6;

export const PASSWORD_BIT_DIGIT = 1;
export const PASSWORD_BIT_LETTER = 2;
export const PASSWORD_BIT_MIXED_CASE = 4;
export const PASSWORD_BIT_SPECIAL = 8;
const ALL_BITS = PASSWORD_BIT_DIGIT | PASSWORD_BIT_LETTER | PASSWORD_BIT_MIXED_CASE | PASSWORD_BIT_SPECIAL;

/**
 * The spec names "a given set" without listing it. These are the 32 printable ASCII
 * punctuation characters (the OWASP special-character list without the space), which is
 * what a user can type on any keyboard and what the server side is most likely to accept.
 */
export const PASSWORD_SPECIAL_CHARACTERS = '!"#$%&\'()*+,-./:;<=>?@[\\]^_`{|}~';
const SPECIAL_SET = new Set(PASSWORD_SPECIAL_CHARACTERS);

interface ClassRule {
  bit: number;
  label: string;
  message: string;
  satisfied: (password: string) => boolean;
}

/** Checked in bit order, so the first missing class is the one reported. */
const CLASS_RULES: readonly ClassRule[] = [
  { bit: PASSWORD_BIT_DIGIT, label: PASSWORD_CLASS_DIGIT, message: PASSWORD_NEEDS_DIGIT, satisfied: (p) => /[0-9]/.test(p) },
  { bit: PASSWORD_BIT_LETTER, label: PASSWORD_CLASS_LETTER, message: PASSWORD_NEEDS_LETTER, satisfied: (p) => /[A-Za-z]/.test(p) },
  {
    bit: PASSWORD_BIT_MIXED_CASE,
    label: PASSWORD_CLASS_MIXED_CASE,
    message: PASSWORD_NEEDS_MIXED_CASE,
    satisfied: (p) => /[a-z]/.test(p) && /[A-Z]/.test(p),
  },
  {
    bit: PASSWORD_BIT_SPECIAL,
    label: PASSWORD_CLASS_SPECIAL,
    message: PASSWORD_NEEDS_SPECIAL,
    satisfied: (p) => Array.from(p).some((c) => SPECIAL_SET.has(c)),
  },
];

/** Characters as the user sees them (code points), so an emoji counts once. */
export const passwordLength = (password: string): number => Array.from(password).length;

/**
 * Brings a server policy into range: the minimum is an integer in 1..32 (a missing or
 * non-numeric one becomes 6), and unknown bits are ignored.
 */
export function normalisePasswordPolicy(policy: Partial<PasswordPolicy> | null | undefined): PasswordPolicy {
  const rawDigits = policy?.digits;
  const rawMask = policy?.passwordSecurity;
  const digits =
    typeof rawDigits === 'number' && Number.isFinite(rawDigits)
      ? Math.min(PASSWORD_MAX_LENGTH, Math.max(1, Math.floor(rawDigits)))
      : DEFAULT_PASSWORD_MIN_LENGTH;
  const passwordSecurity =
    typeof rawMask === 'number' && Number.isFinite(rawMask) ? Math.floor(rawMask) & ALL_BITS : 0;
  return { digits, passwordSecurity };
}

/** The length message first, then the first required class that is missing; null when valid. */
export function checkPasswordPolicy(password: string, policy: Partial<PasswordPolicy> | null | undefined): Message {
  const { digits, passwordSecurity } = normalisePasswordPolicy(policy);
  const value = typeof password === 'string' ? password : '';
  const length = passwordLength(value);
  if (length < digits || length > PASSWORD_MAX_LENGTH) return passwordLengthMessage(digits);
  const missing = CLASS_RULES.find((rule) => (passwordSecurity & rule.bit) !== 0 && !rule.satisfied(value));
  return missing ? missing.message : null;
}

/** Labels of the classes the mask requires, in bit order. */
export function requiredPasswordClasses(passwordSecurity: number): string[] {
  const { passwordSecurity: mask } = normalisePasswordPolicy({ digits: 1, passwordSecurity });
  return CLASS_RULES.filter((rule) => (mask & rule.bit) !== 0).map((rule) => rule.label);
}

/** 登录密码由{digits}-32位， 包含…组成, with … built from the bitmask. */
export function passwordPolicyHint(policy: Partial<PasswordPolicy> | null | undefined): string {
  const { digits, passwordSecurity } = normalisePasswordPolicy(policy);
  const classes = requiredPasswordClasses(passwordSecurity);
  return classes.length === 0
    ? passwordHintWithoutClasses(digits)
    : passwordHint(digits, classes.join(PASSWORD_CLASS_SEPARATOR));
}

/**
 * Validates the change-password form. Passwords travel as the hash of the trimmed input
 * (CONTRACT.md), so the trimmed values are what is checked and returned.
 */
export function validateChangePassword(
  form: Partial<ChangePasswordForm> | null | undefined,
  policy: Partial<PasswordPolicy> | null | undefined,
): Result<ChangePasswordValues, string> {
  const oldPassword = trimmed(form?.oldPassword);
  const newPassword = trimmed(form?.newPassword);
  const confirmPassword = trimmed(form?.confirmPassword);
  if (oldPassword === '') return err(ENTER_OLD_PASSWORD);
  if (newPassword === '') return err(ENTER_NEW_PASSWORD);
  if (confirmPassword === '') return err(ENTER_CONFIRM_PASSWORD);
  if (confirmPassword !== newPassword) return err(PASSWORDS_DIFFER);
  const policyMessage = checkPasswordPolicy(newPassword, policy);
  if (policyMessage !== null) return err(policyMessage);
  return ok({ oldPassword, newPassword });
}
