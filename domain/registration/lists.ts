/**
 * subMatters, fillSubMatters, subBeType and fillSubBeType travel as comma-separated
 * strings. Only the ASCII comma separates, because the server joins with it and a
 * full-width comma may be part of an item's name.
 */
export function parseCommaList(value: unknown): string[] {
  if (typeof value !== 'string') return [];
  return value
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '');
}

export const joinCommaList = (values: readonly string[]): string => values.join(',');
