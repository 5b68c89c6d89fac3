import type { FlowRunListItem, QuickHandlingBody, QuickHandlingResponse } from './types';
import { CARD_APPROVE, CARD_REJECT, OPERATION_SUCCESS, REVOKE_APPLICATION } from './messages';
import { INITIATED_TAB, TODO_TAB, asApprovalTab, type ApprovalTabIndex } from './tabs';

/** Page size of the approval list (SPEC point 9). */
export const APPROVAL_PAGE_SIZE = 10;

/** Pages count from 1; anything else is treated as the first page. */
export const normalisePage = (page: unknown): number =>
  typeof page === 'number' && Number.isFinite(page) && page >= 1 ? Math.floor(page) : 1;

export const skipCountForPage = (page: unknown): number => (normalisePage(page) - 1) * APPROVAL_PAGE_SIZE;

/** A short page is the last one. */
export const hasMore = (pageItemsCount: unknown): boolean =>
  typeof pageItemsCount === 'number' && pageItemsCount >= APPROVAL_PAGE_SIZE;

export type QuickAction = 'approve' | 'reject';
export type CardButtonKey = QuickAction | 'revoke';

export interface CardButton {
  readonly key: CardButtonKey;
  readonly text: string;
}

const APPROVE: CardButton = Object.freeze({ key: 'approve', text: CARD_APPROVE });
const REJECT: CardButton = Object.freeze({ key: 'reject', text: CARD_REJECT });
const REVOKE: CardButton = Object.freeze({ key: 'revoke', text: REVOKE_APPLICATION });

/**
 * Node type 0 is the initiator's own step (a resubmit), which needs the form,
 * so it cannot be approved from the card.
 */
export const listCardButtons = (
  tab: unknown,
  item: Pick<FlowRunListItem, 'state' | 'nodeType'>,
): readonly CardButton[] => {
  const index = asApprovalTab(tab);
  if (index === TODO_TAB) return item.nodeType === 0 ? [] : [REJECT, APPROVE];
  if (index === INITIATED_TAB && item.state === 0) return [REVOKE];
  return [];
};

/** Quick handling's wire type: 1 approve, 0 reject. */
export const quickHandlingType = (action: QuickAction): 0 | 1 => (action === 'approve' ? 1 : 0);

/** The opinion goes only when there is one (the same text the action screen would send as `mark`). */
export const quickHandlingBody = (flowRunId: string, action: QuickAction, opinion?: string | null): QuickHandlingBody =>
  typeof opinion === 'string' && opinion.trim() !== ''
    ? { flowRunId, type: quickHandlingType(action), mark: opinion }
    : { flowRunId, type: quickHandlingType(action) };

export type QuickHandlingOutcome =
  | { readonly kind: 'open-approval' }
  | { readonly kind: 'toast-and-refresh'; readonly toast: string };

/** The server answers "not quick" when the step needs the full page (form, handler choice). */
export const quickHandlingOutcome = (
  response: QuickHandlingResponse | null | undefined,
): QuickHandlingOutcome =>
  response?.isQuick === true
    ? { kind: 'toast-and-refresh', toast: OPERATION_SUCCESS }
    : { kind: 'open-approval' };

export interface FlowApprovalQuery {
  readonly FlowRunId: string;
  readonly type: number;
  readonly tab: ApprovalTabIndex;
}

/**
 * Query of the flowApproval page for a card. Only the to-do tab acts on the run,
 * so the other tabs open it as a reader (type 1), never in the editable submit case.
 */
export const flowApprovalQuery = (
  item: Pick<FlowRunListItem, 'id' | 'nodeType'>,
  tab: unknown,
): FlowApprovalQuery => {
  const index = asApprovalTab(tab);
  const type = index === TODO_TAB && typeof item.nodeType === 'number' ? item.nodeType : 1;
  return { FlowRunId: item.id, type, tab: index };
};
