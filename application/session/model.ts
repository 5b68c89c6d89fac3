/**
 * The session state every screen shares: the signed-in user, the campuses, the campus
 * in effect, the hub connection and whether the initialisation gate has passed. Built
 * once per app by the composition root (a factory, so tests build their own with fake
 * ports and run it in a fork()).
 */
import { createEffect, createEvent, createStore, sample, scopeBind } from 'effector';
import type { CurrentUser, LoginForm } from '../../domain/account/types';
import type { Campus, HubState } from '../../domain/session/types';
import type { MessageHub } from '../ports/hub';
import type { PasswordHasher } from '../ports/passwordHasher';
import type { KeyValueStorage, Navigator, Notifier, RuntimeConfig } from '../ports/runtime';
import type { SearchHistoryStore } from '../ports/searchHistory';
import type { UserDeviceData } from '../ports/deviceData';
import type { CampusStore, HostStore, TokenStore } from '../ports/session';
import type { NativeShell } from '../ports/shell';
import type { SessionApi } from './ports';
import type { SchoolStore } from './schoolStore';
import { failureOf, type Failure } from '../shared/failure';
import {
  applyLinkCampus,
  endsSession,
  bindSchool,
  clearSession,
  initialise,
  initialisationFailureMessage,
  isSignedIn,
  login,
  ssoLogin,
  switchCampus,
  type SessionSnapshot,
  type SsoQuery,
} from './useCases';
import { token } from '../ports/token';

export interface SessionModelDeps {
  api: SessionApi;
  tokens: TokenStore;
  campus: CampusStore;
  host: HostStore;
  school: SchoolStore;
  hub: MessageHub;
  hasher: PasswordHasher;
  shell: NativeShell;
  config: RuntimeConfig;
  storage: KeyValueStorage;
  searchHistory: SearchHistoryStore;
  /** The user's outbox and data last seen, deleted on 退出登录. */
  deviceData?: UserDeviceData;
  navigator: Navigator;
  notifier: Notifier;
  hubTimeoutMs?: number;
  /** False when the phone knows it has no network (the start does not wait for the hub then). */
  online?: () => boolean;
  /** True when the start's data came from the device (the network did not answer): no wait for the hub either. */
  fromDevice?: () => boolean;
}

/** Where the gate stands: idle until asked, pending while it works, then ready (or failed until the session is left). */
export type GateStatus = 'idle' | 'pending' | 'ready' | 'failed';

export const LOGIN_PATH = '/login';

export function createSessionModel(deps: SessionModelDeps) {
  // ----- events the outside world fires -----
  /** The HTTP client could not recover the session (401 after refresh). */
  const sessionLost = createEvent();
  /** Profile edits (avatar, phone, bio) update the card without a reload. */
  const userUpdated = createEvent<Partial<CurrentUser>>();
  const hubStateChanged = createEvent<HubState>();
  /** The hub's `Message` event: the message centre refetches its tabs. */
  const hubMessageReceived = createEvent<unknown>();

  /** The user and campus are known; the hub may still be connecting (the gate is pending). */
  const identified = createEvent<SessionSnapshot>();

  // ----- effects -----
  const initialiseFx = createEffect<void, SessionSnapshot>(() => {
    // Called after awaits inside the use case: bound here, in the effect's own scope.
    const onIdentified = scopeBind(identified, { safe: true });
    return initialise(
      { api: deps.api, tokens: deps.tokens, campus: deps.campus, hub: deps.hub, hubTimeoutMs: deps.hubTimeoutMs, online: deps.online, fromDevice: deps.fromDevice },
      { onIdentified },
    );
  });
  const refreshUserFx = createEffect(() => deps.api.userInfo());

  const bindSchoolFx = createEffect((code: string) =>
    bindSchool({ api: deps.api, shell: deps.shell, config: deps.config, host: deps.host, school: deps.school, tokens: deps.tokens }, code),
  );
  const loginFx = createEffect((form: Partial<LoginForm>) =>
    login({ api: deps.api, hasher: deps.hasher, tokens: deps.tokens, school: deps.school }, form),
  );

  // The sid is single use: a second exchange (a re-render, a double mount) would fail
  // on the server and show an error over a session that actually worked.
  const exchanged = new Map<string, ReturnType<typeof ssoLogin>>();
  const ssoLoginFx = createEffect((query: SsoQuery) => {
    const key = (query.sid ?? '').trim();
    const known = exchanged.get(key);
    if (known) return known;
    const run = ssoLogin({ api: deps.api, tokens: deps.tokens, config: deps.config }, query);
    if (key !== '') exchanged.set(key, run);
    return run;
  });

  const $user = createStore<CurrentUser | null>(null);
  const $campuses = createStore<readonly Campus[]>([]);
  const $campusId = createStore<string | null>(deps.campus.get());
  const $hubState = createStore<HubState>(deps.hub.state);
  const $status = createStore<GateStatus>('idle');
  const $ready = $status.map((s) => s === 'ready');

  /**
   * Ends the session and replaces the location with /login. Signing out also forgets the
   * user's drafts and search history; a lost or failed session keeps them for the next login.
   */
  const leaveFx = createEffect(
    async ({ userId, forgetUserData, returnTo }: { userId: string | null; forgetUserData: boolean; returnTo?: string | null }) => {
      await clearSession({ hub: deps.hub, tokens: deps.tokens, storage: deps.storage, searchHistory: deps.searchHistory, deviceData: deps.deviceData }, userId, {
        forgetUserData,
      });
      // A lost session remembers the screen in the login page's route state: the next login goes back there.
      deps.navigator.go(LOGIN_PATH, returnTo ? { replace: true, state: { returnTo } } : { replace: true });
    },
  );
  /** 退出登录: the session, this user's drafts and search history. */
  const logoutFx = createEffect(async (userId: string | null) => leaveFx({ userId, forgetUserData: true }));

  /** The start failed for want of a session: to the login page, which comes back to the address opened. */
  const initialisationFailedFx = createEffect(async ({ error, userId, returnTo }: { error: unknown; userId: string | null; returnTo: string | null }) => {
    const message = initialisationFailureMessage(error);
    if (message !== null) deps.notifier.fail(message);
    await leaveFx({ userId, forgetUserData: false, returnTo });
  });
  /** 重试 on the gate's error: start again, with the session kept. */
  const bootRetried = createEvent();
  /** Why the start failed while the session stands (the gate shows it with 重试); null otherwise. */
  const $bootFailure = createStore<Failure | null>(null)
    .on(initialiseFx, () => null)
    .on(initialiseFx.failData, (_, error) => (endsSession(error) ? null : failureOf(error)));

  const switchCampusFx = createEffect(({ campuses, campusId }: { campuses: readonly Campus[]; campusId: string }) =>
    switchCampus({ campus: deps.campus, navigator: deps.navigator }, campuses, campusId),
  );
  /** A campus carried by a notice or to-do link; the error is 该校区不存在. */
  const linkCampusFx = createEffect(({ campuses, campusId }: { campuses: readonly Campus[]; campusId: unknown }) =>
    applyLinkCampus({ campus: deps.campus }, campuses, campusId),
  );

  // ----- wiring -----
  $status
    .on(initialiseFx, () => 'pending')
    .on(initialiseFx.done, () => 'ready')
    .on(initialiseFx.fail, () => 'failed')
    .on(loginFx.doneData, (s, r) => (r.ok ? 'idle' : s))
    .on(ssoLoginFx.doneData, (s, r) => (r.ok ? 'idle' : s))
    .on(leaveFx.done, () => 'idle');

  $user
    .on(identified, (_, snap) => snap.user)
    .on(initialiseFx.doneData, (_, snap) => snap.user)
    .on(refreshUserFx.doneData, (_, user) => user)
    .on(userUpdated, (user, patch) => (user ? { ...user, ...patch } : user))
    .reset(leaveFx.done);
  $campuses
    .on(identified, (_, snap) => snap.campuses)
    .on(initialiseFx.doneData, (_, snap) => snap.campuses)
    .reset(leaveFx.done);
  $campusId
    .on(identified, (_, snap) => snap.campusId)
    .on(initialiseFx.doneData, (_, snap) => snap.campusId)
    .on(linkCampusFx.doneData, () => deps.campus.get());
  $hubState.on(hubStateChanged, (_, state) => state);

  sample({
    clock: initialiseFx.failData,
    source: $user,
    filter: (_, error) => endsSession(error),
    fn: (user, error) => {
      // The address opened is remembered unless it is the main layout itself.
      const current = deps.navigator.current?.() ?? null;
      return { error, userId: user?.id ?? null, returnTo: current && current !== '/' && !current.startsWith(LOGIN_PATH) ? current : null };
    },
    target: initialisationFailedFx,
  });
  sample({ clock: bootRetried, target: initialiseFx });
  $bootFailure.reset(leaveFx.done);
  sample({
    clock: sessionLost,
    source: $user,
    fn: (user) => ({ userId: user?.id ?? null, forgetUserData: false, returnTo: deps.navigator.current?.() ?? null }),
    target: leaveFx,
  });

  // The hub lives outside effector; its callbacks become events.
  deps.hub.subscribe((state) => hubStateChanged(state));
  deps.hub.onMessage((payload) => hubMessageReceived(payload));

  return {
    $user,
    $campuses,
    $campusId,
    $hubState,
    $status,
    $ready,
    $bootFailure,
    bootRetried,
    identified,
    initialiseFx,
    refreshUserFx,
    bindSchoolFx,
    loginFx,
    ssoLoginFx,
    logoutFx,
    switchCampusFx,
    linkCampusFx,
    sessionLost,
    /** The session ended (logout, a lost session, a failed start): every screen model goes with it. */
    sessionEnded: leaveFx.done,
    userUpdated,
    hubMessageReceived,
    /** Read once by the login page: a session for the bound school is already stored. */
    isSignedIn: () => isSignedIn({ tokens: deps.tokens, school: deps.school }),
    boundSchool: () => deps.school.get(),
  };
}

export type SessionModel = ReturnType<typeof createSessionModel>;

export const SESSION_MODEL = token<SessionModel>('SessionModel');
