import { Button, Radio, TextArea, Toast } from 'antd-mobile';
import { AddOutline, ExclamationCircleFill } from 'antd-mobile-icons';
import { useUnit } from 'effector-react';
import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useSearch } from 'wouter';
import { useHistoryState } from 'wouter/use-browser-location';
import {
  actionDraftKey,
  attachmentFromUpload,
  checkAction,
  loadActionData,
  needsSignature,
  nextStepCleared,
  nextStepScope,
  restoreActionDraft,
  storeActionDraft,
  submitAction,
  type ActionData,
  type ActionProblem,
  type ActionSession,
} from '../../application/approval';
import { APPROVAL_API, type ApprovalApi } from '../../application/approval/ports';
import { clearDraft } from '../../application/forms';
import { messageOf } from '../../application/ports/errors';
import type { KeyValueStorage, Navigator, Notifier } from '../../application/ports/runtime';
import { KEY_VALUE_STORAGE, NAVIGATOR, NOTIFIER, UPLOADER } from '../../application/ports/tokens';
import type { Uploader } from '../../application/ports/upload';
import {
  actionSuccessBackSteps,
  actionTypeFromTitle,
  appendQuickOpinion,
  approvalActionView,
  isOpinionRequired,
  normaliseOpinionInput,
  OPINION_MAX_LENGTH,
  type AttachmentRef,
} from '../../domain/approval';
import type { UploadStatus } from '../../domain/files/types';
import { FILE_CHECK_STATUS } from '../../domain/forms/messages';
import { FileList, type FileListItem } from '../files';
import { useInjection } from '../shared/di';
import { ErrorState } from '../shared/ErrorState';
import { PageLayout } from '../shared/layout';
import { useBack, routeStateTitle } from '../shared/navigation';
import { PageLoading } from '../shared/PageLoading';
import { useCurrentUser } from '../shared/session';
import { BACK } from '../shared/strings';
import { NextStepChooser } from './NextStepChooser';
import {
  ADD_ATTACHMENT,
  ATTACHMENTS_TITLE,
  OPINION_PLACEHOLDER,
  OPINION_TITLE,
  QUICK_OPINIONS_TITLE,
  REQUIRED_MARK,
  RETURN_STEP_TITLE,
  SESSION_GONE,
  SIGN_REQUIRED_NOTE,
} from './strings';
import { useNextStep } from './useNextStep';
import { useActionSession, useSessionWriters } from './useSessions';
import './approval.css';

/** The sheet (and signature_pad) load only when a signing step is confirmed. */
const SignatureSheet = lazy(() => import('./SignatureSheet'));

interface AttachmentItem extends FileListItem {
  readonly ref: AttachmentRef | null;
  readonly file: (Blob & { name: string }) | null;
}

let uidSeq = 0;
const newUid = (): string => `att-${Date.now().toString(36)}-${(uidSeq++).toString(36)}`;

const itemFromRef = (ref: AttachmentRef, i: number): AttachmentItem => ({
  uid: `saved-${i}-${ref.path ?? ref.name}`,
  name: ref.name,
  size: ref.size ?? null,
  url: ref.fileUrl ?? null,
  domain: ref.domain ?? null,
  path: ref.path ?? null,
  status: 'done',
  percent: 100,
  ref,
  file: null,
});

/**
 * page/approvalCenter/approvalPass (SPEC point 2 "Approval action screen"): 同意, 拒绝 or
 * 退回 by the route state's title. Agree chooses the next step, return the step to go
 * back to; always the opinion (200 at most, with its count), quick opinions and
 * attachments; a signing step is signed first. Success: 操作成功 and back two entries.
 */
export function ApprovalPassPage() {
  const session = useActionSession();
  const back = useBack();
  const stateTitle = routeStateTitle(useHistoryState<unknown>());
  // The title names the action; the session (kept for a reload) knows it too.
  const type = session?.actionType ?? actionTypeFromTitle(stateTitle);
  const view = type === null ? null : approvalActionView(type);
  if (!session || !view || view.type !== session.actionType) {
    return (
      <PageLayout title={stateTitle ?? ''}>
        <ErrorState title={SESSION_GONE} status="empty" fullPage actionText={BACK} onAction={back} />
      </PageLayout>
    );
  }
  return (
    <PageLayout title={view.title}>
      <ActionScreen session={session} />
    </PageLayout>
  );
}

type LoadedData = { ok: true; value: ActionData } | { ok: false; error: string };

function ActionScreen({ session }: { session: ActionSession }) {
  const api = useInjection<ApprovalApi>(APPROVAL_API);
  const [loaded, setLoaded] = useState<LoadedData | null>(null);
  const back = useBack();
  useEffect(() => {
    const ac = new AbortController();
    loadActionData(api, session, { signal: ac.signal }).then(setLoaded, () => undefined);
    return () => ac.abort();
  }, [api, session]);
  if (loaded === null) return <PageLoading lines={6} />;
  if (!loaded.ok) return <ErrorState title={loaded.error} fullPage actionText={BACK} onAction={back} />;
  return <ActionForm session={session} data={loaded.value} />;
}

function FieldError({ problem, field }: { problem: ActionProblem | null; field: ActionProblem['field'] }) {
  if (!problem || problem.field !== field || !problem.message) return null;
  return (
    <p className="cw-ap-section__error" role="alert">
      <ExclamationCircleFill /> {problem.message}
    </p>
  );
}

function ActionForm({ session, data }: { session: ActionSession; data: ActionData }) {
  const api = useInjection<ApprovalApi>(APPROVAL_API);
  const notifier = useInjection<Notifier>(NOTIFIER);
  const navigator = useInjection<Navigator>(NAVIGATOR);
  const storage = useInjection<KeyValueStorage>(KEY_VALUE_STORAGE);
  const uploader = useInjection<Uploader>(UPLOADER);
  const user = useCurrentUser();
  const writers = useSessionWriters();
  const clearChoice = useUnit(nextStepCleared);
  const backCount = new URLSearchParams(useSearch()).get('backCount');
  const view = approvalActionView(session.actionType)!;
  const draftKey = actionDraftKey(user?.id ?? '', session);
  const initial = useMemo(() => restoreActionDraft(storage, draftKey), [storage, draftKey]);
  const [opinion, setOpinion] = useState(initial.opinion);
  const [returnNodeId, setReturnNodeId] = useState<string | null>(
    initial.returnNodeId && data.returnNodes.some((n) => n.value === initial.returnNodeId) ? initial.returnNodeId : null,
  );
  const [files, setFiles] = useState<AttachmentItem[]>(() => initial.files.map(itemFromRef));
  const [problem, setProblem] = useState<ActionProblem | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [signing, setSigning] = useState(false);
  const scope = nextStepScope('action', session.flowRunPrcsId ?? session.runId);
  const [selection, setSelection] = useNextStep(scope, data.next);
  const picker = useRef<HTMLInputElement>(null);

  // What is typed stays on the device until the action succeeds.
  useEffect(() => {
    const refs = files.map((f) => f.ref).filter((r): r is AttachmentRef => r !== null);
    storeActionDraft(storage, draftKey, { opinion, files: refs, returnNodeId });
  }, [storage, draftKey, opinion, files, returnNodeId]);

  const patchFile = useCallback((uid: string, patch: Partial<AttachmentItem>) => {
    setFiles((list) => list.map((f) => (f.uid === uid ? { ...f, ...patch } : f)));
  }, []);

  const upload = useCallback(
    (uid: string, file: Blob & { name: string }) => {
      patchFile(uid, { status: 'uploading', percent: 0 });
      uploader
        .upload(file, { uid, onProgress: (percent) => patchFile(uid, { percent }) })
        .then(
          (done) => {
            const ref = attachmentFromUpload(done);
            patchFile(uid, { status: 'done', percent: 100, ref, url: done.url, domain: done.domain ?? null, path: done.path ?? null, userFileId: done.userFileId ?? null });
          },
          (e: unknown) => {
            patchFile(uid, { status: 'error' as UploadStatus });
            Toast.show({ icon: 'fail', content: messageOf(e) });
          },
        );
    },
    [uploader, patchFile],
  );

  const addFiles = (list: FileList | null) => {
    if (!list) return;
    const picked = Array.from(list).map((file) => ({
      uid: newUid(),
      name: file.name,
      size: file.size,
      status: 'uploading' as UploadStatus,
      percent: 0,
      ref: null,
      file,
    }));
    setFiles((cur) => [...cur, ...picked]);
    for (const p of picked) upload(p.uid, p.file);
  };

  const changeOpinion = (typed: string) => {
    setOpinion(normaliseOpinionInput(typed));
    if (problem?.field === 'opinion') setProblem(null);
  };

  const addQuick = (text: string) => {
    const next = appendQuickOpinion(opinion, text);
    if (next.ok) changeOpinion(next.value);
  };

  const finish = async (signature: Blob | null) => {
    if (submitting) return;
    setSubmitting(true);
    try {
      const outcome = await submitAction(
        { api, uploader, notifier },
        { session, data, opinion, returnNodeId, selection, files: files.map((f) => f.ref).filter((r): r is AttachmentRef => r !== null) },
        { signature, backSteps: actionSuccessBackSteps(backCount) },
      );
      if (outcome.kind === 'invalid') {
        setProblem(outcome.problem);
        setSigning(false);
        if (outcome.problem.message) Toast.show({ icon: 'fail', content: outcome.problem.message });
        return;
      }
      if (outcome.kind === 'done') {
        setSigning(false);
        storage.remove(draftKey);
        if (session.draftKey) clearDraft(storage, session.draftKey);
        clearChoice(scope);
        writers.action(null);
        navigator.back(outcome.backSteps);
      }
    } finally {
      setSubmitting(false);
    }
  };

  const confirm = () => {
    if (files.some((f) => f.status !== 'done')) {
      Toast.show({ icon: 'fail', content: FILE_CHECK_STATUS });
      return;
    }
    const input = { session, data, opinion, returnNodeId, selection, files: [] };
    const checked = checkAction(input);
    if (!checked.ok) {
      setProblem(checked.error);
      if (checked.error.message) Toast.show({ icon: 'fail', content: checked.error.message });
      return;
    }
    setProblem(null);
    if (needsSignature(input)) setSigning(true);
    else void finish(null);
  };

  const required = isOpinionRequired(session.actionType, session.isMark || data.next?.isMark === true);
  const count = Array.from(opinion).length;

  return (
    <div className="cw-ap-page cw-ap-page--footer cw-ap-pass">
      {session.title ? <p className="cw-ap-page__lead">{session.title}</p> : null}

      {view.showNextStep && data.next && selection ? (
        <NextStepChooser
          data={data.next}
          selection={selection}
          onChange={(s) => {
            if (problem?.field === 'next') setProblem(null);
            setSelection(s);
          }}
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
            onChange={(v) => {
              setReturnNodeId(String(v));
              if (problem?.field === 'return') setProblem(null);
            }}
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
        <div className={`cw-ap-opinion${problem?.field === 'opinion' ? ' cw-ap-opinion--error' : ''}`}>
          <TextArea
            aria-labelledby="cw-ap-opinion"
            placeholder={OPINION_PLACEHOLDER}
            value={opinion}
            onChange={changeOpinion}
            maxLength={OPINION_MAX_LENGTH}
            rows={4}
            autoSize={{ minRows: 4, maxRows: 8 }}
          />
          <span className="cw-ap-opinion__count" aria-live="polite">
            {count}/{OPINION_MAX_LENGTH}
          </span>
        </div>
        <FieldError problem={problem} field="opinion" />
        {data.quickOpinions.length > 0 ? (
          <div className="cw-ap-quick" role="group" aria-label={QUICK_OPINIONS_TITLE}>
            <span className="cw-ap-quick__label">{QUICK_OPINIONS_TITLE}</span>
            <div className="cw-ap-quick__chips">
              {data.quickOpinions.map((q) => (
                <button key={q.value} type="button" className="cw-ap-quick__chip" onClick={() => addQuick(q.value)}>
                  {q.name}
                </button>
              ))}
            </div>
          </div>
        ) : null}
      </section>

      <section className="cw-ap-section" aria-labelledby="cw-ap-files">
        <h2 className="cw-ap-section__title" id="cw-ap-files">
          {ATTACHMENTS_TITLE}
        </h2>
        <FileList
          files={files}
          onDelete={(f) => setFiles((list) => list.filter((x) => x.uid !== f.uid))}
          onRetry={(f) => {
            if (f.file) upload(f.uid, f.file);
          }}
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
          onChange={(e) => {
            addFiles(e.currentTarget.files);
            e.currentTarget.value = '';
          }}
        />
      </section>

      {session.isSign && session.actionType === 0 ? <p className="cw-ap-page__note">{SIGN_REQUIRED_NOTE}</p> : null}

      <footer className="cw-ap-footer">
        <Button block shape="rounded" color={view.confirmColor} loading={submitting && !signing} loadingText={view.confirmText} disabled={submitting} onClick={confirm}>
          {view.confirmText}
        </Button>
      </footer>

      {signing ? (
        <Suspense fallback={null}>
          <SignatureSheet visible={signing} busy={submitting} onClose={() => setSigning(false)} onConfirm={(png) => void finish(png)} />
        </Suspense>
      ) : null}
    </div>
  );
}
