import type { RuntimeConfig } from '../../application/ports/runtime';
import type {
  Campus,
  CallOptions,
  LoginSession,
  MobileLoginRequest,
  SchoolInfo,
  SessionApi,
  SidLoginRequest,
  SignedInUser,
} from '../../application/session/ports';
import type { HttpClient } from '../http/httpClient';
import { CampusListSchema, CurrentUserSchema, LoginSessionSchema, SchoolInfoSchema } from './schemas';

const IDENTITY = '/v1/saas-identity-service/api/account';
const BASIC = '/v1/saas-basic-data-service/api';

export const SESSION_PATHS = Object.freeze({
  mobileLogin: `${IDENTITY}/mobile-login`,
  sidLogin: `${IDENTITY}/sid-login`,
  userInfo: `${BASIC}/user-info/info`,
  campuses: `${BASIC}/school-campus/user`,
});

export const SCHOOL_LOOKUP_TYPE = 'getprojectbycode';

/**
 * The lookup address: an absolute URL as configured, or a path on the configured
 * default host (the school is not known yet, so its own host cannot be used).
 */
export const schoolLookupAddress = (config: Pick<RuntimeConfig, 'schoolLookupUrl' | 'defaultHost'>): string =>
  /^https?:\/\//i.test(config.schoolLookupUrl)
    ? config.schoolLookupUrl
    : `${config.defaultHost.replace(/\/+$/, '')}${config.schoolLookupUrl}`;

export class HttpSessionApi implements SessionApi {
  constructor(
    private readonly http: HttpClient,
    private readonly config: RuntimeConfig,
  ) {}

  lookupSchool(code: string, opts: CallOptions = {}): Promise<SchoolInfo> {
    return this.http.request({
      method: 'GET',
      url: schoolLookupAddress(this.config),
      params: { type: SCHOOL_LOOKUP_TYPE, code },
      schema: SchoolInfoSchema,
      absolute: true,
      anonymous: true,
      signal: opts.signal,
    });
  }

  mobileLogin(request: MobileLoginRequest, opts: CallOptions = {}): Promise<LoginSession> {
    return this.login(SESSION_PATHS.mobileLogin, { account: request.account, password: request.hashedPassword, tenantCode: request.tenantCode }, opts);
  }

  sidLogin(request: SidLoginRequest, opts: CallOptions = {}): Promise<LoginSession> {
    return this.login(SESSION_PATHS.sidLogin, { sid: request.sid, sourceURL: request.sourceURL }, opts);
  }

  /** Both logins: an anonymous POST answered by a session. */
  private login(url: string, data: object, opts: CallOptions): Promise<LoginSession> {
    return this.http.request({ method: 'POST', url, data, schema: LoginSessionSchema, anonymous: true, signal: opts.signal });
  }

  userInfo(opts: CallOptions = {}): Promise<SignedInUser> {
    return this.http.request({ method: 'GET', url: SESSION_PATHS.userInfo, schema: CurrentUserSchema, signal: opts.signal });
  }

  campuses(opts: CallOptions = {}): Promise<Campus[]> {
    return this.http.request({ method: 'GET', url: SESSION_PATHS.campuses, schema: CampusListSchema, signal: opts.signal });
  }
}
