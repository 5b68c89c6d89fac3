/**
 * THE failure convention. A use case answers an Outcome: its value, or a Failure that
 * says what kind of failure it is. It shows nothing itself; the screen model decides
 * what the user sees (./failureNotice.ts, the one table of it).
 */
import { err, ok, type Result } from '../../domain/shared/result';
import { ApiError, NETWORK_OFFLINE, NETWORK_TIMEOUT, REQUEST_FAILED } from '../ports/errors';

export type FailureKind =
  /** The screen left or asked again before the answer came: nobody is waiting for it. */
  | 'cancelled'
  /** The session ended (a 401 whose refresh failed): the app is on its way to the login page. */
  | 'sessionEnded'
  /** No answer at all: no network, or the server could not be reached. */
  | 'offline'
  | 'timeout'
  /** The server answered no, with its message (or 请求失败). */
  | 'refused'
  /** An answer came that cannot be read (an HTML error page, bad JSON, a missing field). */
  | 'malformed'
  /** The input was refused before anything was sent, with the spec's message. */
  | 'invalid';

export interface Failure {
  readonly kind: FailureKind;
  /** The message for the user: the server's, the spec's, or 请求失败. */
  readonly message: string;
  readonly status?: number;
  readonly code?: string;
}

export type Outcome<T> = Result<T, Failure>;

const KIND_OF: Record<ApiError['kind'], FailureKind> = {
  cancelled: 'cancelled',
  unauthorized: 'sessionEnded',
  network: 'offline',
  timeout: 'timeout',
  http: 'refused',
  malformed: 'malformed',
};

const isFailure = (e: unknown): e is Failure =>
  typeof e === 'object' && e !== null && typeof (e as Failure).kind === 'string' && (e as Failure).kind in FAILURE_KINDS && typeof (e as Failure).message === 'string';

const FAILURE_KINDS: Record<FailureKind, true> = {
  cancelled: true,
  sessionEnded: true,
  offline: true,
  timeout: true,
  refused: true,
  malformed: true,
  invalid: true,
};

/**
 * What the user reads: the adapter's words, except that no answer at all and a late one
 * each say so (an adapter's default 请求失败 would read as the server's refusal).
 */
const messageOf = (kind: FailureKind, message: string): string => {
  const given = message.trim() && message !== REQUEST_FAILED ? message : null;
  if (kind === 'offline') return given ?? NETWORK_OFFLINE;
  if (kind === 'timeout') return given ?? NETWORK_TIMEOUT;
  return message || REQUEST_FAILED;
};

/** The failure any thrown value stands for; something unknown reads as an unreadable answer. */
export function failureOf(e: unknown): Failure {
  if (e instanceof ApiError) {
    const kind = KIND_OF[e.kind] ?? 'refused';
    return {
      kind,
      message: messageOf(kind, e.message),
      ...(e.status !== undefined ? { status: e.status } : {}),
      ...(e.code !== undefined ? { code: e.code } : {}),
    };
  }
  if (isFailure(e)) return e;
  return { kind: 'malformed', message: REQUEST_FAILED };
}

export const invalid = (message: string): Failure => ({ kind: 'invalid', message });

/** Runs `call` and answers its value or its failure; never throws. */
export async function attempt<T>(call: () => Promise<T>): Promise<Outcome<T>> {
  try {
    return ok(await call());
  } catch (e) {
    return err(failureOf(e));
  }
}

/**
 * HTTP statuses that say the backend has no such call: 404 (no route there) and 501
 * (not implemented). The one rule for the calls the spec leaves unnamed
 * (docs/decided-calls.md): a school's backend may lack one, and the feature it serves then
 * degrades instead of failing (the table there says how). Only those calls ask it: for a
 * call on one record (todo-matter/{id}) a 404 means the record, not the call.
 */
const MISSING_CALL_STATUSES: readonly number[] = Object.freeze([404, 501]);

/** Whether a failure (or any thrown value) says the backend has no such call: a 404 or 501 answer. */
export const isMissingCall = (failure: unknown): boolean => {
  const f = failureOf(failure);
  return f.kind === 'refused' && f.status !== undefined && MISSING_CALL_STATUSES.includes(f.status);
};

/**
 * Whether asking again may bring another answer: no answer, a late one, one that could
 * not be read, or the server's own trouble (5xx). A refusal of the request itself (4xx:
 * not found, not allowed, invalid) answers the same again.
 */
export const mayRetry = (failure: Failure): boolean =>
  failure.kind === 'offline' || failure.kind === 'timeout' || failure.kind === 'malformed' || (failure.kind === 'refused' && (failure.status === undefined || failure.status >= 500));

/** Whether `e` only says that nobody waits for the answer any more. */
export const isCancelled = (e: unknown): boolean => failureOf(e).kind === 'cancelled';

/** Throws the failure back (inside an effect, so `.fail` carries it). */
export const valueOr = <T>(outcome: Outcome<T>): T => {
  if (outcome.ok) return outcome.value;
  throw outcome.error;
};

/**
 * Whether an action that failed so may wait in the outbox (application/offline): no answer
 * (no network) or a late one. The entry keeps the key of the attempt, so one the server
 * did get is not done twice.
 */
export const waitsForNetwork = (failure: Failure): boolean => failure.kind === 'offline' || failure.kind === 'timeout';
