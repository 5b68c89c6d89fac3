/**
 * Text size: how large the app draws its text. Two things decide it, multiplied: the
 * system text size a native shell reports (its accessibility setting) and the user's
 * 大字模式 in 设置. Every layout holds from 100% to 200% (tests/e2e/fit.spec.ts), so the
 * product is capped there: past 200% a line of a list would hold a word or two.
 */
export const TEXT_SCALE_MIN = 0.85;
export const TEXT_SCALE_MAX = 2;

/** 大字模式: the text at 130%. */
export const LARGE_TEXT_SCALE = 1.3;

const clamp = (n: number): number => Math.min(TEXT_SCALE_MAX, Math.max(TEXT_SCALE_MIN, n));

/** The scale the app draws at: the system's times 大字模式's, within 85%..200%. */
export function textScale(system: number, largeText: boolean): number {
  const base = Number.isFinite(system) && system > 0 ? system : 1;
  return Math.round(clamp(base * (largeText ? LARGE_TEXT_SCALE : 1)) * 1000) / 1000;
}
