import type { ApprovalActionType, Issue, QuickFeedback, ReturnNode } from './types';
import type { Message, Result } from '../shared/result';
import { err, ok } from '../shared/result';
import {
  ACTION_TITLE_AGREE,
  ACTION_TITLE_REJECT,
  ACTION_TITLE_RETURN,
  CONFIRM_AGREE,
  CONFIRM_REJECT,
  CONFIRM_RETURN,
  OPINION_REQUIRED,
  RETURN_STEP_REQUIRED,
} from './messages';
import { nonBlank, parseInteger } from './format';

export const ACTION_AGREE: ApprovalActionType = 0;
export const ACTION_REJECT: ApprovalActionType = 1;
export const ACTION_RETURN: ApprovalActionType = 2;

export interface ApprovalActionView {
  readonly type: ApprovalActionType;
  readonly title: string;
  readonly confirmText: string;
  readonly confirmColor: 'primary' | 'danger';
  readonly showNextStep: boolean;
  /** Return always needs a target step. */
  readonly showReturnStep: boolean;
}

const VIEWS: Readonly<Record<ApprovalActionType, ApprovalActionView>> = Object.freeze({
  0: {
    type: 0,
    title: ACTION_TITLE_AGREE,
    confirmText: CONFIRM_AGREE,
    confirmColor: 'primary',
    showNextStep: true,
    showReturnStep: false,
  },
  1: {
    type: 1,
    title: ACTION_TITLE_REJECT,
    confirmText: CONFIRM_REJECT,
    confirmColor: 'danger',
    showNextStep: false,
    showReturnStep: false,
  },
  2: {
    type: 2,
    title: ACTION_TITLE_RETURN,
    confirmText: CONFIRM_RETURN,
    confirmColor: 'danger',
    showNextStep: false,
    showReturnStep: true,
  },
});

export const APPROVAL_ACTION_TYPES: readonly ApprovalActionType[] = [0, 1, 2];

export const asApprovalActionType = (value: unknown): ApprovalActionType | null => {
  const n = parseInteger(value);
  return APPROVAL_ACTION_TYPES.find((type) => type === n) ?? null;
};

export const approvalActionView = (type: unknown): ApprovalActionView | null => {
  const known = asApprovalActionType(type);
  return known === null ? null : VIEWS[known];
};

/** The approvalPass route state carries only the title, so the screen reads its type from it. */
export const actionTypeFromTitle = (title: unknown): ApprovalActionType | null =>
  APPROVAL_ACTION_TYPES.find((type) => VIEWS[type].title === title) ?? null;

export const actionTitle = (type: ApprovalActionType): string => VIEWS[type].title;

// Opinion

export const OPINION_MAX_LENGTH = 200;

/** Counted in code points, as the text area's counter counts them. */
export const opinionLength = (text: string): number => Array.from(text).length;

/** What the opinion box keeps of typed text: no whitespace, at most 200 characters. */
export const normaliseOpinionInput = (typed: unknown): string =>
  typeof typed === 'string'
    ? Array.from(typed.replace(/\s+/gu, ''))
        .slice(0, OPINION_MAX_LENGTH)
        .join('')
    : '';

export const isOpinionRequired = (type: ApprovalActionType, isMark: boolean): boolean =>
  type !== ACTION_AGREE || isMark;

export type OpinionIssue = Issue<'required' | 'too-long'>;

/** Too long has no message: the counter already shows it and the box refuses more. */
export const validateOpinion = (
  opinion: unknown,
  type: ApprovalActionType,
  isMark: boolean,
): Result<string, OpinionIssue> => {
  const text = typeof opinion === 'string' ? opinion : '';
  if (isOpinionRequired(type, isMark) && !nonBlank(text)) {
    return err({ code: 'required', message: OPINION_REQUIRED });
  }
  if (opinionLength(text) > OPINION_MAX_LENGTH) return err({ code: 'too-long', message: null });
  return ok(text);
};

/** A quick opinion is appended whole or not at all. */
export const appendQuickOpinion = (current: string, quick: string): Result<string, 'too-long'> => {
  const next = `${current}${quick}`;
  return opinionLength(next) > OPINION_MAX_LENGTH ? err('too-long') : ok(next);
};

export interface QuickOpinionOption {
  readonly value: string;
  readonly name: string;
}

/** Quick feedback is listed as value and name, both its content; blanks are dropped. */
export const quickOpinionOptions = (
  feedback: readonly QuickFeedback[] | null | undefined,
): readonly QuickOpinionOption[] =>
  (Array.isArray(feedback) ? feedback : [])
    .filter((item) => nonBlank(item?.content))
    .map((item) => ({ value: item.content, name: item.content }));

/**
 * The return step the screen starts with: the one the user chose before (a draft), while
 * it is still offered; else the only step offered (one target needs no choosing); else none.
 */
export const initialReturnNode = (nodes: readonly ReturnNode[], wanted: string | null | undefined): string | null => {
  if (wanted && nodes.some((n) => n.value === wanted)) return wanted;
  return nodes.length === 1 && nonBlank(nodes[0]!.value) ? nodes[0]!.value : null;
};

/** Return needs a target step; other actions have none. */
export const validateReturnStep = (type: ApprovalActionType, returnNodeId: unknown): Message =>
  type === ACTION_RETURN && !nonBlank(returnNodeId) ? RETURN_STEP_REQUIRED : null;
