/**
 * Session rules: the stored token record, the refresh throttle, user types and the
 * timing constants of SPEC point 9.
 */
import { USER_TYPE_LABELS } from './messages';
import { USER_TYPE, type TokenRecord, type UserTypeCode } from './types';

export const HTTP_TIMEOUT_MS = 60000;
export const TOKEN_REFRESH_THROTTLE_MS = 10 * 60 * 1000;
export const HUB_RECONNECT_DELAY_MS = 5000;

const isNonBlank = (value: unknown): value is string => typeof value === 'string' && value.trim() !== '';

const decodeStored = (raw: unknown): unknown => {
  if (typeof raw !== 'string') return raw;
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return null;
  }
};

/**
 * Reads a token record from whatever storage or a login answer holds: an object or its
 * JSON text. Both tokens must be non-blank strings; extra fields (expireInSeconds,
 * userId) are dropped. Anything else is "no session" (null).
 */
export const parseTokenRecord = (raw: unknown): TokenRecord | null => {
  const value = decodeStored(raw);
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const { encryptedAccessToken, refreshToken } = value as Record<string, unknown>;
  if (!isNonBlank(encryptedAccessToken) || !isNonBlank(refreshToken)) return null;
  return { encryptedAccessToken, refreshToken };
};

/**
 * At most one refresh per 10 minutes. Never refreshed (null or not a finite time) means
 * allowed; an unreadable `now` means not allowed. A last refresh in the future (the
 * clock went back) allows a refresh, since the stored mark can no longer be trusted and
 * a locked-out session would only end in a forced login.
 */
export const canRefresh = (lastRefreshAt: number | null | undefined, now: number): boolean => {
  if (!Number.isFinite(now)) return false;
  if (typeof lastRefreshAt !== 'number' || !Number.isFinite(lastRefreshAt)) return true;
  if (now < lastRefreshAt) return true;
  return now - lastRefreshAt >= TOKEN_REFRESH_THROTTLE_MS;
};

export const USER_TYPE_CODES: Readonly<Partial<Record<UserTypeCode, string>>> = Object.freeze({
  [USER_TYPE.STAFF]: 'xzjs',
  [USER_TYPE.STUDENT]: 'xzxs',
});

export const isUserTypeCode = (value: unknown): value is UserTypeCode =>
  typeof value === 'number' && Number.isInteger(value) && value >= USER_TYPE.STAFF && value <= USER_TYPE.OTHER;

/** Reads a user type from a number or a numeric string ("2"); null when it is not 1..5. */
export const parseUserType = (value: unknown): UserTypeCode | null => {
  const n = typeof value === 'string' && /^\s*\d+\s*$/.test(value) ? Number(value) : value;
  return isUserTypeCode(n) ? n : null;
};

/** The USER_TYPE_LABELS entry; '' for anything else. */
export const userTypeLabel = (value: unknown): string => {
  const t = parseUserType(value);
  return t === null ? '' : USER_TYPE_LABELS[t];
};

/** xzjs for staff, xzxs for students; null for the types without a code. */
export const userTypeCode = (value: unknown): string | null => {
  const t = parseUserType(value);
  return t === null ? null : (USER_TYPE_CODES[t] ?? null);
};
