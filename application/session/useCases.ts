/**
 * Session use cases (SPEC point 2 "Login", "Shell and initialisation", point 4
 * "Initialisation failure", point 6 "Campus switching"). Plain async functions over
 * ports, so they run in tests without React and without effector.
 */
import type { UserDeviceData } from '../ports/deviceData';
import { validateLoginForm, validateSchoolCode, resolveSchoolLookup } from '../../domain/account/login';
import { SCHOOL_CODE_INVALID, SCHOOL_CODE_REQUIRED } from '../../domain/account/messages';
import type { CurrentUser, LoginForm } from '../../domain/account/types';
import { campusSwitchFromLink, chooseCampusId } from '../../domain/session/campus';
import type { Campus } from '../../domain/session/types';
import { err, ok, type Result } from '../../domain/shared/result';
import { safeRedirectPath, safeWebAddress } from '../../domain/shell/links';
import { ApiError, messageOf, REQUEST_FAILED } from '../ports/errors';
import type { MessageHub } from '../ports/hub';
import type { PasswordHasher } from '../ports/passwordHasher';
import type { KeyValueStorage, Navigator, RuntimeConfig } from '../ports/runtime';
import type { SearchHistoryStore } from '../ports/searchHistory';
import type { CampusStore, HostStore, TokenStore } from '../ports/session';
import type { NativeShell } from '../ports/shell';
import { clearUserDrafts } from '../forms/drafts';
import { clearAnswersAhead } from '../shared/ahead';
import type { LoginSession, SessionApi } from './ports';
import { sameSchool, type BoundSchool, type SchoolStore } from './schoolStore';
import { isCancelled } from '../shared/failure';

/** A failure the screen shows; `cancelled` ones it ignores (the screen has gone away). */
const failureMessage = (e: unknown): string => messageOf(e);

// ---------------------------------------------------------------------------
// School binding
// ---------------------------------------------------------------------------

export interface BindSchoolDeps {
  api: Pick<SessionApi, 'lookupSchool'>;
  shell: Pick<NativeShell, 'isInShell'>;
  config: Pick<RuntimeConfig, 'defaultHost'>;
  host: HostStore;
  school: SchoolStore;
  tokens: TokenStore;
}

export interface BindSchoolOutcome {
  readonly school: BoundSchool;
  /** True when a session for this same school is already stored: the login page goes straight home. */
  readonly alreadySignedIn: boolean;
}

/**
 * Why the lookup call itself failed: an HTTP answer without a message means the code
 * is not known (识别码无效); an HTTP answer with one shows it; no answer at all is a
 * network problem, not a bad code, so it says 请求失败.
 */
const lookupFailureMessage = (e: unknown): string => {
  if (e instanceof ApiError && (e.kind === 'http' || e.kind === 'malformed')) {
    return e.kind === 'http' && e.message !== REQUEST_FAILED ? e.message : SCHOOL_CODE_INVALID;
  }
  return failureMessage(e);
};

/**
 * Looks the code up, applies the domain's reading of the answer (Result, Msg, the
 * ProjectType rule outside the shell) and binds the school: its host for every later
 * call, its tenant code for login. Binding another school drops the stored session,
 * which belongs to the previous tenant.
 */
export async function bindSchool(
  deps: BindSchoolDeps,
  rawCode: unknown,
  opts: { signal?: AbortSignal } = {},
): Promise<Result<BindSchoolOutcome, string>> {
  const code = validateSchoolCode(rawCode);
  if (!code.ok) return code;
  let answer;
  try {
    answer = await deps.api.lookupSchool(code.value, { signal: opts.signal });
  } catch (e) {
    if (isCancelled(e)) throw e;
    return err(lookupFailureMessage(e));
  }
  const resolved = resolveSchoolLookup(answer, { inNativeShell: deps.shell.isInShell(), defaultHost: deps.config.defaultHost });
  if (!resolved.ok) return resolved;
  const school: BoundSchool = { code: code.value, tenantCode: resolved.value.tenantCode, name: resolved.value.name };
  const previous = deps.school.get();
  const same = sameSchool(previous, school);
  if (!same) deps.tokens.clear();
  deps.school.set(school);
  deps.host.set(resolved.value.host === '' ? null : resolved.value.host);
  return ok({ school, alreadySignedIn: same && deps.tokens.get() !== null });
}

/**
 * The scan half of the bind-school popup. Inside the shell: the scanned text (null
 * when the user closed the scanner). In a browser the shell port opens the scanner
 * page and answers null; that page comes back to /login?code=….
 */
export async function scanSchoolCode(shell: Pick<NativeShell, 'scan'>): Promise<string | null> {
  const text = await shell.scan();
  if (text === null) return null;
  const code = validateSchoolCode(text);
  return code.ok ? code.value : null;
}

// ---------------------------------------------------------------------------
// Login
// ---------------------------------------------------------------------------

export interface LoginDeps {
  api: Pick<SessionApi, 'mobileLogin'>;
  hasher: PasswordHasher;
  tokens: TokenStore;
  school: SchoolStore;
}

export type LoginFailure = { readonly message: string; readonly needsSchool: boolean };

/**
 * Validates (agreement, account, password; trimmed), hashes the password through the
 * port and stores the token record on success. Without a bound school there is no
 * tenant to log in to: the screen opens the bind-school popup.
 */
export async function login(
  deps: LoginDeps,
  form: Partial<LoginForm>,
  opts: { signal?: AbortSignal } = {},
): Promise<Result<LoginSession, LoginFailure>> {
  const valid = validateLoginForm(form);
  if (!valid.ok) return err({ message: valid.error, needsSchool: false });
  const school = deps.school.get();
  if (school === null) return err({ message: SCHOOL_CODE_REQUIRED, needsSchool: true });
  try {
    const session = await deps.api.mobileLogin(
      { account: valid.value.account, hashedPassword: await deps.hasher.hash(valid.value.password), tenantCode: school.tenantCode },
      { signal: opts.signal },
    );
    deps.tokens.set({ encryptedAccessToken: session.encryptedAccessToken, refreshToken: session.refreshToken });
    return ok(session);
  } catch (e) {
    if (isCancelled(e)) throw e;
    return err({ message: failureMessage(e), needsSchool: false });
  }
}

/** "Already logged in for the same school goes straight home": a school and a session are both stored. */
export const isSignedIn = (deps: { tokens: TokenStore; school: SchoolStore }): boolean =>
  deps.tokens.get() !== null && deps.school.get() !== null;

// ---------------------------------------------------------------------------
// Single sign-on
// ---------------------------------------------------------------------------

export interface SsoQuery {
  readonly sid?: string | null;
  readonly sourceURL?: string | null;
  readonly redirectPath?: string | null;
}

export interface SsoDeps {
  api: Pick<SessionApi, 'sidLogin'>;
  tokens: TokenStore;
  config: Pick<RuntimeConfig, 'basePath'>;
}

/** Decided: what the SSO error state says when the address carries no sid at all. */
export const SSO_MISSING_SID = '缺少登录凭证';

/**
 * Exchanges sid (+ sourceURL) for a session. Answers the path to go to: redirectPath
 * only when it is a same-origin path under the base (domain safeRedirectPath), else
 * the base itself. A sourceURL that is not an http(s) address is not sent (it is the
 * address of the system the user came from; nothing else is meaningful there).
 */
export async function ssoLogin(
  deps: SsoDeps,
  query: SsoQuery,
  opts: { signal?: AbortSignal } = {},
): Promise<Result<{ readonly redirect: string }, string>> {
  const sid = typeof query.sid === 'string' ? query.sid.trim() : '';
  if (sid === '') return err(SSO_MISSING_SID);
  const sourceURL = safeWebAddress(query.sourceURL) ?? '';
  try {
    const session = await deps.api.sidLogin({ sid, sourceURL }, { signal: opts.signal });
    deps.tokens.set({ encryptedAccessToken: session.encryptedAccessToken, refreshToken: session.refreshToken });
  } catch (e) {
    if (isCancelled(e)) throw e;
    return err(failureMessage(e));
  }
  const base = deps.config.basePath;
  return ok({ redirect: safeRedirectPath(query.redirectPath, base) ?? base });
}

// ---------------------------------------------------------------------------
// Initialisation gate
// ---------------------------------------------------------------------------

/** Decided: how long the gate waits for the hub before it counts as failed (the hub itself retries every 5000 ms). */
export const HUB_READY_TIMEOUT_MS = 15000;

/** Thrown when there is no stored session: the gate goes to /login without a message. */
export class NotSignedInError extends Error {
  constructor() {
    super('not signed in');
    this.name = 'NotSignedInError';
  }
}

export interface InitialiseDeps {
  api: Pick<SessionApi, 'userInfo' | 'campuses'>;
  tokens: TokenStore;
  campus: CampusStore;
  hub: Pick<MessageHub, 'start'>;
  hubTimeoutMs?: number;
  /**
   * False when the phone knows it has no network: the start goes on with the user's data
   * kept on the device, and the hub connects on its own once the network is back.
   */
  online?: () => boolean;
  /**
   * True when what the start was answered came from the device because the network did
   * not answer. The browser's word on the network is sure only of "offline": a phone on
   * a network that carries nothing (a lift, a captive portal, a page reloaded just as it
   * went offline) says online, and the start would wait 15 s for a hub it cannot reach
   * and then fail with 网络超时 instead of opening from the device.
   */
  fromDevice?: () => boolean;
  /** Timers are injectable so tests need not wait 15 s. */
  setTimer?: (run: () => void, ms: number) => () => void;
}

export interface SessionSnapshot {
  readonly user: CurrentUser;
  readonly campuses: readonly Campus[];
  readonly campusId: string | null;
}

const defaultTimer = (run: () => void, ms: number): (() => void) => {
  const id = setTimeout(run, ms);
  return () => clearTimeout(id);
};

const withTimeout = <T>(promise: Promise<T>, ms: number, setTimer: NonNullable<InitialiseDeps['setTimer']>): Promise<T> =>
  new Promise<T>((resolve, reject) => {
    const cancel = setTimer(() => reject(new ApiError('timeout', REQUEST_FAILED)), ms);
    promise.then(
      (v) => {
        cancel();
        resolve(v);
      },
      (e: unknown) => {
        cancel();
        reject(e);
      },
    );
  });

/**
 * The gate's work (SPEC point 2): user info and campus list together, the campus in
 * effect (the stored one when listed, else the first, SPEC point 3) stored for the Campus
 * header, and the hub registered as this user. `onIdentified` hears the user and campus
 * as soon as they are known, while the hub may still be connecting: the app starts
 * drawing the page under the skeleton then, and shows it when this resolves. Any failure
 * rejects; the model then clears the session.
 */
export async function initialise(
  deps: InitialiseDeps,
  opts: { signal?: AbortSignal; onIdentified?: (snapshot: SessionSnapshot) => void } = {},
): Promise<SessionSnapshot> {
  if (deps.tokens.get() === null) throw new NotSignedInError();
  const userLoaded = deps.api.userInfo({ signal: opts.signal });
  const campusesLoaded = deps.api.campuses({ signal: opts.signal });
  // The hub connects with the stored token while the user is fetched (one round trip
  // fewer before the gate opens) and registers as the user once the id is known.
  const hubReady = deps.hub.start(userLoaded.then((u) => u.id));
  hubReady.catch(() => undefined); // a failed user load is reported below, not twice
  const [user, campuses] = await Promise.all([userLoaded, campusesLoaded]);
  const campusId = chooseCampusId(campuses, deps.campus.get());
  if (campusId === null) deps.campus.clear();
  else if (campusId !== deps.campus.get()) deps.campus.set(campusId);
  opts.onIdentified?.({ user, campuses, campusId });
  const reachable = deps.online?.() !== false && deps.fromDevice?.() !== true;
  if (reachable) await withTimeout(hubReady, deps.hubTimeoutMs ?? HUB_READY_TIMEOUT_MS, deps.setTimer ?? defaultTimer);
  return { user, campuses, campusId };
}

/**
 * Whether a failed start ends the session: only an authentication failure does (no
 * stored session, or a 401 whose refresh failed). Anything else the backend answers (a
 * 502 page, an empty or unreadable answer, a timeout, no network) keeps the session:
 * the gate says so with 重试, and the user goes on where they were once it works.
 */
export const endsSession = (e: unknown): boolean => e instanceof NotSignedInError || (e instanceof ApiError && e.kind === 'unauthorized');

/** Whether a failed initialisation deserves a message (a missing or expired session does not). */
export const initialisationFailureMessage = (e: unknown): string | null => {
  if (e instanceof NotSignedInError) return null;
  if (e instanceof ApiError && (e.kind === 'unauthorized' || e.kind === 'cancelled')) return null;
  return failureMessage(e);
};

// ---------------------------------------------------------------------------
// Leaving the session
// ---------------------------------------------------------------------------

/**
 * Storage keys of one user's unfinished work that are not form drafts (e.g. the to-do
 * form's draft, application/todo): signing out forgets every key under this prefix.
 * Form drafts have their own keys (application/forms/drafts.ts), cleared per user.
 */
export const USER_DRAFT_KEY_PREFIX = 'campus.draft.';

export interface ClearSessionDeps {
  hub: Pick<MessageHub, 'stop'>;
  tokens: TokenStore;
  storage: KeyValueStorage;
  searchHistory: SearchHistoryStore;
  /** The user's outbox and data last seen (IndexedDB). */
  deviceData?: UserDeviceData;
}

/**
 * Ends the session on this device: the tokens go and the hub stops. With
 * `forgetUserData` (signing out) the user's drafts, search history, outbox and data last
 * seen go too. A session
 * that merely expired keeps them: they are keyed by user, and signing in again must
 * bring the user back to the form with everything in it. The bound school and the
 * campus choice stay: they belong to the device.
 */
export async function clearSession(deps: ClearSessionDeps, userId: string | null, opts: { forgetUserData: boolean }): Promise<void> {
  deps.tokens.clear();
  // Answers the boot asked for this session's first screen are this user's.
  clearAnswersAhead();
  if (opts.forgetUserData) {
    for (const key of deps.storage.keys()) if (key.startsWith(USER_DRAFT_KEY_PREFIX)) deps.storage.remove(key);
    if (userId) {
      clearUserDrafts(deps.storage, userId);
      deps.searchHistory.clear(userId);
      await deps.deviceData?.forget(userId);
    }
  }
  try {
    await deps.hub.stop();
  } catch {
    // Stopping is best effort: the session is gone either way.
  }
}

// ---------------------------------------------------------------------------
// Campus
// ---------------------------------------------------------------------------

export interface SwitchCampusDeps {
  campus: CampusStore;
  navigator: Pick<Navigator, 'reload'>;
}

/** The top-bar dropdown: store the choice and reload, so every screen reads the new campus. */
export function switchCampus(deps: SwitchCampusDeps, campuses: readonly Campus[], campusId: string): boolean {
  if (!campuses.some((c) => c.id === campusId)) return false;
  if (deps.campus.get() === campusId) return false;
  deps.campus.set(campusId);
  deps.navigator.reload();
  return true;
}

/**
 * A campus id carried by a notice or to-do link (SPEC point 6): switch when it is in
 * the list and differs (answers 'switched', the caller reloads or goes on), nothing when
 * it is absent or already in effect, 该校区不存在 otherwise.
 */
export function applyLinkCampus(
  deps: { campus: CampusStore },
  campuses: readonly Campus[],
  linkCampusId: unknown,
): Result<'none' | 'switched', string> {
  const decision = campusSwitchFromLink(campuses, deps.campus.get(), linkCampusId);
  if (decision.kind === 'missing') return err(decision.message);
  if (decision.kind === 'none') return ok('none');
  deps.campus.set(decision.campusId);
  return ok('switched');
}
