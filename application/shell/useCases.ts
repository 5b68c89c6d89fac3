/**
 * Shell use cases (SPEC point 2 "Shell and initialisation", settings). Plain functions
 * over the NativeShell and Notifier ports.
 */
import { registerCoreVersionTap, type TapState } from '../../domain/shell/coreVersionTaps';
import { ABOUT_REST_HINT } from '../../domain/shell/messages';
import type { Notifier } from '../ports/runtime';
import type { NativeShell } from '../ports/shell';

/**
 * One tap on the about page's core version. More than 15 taps within 5 s show
 * 眺望远方，休息一下; more than 25 send developer mode to the shell (the domain decides
 * when, and that each fires once). Answers the new tap state.
 */
export function tapCoreVersion(
  deps: { shell: Pick<NativeShell, 'developerMode'>; notifier: Pick<Notifier, 'info'> },
  state: TapState,
  now: number,
): TapState {
  const next = registerCoreVersionTap(state, now);
  if (next.effect === 'restHint') deps.notifier.info(ABOUT_REST_HINT);
  else if (next.effect === 'developerMode') deps.shell.developerMode();
  return next.state;
}

/**
 * The vibration switch of the settings page, only inside the shell: answers whether
 * the shell took the setting (false outside it, where the switch is not shown).
 */
export const setVibration = (shell: Pick<NativeShell, 'setVibration'>, enabled: boolean): boolean => shell.setVibration(enabled);

/** The switch's first position: vibration is on unless the user's setting disables it. */
export const vibrationEnabled = (setting: { disableNotificationVibration?: boolean | null } | null | undefined): boolean =>
  setting?.disableNotificationVibration !== true;
