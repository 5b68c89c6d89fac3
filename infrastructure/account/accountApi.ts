import type {
  AccountApi,
  AvatarRequest,
  BoundStudent,
  CallOptions,
  WriteOptions,
  ChangePasswordRequest,
  PasswordPolicy,
  SecuritySettings,
  SmsOutcome,
  StudentBasicData,
  StudentBindingPayload,
  TeacherBasicData,
} from '../../application/account/ports';
import type { CallPaths } from '../../application/ports/runtime';
import { callPath, DEFAULT_CALL_PATHS } from '../config/calls';
import type { HttpClient } from '../http/httpClient';
import {
  BoundStudentListSchema,
  CheckPasswordSchema,
  DecryptSchema,
  IsVerifySchema,
  PasswordPolicySchema,
  SecuritySettingsSchema,
  SmsOutcomeSchema,
  StudentBasicDataSchema,
  TeacherBasicDataSchema,
} from './schemas';

const BINDING = '/v1/saas-home-school-service/api/student-parent-binding';
const SYS = '/v1/saas-system-service/api';
const BASIC = '/v1/saas-basic-data-service/api';

/** The named calls; the unnamed ones (bound students, unbind, security settings, password check) come from `calls`. */
export const ACCOUNT_PATHS = Object.freeze({
  bind: BINDING,
  passwordPolicy: `${SYS}/school-sign-password`,
  changePassword: `${SYS}/user-info/password`,
  sendVerifyCode: `${BASIC}/user-info/send-verify-code`,
  sendVerifyCodeToUserPhone: `${BASIC}/user-info/send-verify-code-userphone`,
  verifyCode: `${BASIC}/user-info/verify-code`,
  verifySms: `${SYS}/user-info/verify`,
  isVerified: `${SYS}/user-info/is-verify`,
  decrypt: `${SYS}/user-info/decrypt-data`,
  profileSummary: `${SYS}/user-info/profile-summary`,
  studentBasicData: `${BASIC}/student/basic-data`,
  teacherBasicData: `${BASIC}/teacher/basic-data`,
  avatar: '/v1/system-service/api/account/user-head',
});

/** user-info/verify: verifyType 1 is the SMS code (SPEC point 7). */
const VERIFY_BY_SMS = 1;

type AccountCalls = Pick<CallPaths, 'boundStudents' | 'unbindStudent' | 'securitySettings' | 'checkPassword'>;

export class HttpAccountApi implements AccountApi {
  /** `calls`: where the unnamed calls answer (config.json `calls`, docs/config.md). */
  constructor(
    private readonly http: HttpClient,
    private readonly calls: AccountCalls = DEFAULT_CALL_PATHS,
  ) {}

  boundStudents(opts: CallOptions = {}): Promise<BoundStudent[]> {
    return this.http.request({ method: 'GET', url: this.calls.boundStudents, schema: BoundStudentListSchema, signal: opts.signal });
  }

  async bindStudent(payload: StudentBindingPayload, opts: WriteOptions = {}): Promise<void> {
    const data = {
      campusId: payload.campusId,
      studentName: payload.studentName,
      studentIdCard: payload.studentIdCard,
      type: payload.type,
      idType: payload.idType,
      schoolId: payload.schoolId,
    };
    await this.http.request({ method: 'POST', url: ACCOUNT_PATHS.bind, data, schema: null, signal: opts.signal, idempotencyKey: opts.idempotencyKey });
  }

  async unbindStudent(studentId: string, opts: CallOptions = {}): Promise<void> {
    await this.http.request({ method: 'DELETE', url: callPath(this.calls.unbindStudent, { id: studentId }), schema: null, signal: opts.signal });
  }

  passwordPolicy(opts: CallOptions = {}): Promise<PasswordPolicy> {
    return this.http.request({ method: 'GET', url: ACCOUNT_PATHS.passwordPolicy, schema: PasswordPolicySchema, signal: opts.signal });
  }

  async changePassword(request: ChangePasswordRequest, opts: WriteOptions = {}): Promise<void> {
    const data = { oldPassword: request.hashedOldPassword, newPassword: request.hashedNewPassword };
    await this.http.request({ method: 'POST', url: ACCOUNT_PATHS.changePassword, data, schema: null, signal: opts.signal, idempotencyKey: opts.idempotencyKey });
  }

  sendVerifyCode(phoneNum: string, opts: CallOptions = {}): Promise<SmsOutcome> {
    return this.http.request({ method: 'POST', url: ACCOUNT_PATHS.sendVerifyCode, params: { phoneNum }, schema: SmsOutcomeSchema, signal: opts.signal });
  }

  sendVerifyCodeToUserPhone(opts: CallOptions = {}): Promise<SmsOutcome> {
    return this.http.request({ method: 'POST', url: ACCOUNT_PATHS.sendVerifyCodeToUserPhone, schema: SmsOutcomeSchema, signal: opts.signal });
  }

  verifyCode(phoneNum: string, code: string, opts: CallOptions = {}): Promise<SmsOutcome> {
    return this.http.request({ method: 'POST', url: ACCOUNT_PATHS.verifyCode, params: { phoneNum, code }, schema: SmsOutcomeSchema, signal: opts.signal });
  }

  async verifySms(code: string, opts: CallOptions = {}): Promise<void> {
    await this.http.request({ method: 'POST', url: ACCOUNT_PATHS.verifySms, data: { code, verifyType: VERIFY_BY_SMS }, schema: null, signal: opts.signal });
  }

  async verificationRequired(opts: CallOptions = {}): Promise<boolean> {
    const answer = await this.http.request({ method: 'POST', url: ACCOUNT_PATHS.isVerified, schema: IsVerifySchema, signal: opts.signal });
    return answer.verification;
  }

  decrypt(value: string, opts: CallOptions = {}): Promise<string> {
    return this.http.request({ method: 'POST', url: ACCOUNT_PATHS.decrypt, data: { data: [value] }, schema: DecryptSchema, signal: opts.signal });
  }

  async updateProfileSummary(profileSummary: string, opts: CallOptions = {}): Promise<void> {
    await this.http.request({ method: 'PUT', url: ACCOUNT_PATHS.profileSummary, data: { profileSummary }, schema: null, signal: opts.signal });
  }

  studentBasicData(opts: CallOptions = {}): Promise<StudentBasicData> {
    return this.http.request({ method: 'POST', url: ACCOUNT_PATHS.studentBasicData, schema: StudentBasicDataSchema, signal: opts.signal });
  }

  teacherBasicData(opts: CallOptions = {}): Promise<TeacherBasicData> {
    return this.http.request({ method: 'POST', url: ACCOUNT_PATHS.teacherBasicData, schema: TeacherBasicDataSchema, signal: opts.signal });
  }

  securitySettings(opts: CallOptions = {}): Promise<SecuritySettings> {
    return this.http.request({ method: 'GET', url: this.calls.securitySettings, schema: SecuritySettingsSchema, signal: opts.signal });
  }

  checkPassword(hashedPassword: string, opts: CallOptions = {}): Promise<boolean> {
    return this.http.request({ method: 'POST', url: this.calls.checkPassword, data: { password: hashedPassword }, schema: CheckPasswordSchema, signal: opts.signal });
  }

  async updateAvatar(request: AvatarRequest, opts: CallOptions = {}): Promise<void> {
    const data = { userObject: request.userObject, userPath: request.userPath };
    await this.http.request({ method: 'PUT', url: ACCOUNT_PATHS.avatar, data, schema: null, signal: opts.signal });
  }
}
