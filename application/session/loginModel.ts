/**
 * The login page's model (SPEC point 2 "Login", point 5): the school first (the bind
 * popup: scan, natively in the shell or on the scanner page in a browser, or type the
 * code), then account, password and the agreement. Signing in and binding are the
 * session model's (application/session/model.ts); this owns the page around them: the
 * form, the popup, the one busy action, where the page goes after, and what the user is
 * told (the use cases' messages, as the plain toasts the page always showed).
 *
 * `?code=` (a school QR link, or the scanner page coming back) binds that school once;
 * a session already stored for the bound school goes straight on.
 */
import { attach, createEffect, createEvent, createStore, sample } from 'effector';
import type { LoginForm } from '../../domain/account/types';
import { SCHOOL_CODE_REQUIRED } from '../../domain/account/messages';
import { BIND_SCHOOL_TITLE } from '../../domain/session/messages';
import type { Navigator, Notifier } from '../ports/runtime';
import type { NativeShell } from '../ports/shell';
import { NATIVE_SHELL, NAVIGATOR, NOTIFIER } from '../ports/tokens';
import { PATHS } from '../shared/routes';
import { defineScreen } from '../shared/screens';
import { SESSION_MODEL, type SessionModel } from './model';
import type { BoundSchool } from './schoolStore';
import { scanSchoolCode, type BindSchoolOutcome } from './useCases';

/** Where the scanner page returns outside the shell: /login?code=<scanned text>. */
export const SCANNER_FOR_SCHOOL = `${PATHS.scanner}?${new URLSearchParams({ redirect: PATHS.login, modalTitle: BIND_SCHOOL_TITLE, modalContent: SCHOOL_CODE_REQUIRED }).toString()}`;

export interface LoginDeps {
  /** Binding, signing in, and whether a session for the bound school is already stored. */
  readonly session: Pick<SessionModel, 'bindSchoolFx' | 'loginFx' | 'isSignedIn' | 'boundSchool'>;
  readonly notifier: Pick<Notifier, 'info'>;
  readonly navigator: Pick<Navigator, 'go'>;
  readonly shell: Pick<NativeShell, 'isInShell' | 'scan'>;
}

export function createLoginModel(deps: LoginDeps) {
  /** The page arrived: the `?code=` it carries, and the screen a lost session left (route state). */
  const arrived = createEvent<{ code: string | null; returnTo: string | null }>();
  const accountChanged = createEvent<string>();
  const passwordChanged = createEvent<string>();
  const agreedChanged = createEvent<boolean>();
  const submitted = createEvent();
  const bindOpened = createEvent();
  const bindClosed = createEvent();
  const codeChanged = createEvent<string>();
  const bindSubmitted = createEvent();
  const scanRequested = createEvent();

  const $school = createStore<BoundSchool | null>(deps.session.boundSchool(), { serialize: 'ignore' });
  const $account = createStore('', { serialize: 'ignore' }).on(accountChanged, (_, v) => v);
  const $password = createStore('', { serialize: 'ignore' }).on(passwordChanged, (_, v) => v);
  const $agreed = createStore(false, { serialize: 'ignore' }).on(agreedChanged, (_, v) => v);
  const $returnTo = createStore<string | null>(null, { serialize: 'ignore' }).on(arrived, (_, { returnTo }) => returnTo);
  const $bindOpen = createStore(false, { serialize: 'ignore' }).on(bindOpened, () => true).reset(bindClosed);
  /** The popup is drawn (its code loaded) from the first time it opens. */
  const $bindMounted = createStore(false, { serialize: 'ignore' }).on(bindOpened, () => true);
  const $code = createStore('', { serialize: 'ignore' }).on(codeChanged, (_, v) => v);

  const goOnFx = attach({
    source: $returnTo,
    effect: createEffect((returnTo: string | null) => deps.navigator.go(returnTo ?? PATHS.main, { replace: true })),
  });

  // ----- binding a school -----
  const bindFx = createEffect(async (code: string): Promise<BindSchoolOutcome | null> => {
    const result = await deps.session.bindSchoolFx(code);
    if (result.ok) return result.value;
    deps.notifier.info(result.error);
    return null;
  });
  const bound = sample({ clock: bindFx.doneData, filter: (o): o is BindSchoolOutcome => o !== null });
  $school.on(bound, (_, o) => o.school);
  sample({ clock: bound, target: bindClosed });
  sample({ clock: bound, filter: (o) => o.alreadySignedIn, target: goOnFx });
  /** The popup's button is busy while a code is checked; closing the popup frees it. */
  const $binding = createStore(false, { serialize: 'ignore' }).on(bindFx, () => true).on(bindFx.finally, () => false).reset(bindClosed);

  sample({ clock: bindSubmitted, source: { code: $code, busy: $binding }, filter: ({ busy }) => !busy, fn: ({ code }) => code, target: bindFx });
  const scanFx = createEffect(async (): Promise<string | null> => {
    if (!deps.shell.isInShell()) {
      deps.navigator.go(SCANNER_FOR_SCHOOL);
      return null;
    }
    return scanSchoolCode(deps.shell);
  });
  sample({ clock: scanRequested, target: scanFx });
  const scanned = sample({ clock: scanFx.doneData, filter: (code): code is string => code !== null });
  $code.on(scanned, (_, code) => code);
  sample({ clock: scanned, target: bindFx });

  // ----- opening -----
  type Opening = { readonly kind: 'bound'; readonly outcome: BindSchoolOutcome } | { readonly kind: 'signedIn' } | { readonly kind: 'bind' } | { readonly kind: 'stay' };
  const openFx = createEffect(async ({ code }: { code: string | null }): Promise<Opening> => {
    if (code !== null) {
      // The code is consumed once; a reload must not bind again.
      deps.navigator.go(PATHS.login, { replace: true });
      const result = await deps.session.bindSchoolFx(code);
      if (result.ok) return { kind: 'bound', outcome: result.value };
      deps.notifier.info(result.error);
      return { kind: 'bind' };
    }
    if (deps.session.isSignedIn()) return { kind: 'signedIn' };
    return deps.session.boundSchool() === null ? { kind: 'bind' } : { kind: 'stay' };
  });
  sample({ clock: arrived, target: openFx });
  const boundByLink = sample({ clock: openFx.doneData, filter: (r): r is Extract<Opening, { kind: 'bound' }> => r.kind === 'bound' });
  $school.on(boundByLink, (_, r) => r.outcome.school);
  sample({ clock: boundByLink, filter: (r) => r.outcome.alreadySignedIn, target: goOnFx });
  sample({ clock: openFx.doneData, filter: (r) => r.kind === 'signedIn', target: goOnFx });
  sample({ clock: openFx.doneData, filter: (r) => r.kind === 'bind', target: bindOpened });

  // ----- signing in -----
  const loginFx = attach({
    source: { account: $account, password: $password, agreed: $agreed },
    effect: createEffect(async (form: LoginForm): Promise<'in' | 'needsSchool' | 'refused'> => {
      const result = await deps.session.loginFx(form);
      if (result.ok) return 'in';
      deps.notifier.info(result.error.message);
      return result.error.needsSchool ? 'needsSchool' : 'refused';
    }),
  });
  const $submitting = loginFx.pending;
  sample({ clock: submitted, filter: $submitting.map((busy) => !busy), target: loginFx });
  sample({ clock: loginFx.doneData, filter: (r) => r === 'in', target: goOnFx });
  sample({ clock: loginFx.doneData, filter: (r) => r === 'needsSchool', target: bindOpened });

  return {
    $school,
    $account,
    $password,
    $agreed,
    $submitting,
    $bindOpen,
    $bindMounted,
    $code,
    $binding,
    arrived,
    accountChanged,
    passwordChanged,
    agreedChanged,
    submitted,
    bindOpened,
    bindClosed,
    codeChanged,
    bindSubmitted,
    scanRequested,
  };
}

export type LoginModel = ReturnType<typeof createLoginModel>;

export const loginScreen = defineScreen({
  name: 'login',
  lifetime: 'screen',
  key: () => '',
  create: (get) =>
    createLoginModel({ session: get(SESSION_MODEL), notifier: get(NOTIFIER), navigator: get(NAVIGATOR), shell: get(NATIVE_SHELL) }),
});
