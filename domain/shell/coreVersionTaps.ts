/**
 * The about page's hidden gesture (SPEC point 2): tapping the core version more than 15
 * times within 5 seconds shows a rest hint; more than 25 times sends developer mode to
 * the shell. Each effect fires once, on the tap that crosses its threshold, so a user
 * who keeps tapping does not get a toast per tap; after developer mode the count restarts.
 */
export const TAP_WINDOW_MS = 5000;
export const REST_HINT_AFTER_TAPS = 15;
export const DEVELOPER_MODE_AFTER_TAPS = 25;

/** Timestamps (ms) of the taps still inside the window, oldest first. */
export type TapState = readonly number[];
export type TapEffect = 'none' | 'restHint' | 'developerMode';

export const INITIAL_TAPS: TapState = Object.freeze([]);

export const registerCoreVersionTap = (state: TapState, now: number): { state: TapState; effect: TapEffect } => {
  if (!Number.isFinite(now)) return { state, effect: 'none' };
  const taps = [...state.filter((t) => Number.isFinite(t) && t <= now && now - t < TAP_WINDOW_MS), now];
  if (taps.length === DEVELOPER_MODE_AFTER_TAPS + 1) return { state: INITIAL_TAPS, effect: 'developerMode' };
  if (taps.length === REST_HINT_AFTER_TAPS + 1) return { state: taps, effect: 'restHint' };
  return { state: taps, effect: 'none' };
};
