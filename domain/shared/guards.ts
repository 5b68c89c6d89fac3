/**
 * The shared kernel's type guards: what every context asks of a value that came from
 * outside (the server, storage, a route).
 */

/** A plain object (not null, not an array). */
export const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A string with something other than spaces in it. */
export const nonBlank = (value: unknown): value is string => typeof value === 'string' && value.trim() !== '';

/** The text of a value that should be text, trimmed; '' for anything else. */
export const trimmed = (value: unknown): string => (typeof value === 'string' ? value.trim() : '');

/**
 * The record's own value at the key, never one inherited from Object.prototype: a key
 * from outside ('__proto__', 'constructor') finds nothing.
 */
export const own = <T>(record: Readonly<Record<string, T>> | undefined, key: string): T | undefined =>
  isRecord(record) && Object.prototype.hasOwnProperty.call(record, key) ? record[key] : undefined;
