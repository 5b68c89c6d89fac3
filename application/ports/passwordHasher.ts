import { token } from './token';

/**
 * How a password travels (CONTRACT.md "Session": lowercase hex MD5 of the trimmed input).
 * A port, so a deployment whose backend expects another hashing can swap the adapter
 * without touching the login, change-password or password-check use cases.
 */
export interface PasswordHasher {
  /**
   * The value to send for `plain`; deterministic. The app's hasher loads its code on first
   * use (answered as a promise; a download that failed is a network failure, retried on
   * the next call); a plain function may answer at once.
   */
  hash(plain: string): string | Promise<string>;
}

export const PASSWORD_HASHER = token<PasswordHasher>('PasswordHasher');
