/**
 * Account entities, named as the wire names them (SPEC point 3, "Users and organisation").
 * Fields the spec lists without saying they are always present are optional, so adapters
 * can pass server data through without inventing values.
 */

export interface UserSetting {
  disableNotificationVibration?: boolean;
}

export interface CurrentUser {
  id: string;
  name: string;
  number?: string | null;
  /** 1 male, 2 female. */
  sex?: number | null;
  /** "organisation / major / class". */
  describe?: string | null;
  /** 1 staff … 5 other (session's USER_TYPE); 0 appears only on the registration page. */
  userType: number;
  profileSummary?: string | null;
  /** Stored without its protocol prefix (see `stripProtocolPrefix`). */
  userImage?: string | null;
  photoUrl?: string | null;
  qrCode?: string | null;
  /** Masked with stars; the clear value needs the verification flow. */
  phoneNum?: string | null;
  encrypPhoneNum?: string | null;
  email?: string | null;
  encrypEmail?: string | null;
  joinedDate?: string | null;
  setting?: UserSetting | null;
}

export interface FamilyMember {
  id: string;
  name: string;
  relation: string;
  phoneNum?: string | null;
  encrypPhoneNum?: string | null;
}

export interface StudentBasicData {
  phoneNum?: string | null;
  email?: string | null;
  enrollmentDate?: string | null;
  familys: FamilyMember[];
}

export interface TeacherBasicData {
  phoneNum?: string | null;
  email?: string | null;
  position?: string | null;
  joinedDate?: string | null;
}

export interface BoundStudent {
  id: string;
  name: string;
  imagePath?: string | null;
}

/** 0 家长, 1 爸爸, 2 妈妈, 3 爷爷, 4 奶奶, 5 外公, 6 外婆. */
export type Relationship = 0 | 1 | 2 | 3 | 4 | 5 | 6;

export interface StudentBindingPayload {
  campusId: string;
  studentName: string;
  studentIdCard: string;
  type: Relationship;
  idType: '1';
  /** The tenant id. */
  schoolId: string;
}

/** What the binding page collects before the payload is built; every field may still be empty. */
export interface StudentBindingForm {
  campusId?: string | null;
  studentName?: string | null;
  studentIdCard?: string | null;
  type?: number | null;
}

export interface PasswordPolicy {
  /** Minimum length. */
  digits: number;
  /** Bitmask: 1 digit, 2 letter, 4 upper and lower case, 8 special character. */
  passwordSecurity: number;
}

export interface SecuritySettings {
  /** 1 makes the account password the default verification method. */
  passwordVerification: number;
  /** Whether revealing masked data or changing the phone needs a verification first. */
  verification: boolean;
}

export type SecurityMethod = 'password' | 'sms';

export interface ResolvedSchool {
  tenantCode: string;
  name: string;
  /** Service host for this school: SaasAddress when present, else the configured default. */
  host: string;
}

export interface LoginForm {
  account: string;
  password: string;
  agreed: boolean;
}

export interface LoginCredentials {
  account: string;
  password: string;
}

export interface ChangePasswordForm {
  oldPassword: string;
  newPassword: string;
  confirmPassword: string;
}

export interface ChangePasswordValues {
  oldPassword: string;
  newPassword: string;
}
