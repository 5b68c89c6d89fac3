/**
 * Single sign-on (SPEC point 2 route sso): sid and sourceURL are exchanged once through
 * the session model's sid-login; redirectPath is honoured only when it is a same-origin
 * path under the base. On failure the address loses its sid (a one-time credential must
 * not stay in history or be bookmarked) and the page says why, with a way back.
 */
import { createEffect, createEvent, createStore, sample } from 'effector';
import type { Navigator } from '../ports/runtime';
import { NAVIGATOR } from '../ports/tokens';
import { PATHS } from '../shared/routes';
import { defineScreen } from '../shared/screens';
import { SESSION_MODEL, type SessionModel } from './model';

/** The sso address without sid. */
export const withoutSid = (search: string): string => {
  const params = new URLSearchParams(search);
  params.delete('sid');
  const rest = params.toString();
  return rest ? `${PATHS.sso}?${rest}` : PATHS.sso;
};

export function createSsoModel(deps: { readonly session: Pick<SessionModel, 'ssoLoginFx'>; readonly navigator: Pick<Navigator, 'go'> }) {
  /** The page arrived with this query. */
  const arrived = createEvent<string>();

  const exchangeFx = createEffect(async (search: string) => {
    const params = new URLSearchParams(search);
    const result = await deps.session.ssoLoginFx({ sid: params.get('sid'), sourceURL: params.get('sourceURL'), redirectPath: params.get('redirectPath') });
    if (!result.ok) deps.navigator.go(withoutSid(search), { replace: true });
    return result;
  });
  sample({ clock: arrived, target: exchangeFx });

  /** Where to go once signed in: a full path under the base (the page leaves the router's base for it). */
  const $redirect = createStore<string | null>(null, { serialize: 'ignore' }).on(exchangeFx.doneData, (_, r) => (r.ok ? r.value.redirect : null));
  /** Why signing in failed; null while it runs or once it worked. */
  const $failure = createStore<string | null>(null, { serialize: 'ignore' }).on(exchangeFx.doneData, (_, r) => (r.ok ? null : r.error));

  return { $redirect, $failure, arrived };
}

export type SsoModel = ReturnType<typeof createSsoModel>;

export const ssoScreen = defineScreen({
  name: 'sso',
  lifetime: 'screen',
  key: () => '',
  create: (get) => createSsoModel({ session: get(SESSION_MODEL), navigator: get(NAVIGATOR) }),
});
