import type {
  ApprovalActionType,
  AttachmentRef,
  HandlingBody,
  InitiateBody,
  SubmitHandlingBody,
} from './types';
import type { NextStepChoice } from './nextStep';
import { nonBlank } from './format';

/** The uploaded signature image: its path and its storage object. */
export interface SignatureUpload {
  readonly path: string;
  readonly object: string;
}

export interface ActionHandlingInput {
  readonly type: ApprovalActionType;
  readonly flowRunPrcsId: string | null;
  readonly formData: unknown;
  readonly opinion: string;
  readonly signature?: SignatureUpload | null;
  readonly files?: readonly AttachmentRef[] | null;
  /** The chooser's result; only agree sends it. */
  readonly nextStep?: NextStepChoice | null;
  /** The step to return to; only return sends it. */
  readonly returnNodeId?: string | null;
}

const EMPTY: readonly string[] = [];

const flowNodeIdFor = (input: ActionHandlingInput): string | null => {
  if (input.type === 0) return input.nextStep?.flowNodeId ?? null;
  if (input.type === 2) return nonBlank(input.returnNodeId) ? input.returnNodeId : null;
  return null;
};

/**
 * Body of flow-run/handling from the action screen. Agree carries the chosen
 * step, handlers and recipients; return carries only the target step; reject
 * carries no step at all.
 */
export const buildHandlingBody = (input: ActionHandlingInput): HandlingBody => {
  const agree = input.type === 0;
  return {
    flowNodeId: flowNodeIdFor(input),
    flowRunPrcsId: input.flowRunPrcsId,
    formData: input.formData,
    type: input.type,
    mark: typeof input.opinion === 'string' ? input.opinion : '',
    autographPath: input.signature?.path ?? null,
    autographObject: input.signature?.object ?? null,
    files: Array.isArray(input.files) ? input.files : [],
    userIds: agree ? (input.nextStep?.userIds ?? EMPTY) : EMPTY,
    sendIds: agree ? (input.nextStep?.sendIds ?? EMPTY) : EMPTY,
  };
};

/** Body of flow-run/handling for the detail page's submit case. */
export const buildSubmitHandlingBody = (input: {
  readonly flowRunPrcsId: string | null;
  readonly formData: unknown;
  readonly nextStep: NextStepChoice;
}): SubmitHandlingBody => ({
  flowNodeId: input.nextStep.flowNodeId,
  flowRunPrcsId: input.flowRunPrcsId,
  formData: input.formData,
  type: 3,
  userIds: input.nextStep.userIds,
  sendIds: input.nextStep.sendIds,
});

/** Body of flow-run/initiate that submits a new run. */
export const buildInitiateBody = (input: {
  readonly formData: unknown;
  readonly nextStep: NextStepChoice;
}): InitiateBody => ({
  formData: input.formData,
  flowNodeId: input.nextStep.flowNodeId,
  isInitiate: 1,
  userIds: input.nextStep.userIds,
  sendIds: input.nextStep.sendIds,
});

/** A draft is saved before any step is chosen. */
export const buildDraftBody = (formData: unknown): InitiateBody => ({
  formData,
  flowNodeId: null,
  isInitiate: 0,
  userIds: EMPTY,
  sendIds: EMPTY,
});
