/**
 * The action screen's model (page/approvalCenter/approvalPass, SPEC point 2 "Approval
 * action screen", point 4 "Submit flow of the action screen"): 同意, 拒绝 or 退回 on the
 * session the run page handed over. It owns what the screen loads (next nodes for agree,
 * return nodes for return, quick opinions), the opinion, the return step and the
 * attachments with their uploads (THE upload queue, stopped when the screen goes), the
 * draft of them on the device, the next-step choice, the checks in the spec's order, the
 * signature step, the one submission, and what the user is told. Success is the
 * hand-off's one success path.
 */
import { offlineQueueOf, outboxKeeper, type OfflineQueue } from '../offline/outboxModel';
import { queuedHandling } from './outboxKinds';
import { attach, combine, createEffect, createEvent, createStore, sample, type StoreValue } from 'effector';
import {
  actionSuccessBackSteps,
  approvalActionView,
  initialNextStep,
  initialReturnNode,
  isOpinionRequired,
  type AttachmentRef,
  type NextStepSelection,
} from '../../domain/approval';
import { FILE_CHECK_STATUS } from '../../domain/forms/messages';
import { createUploads } from '../files/uploads';
import type { KeyValueStorage, Notifier } from '../ports/runtime';
import { KEY_VALUE_STORAGE, NAVIGATOR, NOTIFIER, UPLOADER } from '../ports/tokens';
import type { Uploader } from '../ports/upload';
import { valueOr } from '../shared/failure';
import { keepFile } from '../offline/keptFiles';
import { tellFailure } from '../shared/failureNotice';
import { createLoader } from '../shared/loader';
import { defineScreen } from '../shared/screens';
import {
  attachmentFromUpload,
  checkAction,
  handlingRequest,
  EMPTY_ACTION_DRAFT,
  loadActionData,
  needsSignature,
  restoreActionDraft,
  storeActionDraft,
  submitAction,
  type ActionData,
  type ActionProblem,
  type Log,
} from './action';
import { actionDraftKey, handOffDone, handOffIdentity, handOffOf, type ApprovalHandOff } from './handoff';
import { createOpinionStore } from './opinion';
import { APPROVAL_API, type ApprovalApi } from './ports';
import { LOGGER } from '../ports/logger';
import { leavingNavigator, type LeavingNavigator } from '../shared/navigation';

/**
 * An attachment of the opinion: saved (its reference known), uploading, failed, or
 * waiting (picked without a network: kept on the phone, it goes up with the 确认).
 */
export interface AttachmentRow {
  readonly uid: string;
  readonly name: string;
  readonly size: number | null;
  readonly status: 'uploading' | 'done' | 'error' | 'waiting';
  readonly percent: number;
  readonly url: string | null;
  readonly domain: string | null;
  readonly path: string | null;
  readonly userFileId?: string | null;
  /** What the handling body carries; null until the upload is done. */
  readonly ref: AttachmentRef | null;
}

export interface ActionModelDeps {
  readonly api: ApprovalApi;
  readonly uploader: Uploader;
  readonly storage: KeyValueStorage;
  readonly notifier: Notifier;
  readonly navigator: LeavingNavigator;
  readonly handOff: ApprovalHandOff;
  readonly userId: string;
  /** The route's backCount: how many entries a success goes back (2 when absent). */
  readonly backCount: unknown;
  readonly newUid?: () => string;
  readonly log?: Log;
  /**
   * Where the 确认 waits while there is no network (application/offline): kept at once when
   * the phone knows it is offline, with the session's key, its signature and any
   * attachment picked without a network (待上传: their bytes go with the entry and are
   * uploaded first when it is sent). An attempt made online whose answer is lost stays on
   * the screen with its message, for 确认 again with the same key (the screen's own
   * retry, SPEC point 9).
   */
  readonly offline?: OfflineQueue;
}

let uidSeq = 0;
const defaultUid = (): string => `att-${Date.now().toString(36)}-${(uidSeq++).toString(36)}`;

const rowFromRef = (ref: AttachmentRef, i: number): AttachmentRow => ({
  uid: `saved-${i}-${ref.path ?? ref.name}`,
  name: ref.name,
  size: ref.size ?? null,
  url: ref.fileUrl ?? null,
  domain: ref.domain ?? null,
  path: ref.path ?? null,
  status: 'done',
  percent: 100,
  ref,
});

const refsOf = (rows: readonly AttachmentRow[]): AttachmentRef[] => rows.map((r) => r.ref).filter((r): r is AttachmentRef => r !== null);

export function createActionModel(deps: ActionModelDeps) {
  const { api, notifier, handOff } = deps;
  const newUid = deps.newUid ?? defaultUid;
  const session = handOff.action();
  const view = session ? approvalActionView(session.actionType) : null;
  /** The chooser's scope: names it in the selection channel. */
  const scope = session ? handOffIdentity(session) : '';
  const draftKey = session ? actionDraftKey(deps.userId, session) : null;
  const initial = draftKey ? restoreActionDraft(deps.storage, draftKey) : EMPTY_ACTION_DRAFT;

  // ----- events -----
  const opened = createEvent();
  const opinionTyped = createEvent<string>();
  const quickOpinionPicked = createEvent<string>();
  const returnNodeChosen = createEvent<string>();
  const selectionChanged = createEvent<NextStepSelection>();
  const fileRemoved = createEvent<string>();
  const confirmed = createEvent();
  /** The signature sheet's PNG: the confirm goes on with it. */
  const signed = createEvent<Blob>();
  const signingClosed = createEvent();


  // ----- what the screen loads -----
  const load = createLoader(async (_: void, { signal }) => {
    if (!session) throw new Error('no session');
    const data = valueOr(await loadActionData(api, session, { signal, log: deps.log }));
    const selection = data.next ? (handOff.selection(scope) ?? initialNextStep(data.next)) : null;
    return { data, selection };
  });
  if (session) sample({ clock: opened, target: load.started });
  const $data = load.$data.map((d): ActionData | null => d?.data ?? null);
  const $error = load.$failure.map((f) => f?.message ?? null);
  const $opinionRequired = $data.map((d) => (session ? isOpinionRequired(session.actionType, session.isMark || d?.next?.isMark === true) : false));

  // ----- the opinion, the return step, the choice -----
  const $opinion = createOpinionStore(initial.opinion, opinionTyped, quickOpinionPicked);
  const $returnNodeId = createStore<string | null>(null, { serialize: 'ignore' })
    .on(load.loadFx.doneData, (current, { data }) => initialReturnNode(data.returnNodes, current ?? initial.returnNodeId))
    .on(returnNodeChosen, (_, id) => id);
  const $selection = createStore<NextStepSelection | null>(null, { serialize: 'ignore' })
    .on(load.loadFx.doneData, (_, { selection }) => selection)
    .on(selectionChanged, (_, s) => s);
  sample({ clock: selectionChanged, target: createEffect((s: NextStepSelection) => handOff.choose(scope, s)) });

  /** The check that did not pass, shown on its field until that field changes. */
  const $problem = createStore<ActionProblem | null>(null, { serialize: 'ignore' })
    .on([opinionTyped, quickOpinionPicked], (p) => (p?.field === 'opinion' ? null : p))
    .on(returnNodeChosen, (p) => (p?.field === 'return' ? null : p))
    .on(selectionChanged, (p) => (p?.field === 'next' ? null : p));

  // ----- attachments: the upload queue's units -----
  /** An upload that found no network waits (待上传) when the 确认 can wait in the outbox; the row says so, no toast. */
  const uploads = createUploads({ uploader: deps.uploader, newUid, tell: (f) => tellFailure(notifier, f), waitsOffline: deps.offline !== undefined });
  const { filesPicked, uploadRetried, uploadDone } = uploads;
  sample({ clock: fileRemoved, target: uploads.uploadForgotten });

  const patch = (rows: readonly AttachmentRow[], uid: string, change: Partial<AttachmentRow>): AttachmentRow[] =>
    rows.map((r) => (r.uid === uid ? { ...r, ...change } : r));
  const $attachments = createStore<readonly AttachmentRow[]>(initial.files.map(rowFromRef), { serialize: 'ignore' })
    .on(uploads.uploadStarted, (rows, { uid, name, size }) => [
      ...rows.filter((r) => r.uid !== uid),
      { uid, name, size, status: 'uploading' as const, percent: 0, url: null, domain: null, path: null, ref: null },
    ])
    .on(uploads.uploadProgressed, (rows, { uid, percent }) => patch(rows, uid, { status: 'uploading', percent }))
    .on(uploads.uploadFailed, (rows, { uid, status }) => patch(rows, uid, { status }))
    .on(uploadDone, (rows, { uid, result }) =>
      patch(rows, uid, {
        status: 'done',
        percent: 100,
        ref: attachmentFromUpload(result),
        url: result.url,
        domain: result.domain ?? null,
        path: result.path ?? null,
        userFileId: result.userFileId ?? null,
      }),
    )
    .on(fileRemoved, (rows, uid) => rows.filter((r) => r.uid !== uid));

  // What is typed stays on the device until the action succeeds.
  if (draftKey) {
    const $draft = combine($opinion, $attachments, $returnNodeId, (opinion, rows, returnNodeId) => ({ opinion, files: refsOf(rows), returnNodeId }));
    sample({ clock: $draft.updates, target: createEffect((draft: StoreValue<typeof $draft>) => storeActionDraft(deps.storage, draftKey, draft)) });
  }

  // ----- the confirm -----
  const $signing = createStore(false, { serialize: 'ignore' }).on(signingClosed, () => false);
  const $state = combine({ data: $data, opinion: $opinion, returnNodeId: $returnNodeId, selection: $selection, rows: $attachments });

  /** The checks before anything is sent: what comes next ('sign' first, 'submit' at once) or 'stop'. */
  const checkFx = attach({
    source: $state,
    effect: createEffect(({ data, opinion, returnNodeId, selection, rows }: StoreValue<typeof $state>): { next: 'sign' | 'submit' | 'stop'; problem: ActionProblem | null } => {
      if (!session || !data) return { next: 'stop', problem: null };
      if (rows.some((r) => r.status === 'uploading' || r.status === 'error')) {
        notifier.fail(FILE_CHECK_STATUS);
        return { next: 'stop', problem: null };
      }
      const input = { session, data, opinion, returnNodeId, selection, files: [] };
      const checked = checkAction(input);
      if (!checked.ok) {
        if (checked.error.message) notifier.fail(checked.error.message);
        return { next: 'stop', problem: checked.error };
      }
      return { next: needsSignature(input) ? 'sign' : 'submit', problem: null };
    }),
  });

  /** Answers the problem to show when a check failed at the last moment, else null. */
  const submitFx = attach({
    source: $state,
    mapParams: (signature: Blob | null, state) => ({ signature, state }),
    effect: createEffect(async ({ signature, state }: { signature: Blob | null; state: StoreValue<typeof $state> }): Promise<{ problem: ActionProblem | null; closeSheet: boolean }> => {
      if (!session || !state.data) return { problem: null, closeSheet: false };
      const outbox = outboxKeeper(deps.offline);
      const input = { session, data: state.data, opinion: state.opinion, returnNodeId: state.returnNodeId, selection: state.selection, files: refsOf(state.rows) };
      const backSteps = actionSuccessBackSteps(deps.backCount);
      // Files picked without a network wait on the phone: the 确认 waits with them, even
      // if the network is back by now (the outbox sends it at once then, files first).
      const waiting = state.rows.filter((r) => r.status === 'waiting');
      /**
       * Kept in the outbox, with the bytes of what must go up first: once the outbox has it,
       * the draft goes and the screen leaves, as after a success. 'refused' when the outbox
       * could not take it (it said why): the screen stays with what was entered.
       */
      const keep = async (): Promise<{ problem: null; closeSheet: true } | 'refused' | null> => {
        const checked = checkAction(input);
        if (!checked.ok) return null;
        const readKept = uploads.keptFiles(waiting.map((r) => r.uid));
        if (!readKept) return null;
        const files = await readKept();
        const drawn = signature ? await keepFile(signature, 'signature.png') : null;
        if (!(await outbox.one(queuedHandling(session, handlingRequest(input, checked.value, null), state.opinion, { files, signature: drawn })))) return 'refused';
        handOffDone(deps, session, backSteps, '');
        return { problem: null, closeSheet: true };
      };
      if (deps.offline && (!deps.offline.online() || waiting.length > 0)) {
        const kept = await keep();
        if (kept === 'refused') return { problem: null, closeSheet: false };
        if (kept) return kept;
        if (waiting.length > 0) {
          notifier.fail(FILE_CHECK_STATUS);
          return { problem: null, closeSheet: false };
        }
      }
      const outcome = await submitAction(
        { api, uploader: deps.uploader },
        { session, data: state.data, opinion: state.opinion, returnNodeId: state.returnNodeId, selection: state.selection, files: refsOf(state.rows) },
        { signature, backSteps: actionSuccessBackSteps(deps.backCount) },
      );
      if (!outcome.ok) {
        const problem = outcome.error.problem;
        if (!problem) {
          tellFailure(notifier, outcome.error);
          return { problem: null, closeSheet: false };
        }
        if (problem.message) notifier.fail(problem.message);
        return { problem, closeSheet: true };
      }
      if (outcome.value.kind !== 'done') return { problem: null, closeSheet: false };
      handOffDone(deps, session, outcome.value.backSteps);
      return { problem: null, closeSheet: true };
    }),
  });

  const $busy = submitFx.pending;
  sample({ clock: confirmed, filter: $busy.map((b) => !b), target: checkFx });
  $problem.on(checkFx.doneData, (p, { problem, next }) => (next === 'stop' ? (problem ?? p) : null));
  $signing.on(checkFx.doneData, (on, { next }) => (next === 'sign' ? true : on));
  sample({ clock: checkFx.doneData, filter: ({ next }) => next === 'submit', fn: (): Blob | null => null, target: submitFx });
  sample({ clock: signed, filter: $busy.map((b) => !b), target: submitFx });
  $problem.on(submitFx.doneData, (p, { problem }) => problem ?? p);
  $signing.on(submitFx.doneData, (on, { closeSheet }) => (closeSheet ? false : on));

  return {
    session,
    view,
    scope,
    $data,
    $error,
    $loading: load.$loading,
    $opinion,
    $opinionRequired,
    $returnNodeId,
    $selection,
    $attachments,
    $problem,
    $busy,
    $signing,
    opened,
    opinionTyped,
    quickOpinionPicked,
    returnNodeChosen,
    selectionChanged,
    filesPicked,
    uploadRetried,
    fileRemoved,
    confirmed,
    signed,
    signingClosed,
    /** Whether a failed upload can be tried again (its bytes are still here). */
    canRetry: uploads.canRetry,
    dispose: () => {
      uploads.dispose();
      load.dispose();
    },
  };
}

export type ActionModel = ReturnType<typeof createActionModel>;

/** One model per open action screen of the signed-in user (it works on the session handed over). */
export const actionScreen = defineScreen({
  name: 'approvalAction',
  lifetime: 'screen',
  key: (p: { userId: string; backCount: string | null }) => `${p.userId}:${p.backCount ?? ''}`,
  create: (get, p) =>
    createActionModel({
      api: get(APPROVAL_API),
      uploader: get(UPLOADER),
      storage: get(KEY_VALUE_STORAGE),
      notifier: get(NOTIFIER),
      navigator: leavingNavigator(get(NAVIGATOR)),
      handOff: handOffOf(get, p.userId),
      userId: p.userId,
      backCount: p.backCount,
      log: get(LOGGER),
      offline: offlineQueueOf(get),
    }),
});
