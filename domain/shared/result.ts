/**
 * The shared kernel's way to say "this may fail" without throwing.
 * Domain functions are total: bad input yields an `Err`, never an exception.
 */
export type Ok<T> = { readonly ok: true; readonly value: T };
export type Err<E> = { readonly ok: false; readonly error: E };
export type Result<T, E = string> = Ok<T> | Err<E>;

export const ok = <T>(value: T): Ok<T> => ({ ok: true, value });
export const err = <E>(error: E): Err<E> => ({ ok: false, error });

export const isOk = <T, E>(r: Result<T, E>): r is Ok<T> => r.ok;

/** A user-facing message, in the spec's words, or null when the input is valid. */
export type Message = string | null;
