/**
 * The account pages' addresses (SPEC point 2 route table: page/security, editPassword,
 * editPhone, bindStudent, the profile pages), built from PATHS so the route table and
 * the models agree; and what their queries mean.
 */
import { securityTarget } from '../../domain/account/security';
import { PATHS, queryOf } from '../shared/routes';
import { trimmed } from '../../domain/shared/guards';

const query = queryOf;

/** The userType carried along in the query: a whole number (as a number or its text), else left out. */
const userTypeParam = (value: unknown): string | null => {
  const text = typeof value === 'number' ? String(value) : trimmed(value);
  return /^\d+$/.test(text) ? text : null;
};

/** The security page for a verification that then comes back (no type: back after success). */
export const securityPath = (type?: 1 | 2 | null, userType?: unknown): string =>
  `${PATHS.security}${query({ type: type ?? null, userType: userTypeParam(userType) })}`;

/**
 * Where a passed verification leads: type 1 to editPassword, type 2 to editPhone's
 * second step (the verification was its first); null means go back to the page that
 * asked (a masked value's reveal).
 */
export function securityDonePath(type: unknown, userType?: unknown): string | null {
  const target = securityTarget(type);
  const ut = userTypeParam(userType);
  if (target === 'editPassword') return `${PATHS.editPassword}${query({ userType: ut })}`;
  if (target === 'editPhone') return `${PATHS.editPhone}${query({ nowStep: 2, type: 2, userType: ut })}`;
  return null;
}

/** The phone change from the profile edit: the current (masked) phone and the user type along. */
export const editPhonePath = (phoneNum: string | null | undefined, userType: unknown): string =>
  `${PATHS.editPhone}${query({ phoneNum: phoneNum ?? null, userType: userType === undefined || userType === null ? null : String(userType) })}`;

/** nowStep of the query: 1, 2 or 3, else 1. */
export const phoneStepOf = (value: unknown): 1 | 2 | 3 => {
  const n = typeof value === 'string' ? Number(value) : value;
  return n === 2 || n === 3 ? n : 1;
};
