import { Button, Popup, Toast } from 'antd-mobile';
import { UndoOutline } from 'antd-mobile-icons';
import { useUnit } from 'effector-react';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import {
  APPROVAL_ROUTES,
  approvalPassPath,
  loadRun,
  revokeRun,
  selectNodePath,
  startApproval,
  type RunView,
} from '../../application/approval';
import { APPROVAL_API, type ApprovalApi } from '../../application/approval/ports';
import { chartContextSet } from '../../application/flowchart';
import { formDraftKey, resolveFormDefinition } from '../../application/forms';
import type { Notifier } from '../../application/ports/runtime';
import { NOTIFIER } from '../../application/ports/tokens';
import { formatDisplayTime, formatRunNumber, type FooterButton } from '../../domain/approval';
import { DIALOG_CANCEL } from '../../domain/shared/messages';
import { DynamicForm, useFormEngine } from '../forms';
import { useInjection } from '../shared/di';
import { ErrorState } from '../shared/ErrorState';
import { PageLayout } from '../shared/layout';
import { useBack } from '../shared/navigation';
import { PageLoading } from '../shared/PageLoading';
import { useCurrentUser } from '../shared/session';
import { BACK } from '../shared/strings';
import { UserAvatar } from '../shared/UserAvatar';
import { HistoryList } from './HistoryList';
import { StateTag } from './RunCard';
import { FLOW_APPROVAL_TITLE, FORM_TITLE, INITIATED_AT, VIEW_CHART } from './strings';
import { useSessionWriters } from './useSessions';
import './approval.css';

type Loaded = { ok: true; value: RunView } | { ok: false; error: string };

/**
 * page/approvalCenter/flowApproval?FlowRunId&type&tab (SPEC point 2 "Flow approval
 * detail"): number, state, title, initiator, the form (editable only in the submit case),
 * stamps, the history and the footer buttons of the tab, type and state.
 */
export function FlowApprovalPage() {
  const api = useInjection<ApprovalApi>(APPROVAL_API);
  const params = new URLSearchParams(useSearch());
  const runId = params.get('FlowRunId') ?? '';
  const type = params.get('type');
  const tab = params.get('tab');
  const back = useBack();
  const [, navigate] = useLocation();
  const setChart = useUnit(chartContextSet);
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    const ac = new AbortController();
    loadRun(api, { FlowRunId: runId, type, tab }, ac.signal).then(setLoaded, () => undefined);
    return () => ac.abort();
  }, [api, runId, type, tab, attempt]);

  const run = loaded?.ok ? loaded.value : null;
  useEffect(() => {
    if (!run) return;
    const d = run.detail;
    setChart({ appId: d.appId, code: d.code, situation: d.situationDto ?? null, title: d.title });
  }, [run, setChart]);

  const chartLink = run ? (
    <button type="button" className="cw-ap-barlink" onClick={() => navigate(APPROVAL_ROUTES.flowChart)}>
      {VIEW_CHART}
    </button>
  ) : null;

  return (
    <PageLayout title={FLOW_APPROVAL_TITLE} right={chartLink}>
      {loaded === null ? (
        <PageLoading lines={8} />
      ) : loaded.ok ? (
        <RunDetailView key={`${runId}:${attempt}`} run={loaded.value} reload={() => setAttempt((n) => n + 1)} />
      ) : (
        <ErrorState title={loaded.error} fullPage actionText={BACK} onAction={back} />
      )}
    </PageLayout>
  );
}

function Stamp({ run }: { run: RunView }) {
  const stamp = run.stamp;
  if (!stamp) return null;
  if (stamp.kind === 'returned') {
    return (
      <span className="cw-ap-returned" role="img" aria-label={stamp.alt}>
        <UndoOutline />
      </span>
    );
  }
  return (
    <span className={`cw-ap-stamp cw-ap-stamp--${stamp.kind}`} role="img" aria-label={stamp.alt}>
      <span className="cw-ap-stamp__text">{stamp.text}</span>
    </span>
  );
}

function RunDetailView({ run, reload }: { run: RunView; reload: () => void }) {
  const api = useInjection<ApprovalApi>(APPROVAL_API);
  const notifier = useInjection<Notifier>(NOTIFIER);
  const user = useCurrentUser();
  const [, navigate] = useLocation();
  const writers = useSessionWriters();
  const [busy, setBusy] = useState<string | null>(null);
  const [moreOpen, setMoreOpen] = useState(false);
  const d = run.detail;
  const definition = useMemo(() => resolveFormDefinition(d), [d]);
  // Only the submit case edits the form, so only it keeps a local draft.
  const draftKey = !run.readOnly && user ? formDraftKey(user.id, { runId: d.id }) : null;
  const engine = useFormEngine(
    definition.ok
      ? {
          definition: definition.value,
          fieldLimits: d.fieldLimits,
          mode: run.readOnly ? 'readonly' : 'edit',
          initialData: d.draftData ?? undefined,
          initialDataMode: 'saved',
          draftKey: draftKey ?? undefined,
          code: d.code,
        }
      : null,
    [d, run.readOnly, draftKey],
  );

  // The initial reminder belongs to starting a flow (SPEC point 2 "Flow launch"), not to a resubmission.
  useEffect(() => {
    engine?.dismissReminder();
  }, [engine]);

  const press = useCallback(
    async (button: FooterButton) => {
      if (busy) return;
      if (button.key === 'more') {
        setMoreOpen(true);
        return;
      }
      setBusy(button.key);
      try {
        if (button.key === 'revoke') {
          if ((await revokeRun({ api, notifier }, d.id)) === 'revoked') reload();
          return;
        }
        if (button.approvalType === null) return;
        const step = await startApproval(api, run, button.approvalType, engine, { draftKey });
        if (step.kind === 'failed') Toast.show({ icon: 'fail', content: step.message });
        if (step.kind === 'select-node') {
          engine?.flushDraft();
          writers.flow(step.session);
          navigate(selectNodePath(step.route));
        }
        if (step.kind === 'approval-pass') {
          engine?.flushDraft();
          writers.action(step.session);
          navigate(approvalPassPath(step.route), { state: { title: step.route.title } });
        }
      } finally {
        setBusy(null);
      }
    },
    [busy, api, notifier, d.id, reload, run, engine, draftKey, writers, navigate],
  );

  const more = run.buttons.find((b) => b.key === 'more');
  return (
    <div className={`cw-ap-detail${run.buttons.length > 0 ? ' cw-ap-page--footer' : ''}`}>
      <section className="cw-ap-detail__head">
        <div className="cw-ap-detail__meta">
          <span className="cw-ap-detail__number">{formatRunNumber(d.numberStr)}</span>
          <StateTag state={d.state} />
        </div>
        <h2 className="cw-ap-detail__title">{d.title}</h2>
        <div className="cw-ap-detail__initiator">
          <UserAvatar name={run.initiator} size={32} />
          <span className="cw-ap-detail__who">{run.initiator}</span>
          {typeof (d as { creationTime?: unknown }).creationTime === 'string' ? (
            <span className="cw-ap-detail__when">
              {INITIATED_AT} {formatDisplayTime((d as { creationTime?: string }).creationTime)}
            </span>
          ) : null}
        </div>
        <Stamp run={run} />
      </section>

      <section className="cw-ap-card-section cw-ap-card-section--form" aria-label={FORM_TITLE}>
        <h2 className="cw-ap-card-section__title">{FORM_TITLE}</h2>
        {!definition.ok ? <p className="cw-ap-section__error">{definition.error}</p> : engine ? <DynamicForm engine={engine} className="cw-ap-detail__form" /> : <PageLoading lines={3} />}
      </section>

      <HistoryList views={run.history} nodes={d.flowRunNodeDtos} />

      {run.buttons.length > 0 ? (
        <footer className={`cw-ap-footer cw-ap-footer--${run.buttons.length === 1 ? 'one' : 'three'}`}>
          {run.buttons.map((b) => (
            <Button
              key={b.key}
              block
              shape="rounded"
              color={b.color}
              fill={b.color === 'default' ? 'outline' : 'solid'}
              className={`cw-ap-footer__btn cw-ap-footer__btn--${b.key}`}
              loading={busy === b.key} loadingText={b.text}
              disabled={busy !== null}
              onClick={() => void press(b)}
            >
              {b.text}
            </Button>
          ))}
        </footer>
      ) : null}
      {more ? (
        <Popup visible={moreOpen} onMaskClick={() => setMoreOpen(false)} onClose={() => setMoreOpen(false)} bodyClassName="cw-ap-more">
          <div role="dialog" aria-label={more.text} className="cw-ap-more__list">
            {more.menu.map((m) => (
              <button
                key={m.key}
                type="button"
                className={`cw-ap-more__item${m.color === 'danger' ? ' cw-ap-more__item--danger' : ''}`}
                onClick={() => {
                  setMoreOpen(false);
                  void press(m);
                }}
              >
                {m.text}
              </button>
            ))}
            <button type="button" className="cw-ap-more__item cw-ap-more__cancel" onClick={() => setMoreOpen(false)}>
              {DIALOG_CANCEL}
            </button>
          </div>
        </Popup>
      ) : null}
    </div>
  );
}
