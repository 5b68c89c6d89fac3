/**
 * Batch handling in 我的待办 (批量处理): which runs may be chosen, how many at once, what
 * the choice becomes when runs come and go, and how the result is told. The rule for
 * which runs may be chosen is the card's quick-handling rule (./list.ts listCardButtons):
 * what cannot be approved from its card cannot be approved in a batch either.
 */
import type { FlowRunListItem } from './types';
import { listCardButtons } from './list';
import { TODO_TAB } from './tabs';

/** At most this many runs are handled in one go. */
export const BATCH_LIMIT = 50;
/** Runs sent at once: enough to finish 50 in a few seconds, few enough for a school's server. */
export const BATCH_CONCURRENCY = 4;

export const BATCH_NOTHING_CHOSEN = '请选择要处理的审批';
/** The reason a run cannot be chosen: its step needs the run's own page (the initiator's resubmit). */
export const BATCH_NEEDS_PAGE = '需进入详情办理';
/** The server would not handle the run from the list (a form, a signature or a choice is needed there). */
export const BATCH_NOT_QUICK = '此审批需进入详情办理';

export const batchLimitMessage = (limit: number = BATCH_LIMIT): string => `一次最多处理${limit}条`;
export const batchResultText = (succeeded: number, failed: number): string =>
  failed === 0 ? `已处理${succeeded}条` : `已处理${succeeded}条，失败${failed}条`;

/** Some runs of a batch went through and the rest wait in the outbox (no network). */
export const batchKeptText = (succeeded: number, kept: number): string => `已处理${succeeded}条，${kept}条已存入待发送，联网后自动发送`;

/**
 * Why a run of the list cannot be chosen, or null when it can: on the to-do tab, a run
 * whose card offers 同意 and 拒绝. Runs of other tabs are never chosen (the mode is the
 * to-do tab's).
 */
export const batchBlocker = (tab: unknown, item: Pick<FlowRunListItem, 'state' | 'nodeType'>): string | null => {
  if (tab !== TODO_TAB) return BATCH_NEEDS_PAGE;
  return listCardButtons(tab, item).some((b) => b.key === 'approve') ? null : BATCH_NEEDS_PAGE;
};

export type BatchToggle =
  | { readonly ok: true; readonly chosen: readonly string[] }
  | { readonly ok: false; readonly message: string };

/** Chooses or lets go of one run; choosing past the limit is refused with its message. */
export const toggleBatchChoice = (chosen: readonly string[], id: string, limit: number = BATCH_LIMIT): BatchToggle => {
  if (chosen.includes(id)) return { ok: true, chosen: chosen.filter((c) => c !== id) };
  if (chosen.length >= limit) return { ok: false, message: batchLimitMessage(limit) };
  return { ok: true, chosen: [...chosen, id] };
};

/**
 * 全选: every run loaded that can be chosen, in list order, up to the limit (those
 * chosen already stay chosen and count first). When all that can be chosen are chosen,
 * 全选 lets go of them all.
 */
export const selectAllChoice = (
  chosen: readonly string[],
  items: readonly Pick<FlowRunListItem, 'id' | 'state' | 'nodeType'>[],
  tab: unknown,
  limit: number = BATCH_LIMIT,
): { readonly chosen: readonly string[]; readonly capped: boolean } => {
  const choosable = items.filter((i) => batchBlocker(tab, i) === null).map((i) => i.id);
  const all = choosable.length > 0 && choosable.every((id) => chosen.includes(id));
  if (all) return { chosen: [], capped: false };
  const next = [...chosen];
  for (const id of choosable) {
    if (next.includes(id)) continue;
    if (next.length >= limit) return { chosen: next, capped: true };
    next.push(id);
  }
  return { chosen: next, capped: false };
};

/** Whether every run that can be chosen among those loaded is chosen (the 全选 box's tick). */
export const allChosen = (chosen: readonly string[], items: readonly Pick<FlowRunListItem, 'id' | 'state' | 'nodeType'>[], tab: unknown): boolean => {
  const choosable = items.filter((i) => batchBlocker(tab, i) === null);
  return choosable.length > 0 && choosable.every((i) => chosen.includes(i.id));
};

/**
 * The choice after the list changed (a refresh, another page): runs that left the list
 * or can no longer be chosen are let go; the order of choosing is kept.
 */
export const keepChosen = (chosen: readonly string[], items: readonly Pick<FlowRunListItem, 'id' | 'state' | 'nodeType'>[], tab: unknown): readonly string[] => {
  const still = new Set(items.filter((i) => batchBlocker(tab, i) === null).map((i) => i.id));
  const kept = chosen.filter((id) => still.has(id));
  return kept.length === chosen.length ? chosen : kept;
};

/** One run's end in a batch. */
export type BatchRunResult =
  | { readonly id: string; readonly title: string; readonly ok: true }
  | { readonly id: string; readonly title: string; readonly ok: false; readonly message: string };

export interface BatchSummary {
  readonly succeeded: number;
  readonly failures: readonly Extract<BatchRunResult, { ok: false }>[];
  readonly text: string;
}

export const summariseBatch = (results: readonly BatchRunResult[]): BatchSummary => {
  const failures = results.filter((r): r is Extract<BatchRunResult, { ok: false }> => !r.ok);
  const succeeded = results.length - failures.length;
  return { succeeded, failures, text: batchResultText(succeeded, failures.length) };
};
