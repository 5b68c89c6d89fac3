import type { CurrentUser } from '../../domain/account/types';
import type { Campus, SchoolInfo, TokenRecord } from '../../domain/session/types';
import { token } from '../ports/token';
import type { CallOptions } from '../ports/call';

export type { Campus, CurrentUser, SchoolInfo, TokenRecord };

export type { CallOptions };

/**
 * What mobile-login and sid-login answer (CONTRACT.md "Session"): the token record the
 * client stores, plus what the server may add. Refresh is not here: it lives inside the
 * HttpClient (401 recovery), the only place that may call refreshtoken-app.
 */
export interface LoginSession extends TokenRecord {
  readonly expireInSeconds?: number | null;
  readonly userId?: string | null;
}

export interface MobileLoginRequest {
  readonly account: string;
  /** Already hashed by the PasswordHasher port; never the typed password. */
  readonly hashedPassword: string;
  /** Data.SchoolCode of the school lookup, else Data.code. */
  readonly tenantCode: string;
}

export interface SidLoginRequest {
  readonly sid: string;
  readonly sourceURL: string;
}

/**
 * The signed-in user as user-info/info answers it: the domain's CurrentUser plus the
 * tenant the account belongs to, which the spec needs as the binding payload's
 * schoolId ("schoolId (tenant id)") without saying where it comes from. Optional: a
 * server that does not send it leaves the caller to find it elsewhere.
 */
export interface SignedInUser extends CurrentUser {
  readonly tenantId?: string | null;
}

/** Identity and session calls (SPEC point 7 "Identity and session"). */
export interface SessionApi {
  /** The external school lookup: GET {schoolLookupUrl}?type=getprojectbycode&code=. Anonymous. */
  lookupSchool(code: string, opts?: CallOptions): Promise<SchoolInfo>;
  /** POST account/mobile-login. Anonymous: a wrong password is an 'http' ApiError, never a refresh. */
  mobileLogin(request: MobileLoginRequest, opts?: CallOptions): Promise<LoginSession>;
  /** POST account/sid-login (single sign-on). Anonymous. */
  sidLogin(request: SidLoginRequest, opts?: CallOptions): Promise<LoginSession>;
  /** GET user-info/info: the signed-in user. */
  userInfo(opts?: CallOptions): Promise<SignedInUser>;
  /** GET school-campus/user: the campuses the user may switch between. */
  campuses(opts?: CallOptions): Promise<Campus[]>;
}

export const SESSION_API = token<SessionApi>('SessionApi');
