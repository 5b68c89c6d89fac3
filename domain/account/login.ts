import { err, ok, type Result } from '../shared/result';
import {
  ACCOUNT_REQUIRED,
  AGREEMENT_REQUIRED,
  PASSWORD_REQUIRED,
  SCHOOL_CODE_INVALID,
  SCHOOL_CODE_REQUIRED,
  USE_NATIVE_APP,
} from './messages';
import type { SchoolInfo } from '../session/types';
import type { LoginCredentials, LoginForm, ResolvedSchool } from './types';
import { trimmed } from '../shared/guards';

/** Agreement first, then account, then password; the trimmed values are what gets sent. */
export function validateLoginForm(form: Partial<LoginForm> | null | undefined): Result<LoginCredentials, string> {
  if (form?.agreed !== true) return err(AGREEMENT_REQUIRED);
  const account = trimmed(form.account);
  const password = trimmed(form.password);
  if (account === '') return err(ACCOUNT_REQUIRED);
  if (password === '') return err(PASSWORD_REQUIRED);
  return ok({ account, password });
}

/** Manual school-code entry: the trimmed code, or 请输入识别码. */
export function validateSchoolCode(code: unknown): Result<string, string> {
  const value = trimmed(code);
  return value === '' ? err(SCHOOL_CODE_REQUIRED) : ok(value);
}

/** The only project type the web build serves; others must use the native app. */
export const WEB_PROJECT_TYPE = 1;

const nonBlank = (value: unknown): string | null => {
  const text = trimmed(value);
  return text === '' ? null : text;
};

/** Trailing slashes go, because every service path starts with one. */
export const normaliseHost = (host: string): string => host.trim().replace(/\/+$/, '');

export interface SchoolLookupContext {
  inNativeShell: boolean;
  defaultHost: string;
}

/**
 * Reads the external school lookup. `Result` truthy means found; otherwise the server's
 * Msg (or 识别码无效) is the message. Outside the native shell only ProjectType 1 is served.
 */
export function resolveSchoolLookup(
  response: SchoolInfo | null | undefined,
  context: SchoolLookupContext,
): Result<ResolvedSchool, string> {
  if (!response || !response.Result) return err(nonBlank(response?.Msg) ?? SCHOOL_CODE_INVALID);
  const data = response.Data;
  if (!data || typeof data !== 'object') return err(SCHOOL_CODE_INVALID);
  const tenantCode = nonBlank(data.SchoolCode) ?? nonBlank(data.code);
  if (tenantCode === null) return err(SCHOOL_CODE_INVALID);
  if (!context.inNativeShell && String(data.ProjectType ?? '').trim() !== String(WEB_PROJECT_TYPE)) {
    return err(USE_NATIVE_APP);
  }
  const saasAddress = nonBlank(data.SaasAddress);
  return ok({
    tenantCode,
    name: nonBlank(data.name) ?? tenantCode,
    host: normaliseHost(saasAddress ?? context.defaultHost),
  });
}
