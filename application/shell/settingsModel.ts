/**
 * Settings and privacy (SPEC point 2, "Account and security"): 账号与安全 (the page
 * links, for every user type), 大字模式 (the app's text size, kept per user), the
 * vibration-reminder switch, only inside the native shell (kept per user on the device;
 * the shell reports its setting on load and when it changes natively; the server's
 * setting decides until either has spoken), and 退出登录, which asks first, then clears
 * the session, this user's drafts and search history (the session model's logout).
 */
import { OUTBOX_LOGOUT_TITLE, outboxLogoutWarning } from '../../domain/offline/messages';
import { OUTBOX_BADGE } from '../offline/ports';
import { attach, combine, createEffect, createEvent, createStore, sample, scopeBind, type Effect, type Store } from 'effector';
import type { CurrentUser } from '../../domain/account/types';
import { DIALOG_TIP_TITLE } from '../../domain/shared/messages';
import { LOGOUT_CONFIRM } from '../../domain/shell/messages';
import type { KeyValueStorage, Notifier, RuntimeConfig } from '../ports/runtime';
import type { NativeShell } from '../ports/shell';
import { KEY_VALUE_STORAGE, NATIVE_SHELL, NOTIFIER, RUNTIME_CONFIG } from '../ports/tokens';
import { defineScreen } from '../shared/screens';
import { SESSION_MODEL } from '../session/model';
import { TEXT_SIZE, type TextSize } from './textSize';
import { setVibration, vibrationEnabled } from './useCases';
import { hasVibrationChoice, isVibrationOn, rememberVibration } from './vibration';

export interface SettingsDeps {
  readonly shell: Pick<NativeShell, 'isInShell' | 'setVibration' | 'onMessage'>;
  readonly notifier: Pick<Notifier, 'confirm'>;
  readonly config: Pick<RuntimeConfig, 'supportPhone'>;
  readonly $user: Store<CurrentUser | null>;
  /** The session's 退出登录 (its user id, or null). */
  readonly logoutFx: Effect<string | null, void>;
  readonly storage: KeyValueStorage;
  readonly textSize: Pick<TextSize, '$largeText' | 'largeTextToggled'>;
  /** How many of the user's actions wait in the outbox: 退出登录 says they will be deleted. */
  readonly outboxPending?: () => number;
}

export function createSettingsModel(deps: SettingsDeps) {
  const opened = createEvent();
  const vibrationToggled = createEvent<boolean>();
  const vibrationReported = createEvent<boolean>();
  const logoutRequested = createEvent();

  const $inShell = createStore(deps.shell.isInShell(), { serialize: 'ignore' });
  /** 注销账号 is by the support phone ('' when none is configured). */
  const $supportPhone = createStore(deps.config.supportPhone, { serialize: 'ignore' });
  const $vibration = createStore(true, { serialize: 'ignore' }).on(vibrationReported, (_, on) => on);
  sample({
    clock: opened,
    source: deps.$user,
    fn: (user) =>
      user && hasVibrationChoice(deps.storage, user.id) ? isVibrationOn(deps.storage, user.id) : vibrationEnabled(user?.setting),
    target: $vibration,
  });

  // The shell calls back from outside effector: bound to the scope that opened the page.
  let stopListening: (() => void) | null = null;
  const listenFx = createEffect(() => {
    stopListening?.();
    const reported = scopeBind(vibrationReported, { safe: true });
    stopListening = deps.shell.onMessage((message) => {
      if (message.type === 'vibration') reported(message.enabled);
    });
  });
  sample({ clock: opened, target: listenFx });

  const setVibrationFx = createEffect((on: boolean) => (setVibration(deps.shell, on) ? on : null));
  $vibration.on(setVibrationFx.doneData, (current, on) => on ?? current);
  sample({ clock: vibrationToggled, target: setVibrationFx });
  sample({
    clock: setVibrationFx.doneData,
    source: deps.$user,
    filter: (user, on) => user !== null && on !== null,
    fn: (user, on) => ({ userId: user!.id, on: on! }),
    target: createEffect(({ userId, on }: { userId: string; on: boolean }) => rememberVibration(deps.storage, userId, on)),
  });

  const confirmFx = createEffect(() => {
    const pending = deps.outboxPending?.() ?? 0;
    return deps.notifier.confirm(
      pending > 0 ? { title: OUTBOX_LOGOUT_TITLE, content: outboxLogoutWarning(pending) } : { title: DIALOG_TIP_TITLE, content: LOGOUT_CONFIRM },
    );
  });
  /** Signing out (after the user said yes): the button shows it. */
  const $leaving = deps.logoutFx.pending;
  const $asking = combine(confirmFx.pending, $leaving, (asking, leaving) => asking || leaving);
  sample({ clock: logoutRequested, filter: $asking.map((busy) => !busy), target: confirmFx });
  const leaveFx = attach({ source: deps.$user, mapParams: (_: void, user: CurrentUser | null) => user?.id ?? null, effect: deps.logoutFx });
  sample({ clock: confirmFx.doneData, filter: (yes) => yes, target: leaveFx });

  return {
    $inShell,
    $supportPhone,
    $vibration,
    $largeText: deps.textSize.$largeText,
    $leaving,
    opened,
    vibrationToggled,
    largeTextToggled: deps.textSize.largeTextToggled,
    logoutRequested,
    dispose: () => {
      stopListening?.();
      stopListening = null;
    },
  };
}

export type SettingsModel = ReturnType<typeof createSettingsModel>;

export const settingsScreen = defineScreen({
  name: 'settings',
  lifetime: 'screen',
  key: () => '',
  create: (get) => {
    const session = get(SESSION_MODEL);
    return createSettingsModel({
      shell: get(NATIVE_SHELL),
      notifier: get(NOTIFIER),
      config: get(RUNTIME_CONFIG),
      $user: session.$user,
      logoutFx: session.logoutFx,
      storage: get(KEY_VALUE_STORAGE),
      textSize: get(TEXT_SIZE),
      outboxPending: () => get(OUTBOX_BADGE).get(),
    });
  },
});
