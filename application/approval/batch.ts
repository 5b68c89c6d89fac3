/**
 * 批量同意 / 批量拒绝 in 我的待办: each chosen run goes through the card's call
 * (flow-run/quick-handling, SPEC point 4) with the one opinion and its own idempotency
 * key, a few at a time. A run is handled once however the batch ends: the key of a
 * (run, action, opinion) is made the first time it is sent and used again on every retry,
 * so a run whose answer was lost (offline, a timeout, a second tap) is answered by the
 * server with its first result instead of being handled twice.
 */
import {
  BATCH_CONCURRENCY,
  BATCH_NOT_QUICK,
  quickHandlingBody,
  type BatchRunResult,
  type QuickAction,
} from '../../domain/approval';
import { REQUEST_FAILED } from '../ports/errors';
import { failureOf, type FailureKind } from '../shared/failure';
import type { ApprovalApi } from './ports';
import { newSubmissionId } from './submission';

export interface BatchRun {
  readonly id: string;
  readonly title: string;
}

export interface BatchRequest {
  readonly runs: readonly BatchRun[];
  readonly action: QuickAction;
  /** The one opinion for all (required for 批量拒绝: the model checks it first). */
  readonly opinion: string;
}

/** The idempotency keys of a batch's runs, by run, action and opinion: kept while the batch mode lasts. */
export class BatchKeys {
  private readonly keys = new Map<string, string>();

  of(runId: string, action: QuickAction, opinion: string): string {
    const k = `${runId}\u0000${action}\u0000${opinion.trim()}`;
    let key = this.keys.get(k);
    if (key === undefined) {
      key = newSubmissionId();
      this.keys.set(k, key);
    }
    return key;
  }

  /** A run that was handled has nothing more to repeat. */
  forget(runId: string): void {
    for (const k of [...this.keys.keys()]) if (k.startsWith(`${runId}\u0000`)) this.keys.delete(k);
  }

  clear(): void {
    this.keys.clear();
  }
}

/** Failures after which nothing more is sent: the session is over, or the batch was called off. */
const STOPS: ReadonlySet<FailureKind> = new Set<FailureKind>(['sessionEnded', 'cancelled']);

/**
 * Handles the runs, `concurrency` at a time, in the order given; `settled` hears each
 * run's end as it comes (the progress). Never rejects: every run ends in its result, a
 * failure with the server's message (or the network's). When the session ends or the
 * signal aborts, the runs not sent yet end with that failure's message, unsent.
 */
export async function handleBatch(
  api: Pick<ApprovalApi, 'quickHandling'>,
  request: BatchRequest,
  keys: BatchKeys,
  settled: (result: BatchRunResult) => void = () => undefined,
  options: { readonly concurrency?: number; readonly signal?: AbortSignal } = {},
): Promise<BatchRunResult[]> {
  const { runs, action, opinion } = request;
  const results: BatchRunResult[] = new Array(runs.length);
  let next = 0;
  let stopped: string | null = null;

  const one = async (run: BatchRun): Promise<BatchRunResult> => {
    if (stopped !== null) return { id: run.id, title: run.title, ok: false, message: stopped };
    try {
      const answer = await api.quickHandling(quickHandlingBody(run.id, action, opinion), {
        signal: options.signal,
        idempotencyKey: keys.of(run.id, action, opinion),
      });
      if (answer?.isQuick !== true) return { id: run.id, title: run.title, ok: false, message: BATCH_NOT_QUICK };
      keys.forget(run.id);
      return { id: run.id, title: run.title, ok: true };
    } catch (e) {
      const failure = failureOf(e);
      if (STOPS.has(failure.kind) || options.signal?.aborted) stopped ??= failure.message.trim() || REQUEST_FAILED;
      return { id: run.id, title: run.title, ok: false, message: failure.message.trim() || REQUEST_FAILED };
    }
  };

  const worker = async (): Promise<void> => {
    while (next < runs.length) {
      const index = next++;
      const result = await one(runs[index] as BatchRun);
      results[index] = result;
      settled(result);
    }
  };
  const width = Math.max(1, Math.min(options.concurrency ?? BATCH_CONCURRENCY, runs.length));
  await Promise.all(Array.from({ length: width }, worker));
  return results;
}
