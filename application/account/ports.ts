import type {
  BoundStudent,
  PasswordPolicy,
  SecuritySettings,
  StudentBasicData,
  StudentBindingPayload,
  TeacherBasicData,
} from '../../domain/account/types';
import { token } from '../ports/token';
import type { CallOptions, WriteOptions } from '../ports/call';

export type { BoundStudent, PasswordPolicy, SecuritySettings, StudentBasicData, StudentBindingPayload, TeacherBasicData };

export type { CallOptions, WriteOptions };

/**
 * Outcome of the SMS calls that answer a message string on failure and nothing on
 * success (SPEC point 7, CONTRACT.md "Wire format"): the server's string is shown as a
 * toast (SPEC point 8).
 */
export type SmsOutcome = { readonly ok: true } | { readonly ok: false; readonly message: string };

export interface ChangePasswordRequest {
  /** Both already hashed by the PasswordHasher port. */
  readonly hashedOldPassword: string;
  readonly hashedNewPassword: string;
}

/** The new avatar as the file service stored it (user-head {userObject, userPath}). */
export interface AvatarRequest {
  /** The stored object's key (the uploaded file record's path). */
  readonly userObject: string;
  /** Where the image is served from. */
  readonly userPath: string;
}

/** Account and security calls (SPEC point 7 "Account", docs/decided-calls.md). */
export interface AccountApi {
  /** GET student-parent-binding/bind-student-list: a parent's bound students. */
  boundStudents(opts?: CallOptions): Promise<BoundStudent[]>;
  /** POST student-parent-binding with the binding payload (domain's `buildStudentBindingPayload`). */
  bindStudent(payload: StudentBindingPayload, opts?: WriteOptions): Promise<void>;
  /** DELETE student-parent-binding/{id}. */
  unbindStudent(studentId: string, opts?: CallOptions): Promise<void>;
  /** GET school-sign-password: minimum length and required character classes. */
  passwordPolicy(opts?: CallOptions): Promise<PasswordPolicy>;
  /** POST user-info/password {oldPassword, newPassword}, both hashed. A wrong old password is an 'http' ApiError. */
  changePassword(request: ChangePasswordRequest, opts?: WriteOptions): Promise<void>;
  /** POST user-info/send-verify-code?phoneNum=: a code to a new phone. */
  sendVerifyCode(phoneNum: string, opts?: CallOptions): Promise<SmsOutcome>;
  /** POST user-info/send-verify-code-userphone: a code to the user's own (bound) phone. */
  sendVerifyCodeToUserPhone(opts?: CallOptions): Promise<SmsOutcome>;
  /** POST user-info/verify-code?phoneNum&code: checks the code sent to a new phone and binds that phone. */
  verifyCode(phoneNum: string, code: string, opts?: CallOptions): Promise<SmsOutcome>;
  /** POST user-info/verify {code, verifyType: 1}: security verification by the SMS code sent to the user's phone. */
  verifySms(code: string, opts?: CallOptions): Promise<void>;
  /**
   * POST user-info/is-verify: `verification` of the answer. true means the user must pass
   * the security verification first (the school asks for it and none is fresh), as the
   * phone change's step 1 reads it (SPEC point 4 "Phone change").
   */
  verificationRequired(opts?: CallOptions): Promise<boolean>;
  /** POST user-info/decrypt-data {data:[value]}: the clear text of one encrypted value (data[0]). */
  decrypt(value: string, opts?: CallOptions): Promise<string>;
  /** PUT user-info/profile-summary {profileSummary}. */
  updateProfileSummary(profileSummary: string, opts?: CallOptions): Promise<void>;
  /** POST student/basic-data, no body. */
  studentBasicData(opts?: CallOptions): Promise<StudentBasicData>;
  /** POST teacher/basic-data, no body. */
  teacherBasicData(opts?: CallOptions): Promise<TeacherBasicData>;
  /** GET user-info/security-setting (decided): default verification method and whether verification is needed. */
  securitySettings(opts?: CallOptions): Promise<SecuritySettings>;
  /** POST user-info/check-password {password} (decided, hashed): true when it is the user's password. */
  checkPassword(hashedPassword: string, opts?: CallOptions): Promise<boolean>;
  /** PUT account/user-head {userObject, userPath}: sets the avatar. */
  updateAvatar(request: AvatarRequest, opts?: CallOptions): Promise<void>;
}

export const ACCOUNT_API = token<AccountApi>('AccountApi');
