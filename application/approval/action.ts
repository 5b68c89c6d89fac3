/**
 * The action screen's use cases (page/approvalCenter/approvalPass, SPEC point 2
 * "Approval action screen", point 4 "Submit flow of the action screen"): what it loads,
 * its checks in the spec's order, the signature through the upload pipeline, the
 * handling, and the opinion draft kept on the device.
 */
import {
  ACTION_AGREE,
  ACTION_RETURN,
  actionSubmitPlan,
  buildHandlingBody,
  chosenNode,
  quickOpinionOptions,
  validateNextStep,
  validateOpinion,
  validateReturnStep,
  type ApprovalType,
  type AttachmentRef,
  type NextNodeData,
  type NextStepChoice,
  type NextStepSelection,
  type QuickOpinionOption,
  type ReturnNode,
  type SignatureUpload,
  type HandlingBody,
} from '../../domain/approval';
import { SIGNATURE_IMAGE_TYPE } from '../../domain/approval/signature';
import { isRecord, nonBlank } from '../../domain/shared/guards';
import { err, ok, type Result } from '../../domain/shared/result';
import type { KeyValueStorage } from '../ports/runtime';
import type { Uploader, UploadResult } from '../ports/upload';
import { attempt, failureOf, isCancelled, type Failure, type Outcome } from '../shared/failure';
import { readJson, submissionKey, writeJson, type ActionSession } from './handoff';
import { requestNextNodes } from './launch';
import { askAutoNode, type SubmitAnswer } from './nodeChoice';
import type { ApprovalApi } from './ports';
import { onceAtATime } from './submission';
import type { Log } from '../ports/logger';

export interface ActionData {
  /** Agree: the next-step chooser's data. */
  readonly next: NextNodeData | null;
  /** Return: the steps it may go back to. */
  readonly returnNodes: readonly ReturnNode[];
  readonly quickOpinions: readonly QuickOpinionOption[];
}

/**
 * What the action screen loads: next nodes for agree (none is the spec's error), return
 * nodes for return, and the quick opinions of the type (a failure there is only logged:
 * the list is a convenience).
 */
/** The quick opinions of an action type; none when they cannot be had (the box works without them). */
export const loadQuickOpinions = (
  api: ApprovalApi,
  type: ApprovalType,
  opts: { readonly signal?: AbortSignal; readonly log?: Log } = {},
): Promise<readonly QuickOpinionOption[]> =>
  api.quickFeedback(type, { signal: opts.signal }).then(
    (items) => quickOpinionOptions(items),
    (e: unknown) => {
      if (!isCancelled(e)) (opts.log ?? (() => undefined))('quick opinions failed', e);
      return [] as readonly QuickOpinionOption[];
    },
  );

export async function loadActionData(
  api: ApprovalApi,
  session: ActionSession,
  opts: { readonly signal?: AbortSignal; readonly log?: Log } = {},
): Promise<Outcome<ActionData>> {
  const quick = loadQuickOpinions(api, session.actionType, opts);
  let next: NextNodeData | null = null;
  if (session.actionType === ACTION_AGREE) {
    const r = await requestNextNodes(api, { appId: session.appId, flowRunPrcsId: session.flowRunPrcsId, formData: session.formData }, opts.signal);
    if (!r.ok) return r;
    next = r.value;
  }
  const returnNodes =
    session.actionType === ACTION_RETURN
      ? await attempt(() => api.returnNodes({ flowRunPrcsId: session.flowRunPrcsId, appId: session.appId }, { signal: opts.signal }))
      : ok([] as readonly ReturnNode[]);
  if (!returnNodes.ok) return returnNodes;
  return ok({ next, returnNodes: returnNodes.value, quickOpinions: await quick });
}

export interface ActionInput {
  readonly session: ActionSession;
  readonly data: ActionData;
  readonly opinion: string;
  readonly returnNodeId: string | null;
  readonly selection: NextStepSelection | null;
  readonly files: readonly AttachmentRef[];
}

export type ActionProblem = { readonly field: 'return' | 'opinion' | 'next' | 'uploads'; readonly code: string; readonly message: string | null };

/** The screen's checks in the spec's order: return step, opinion, then the next step. */
export function checkAction(input: ActionInput): Result<NextStepChoice | null, ActionProblem> {
  const type = input.session.actionType;
  const returnProblem = validateReturnStep(type, input.returnNodeId);
  if (returnProblem !== null) return err({ field: 'return', code: 'return-required', message: returnProblem });
  const isMark = input.session.isMark || input.data.next?.isMark === true;
  const opinion = validateOpinion(input.opinion, type, isMark);
  if (!opinion.ok) return err({ field: 'opinion', code: opinion.error.code, message: opinion.error.message });
  if (type !== ACTION_AGREE || !input.data.next) return ok(null);
  const next = validateNextStep(input.data.next, input.selection ?? { nodeId: null, handlers: [], recipients: [] });
  if (!next.ok) return err({ field: 'next', code: next.error.code, message: next.error.message });
  return ok(next.value);
}

/** Whether the confirm must go through the signature sheet first. */
export const needsSignature = (input: Pick<ActionInput, 'session' | 'data' | 'selection'>): boolean =>
  input.session.actionType === ACTION_AGREE &&
  actionSubmitPlan(input.session.isSign, input.data.next && input.selection ? chosenNode(input.data.next, input.selection) : null).openSignature;

/** An uploaded file as the handling body and the history carry it. */
export const attachmentFromUpload = (file: Pick<UploadResult, 'name' | 'size' | 'domain' | 'path' | 'url'>): AttachmentRef => {
  const dot = file.name.lastIndexOf('.');
  return {
    name: file.name,
    suffix: dot > 0 ? file.name.slice(dot + 1).toLowerCase() : null,
    size: file.size,
    domain: file.domain ?? null,
    path: file.path ?? null,
    fileUrl: file.url,
  };
};

/** The signature PNG through the upload pipeline: the image address and its storage object. */
export async function uploadSignature(uploader: Uploader, png: Blob): Promise<SignatureUpload> {
  const file = Object.assign(png.type === SIGNATURE_IMAGE_TYPE ? png : new Blob([png], { type: SIGNATURE_IMAGE_TYPE }), {
    name: 'signature.png',
  });
  const done = await uploader.upload(file);
  return { path: done.url, object: done.path ?? done.url };
}

/** A failure of the action screen's confirm; a check that did not pass says which field. */
export type ActionFailure = Failure & { readonly problem?: ActionProblem };

export const problemFailure = (problem: ActionProblem): ActionFailure => ({ kind: 'invalid', code: problem.code, message: problem.message ?? '', problem });

/** What a checked action sends: the handling body, and the automatic next node to ask about first. */
export interface HandlingRequest {
  readonly body: HandlingBody;
  readonly autoNode: { readonly id: string; readonly isAuto: boolean } | null;
}

export function handlingRequest(input: ActionInput, nextStep: NextStepChoice | null, signature: SignatureUpload | null): HandlingRequest {
  const s = input.session;
  return {
    body: buildHandlingBody({
      type: s.actionType,
      flowRunPrcsId: s.flowRunPrcsId,
      formData: s.formData,
      opinion: input.opinion,
      signature,
      files: input.files,
      nextStep,
      returnNodeId: input.returnNodeId,
    }),
    autoNode: s.actionType === ACTION_AGREE && input.data.next && input.selection ? chosenNode(input.data.next, input.selection) : null,
  };
}

/**
 * 确认同意 / 确认拒绝 / 确认退回 (SPEC point 4 "Submit flow of the action screen"): the
 * checks, the signature upload when one was drawn, is-node-auto for an automatic next
 * node, then flow-run/handling. Done: the steps to go back (backCount, 2).
 */
export async function submitAction(
  deps: { readonly api: ApprovalApi; readonly uploader: Uploader },
  input: ActionInput,
  opts: { readonly signature?: Blob | null; readonly backSteps: number },
): Promise<Result<SubmitAnswer, ActionFailure>> {
  const checked = checkAction(input);
  if (!checked.ok) return err(problemFailure(checked.error));
  const s = input.session;
  const answer = await onceAtATime(submissionKey(s), async (): Promise<Outcome<SubmitAnswer>> => {
    try {
      const signature = opts.signature ? await uploadSignature(deps.uploader, opts.signature) : null;
      const request = handlingRequest(input, checked.value, signature);
      if (request.autoNode) await askAutoNode(deps.api, request.autoNode, s.appId, s.formData);
      await deps.api.handle(request.body, { idempotencyKey: s.submissionId });
      return ok({ kind: 'done', backSteps: opts.backSteps });
    } catch (e) {
      return err(failureOf(e));
    }
  });
  return 'ok' in answer ? answer : ok(answer);
}

// ---------------------------------------------------------------------------
// The opinion draft: what is typed stays on the device until the action succeeds
// ---------------------------------------------------------------------------

/** What the action screen keeps of the user's typing. */
export interface ActionDraft {
  readonly opinion: string;
  readonly files: readonly AttachmentRef[];
  readonly returnNodeId: string | null;
}

export const EMPTY_ACTION_DRAFT: ActionDraft = Object.freeze({ opinion: '', files: [], returnNodeId: null });

export const storeActionDraft = (storage: KeyValueStorage, key: string, draft: ActionDraft): void => {
  if (draft.opinion === '' && draft.files.length === 0 && draft.returnNodeId === null) storage.remove(key);
  else writeJson(storage, key, draft);
};

export const restoreActionDraft = (storage: KeyValueStorage, key: string): ActionDraft => {
  const v = readJson(storage, key);
  if (!isRecord(v)) return EMPTY_ACTION_DRAFT;
  return {
    opinion: typeof v.opinion === 'string' ? v.opinion : '',
    files: Array.isArray(v.files) ? (v.files.filter((f) => isRecord(f) && typeof f.name === 'string') as AttachmentRef[]) : [],
    returnNodeId: nonBlank(v.returnNodeId) ? v.returnNodeId : null,
  };
};

export type { Log };
