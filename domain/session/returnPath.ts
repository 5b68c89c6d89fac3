import { safeRedirectPath } from '../shell/links';

/** Pages a login must never come back to: the login itself and the SSO exchange. */
const NOT_A_RETURN = /^\/(?:login|sso)(?:[/?#]|$)/i;

/**
 * Where a new login takes the user whose session was lost (an expired refresh token):
 * back to the screen they were on, with its query, so a half-filled form is there again
 * (its draft is kept through a lost session). Only an in-app path under the router base
 * qualifies (safeRedirectPath: no other origin, no '//', no backslash, no scheme);
 * anything else, and the login and SSO pages, is null (home).
 */
export const returnPathAfterLogin = (raw: unknown): string | null => {
  const path = safeRedirectPath(raw, '/');
  if (path === null || path === '/' || NOT_A_RETURN.test(path)) return null;
  return path;
};

/** The route state the login page is opened with after a lost session. */
export const returnPathFromState = (state: unknown): string | null =>
  typeof state === 'object' && state !== null ? returnPathAfterLogin((state as { returnTo?: unknown }).returnTo) : null;
