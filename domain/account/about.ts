export const EASTER_EGG_WINDOW_MS = 5000;
/** More taps than this within the window show 眺望远方，休息一下. */
export const REST_HINT_TAPS = 15;
/** More taps than this within the window ask the shell for developer mode. */
export const DEVELOPER_MODE_TAPS = 25;

export type AboutTapOutcome = 'none' | 'rest' | 'developer';

const isInWindow = (tap: unknown, now: number): tap is number =>
  typeof tap === 'number' && Number.isFinite(tap) && tap <= now && now - tap <= EASTER_EGG_WINDOW_MS;

/** Taps still inside the 5-second window ending at now (future or invalid stamps dropped). */
export function recentTaps(taps: readonly number[], now: number): number[] {
  if (!Number.isFinite(now) || !Array.isArray(taps)) return [];
  return taps.filter((tap) => isInWindow(tap, now));
}

/** Records a tap at now and keeps only the taps that still count. */
export const recordTap = (taps: readonly number[], now: number): number[] => recentTaps([...(Array.isArray(taps) ? taps : []), now], now);

/** What the taps on the core version add up to at now. */
export function aboutTapOutcome(taps: readonly number[], now: number): AboutTapOutcome {
  const count = recentTaps(taps, now).length;
  if (count > DEVELOPER_MODE_TAPS) return 'developer';
  if (count > REST_HINT_TAPS) return 'rest';
  return 'none';
}
