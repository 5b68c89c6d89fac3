/**
 * The app's side of the native shell protocol (docs/native-shell.md) that is not a
 * screen's: built once by the composition root, for the app's lifetime.
 *
 * - Sessions in both directions: a session from the shell's own login screen signs the
 *   app in; the shell's sign-out signs it out; the app tells the shell when a session
 *   starts (the user's id) and ends.
 * - Deep links from pushes and notifications while the app runs (`openRoute`): an app
 *   route opens; a signed-out app goes through the login page and lands there after.
 * - The hardware back button and the back swipe (`back`): the back bar's rule, so back
 *   on the first page asks the shell to close the app.
 * - Safe-area insets from web views that do not report env(safe-area-inset-*), and the
 *   system text size.
 * - A signal for each new message, carrying whether to vibrate (the user's setting).
 * The app says `ready` once it listens, so the shell can send what it queued.
 */
import { createEffect, createEvent, createStore, sample } from 'effector';
import type { Navigator, KeyValueStorage } from '../ports/runtime';
import type { TokenStore } from '../ports/session';
import type { NativeShell, ShellInbound } from '../ports/shell';
import type { SessionModel } from '../session/model';
import type { SchoolStore } from '../session/schoolStore';
import { isLinkableRoute, PATHS } from '../shared/routes';
import type { TextSize } from './textSize';
import { isVibrationOn, rememberVibration } from './vibration';

export interface Insets {
  readonly top: number;
  readonly right: number;
  readonly bottom: number;
  readonly left: number;
}

export interface ShellBridgeDeps {
  readonly shell: NativeShell;
  readonly session: Pick<SessionModel, '$user' | 'initialiseFx' | 'sessionEnded' | 'hubMessageReceived' | 'logoutFx'>;
  readonly tokens: Pick<TokenStore, 'set'>;
  readonly school: Pick<SchoolStore, 'set'>;
  readonly navigator: Pick<Navigator, 'go' | 'reload' | 'current'> & { leave?: Navigator['leave'] };
  readonly storage: KeyValueStorage;
  /** Applies safe-area insets reported by the shell (CSS variables, presentation). */
  readonly applyInsets: (insets: Insets) => void;
  /** The app's text size, which hears the system text size the shell reports. */
  readonly textSize?: Pick<TextSize, 'systemScaleReported'>;
}

/** A push payload's title, when it has one (the hub's `Message` carries the notice). */
const titleOf = (payload: unknown): string => {
  if (typeof payload !== 'object' || payload === null) return '';
  const title = (payload as Record<string, unknown>)['title'];
  return typeof title === 'string' ? title : '';
};

export function connectShellBridge(deps: ShellBridgeDeps) {
  const messageReceived = createEvent<ShellInbound>();
  const $userId = deps.session.$user.map((u) => u?.id ?? null);

  // ----- sessions -----
  const sessionHandedOverFx = createEffect((m: Extract<ShellInbound, { type: 'session' }>) => {
    deps.school.set({ code: m.schoolCode, tenantCode: m.tenantCode, name: m.schoolName });
    deps.tokens.set({ encryptedAccessToken: m.accessToken, refreshToken: m.refreshToken });
    // A fresh start with the new session, where the user was (the login page leads home).
    if ((deps.navigator.current?.() ?? '').startsWith(PATHS.login)) deps.navigator.go(PATHS.main, { replace: true });
    deps.navigator.reload();
  });
  sample({
    clock: messageReceived,
    filter: (m): m is Extract<ShellInbound, { type: 'session' }> => m.type === 'session',
    target: sessionHandedOverFx,
  });
  sample({
    clock: messageReceived,
    source: $userId,
    filter: (_, m) => m.type === 'signOut',
    fn: (userId) => userId,
    target: deps.session.logoutFx,
  });
  sample({
    clock: deps.session.initialiseFx.doneData,
    fn: (snapshot) => snapshot.user.id,
    target: createEffect((userId: string) => void deps.shell.sessionChanged(userId)),
  });
  sample({ clock: deps.session.sessionEnded, target: createEffect(() => void deps.shell.sessionChanged(null)) });

  // ----- deep links, back, insets -----
  sample({
    clock: messageReceived,
    filter: (m): m is Extract<ShellInbound, { type: 'openRoute' }> => m.type === 'openRoute',
    target: createEffect((m: Extract<ShellInbound, { type: 'openRoute' }>) => {
      const pathname = m.path.split(/[?#]/, 1)[0] ?? '';
      deps.navigator.go(isLinkableRoute(pathname) ? m.path : PATHS.main);
    }),
  });
  sample({
    clock: messageReceived,
    filter: (m) => m.type === 'back',
    target: createEffect(() => (deps.navigator.leave ? deps.navigator.leave() : undefined)),
  });
  sample({
    clock: messageReceived,
    filter: (m): m is Extract<ShellInbound, { type: 'insets' }> => m.type === 'insets',
    target: createEffect((m: Extract<ShellInbound, { type: 'insets' }>) =>
      deps.applyInsets({ top: m.top, right: m.right, bottom: m.bottom, left: m.left }),
    ),
  });
  if (deps.textSize) {
    sample({
      clock: messageReceived,
      filter: (m): m is Extract<ShellInbound, { type: 'textScale' }> => m.type === 'textScale',
      fn: (m) => (m as Extract<ShellInbound, { type: 'textScale' }>).scale,
      target: deps.textSize.systemScaleReported,
    });
  }

  // ----- vibration: the shell's report is kept for the user; each new message says whether to vibrate -----
  const $vibrationReported = createStore<boolean | null>(null, { serialize: 'ignore' }).on(messageReceived, (current, m) =>
    m.type === 'vibration' ? m.enabled : current,
  );
  sample({
    clock: [$vibrationReported.updates, $userId.updates],
    source: { userId: $userId, on: $vibrationReported },
    filter: ({ userId, on }) => userId !== null && on !== null,
    target: createEffect(({ userId, on }: { userId: string | null; on: boolean | null }) => rememberVibration(deps.storage, userId!, on!)),
  });
  sample({
    clock: deps.session.hubMessageReceived,
    source: $userId,
    fn: (userId, payload) => ({ title: titleOf(payload), vibrate: userId !== null && isVibrationOn(deps.storage, userId) }),
    target: createEffect(({ title, vibrate }: { title: string; vibrate: boolean }) => void deps.shell.newMessage(title, vibrate)),
  });

  const unsubscribe = deps.shell.onMessage((m) => messageReceived(m));
  deps.shell.ready();
  return { messageReceived, dispose: unsubscribe };
}
