import { token } from './token';

/**
 * How a password travels (CONTRACT.md "Session": lowercase hex MD5 of the trimmed input).
 * A port, so a deployment whose backend expects another hashing can swap the adapter
 * without touching the login, change-password or password-check use cases.
 */
export interface PasswordHasher {
  /** The value to send for `plain`; total (never throws), deterministic. */
  hash(plain: string): string;
}

export const PASSWORD_HASHER = token<PasswordHasher>('PasswordHasher');
