/**
 * The profile pages' use cases (/teacher, /student, /parent, /other, page/personInfo;
 * SPEC point 2, point 4 "Masked value reveal"): the signed-in user's fields by user
 * type, and revealing a masked value (the security page first when the school asks
 * for a fresh verification, then decrypt-data). Plain functions over the AccountApi.
 */
import type { CurrentUser, StudentBasicData, TeacherBasicData } from '../../domain/account/types';
import { parseDescribe } from '../../domain/registration/student';
import type { DescribeParts } from '../../domain/registration/types';
import { USER_TYPE } from '../../domain/session/types';
import { attempt, type Outcome } from '../shared/failure';
import type { AccountApi, CallOptions } from './ports';
import { securityPath } from './routes';
import { trimmed } from '../../domain/shared/guards';

/** A masked value and what decrypt-data takes to reveal it (null: nothing to reveal). */
export interface MaskedValue {
  readonly masked: string;
  readonly encrypted: string | null;
}

/**
 * The encrypted twin of a masked field (encrypPhoneNum, encrypEmail). The basic-data
 * answers carry them beside the masked values although the domain's types do not name
 * them, so they are read from the record as it came.
 */
const encryptedField = (record: unknown, key: string): string | null => {
  if (typeof record !== 'object' || record === null) return null;
  const value = (record as Record<string, unknown>)[key];
  return typeof value === 'string' && value.trim() !== '' ? value : null;
};

const masked = (record: unknown, plainKey: string, encryptedKey: string): MaskedValue => {
  const plain = typeof record === 'object' && record !== null ? (record as Record<string, unknown>)[plainKey] : null;
  const text = trimmed(plain);
  return { masked: text, encrypted: text === '' ? null : encryptedField(record, encryptedKey) };
};

export interface FamilyRow {
  readonly id: string;
  readonly name: string;
  readonly relation: string;
  readonly phone: MaskedValue;
}

export type ProfileData =
  | {
      readonly kind: 'student';
      readonly user: CurrentUser;
      readonly describe: DescribeParts;
      readonly phone: MaskedValue;
      readonly email: MaskedValue;
      readonly enrollmentDate: string;
      readonly family: readonly FamilyRow[];
    }
  | {
      readonly kind: 'teacher';
      readonly user: CurrentUser;
      readonly phone: MaskedValue;
      readonly email: MaskedValue;
      readonly position: string;
      readonly joinedDate: string;
    }
  /** Parents, other users (and enterprises, who have no profile route of their own). */
  | { readonly kind: 'basic'; readonly user: CurrentUser; readonly phone: MaskedValue; readonly email: MaskedValue };

/** The date part of a date-time ('2015-09-01T00:00:00' -> '2015-09-01'); other text as it is. */
export const dateOnly = (value: unknown): string => {
  const text = trimmed(value);
  const match = /^(\d{4}-\d{2}-\d{2})[T ]/.exec(text);
  return match ? (match[1] as string) : text;
};

export function studentProfile(user: CurrentUser, basic: StudentBasicData): ProfileData {
  return {
    kind: 'student',
    user,
    describe: parseDescribe(user.describe),
    phone: masked(basic, 'phoneNum', 'encrypPhoneNum'),
    email: masked(basic, 'email', 'encrypEmail'),
    enrollmentDate: dateOnly(basic.enrollmentDate),
    family: (Array.isArray(basic.familys) ? basic.familys : []).map((f) => ({
      id: f.id,
      name: trimmed(f.name),
      relation: trimmed(f.relation),
      phone: masked(f, 'phoneNum', 'encrypPhoneNum'),
    })),
  };
}

export function teacherProfile(user: CurrentUser, basic: TeacherBasicData): ProfileData {
  return {
    kind: 'teacher',
    user,
    phone: masked(basic, 'phoneNum', 'encrypPhoneNum'),
    email: masked(basic, 'email', 'encrypEmail'),
    position: trimmed(basic.position),
    joinedDate: dateOnly(basic.joinedDate ?? user.joinedDate),
  };
}

export const basicProfile = (user: CurrentUser): ProfileData => ({
  kind: 'basic',
  user,
  phone: masked(user, 'phoneNum', 'encrypPhoneNum'),
  email: masked(user, 'email', 'encrypEmail'),
});

/**
 * The profile of the signed-in user: students and staff read their basic data
 * (student/basic-data, teacher/basic-data); the others show what user-info gave.
 * Rejects with the ApiError of a failed call (inside an effect, where failureOf reads it).
 */
export async function loadProfile(deps: { api: AccountApi }, user: CurrentUser, opts: CallOptions = {}): Promise<ProfileData> {
  if (user.userType === USER_TYPE.STUDENT) return studentProfile(user, await deps.api.studentBasicData(opts));
  if (user.userType === USER_TYPE.STAFF) return teacherProfile(user, await deps.api.teacherBasicData(opts));
  return basicProfile(user);
}

export type Reveal =
  | { readonly kind: 'revealed'; readonly value: string }
  /** The user must pass the security page first; reveal again once back. */
  | { readonly kind: 'verify'; readonly path: string };

/**
 * The eye icon (SPEC point 4 "Masked value reveal"): when the server wants a fresh
 * verification (is-verify), the security page first; otherwise decrypt-data, whose
 * clear value replaces the masked one.
 */
export function revealMasked(
  deps: { api: Pick<AccountApi, 'verificationRequired' | 'decrypt'> },
  encrypted: string,
  userType?: unknown,
  opts: CallOptions = {},
): Promise<Outcome<Reveal>> {
  return attempt(async (): Promise<Reveal> => {
    if (await deps.api.verificationRequired(opts)) return { kind: 'verify', path: securityPath(null, userType) };
    return { kind: 'revealed', value: await deps.api.decrypt(encrypted, opts) };
  });
}

/** After the security page: decrypt without asking again (the verification is fresh). */
export function decryptAfterVerification(deps: { api: Pick<AccountApi, 'decrypt'> }, encrypted: string, opts: CallOptions = {}): Promise<Outcome<string>> {
  return attempt(() => deps.api.decrypt(encrypted, opts));
}
