import type { Message } from '../shared/result';
import { err, ok, type Result } from '../shared/result';
import {
  BIND_PHONE_FIRST,
  CHANGE_PHONE_TITLE,
  INVALID_PHONE,
  NO_PHONE_BOUND,
  SECURITY_METHOD_PASSWORD,
  SECURITY_METHOD_SMS,
  SECURITY_PASSWORD_REQUIRED,
  SECURITY_TITLE,
  WRONG_PASSWORD,
} from './messages';
import type { SecurityMethod, SecuritySettings } from './types';

export const MOBILE_PATTERN = /^1[3-9]\d{9}$/;

export const isValidMobile = (phone: unknown): boolean => typeof phone === 'string' && MOBILE_PATTERN.test(phone);

/** The new phone, trimmed, or 请输入正确的手机号. */
export function validateNewPhone(phone: unknown): Result<string, string> {
  const value = typeof phone === 'string' ? phone.trim() : '';
  return isValidMobile(value) ? ok(value) : err(INVALID_PHONE);
}

export const SECURITY_METHOD_LABELS: Readonly<Record<SecurityMethod, string>> = Object.freeze({
  password: SECURITY_METHOD_PASSWORD,
  sms: SECURITY_METHOD_SMS,
});

/** Password when the settings call says passwordVerification === 1, else SMS (also when the call failed). */
export const defaultSecurityMethod = (settings: Partial<SecuritySettings> | null | undefined): SecurityMethod =>
  settings?.passwordVerification === 1 ? 'password' : 'sms';

/** Whether revealing masked data or changing the phone must pass the security page first. */
export const needsVerification = (settings: Partial<SecuritySettings> | null | undefined): boolean =>
  settings?.verification === true;

export const hasBoundPhone = (phone: string | null | undefined): boolean =>
  typeof phone === 'string' && phone.trim() !== '';

export interface SecurityCheckInput {
  method: SecurityMethod;
  password?: string | null;
  boundPhone?: string | null;
}

/** What must be true before the check is sent: a password for that method, a bound phone for SMS. */
export function validateSecurityCheck(input: SecurityCheckInput): Message {
  if (input.method === 'password') {
    return typeof input.password === 'string' && input.password.trim() !== '' ? null : SECURITY_PASSWORD_REQUIRED;
  }
  return hasBoundPhone(input.boundPhone) ? null : BIND_PHONE_FIRST;
}

/** The server's verdict on the password as a message. */
export const passwordCheckMessage = (correct: boolean): Message => (correct ? null : WRONG_PASSWORD);

export type SecurityTarget = 'editPassword' | 'editPhone';

/** Where the security page goes once verified: type 1 password, type 2 phone. */
export function securityTarget(type: unknown): SecurityTarget | null {
  const n = typeof type === 'string' ? Number(type) : type;
  if (n === 1) return 'editPassword';
  if (n === 2) return 'editPhone';
  return null;
}

export const PHONE_STEP_CURRENT = 1;
export const PHONE_STEP_NEW = 2;
export const PHONE_STEP_CODE = 3;

/** 安全验证 while the user proves the phone already bound (step 1 with a phone), else 修改手机号. */
export const phonePageTitle = (step: number, currentPhone: string | null | undefined): string =>
  step === PHONE_STEP_CURRENT && hasBoundPhone(currentPhone) ? SECURITY_TITLE : CHANGE_PHONE_TITLE;

/** Step 1 shows the current (masked) phone or 未绑定手机号. */
export const currentPhoneDisplay = (phone: string | null | undefined): string =>
  hasBoundPhone(phone) ? (phone as string).trim() : NO_PHONE_BOUND;

export type PhoneStep1Next = { kind: 'security'; type: 2 } | { kind: 'step'; step: 2 };

/** After step 1: to security?type=2 when a verification is required, else to step 2. */
export const phoneStep1Next = (verificationRequired: boolean): PhoneStep1Next =>
  verificationRequired ? { kind: 'security', type: 2 } : { kind: 'step', step: PHONE_STEP_NEW };

export interface PhoneStep2Next {
  step: 3;
  phone: string;
  sendCode: true;
}

/** Step 2 with a valid phone goes to step 3 and sends the code to that phone. */
export function phoneStep2Next(phone: unknown): Result<PhoneStep2Next, string> {
  const valid = validateNewPhone(phone);
  return valid.ok ? ok({ step: PHONE_STEP_CODE, phone: valid.value, sendCode: true }) : valid;
}

export const RESEND_COUNTDOWN_SECONDS = 60;

const clampSeconds = (seconds: number): number =>
  Number.isFinite(seconds) ? Math.min(RESEND_COUNTDOWN_SECONDS, Math.max(0, Math.ceil(seconds))) : 0;

/** Seconds left before a code can be resent, from when it was sent and now (both epoch ms). */
export function resendRemainingSeconds(sentAtMs: number, nowMs: number): number {
  if (!Number.isFinite(sentAtMs) || !Number.isFinite(nowMs)) return 0;
  return clampSeconds(RESEND_COUNTDOWN_SECONDS - (nowMs - sentAtMs) / 1000);
}

export const canResendCode = (remainingSeconds: number): boolean => clampSeconds(remainingSeconds) === 0;

/**
 * The countdown as 00:SS. The spec fixes the minutes at 00, so the first second shows
 * 00:60; seconds are clamped to 0..60.
 */
export const formatCountdown = (remainingSeconds: number): string =>
  `00:${String(clampSeconds(remainingSeconds)).padStart(2, '0')}`;
