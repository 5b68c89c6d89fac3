/**
 * A launch whose answer was lost (offline, a timeout, a 5xx or an answer that cannot be
 * read, after the server may already have made the run). A backend that keeps the
 * Idempotency-Key answers a repeat with the first result; one that does not would make a
 * second run. So before sending it again the app looks in 已发起 for the run the first
 * attempt may have made: a run of the flow that was not there when the chooser opened
 * (its ids are noted then), or, when they could not be noted, one started since just
 * before that attempt. Found, it is the success it was, and the user is told so.
 */
import dayjs from 'dayjs';
import type { FlowRunListItem } from './types';

/**
 * How far the server's clock may be from the phone's: a run this much older than the
 * first attempt still counts. Small, so that a request of the same flow the user sent
 * a minute or two before is not taken for this one.
 */
export const LOST_LAUNCH_SKEW_MS = 60_000;

/** Said when the run of a lost answer was found in 已发起 instead of being sent again. */
export const LAUNCH_FOUND = '申请已提交成功，无需重复提交';

/** Failures after which the server may have made the run: the answer, not the request, was lost. */
export const mayHaveLaunched = (failure: { readonly kind: string; readonly status?: number }): boolean =>
  failure.kind === 'offline' ||
  failure.kind === 'timeout' ||
  failure.kind === 'malformed' ||
  (failure.kind === 'refused' && typeof failure.status === 'number' && failure.status >= 500);

/**
 * Whether a run of 已发起 is the one a launch of `flowTitle` first tried at `sinceMs` may
 * have made: its title names the flow (runs are titled 「name的flow」), it is not a
 * draft, and it was started no earlier than the first attempt (less the skew) and no later
 * than now (plus the skew).
 */
export const isLostLaunch = (
  item: Pick<FlowRunListItem, 'title' | 'creationTime' | 'state'>,
  flowTitle: string,
  sinceMs: number,
  nowMs: number,
): boolean => {
  if (flowTitle.trim() === '' || typeof item.title !== 'string' || !item.title.endsWith(flowTitle.trim())) return false;
  if (typeof item.state === 'number' && item.state === -1) return false;
  const at = typeof item.creationTime === 'string' && item.creationTime !== '' ? dayjs(item.creationTime) : null;
  if (!at || !at.isValid()) return false;
  const t = at.valueOf();
  return t >= sinceMs - LOST_LAUNCH_SKEW_MS && t <= nowMs + LOST_LAUNCH_SKEW_MS;
};

/**
 * The run among 已发起's newest that a lost launch of `flowTitle` made: the newest run of
 * the flow whose id was not among those noted before the first attempt.
 */
export const newLaunchAmong = (
  items: readonly Pick<FlowRunListItem, 'id' | 'title'>[],
  known: readonly string[],
  flowTitle: string,
): string | null => {
  const flow = flowTitle.trim();
  if (flow === '') return null;
  return items.find((i) => typeof i.title === 'string' && i.title.endsWith(flow) && !known.includes(i.id))?.id ?? null;
};
