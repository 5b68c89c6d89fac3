/**
 * The flow chart page opened by its address (page/approvalCenter/flowChart?FlowRunId=):
 * after a reload, from a shared link or a push, nothing has set the shared chart state
 * (SPEC point 2: "read from shared state, loading state if absent"), so the page loads
 * the run the address names and sets it; a run that cannot be read says why with 重试.
 * Opened from the run page, the shared state already holds that run and nothing loads.
 */
import { createEvent, sample } from 'effector';
import { nonBlank } from '../../domain/shared/guards';
import { $chartContext, chartContextSet } from '../flowchart/model';
import { attempt, valueOr } from '../shared/failure';
import { createLoader } from '../shared/loader';
import { defineScreen } from '../shared/screens';
import { APPROVAL_API, type ApprovalApi } from './ports';

/** Reads the run as a reader would (node type 1): the chart needs its flow and situation only. */
const READER = 1;

export function createRunChartModel(deps: { readonly api: ApprovalApi }, runId: string | null) {
  const opened = createEvent();
  const load = createLoader((id: string, { signal }) => attempt(() => deps.api.info({ flowRunId: id, type: READER }, { signal })).then(valueOr));
  sample({
    clock: opened,
    source: $chartContext,
    filter: (ctx) => nonBlank(runId) && ctx?.runId !== runId,
    fn: () => runId as string,
    target: load.started,
  });
  sample({
    clock: load.loadFx.doneData,
    fn: (d) => ({ runId: d.id, appId: d.appId, code: d.code, situation: d.situationDto ?? null, title: d.title }),
    target: chartContextSet,
  });
  return {
    opened,
    retried: load.retried,
    /** Why the run cannot be read (the server's message), in place of the chart. */
    $error: load.$failure.map((f) => f?.message ?? null),
    dispose: load.dispose,
  };
}

export type RunChartModel = ReturnType<typeof createRunChartModel>;

export const runChartScreen = defineScreen({
  name: 'approvalRunChart',
  lifetime: 'screen',
  key: (p: { runId: string | null }) => p.runId ?? '',
  create: (get, p) => createRunChartModel({ api: get(APPROVAL_API) }, p.runId),
});
