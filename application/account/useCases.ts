/**
 * Account and security use cases (SPEC point 2 "Account and security", the profile
 * pages; points 4 "Phone change" and "Masked value reveal", 5 "Account", 9). Plain async
 * functions over the AccountApi, PasswordHasher and Uploader ports; the screens show
 * what they answer and never re-check a rule themselves.
 */
import { buildStudentBindingPayload } from '../../domain/account/binding';
import {
  AVATAR_UPLOAD_FAILED,
  AVATAR_UPLOAD_SUCCEEDED,
  BIND_SUCCESS,
  CHANGE_SUCCESS,
} from '../../domain/account/messages';
import { normalisePasswordPolicy, validateChangePassword } from '../../domain/account/password';
import { AVATAR_CROP, validateBio } from '../../domain/account/profile';
import {
  defaultSecurityMethod,
  passwordCheckMessage,
  phoneStep1Next,
  phoneStep2Next,
  securityTarget,
  validateSecurityCheck,
} from '../../domain/account/security';
import type {
  ChangePasswordForm,
  CurrentUser,
  PasswordPolicy,
  SecurityMethod,
  StudentBasicData,
  StudentBindingForm,
  TeacherBasicData,
} from '../../domain/account/types';
import { parseDescribe } from '../../domain/registration/student';
import type { DescribeParts } from '../../domain/registration/types';
import { USER_TYPE } from '../../domain/session/types';
import { SAVE_SUCCESS } from '../../domain/todo/messages';
import { ApiError, messageOf } from '../ports/errors';
import type { PasswordHasher } from '../ports/passwordHasher';
import type { Uploader, UploadSource } from '../ports/upload';
import type { AccountApi, CallOptions, SmsOutcome } from './ports';

/** The account routes (SPEC point 2 route table), under the base path. */
export const ACCOUNT_ROUTES = Object.freeze({
  personInfo: '/page/personInfo',
  bindStudent: '/page/bindStudent',
  security: '/page/security',
  editPassword: '/page/editPassword',
  editPhone: '/page/editPhone',
  profile: '/page/profile',
});

/** The answer of a step that either worked (with a toast) or shows a message. */
export type Outcome<T = undefined> =
  | ({ readonly ok: true; readonly toast?: string } & (T extends undefined ? unknown : { readonly value: T }))
  | { readonly ok: false; readonly message: string };

const failed = (message: string): { ok: false; message: string } => ({ ok: false, message });
const failure = (e: unknown): { ok: false; message: string } => failed(messageOf(e));
const trimmed = (value: unknown): string => (typeof value === 'string' ? value.trim() : '');

const query = (params: Record<string, string | number | null | undefined>): string => {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== null && value !== undefined && String(value) !== '') search.set(key, String(value));
  }
  const text = search.toString();
  return text === '' ? '' : `?${text}`;
};

/** The userType carried along in the query: a whole number (as a number or its text), else left out. */
const userTypeParam = (value: unknown): string | null => {
  const text = typeof value === 'number' ? String(value) : trimmed(value);
  return /^\d+$/.test(text) ? text : null;
};

// ---------------------------------------------------------------------------
// Profile pages (/teacher, /student, /parent, /other, page/personInfo)
// ---------------------------------------------------------------------------

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
 * Rejects with the ApiError of a failed call.
 */
export async function loadProfile(deps: { api: AccountApi }, user: CurrentUser, opts: CallOptions = {}): Promise<ProfileData> {
  if (user.userType === USER_TYPE.STUDENT) return studentProfile(user, await deps.api.studentBasicData(opts));
  if (user.userType === USER_TYPE.STAFF) return teacherProfile(user, await deps.api.teacherBasicData(opts));
  return basicProfile(user);
}

// ---------------------------------------------------------------------------
// Masked value reveal
// ---------------------------------------------------------------------------

/** The security page for a verification that then comes back (no type: back after success). */
export const securityPath = (type?: 1 | 2 | null, userType?: unknown): string =>
  `${ACCOUNT_ROUTES.security}${query({ type: type ?? null, userType: userTypeParam(userType) })}`;

export type RevealOutcome =
  | { readonly kind: 'revealed'; readonly value: string }
  /** The user must pass the security page first; reveal again once back. */
  | { readonly kind: 'verify'; readonly path: string }
  | { readonly kind: 'failed'; readonly message: string };

/**
 * The eye icon (SPEC point 4 "Masked value reveal"): when the server wants a fresh
 * verification (is-verify), the security page first; otherwise decrypt-data, whose
 * clear value replaces the masked one.
 */
export async function revealMasked(
  deps: { api: Pick<AccountApi, 'verificationRequired' | 'decrypt'> },
  encrypted: string | null,
  userType?: unknown,
  opts: CallOptions = {},
): Promise<RevealOutcome> {
  if (encrypted === null || encrypted.trim() === '') return { kind: 'failed', message: '' };
  try {
    if (await deps.api.verificationRequired(opts)) return { kind: 'verify', path: securityPath(null, userType) };
    return { kind: 'revealed', value: await deps.api.decrypt(encrypted, opts) };
  } catch (e) {
    return { kind: 'failed', message: messageOf(e) };
  }
}

/** After the security page: decrypt without asking again (the verification is fresh). */
export async function decryptAfterVerification(
  deps: { api: Pick<AccountApi, 'decrypt'> },
  encrypted: string,
  opts: CallOptions = {},
): Promise<RevealOutcome> {
  try {
    return { kind: 'revealed', value: await deps.api.decrypt(encrypted, opts) };
  } catch (e) {
    return { kind: 'failed', message: messageOf(e) };
  }
}

// ---------------------------------------------------------------------------
// Security verification (page/security)
// ---------------------------------------------------------------------------

/** The method chosen at first: the settings call's passwordVerification 1 means password, else (also on failure) SMS. */
export async function loadSecurityMethod(deps: { api: Pick<AccountApi, 'securitySettings'> }, opts: CallOptions = {}): Promise<SecurityMethod> {
  try {
    return defaultSecurityMethod(await deps.api.securitySettings(opts));
  } catch (e) {
    if (e instanceof ApiError && e.cancelled) throw e;
    return defaultSecurityMethod(null);
  }
}

/** 请输入密码 when empty; the hashed password to check-password; 密码错误 when the server says no. */
export async function checkSecurityPassword(
  deps: { api: Pick<AccountApi, 'checkPassword'>; hasher: PasswordHasher },
  password: string,
): Promise<Outcome> {
  const message = validateSecurityCheck({ method: 'password', password });
  if (message !== null) return failed(message);
  try {
    const wrong = passwordCheckMessage(await deps.api.checkPassword(deps.hasher.hash(password.trim())));
    return wrong === null ? { ok: true } : failed(wrong);
  } catch (e) {
    return failure(e);
  }
}

const smsOutcome = (outcome: SmsOutcome): Outcome => (outcome.ok ? { ok: true } : failed(outcome.message));

/** 下一步 of the SMS method: 请先绑定手机号 without a phone, else a code to the user's phone (server strings as toasts). */
export async function sendSecurityCode(
  deps: { api: Pick<AccountApi, 'sendVerifyCodeToUserPhone'> },
  boundPhone: string | null | undefined,
): Promise<Outcome> {
  const message = validateSecurityCheck({ method: 'sms', boundPhone });
  if (message !== null) return failed(message);
  try {
    return smsOutcome(await deps.api.sendVerifyCodeToUserPhone());
  } catch (e) {
    return failure(e);
  }
}

/** The code sent to the user's own phone (user-info/verify, verifyType 1). */
export async function verifySecurityCode(deps: { api: Pick<AccountApi, 'verifySms'> }, code: string): Promise<Outcome> {
  try {
    await deps.api.verifySms(code.trim());
    return { ok: true };
  } catch (e) {
    return failure(e);
  }
}

/**
 * Where a passed verification leads: type 1 to editPassword, type 2 to editPhone's
 * second step (the verification was its first); null means go back to the page that
 * asked (a masked value's reveal).
 */
export function securityDonePath(type: unknown, userType?: unknown): string | null {
  const target = securityTarget(type);
  const ut = userTypeParam(userType);
  if (target === 'editPassword') return `${ACCOUNT_ROUTES.editPassword}${query({ userType: ut })}`;
  if (target === 'editPhone') return `${ACCOUNT_ROUTES.editPhone}${query({ nowStep: 2, type: 2, userType: ut })}`;
  return null;
}

// ---------------------------------------------------------------------------
// Change password (page/editPassword)
// ---------------------------------------------------------------------------

/** The school's policy (minimum length, character classes), brought into range; the default when the call fails. */
export async function loadPasswordPolicy(deps: { api: Pick<AccountApi, 'passwordPolicy'> }, opts: CallOptions = {}): Promise<PasswordPolicy> {
  try {
    return normalisePasswordPolicy(await deps.api.passwordPolicy(opts));
  } catch (e) {
    if (e instanceof ApiError && e.cancelled) throw e;
    return normalisePasswordPolicy(null);
  }
}

/** The form's rules, then both passwords hashed (never plain text on the wire); 修改成功. */
export async function changePassword(
  deps: { api: Pick<AccountApi, 'changePassword'>; hasher: PasswordHasher },
  form: Partial<ChangePasswordForm>,
  policy: PasswordPolicy | null,
): Promise<Outcome> {
  const valid = validateChangePassword(form, policy);
  if (!valid.ok) return failed(valid.error);
  try {
    await deps.api.changePassword({
      hashedOldPassword: deps.hasher.hash(valid.value.oldPassword),
      hashedNewPassword: deps.hasher.hash(valid.value.newPassword),
    });
    return { ok: true, toast: CHANGE_SUCCESS };
  } catch (e) {
    return failure(e);
  }
}

// ---------------------------------------------------------------------------
// Change phone (page/editPhone)
// ---------------------------------------------------------------------------

/** Decided: the sandbox and the usual SMS gateways send six digits; the code input fills to this and submits. */
export const SMS_CODE_LENGTH = 6;

export type PhoneStep1Outcome = { readonly kind: 'security'; readonly path: string } | { readonly kind: 'step2' } | { readonly kind: 'failed'; readonly message: string };

/** Step 1's 下一步: to security?type=2 when is-verify asks for a verification, else step 2. */
export async function phoneStep1(deps: { api: Pick<AccountApi, 'verificationRequired'> }, userType?: unknown): Promise<PhoneStep1Outcome> {
  try {
    const next = phoneStep1Next(await deps.api.verificationRequired());
    return next.kind === 'security' ? { kind: 'security', path: securityPath(next.type, userType) } : { kind: 'step2' };
  } catch (e) {
    return { kind: 'failed', message: messageOf(e) };
  }
}

/** Step 2's 下一步: 请输入正确的手机号, else a code to the new phone and step 3 (the server's string when it refuses). */
export async function sendNewPhoneCode(deps: { api: Pick<AccountApi, 'sendVerifyCode'> }, phone: string): Promise<Outcome<string>> {
  const next = phoneStep2Next(phone);
  if (!next.ok) return failed(next.error);
  try {
    const sent = await deps.api.sendVerifyCode(next.value.phone);
    return sent.ok ? { ok: true, value: next.value.phone } : failed(sent.message);
  } catch (e) {
    return failure(e);
  }
}

/** Step 3, when the code is complete: verify-code binds the new phone; 修改成功. */
export async function confirmNewPhone(deps: { api: Pick<AccountApi, 'verifyCode'> }, phone: string, code: string): Promise<Outcome> {
  try {
    const verified = await deps.api.verifyCode(phone.trim(), code.trim());
    return verified.ok ? { ok: true, toast: CHANGE_SUCCESS } : failed(verified.message);
  } catch (e) {
    return failure(e);
  }
}

/** nowStep of the query: 1, 2 or 3, else 1. */
export const phoneStepOf = (value: unknown): 1 | 2 | 3 => {
  const n = typeof value === 'string' ? Number(value) : value;
  return n === 2 || n === 3 ? n : 1;
};

// ---------------------------------------------------------------------------
// Student binding (page/bindStudent)
// ---------------------------------------------------------------------------

/**
 * 确认绑定: the bound students are counted first (at most 5), then the form's rules
 * (请将项目信息填写完整), then the binding; 绑定成功.
 */
export async function bindStudent(
  deps: { api: Pick<AccountApi, 'boundStudents' | 'bindStudent'> },
  form: StudentBindingForm,
  tenantId: string | null | undefined,
): Promise<Outcome> {
  try {
    const bound = await deps.api.boundStudents();
    const payload = buildStudentBindingPayload(form, trimmed(tenantId), bound.length);
    if (!payload.ok) return failed(payload.error);
    await deps.api.bindStudent(payload.value);
    return { ok: true, toast: BIND_SUCCESS };
  } catch (e) {
    return failure(e);
  }
}

// ---------------------------------------------------------------------------
// Profile edit (page/profile): bio and avatar
// ---------------------------------------------------------------------------

/** The bio as typed (trimmed), at most 30 characters; 保存成功. */
export async function saveBio(deps: { api: Pick<AccountApi, 'updateProfileSummary'> }, text: string): Promise<Outcome<string>> {
  const bio = trimmed(text);
  const message = validateBio(bio);
  if (message !== null) return failed(message);
  try {
    await deps.api.updateProfileSummary(bio);
    return { ok: true, value: bio, toast: SAVE_SUCCESS };
  } catch (e) {
    return failure(e);
  }
}

/** The crop can be confirmed when its width in image pixels reaches the minimum (100). */
export const cropWideEnough = (widthInPixels: number): boolean =>
  Number.isFinite(widthInPixels) && Math.round(widthInPixels) >= AVATAR_CROP.minWidth;

/**
 * The cropped avatar through the upload pipeline, then user-head with the stored
 * object and its address. Any failure is 头像上传失败; success 头像上传成功 with the
 * new image address.
 */
export async function uploadAvatar(
  deps: { api: Pick<AccountApi, 'updateAvatar'>; uploader: Uploader },
  image: UploadSource,
  opts: { signal?: AbortSignal; onProgress?: (percent: number) => void } = {},
): Promise<Outcome<string>> {
  try {
    const stored = await deps.uploader.upload(image, { signal: opts.signal, onProgress: opts.onProgress });
    await deps.api.updateAvatar({ userObject: stored.path ?? '', userPath: stored.url }, { signal: opts.signal });
    return { ok: true, value: stored.url, toast: AVATAR_UPLOAD_SUCCEEDED };
  } catch (e) {
    if (e instanceof ApiError && e.cancelled) return failed('');
    return failed(AVATAR_UPLOAD_FAILED);
  }
}
