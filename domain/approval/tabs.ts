import type { TabCounts } from './types';
import { TAB_HANDLED, TAB_INITIATED, TAB_RECEIVED, TAB_TODO } from './messages';
import { parseInteger } from './format';

export type ApprovalTabIndex = 0 | 1 | 2 | 3;

/** The approver's pending list. */
export const TODO_TAB = 0;
export const RECEIVED_TAB = 1;
export const HANDLED_TAB = 2;
/** The initiator's list. */
export const INITIATED_TAB = 3;

export interface ApprovalTab {
  readonly index: ApprovalTabIndex;
  readonly title: string;
  /** The list query's `type` for this tab. */
  readonly listType: number;
  readonly countField: keyof TabCounts;
  /**
   * Whether its count is work waiting for the user (the to-do tab, the unread on the
   * received tab): a red badge. The others count what is done, plainly.
   */
  readonly waiting: boolean;
}

export const APPROVAL_TABS: readonly ApprovalTab[] = Object.freeze([
  Object.freeze({ index: 0, title: TAB_TODO, listType: 0, countField: 'waiting', waiting: true }),
  Object.freeze({ index: 1, title: TAB_RECEIVED, listType: 1, countField: 'receive', waiting: true }),
  Object.freeze({ index: 2, title: TAB_HANDLED, listType: 2, countField: 'already', waiting: false }),
  Object.freeze({ index: 3, title: TAB_INITIATED, listType: 3, countField: 'send', waiting: false }),
] as const);

/** From a number or a route string; anything else opens the default (to-do) tab. */
export const asApprovalTab = (value: unknown): ApprovalTabIndex => {
  const n = parseInteger(value);
  return APPROVAL_TABS.find((tab) => tab.index === n)?.index ?? TODO_TAB;
};

export const approvalTab = (value: unknown): ApprovalTab => {
  const index = asApprovalTab(value);
  // Every index asApprovalTab returns is in the table.
  return APPROVAL_TABS[index] as ApprovalTab;
};

/** The badge count, or null when it should not be shown (zero or missing). */
export const tabCount = (counts: Partial<TabCounts> | null | undefined, tab: unknown): number | null => {
  const value = counts?.[approvalTab(tab).countField];
  return typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : null;
};

export const showUnreadControls = (tab: unknown): boolean => asApprovalTab(tab) === RECEIVED_TAB;

export const showStateFilter = (tab: unknown): boolean => asApprovalTab(tab) !== TODO_TAB;
