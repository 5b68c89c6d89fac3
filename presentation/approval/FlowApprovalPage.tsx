import { Button, Popup } from 'antd-mobile';
import { UndoOutline } from 'antd-mobile-icons';
import { useUnit } from 'effector-react';
import { useEffect, useMemo, useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import { flowChartPath, runScreen, type RunModel, type RunView } from '../../application/approval';
import { resolveFormDefinition } from '../../application/forms';
import { formatDisplayTime, formatRunNumber, type FooterButton } from '../../domain/approval';
import { DIALOG_CANCEL } from '../../domain/shared/messages';
import { DynamicForm, useFormEngine } from '../forms';
import { ErrorState } from '../shared/ErrorState';
import { PageLayout } from '../shared/layout';
import { useBack } from '../shared/navigation';
import { PageLoading } from '../shared/PageLoading';
import { useScreenModel } from '../shared/screenModel';
import { useCurrentUser } from '../shared/session';
import { BACK, LOAD_FAILED, RETRY } from '../shared/strings';
import { UserAvatar } from '../shared/UserAvatar';
import { HistoryList } from './HistoryList';
import { StateTag } from './RunCard';
import { FLOW_APPROVAL_TITLE, FORM_TITLE, INITIATED_AT, VIEW_CHART } from './strings';
import './approval.css';

/**
 * page/approvalCenter/flowApproval?FlowRunId&type&tab (SPEC point 2 "Flow approval
 * detail"): number, state, title, initiator, the form (editable only in the submit case),
 * stamps, the history and the footer buttons of the tab, type and state. Everything it
 * does is its model's (application/approval/runModel.ts); this is the markup and the
 * form engine.
 */
export function FlowApprovalPage() {
  const params = new URLSearchParams(useSearch());
  const runId = params.get('FlowRunId') ?? '';
  const type = params.get('type');
  const tab = params.get('tab');
  const userId = useCurrentUser()?.id ?? '';
  const back = useBack();
  const [, navigate] = useLocation();
  const model = useScreenModel(runScreen, { userId, runId, type, tab });
  const [run, error, retryable] = useUnit([model.$run, model.$error, model.$retryable]);
  const retried = useUnit(model.retried);


  const chartLink = run ? (
    <button type="button" className="cw-ap-barlink" onClick={() => navigate(flowChartPath(run.detail.id))}>
      {VIEW_CHART}
    </button>
  ) : null;

  return (
    <PageLayout title={FLOW_APPROVAL_TITLE} right={chartLink}>
      {run !== null ? (
        <RunDetailView key={runId} model={model} run={run} />
      ) : error !== null ? (
        retryable ? (
          <ErrorState title={LOAD_FAILED} description={error} fullPage actionText={RETRY} onAction={() => retried()} />
        ) : (
          <ErrorState title={error} fullPage actionText={BACK} onAction={back} />
        )
      ) : (
        <PageLoading lines={8} />
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

function RunDetailView({ model, run }: { model: RunModel; run: RunView }) {
  const [busy, draftKey] = useUnit([model.$busy, model.$formDraftKey]);
  const buttonPressed = useUnit(model.buttonPressed);
  const [moreOpen, setMoreOpen] = useState(false);
  const d = run.detail;
  const definition = useMemo(() => resolveFormDefinition(d), [d]);
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

  const press = (button: FooterButton) => {
    if (busy) return;
    if (button.key === 'more') setMoreOpen(true);
    else buttonPressed({ button, form: engine });
  };

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
              onClick={() => press(b)}
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
                  press(m);
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
