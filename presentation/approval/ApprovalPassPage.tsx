import { Button, Radio } from 'antd-mobile';
import { AddOutline, ExclamationCircleFill } from 'antd-mobile-icons';
import { useUnit } from 'effector-react';
import { lazy, Suspense, useRef } from 'react';
import { useSearch } from 'wouter';
import { useHistoryState } from 'wouter/use-browser-location';
import { actionScreen, type ActionData, type ActionModel, type ActionProblem, type ActionSession } from '../../application/approval';
import { ACTION_AGREE, type ApprovalActionView } from '../../domain/approval';
import { FileList } from '../files';
import { ErrorState } from '../shared/ErrorState';
import { PageLayout } from '../shared/layout';
import { useBack, routeStateTitle } from '../shared/navigation';
import { PageLoading } from '../shared/PageLoading';
import { useScreenModel } from '../shared/screenModel';
import { useCurrentUser } from '../shared/session';
import { BACK } from '../shared/strings';
import { NextStepChooser } from './NextStepChooser';
import { OpinionBox } from './OpinionBox';
import {
  ADD_ATTACHMENT,
  ATTACHMENTS_TITLE,
  OPINION_TITLE,
  REQUIRED_MARK,
  RETURN_STEP_TITLE,
  SESSION_GONE,
  SIGN_REQUIRED_NOTE,
} from './strings';
import { usePrepareUpload } from '../shared/usePrepareUpload';
import './approval.css';

/** The sheet (and signature_pad) load only when a signing step is confirmed. */
const SignatureSheet = lazy(() => import('./SignatureSheet'));

/**
 * page/approvalCenter/approvalPass (SPEC point 2 "Approval action screen"): 同意, 拒绝 or
 * 退回 on the session the run page handed over (the route state's title names it when
 * that session is gone). Agree chooses the next step, return the step to go back to;
 * always the opinion (200 at most, with its count), quick opinions and attachments; a
 * signing step is signed first. Success: 操作成功 and back two entries. Everything it
 * does is its model's (application/approval/actionModel.ts); this is the markup.
 */
export function ApprovalPassPage() {
  const back = useBack();
  const stateTitle = routeStateTitle(useHistoryState<unknown>());
  const userId = useCurrentUser()?.id ?? '';
  const backCount = new URLSearchParams(useSearch()).get('backCount');
  const model = useScreenModel(actionScreen, { userId, backCount });
  const { session, view } = model;
  if (!session || !view) {
    return (
      <PageLayout title={stateTitle ?? ''}>
        <ErrorState title={SESSION_GONE} status="empty" fullPage actionText={BACK} onAction={back} />
      </PageLayout>
    );
  }
  return (
    <PageLayout title={view.title}>
      <ActionScreen model={model} session={session} view={view} />
    </PageLayout>
  );
}

function ActionScreen({ model, session, view }: { model: ActionModel; session: ActionSession; view: ApprovalActionView }) {
  const back = useBack();
  const [data, error] = useUnit([model.$data, model.$error]);
  if (error !== null) return <ErrorState title={error} fullPage actionText={BACK} onAction={back} />;
  if (data === null) return <PageLoading lines={6} />;
  return <ActionForm model={model} session={session} view={view} data={data} />;
}

function FieldError({ problem, field }: { problem: ActionProblem | null; field: ActionProblem['field'] }) {
  if (!problem || problem.field !== field || !problem.message) return null;
  return (
    <p className="cw-ap-section__error" role="alert">
      <ExclamationCircleFill /> {problem.message}
    </p>
  );
}

function ActionForm({ model, session, view, data }: { model: ActionModel; session: ActionSession; view: ApprovalActionView; data: ActionData }) {
  const [opinion, returnNodeId, selection, files, problem, submitting, signing, required] = useUnit([
    model.$opinion,
    model.$returnNodeId,
    model.$selection,
    model.$attachments,
    model.$problem,
    model.$busy,
    model.$signing,
    model.$opinionRequired,
  ]);
  const on = useUnit({
    opinionTyped: model.opinionTyped,
    quickOpinionPicked: model.quickOpinionPicked,
    returnNodeChosen: model.returnNodeChosen,
    filesPicked: model.filesPicked,
    uploadRetried: model.uploadRetried,
    fileRemoved: model.fileRemoved,
    confirmed: model.confirmed,
    signed: model.signed,
    signingClosed: model.signingClosed,
  });
  const selectionChanged = useUnit(model.selectionChanged);
  const scope = model.scope;
  const picker = useRef<HTMLInputElement>(null);
  const prepareUpload = usePrepareUpload();

  return (
    <div className="cw-ap-page cw-ap-page--footer cw-ap-pass">
      {session.title ? <p className="cw-ap-page__lead">{session.title}</p> : null}

      {view.showNextStep && data.next && selection ? (
        <NextStepChooser
          data={data.next}
          selection={selection}
          onChange={selectionChanged}
          scope={scope}
          error={problem?.field === 'next' ? problem.message : null}
        />
      ) : null}

      {view.showReturnStep ? (
        <section className="cw-ap-section" aria-labelledby="cw-ap-return">
          <h2 className="cw-ap-section__title" id="cw-ap-return">
            <span className="cw-ap-required">{REQUIRED_MARK}</span>
            {RETURN_STEP_TITLE}
          </h2>
          <Radio.Group
            value={returnNodeId ?? undefined}
            onChange={(v) => void on.returnNodeChosen(String(v))}
          >
            <ul className="cw-ap-steps">
              {data.returnNodes.map((n) => (
                <li key={n.value} className={`cw-ap-step${n.value === returnNodeId ? ' cw-ap-step--on' : ''}`}>
                  <Radio value={n.value} className="cw-ap-step__radio">
                    <span className="cw-ap-step__name">{n.name}</span>
                  </Radio>
                </li>
              ))}
            </ul>
          </Radio.Group>
          <FieldError problem={problem} field="return" />
        </section>
      ) : null}

      <section className="cw-ap-section" aria-labelledby="cw-ap-opinion">
        <h2 className="cw-ap-section__title" id="cw-ap-opinion">
          {required ? <span className="cw-ap-required">{REQUIRED_MARK}</span> : null}
          {OPINION_TITLE}
        </h2>
        <OpinionBox
          labelledBy="cw-ap-opinion"
          value={opinion}
          onTyped={(v) => void on.opinionTyped(v)}
          quickOpinions={data.quickOpinions}
          onPicked={(v) => void on.quickOpinionPicked(v)}
          invalid={problem?.field === 'opinion'}
          error={<FieldError problem={problem} field="opinion" />}
        />
      </section>

      <section className="cw-ap-section" aria-labelledby="cw-ap-files">
        <h2 className="cw-ap-section__title" id="cw-ap-files">
          {ATTACHMENTS_TITLE}
        </h2>
        <FileList
          files={files}
          onDelete={(f) => void on.fileRemoved(f.uid)}
          onRetry={(f) => void on.uploadRetried(f.uid)}
          onlineEdit={false}
          className="cw-ap-pass__files"
        />
        <button type="button" className="cw-ap-attach" onClick={() => picker.current?.click()}>
          <AddOutline /> {ADD_ATTACHMENT}
        </button>
        <input
          ref={picker}
          type="file"
          multiple
          hidden
          aria-label={ADD_ATTACHMENT}
          onClick={prepareUpload}
          onChange={(e) => {
            const picked = Array.from(e.currentTarget.files ?? []);
            e.currentTarget.value = '';
            if (picked.length > 0) on.filesPicked(picked);
          }}
        />
      </section>

      {session.isSign && session.actionType === ACTION_AGREE ? <p className="cw-ap-page__note">{SIGN_REQUIRED_NOTE}</p> : null}

      <footer className="cw-ap-footer">
        <Button block shape="rounded" color={view.confirmColor} loading={submitting && !signing} loadingText={view.confirmText} disabled={submitting} onClick={() => void on.confirmed()}>
          {view.confirmText}
        </Button>
      </footer>

      {signing ? (
        <Suspense fallback={null}>
          <SignatureSheet visible={signing} busy={submitting} onClose={() => void on.signingClosed()} onConfirm={(png) => void on.signed(png)} />
        </Suspense>
      ) : null}
    </div>
  );
}
