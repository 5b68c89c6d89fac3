/**
 * The run page's model (page/approvalCenter/flowApproval?FlowRunId&type&tab, SPEC point 2
 * "Flow approval detail", point 4 "Effective type and actions"): the run (a run the user
 * may not see shows the server's message in place), the flow chart's context, and the
 * footer buttons one at a time: 撤销 asks first and reloads the run; agree and submit
 * check the form, reject and return take it as it is, and the session is handed to
 * approvalPass or selectNode.
 */
import { attach, createEffect, createEvent, createStore, sample } from 'effector';
import { REVOKE_CONFIRM_CONTENT, REVOKE_CONFIRM_TITLE, REVOKE_SUCCESS, type FooterButton, type FooterButtonKey } from '../../domain/approval';
import { chartContextSet } from '../flowchart/model';
import { formDraftKey } from '../forms/drafts';
import type { Notifier } from '../ports/runtime';
import { NAVIGATOR, NOTIFIER } from '../ports/tokens';
import { mayRetry, valueOr } from '../shared/failure';
import { tellFailure } from '../shared/failureNotice';
import { createLoader } from '../shared/loader';
import { defineScreen } from '../shared/screens';
import { handOffOf, type ApprovalHandOff } from './handoff';
import { revokeRun } from './list';
import { APPROVAL_API, type ApprovalApi } from './ports';
import { approvalPassPath, selectNodePath } from './routes';
import { loadRun, startApproval, type FormAccess, type RunQuery, type RunView } from './run';
import { leavingNavigator, type LeavingNavigator } from '../shared/navigation';

export interface RunModelDeps {
  readonly api: ApprovalApi;
  readonly notifier: Notifier;
  readonly navigator: LeavingNavigator;
  readonly handOff: ApprovalHandOff;
  /** The signed-in user ('' before the session is known: no local draft then). */
  readonly userId: string;
  readonly query: RunQuery;
}

export function createRunModel(deps: RunModelDeps) {
  const { api, notifier, navigator, handOff } = deps;

  const opened = createEvent();
  /** A footer button (not 更多, which only opens its menu), with the form as it stands. */
  const buttonPressed = createEvent<{ button: FooterButton; form: FormAccess | null }>();

  const run = createLoader((query: RunQuery, { signal }) => loadRun(api, query, signal).then(valueOr));
  sample({ clock: opened, fn: () => deps.query, target: run.started });
  const $run = run.$data;
  const $error = run.$failure.map((f) => f?.message ?? null);
  /** The load failed in a way another try may mend: the page offers 重试 rather than only 返回. */
  const $retryable = run.$failure.map((f) => f !== null && mayRetry(f));
  /** Only the submit case edits the form, so only it keeps a local draft. */
  const $formDraftKey = $run.map((r) => (r && !r.readOnly && deps.userId ? formDraftKey(deps.userId, { runId: r.detail.id }) : null));

  // The flow chart page draws the run last opened.
  sample({
    clock: run.loadFx.doneData,
    fn: ({ detail: d }: RunView) => ({ runId: d.id, appId: d.appId, code: d.code, situation: d.situationDto ?? null, title: d.title }),
    target: chartContextSet,
  });

  const $busy = createStore<FooterButtonKey | null>(null, { serialize: 'ignore' });

  /** Answers whether the run must be loaded again (it was revoked). */
  const pressFx = attach({
    source: { run: $run, draftKey: $formDraftKey },
    mapParams: (p: { button: FooterButton; form: FormAccess | null }, s) => ({ ...p, ...s }),
    effect: createEffect(
      async ({ button, form, run, draftKey }: { button: FooterButton; form: FormAccess | null; run: RunView | null; draftKey: string | null }): Promise<boolean> => {
        if (!run) return false;
        if (button.key === 'revoke') {
          const yes = await notifier.confirm({ title: REVOKE_CONFIRM_TITLE, content: REVOKE_CONFIRM_CONTENT });
          if (!yes) return false;
          const done = await revokeRun(api, run.detail.id);
          if (!done.ok) {
            tellFailure(notifier, done.error);
            return false;
          }
          notifier.success(REVOKE_SUCCESS);
          return true;
        }
        if (button.approvalType === null) return false;
        const step = await startApproval(api, run, button.approvalType, form, { draftKey });
        if (!step.ok) {
          tellFailure(notifier, step.error);
          return false;
        }
        const next = step.value;
        if (next.kind === 'blocked') return false;
        form?.flushDraft?.();
        handOff.handOver(next.session);
        if (next.kind === 'select-node') navigator.go(selectNodePath(next.route));
        else navigator.go(approvalPassPath(next.route), { state: { title: next.route.title } });
        return false;
      },
    ),
  });
  sample({ clock: pressFx.doneData, filter: Boolean, target: run.retried });

  // One button at a time.
  const accepted = sample({ clock: buttonPressed, source: $busy, filter: (busy) => busy === null, fn: (_, p) => p });
  $busy.on(accepted, (_, { button }) => button.key).reset(pressFx.finally);
  sample({ clock: accepted, target: pressFx });

  return {
    $run,
    $error,
    $retryable,
    retried: run.retried,
    $loading: run.$loading,
    $formDraftKey,
    $busy,
    opened,
    buttonPressed,
    dispose: () => run.dispose(),
  };
}

export type RunModel = ReturnType<typeof createRunModel>;

/** One model per open run page (run, type, tab) of the signed-in user. */
export const runScreen = defineScreen({
  name: 'approvalRun',
  lifetime: 'screen',
  key: (p: { userId: string; runId: string; type: string | null; tab: string | null }) => `${p.userId}:${p.runId}:${p.type ?? ''}:${p.tab ?? ''}`,
  create: (get, p) =>
    createRunModel({
      api: get(APPROVAL_API),
      notifier: get(NOTIFIER),
      navigator: leavingNavigator(get(NAVIGATOR)),
      handOff: handOffOf(get, p.userId),
      userId: p.userId,
      query: { FlowRunId: p.runId, type: p.type, tab: p.tab },
    }),
});
