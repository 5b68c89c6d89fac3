/**
 * 批量处理 in 我的待办 (the approval centre's batch mode): which runs are chosen, the
 * sheet with the one opinion, the progress while the runs go, and the result. The rules
 * are the domain's (domain/approval/batch.ts); the calls are ./batch.ts. A part of the
 * centre's model (./centerModel.ts), over its list.
 */
import { attach, createEffect, createEvent, createStore, sample, scopeBind, type Effect, type Store } from 'effector';
import {
  ACTION_AGREE,
  ACTION_REJECT,
  BATCH_LIMIT,
  BATCH_NOTHING_CHOSEN,
  OPINION_REQUIRED,
  TODO_TAB,
  keepChosen,
  selectAllChoice,
  summariseBatch,
  toggleBatchChoice,
  batchLimitMessage,
  batchKeptText,
  type BatchRunResult,
  type BatchSummary,
  type FlowRunListItem,
  type QuickAction,
} from '../../domain/approval';
import type { Notifier } from '../ports/runtime';
import { BatchKeys, handleBatch, type BatchRun } from './batch';
import { createOpinionStore, type QuickOpinions } from './opinion';
import type { ApprovalApi } from './ports';
import type { ApprovalListQueryState } from './listModel';
import { BATCH_RUN_KEPT, OUTBOX_QUEUED, runTarget } from '../../domain/offline';
import type { NewOutboxEntry } from '../../domain/offline/outbox';
import { outboxKeeper, type OfflineQueue } from '../offline/outboxModel';
import { queuedQuickHandling } from './outboxKinds';

export interface BatchModelDeps {
  readonly api: ApprovalApi;
  readonly notifier: Notifier;
  readonly $query: Store<ApprovalListQueryState>;
  readonly $items: Store<readonly FlowRunListItem[]>;
  /** Page 1 again after the batch (handled runs leave 我的待办); tells its own failure. */
  readonly refreshFx: Effect<void, void>;
  /** The centre's quick opinions (shared with its quick 同意). */
  readonly quickOpinions: QuickOpinions;
  /**
   * Where the runs wait while there is no network (application/offline): all of them, each
   * with its own key, when the phone knows it is offline before the batch. A batch that
   * loses the network on its way keeps its failures chosen for another tap, as the action
   * screen keeps its 确认: the same keys go again and the server does each run once.
   */
  readonly offline?: OfflineQueue;
}

/**
 * A batch's end: each run's result, and the runs kept in the outbox (counted as neither).
 * `refused`: the outbox could not take them (it said why); the sheet, its opinion and the
 * runs chosen stay for 确认 again.
 */
interface BatchOutcome {
  readonly results: readonly BatchRunResult[];
  readonly kept: readonly Omit<NewOutboxEntry, 'userId'>[];
  readonly refused?: true;
}

export interface BatchProgress {
  readonly done: number;
  readonly total: number;
}

export function createBatchModel(deps: BatchModelDeps) {
  const { api, notifier } = deps;
  const keys = new BatchKeys();

  // ----- the mode and the choice -----
  const batchToggled = createEvent<boolean>();
  const runToggled = createEvent<FlowRunListItem>();
  const allToggled = createEvent();
  const $batchOn = createStore(false, { serialize: 'ignore' }).on(batchToggled, (_, on) => on);
  // The mode is the to-do tab's: another tab ends it.
  sample({ clock: deps.$query, filter: (q) => q.tab !== TODO_TAB, fn: () => false, target: $batchOn });
  const $chosen = createStore<readonly string[]>([], { serialize: 'ignore' }).reset($batchOn.updates);
  sample({ clock: $batchOn.updates, filter: (on) => !on, target: createEffect(() => keys.clear()) });

  // A run whose action already waits in the outbox is not chosen again (its card says 待发送).
  const $kept = deps.offline?.outbox.$pendingTargets ?? createStore<ReadonlySet<string>>(new Set(), { serialize: 'ignore' });
  const notKept = (kept: ReadonlySet<string>) => (id: string) => !kept.has(runTarget(id));
  const toggled = sample({
    clock: runToggled,
    source: { chosen: $chosen, kept: $kept },
    fn: ({ chosen, kept }, item) => (kept.has(runTarget(item.id)) ? { ok: false as const, message: BATCH_RUN_KEPT } : toggleBatchChoice(chosen, item.id)),
  });
  $chosen.on(toggled, (chosen, t) => (t.ok ? t.chosen : chosen));
  const all = sample({
    clock: allToggled,
    source: { chosen: $chosen, items: deps.$items, kept: $kept },
    fn: ({ chosen, items, kept }) => selectAllChoice(chosen, items.filter((i) => notKept(kept)(i.id)), TODO_TAB),
  });
  $chosen.on(all, (_, a) => a.chosen);
  const tell = createEffect((text: string) => notifier.info(text));
  sample({ clock: toggled, filter: (t) => !t.ok, fn: (t) => (t.ok ? '' : t.message), target: tell });
  sample({ clock: all, filter: (a) => a.capped, fn: () => batchLimitMessage(BATCH_LIMIT), target: tell });
  // Runs that left the list (handled, refreshed away) or can no longer be chosen are let go.
  sample({ clock: deps.$items, source: { chosen: $chosen, kept: $kept }, fn: ({ chosen, kept }, items) => keepChosen(chosen, items, TODO_TAB).filter(notKept(kept)), target: $chosen });
  sample({ clock: $kept, source: $chosen, filter: (chosen, kept) => chosen.some((id) => !notKept(kept)(id)), fn: (chosen, kept) => chosen.filter(notKept(kept)), target: $chosen });

  // ----- the sheet: 批量同意 / 批量拒绝 with one opinion -----
  const actionChosen = createEvent<QuickAction>();
  /** × or the mask: the sheet closes unless its runs are on their way. */
  const sheetCloseRequested = createEvent();
  const sheetClosed = createEvent();
  const opinionTyped = createEvent<string>();
  const opinionPicked = createEvent<string>();
  const confirmed = createEvent();
  const $sheet = createStore<QuickAction | null>(null, { serialize: 'ignore' }).reset([sheetClosed, $batchOn.updates]);
  const $opinion = createOpinionStore('', opinionTyped, opinionPicked).reset([sheetClosed, $batchOn.updates]);
  const $opinionError = createStore<string | null>(null, { serialize: 'ignore' }).reset([sheetClosed, opinionTyped, opinionPicked, $batchOn.updates]);
  const opened = sample({ clock: actionChosen, source: $chosen, filter: (chosen) => chosen.length > 0, fn: (_, action) => action });
  sample({ clock: actionChosen, source: $chosen, filter: (chosen) => chosen.length === 0, fn: () => BATCH_NOTHING_CHOSEN, target: tell });
  sample({ clock: opened, target: $sheet });
  $opinion.on(opened, () => '');

  const typeOf = (action: QuickAction) => (action === 'approve' ? ACTION_AGREE : ACTION_REJECT);
  const $quickOpinions = deps.quickOpinions.of($sheet.map((sheet) => (sheet === null ? null : typeOf(sheet))));
  sample({ clock: opened, fn: typeOf, target: deps.quickOpinions.wanted });

  // ----- the run -----
  const progressed = createEvent<BatchRunResult>();
  const runFx = attach({
    source: { chosen: $chosen, items: deps.$items, action: $sheet, opinion: $opinion },
    effect: createEffect(async ({ chosen, items, action, opinion }: { chosen: readonly string[]; items: readonly FlowRunListItem[]; action: QuickAction | null; opinion: string }): Promise<BatchOutcome> => {
      const settled = scopeBind(progressed, { safe: true });
      const outbox = outboxKeeper(deps.offline);
      const titles = new Map(items.map((i) => [i.id, i.title]));
      const runs: BatchRun[] = chosen.map((id) => ({ id, title: titles.get(id) ?? '' }));
      const act = action ?? 'approve';
      const keep = (run: BatchRun) => queuedQuickHandling(run, act, keys.of(run.id, act, opinion), opinion);
      const { offline } = deps;
      // The phone knows it has no network: every run kept at once, nothing tried. The sheet
      // closes once the outbox has them.
      if (offline && !offline.online()) {
        const kept = runs.map(keep);
        return (await outbox.all(kept)) ? { results: [], kept } : { results: [], kept: [], refused: true };
      }
      return { results: await handleBatch(api, { runs, action: act, opinion }, keys, settled), kept: [] };
    }),
  });
  const $running = runFx.pending;
  const $progress = createStore<BatchProgress | null>(null, { serialize: 'ignore' })
    .on(progressed, (p) => (p ? { ...p, done: p.done + 1 } : p))
    .reset(runFx.finally);
  sample({ clock: runFx, source: $chosen, fn: (chosen): BatchProgress => ({ done: 0, total: chosen.length }), target: $progress });
  sample({ clock: sheetCloseRequested, filter: $running.map((r) => !r), target: sheetClosed });

  const checked = sample({
    clock: confirmed,
    source: { sheet: $sheet, opinion: $opinion, running: $running, chosen: $chosen },
    filter: ({ sheet, running, chosen }) => sheet !== null && !running && chosen.length > 0,
  });
  // 批量拒绝 needs its opinion (SPEC point 5: a rejection is never without one).
  sample({ clock: checked, filter: ({ sheet, opinion }) => sheet === 'reject' && opinion.trim() === '', fn: () => OPINION_REQUIRED, target: $opinionError });
  sample({ clock: checked, filter: ({ sheet, opinion }) => sheet !== 'reject' || opinion.trim() !== '', fn: () => undefined, target: runFx });

  // ----- the result: what went through leaves the list; what failed stays chosen -----
  const resultClosed = createEvent();
  const $result = createStore<BatchSummary | null>(null, { serialize: 'ignore' })
    .on(runFx.doneData, (_, { results }) => {
      const summary = summariseBatch(results);
      return summary.failures.length > 0 ? summary : null;
    })
    .reset([resultClosed, $batchOn.updates]);
  const ended = sample({ clock: runFx.doneData, filter: ({ refused }) => refused !== true });
  $chosen.on(ended, (_, { results }) => results.filter((r) => !r.ok).map((r) => r.id));
  sample({ clock: ended, target: sheetClosed });
  sample({
    clock: ended,
    filter: ({ results, kept }) => kept.length === 0 && results.every((r) => r.ok),
    fn: ({ results }) => summariseBatch(results).text,
    target: createEffect((text: string) => notifier.success(text)),
  });
  // Runs kept for later (in the outbox together): said once (the result sheet says the failures).
  sample({
    clock: runFx.doneData,
    filter: ({ results, kept }) => kept.length > 0 && results.every((r) => r.ok),
    fn: ({ results, kept }) => (results.length === 0 ? OUTBOX_QUEUED : batchKeptText(results.length, kept.length)),
    target: createEffect((text: string) => notifier.info(text)),
  });
  const refreshFx = attach({ effect: deps.refreshFx });
  sample({ clock: runFx.doneData, filter: ({ results }) => results.length > 0, fn: () => undefined, target: refreshFx });

  return {
    $batchOn,
    $chosen,
    $sheet,
    $opinion,
    $opinionError,
    $quickOpinions,
    $running,
    $progress,
    $result,
    batchToggled,
    runToggled,
    allToggled,
    actionChosen,
    sheetCloseRequested,
    opinionTyped,
    opinionPicked,
    confirmed,
    resultClosed,
  };
}

export type BatchModel = ReturnType<typeof createBatchModel>;
