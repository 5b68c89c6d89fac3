import type { ApprovalType } from './types';
import { BUTTON_AGREE, BUTTON_MORE, BUTTON_REJECT, BUTTON_RETURN, BUTTON_REVOKE, BUTTON_SUBMIT } from './messages';
import { nonBlank } from './format';
import { INITIATED_TAB, TODO_TAB } from './tabs';

/**
 * A type parameter of 0 only means "submit" when the user actually holds a step
 * (a flowRunPrcsId); without one it degrades to an approver's view (1).
 */
export const effectiveType = (typeParam: number, flowRunPrcsId: unknown): number => {
  if (typeParam !== 0) return typeParam;
  return nonBlank(flowRunPrcsId) ? 0 : 1;
};

/** Only the submit case (effective type 0) lets the user edit the form. */
export const isFormReadOnly = (effective: number): boolean => effective !== 0;

export type FooterButtonKey = 'revoke' | 'submit' | 'more' | 'reject' | 'agree' | 'return';
export type ButtonColor = 'default' | 'primary' | 'danger';

export interface FooterButton {
  readonly key: FooterButtonKey;
  readonly text: string;
  readonly color: ButtonColor;
  /** The approvalType the button starts; null when it starts no approval. */
  readonly approvalType: ApprovalType | null;
  /** Buttons shown in the bottom popup this button opens. */
  readonly menu: readonly FooterButton[];
}

const button = (
  key: FooterButtonKey,
  text: string,
  color: ButtonColor,
  approvalType: ApprovalType | null,
  menu: readonly FooterButton[] = [],
): FooterButton => Object.freeze({ key, text, color, approvalType, menu });

export const REVOKE_BUTTON = button('revoke', BUTTON_REVOKE, 'default', null);
export const SUBMIT_BUTTON = button('submit', BUTTON_SUBMIT, 'primary', 3);
export const RETURN_BUTTON = button('return', BUTTON_RETURN, 'default', 2);
export const MORE_BUTTON = button('more', BUTTON_MORE, 'default', null, [RETURN_BUTTON]);
export const REJECT_BUTTON = button('reject', BUTTON_REJECT, 'danger', 1);
export const AGREE_BUTTON = button('agree', BUTTON_AGREE, 'primary', 0);

export interface FooterInput {
  readonly tab: number;
  /** The effective type (see effectiveType), so a 0 without a step is not offered submit. */
  readonly type: number;
  readonly state: number;
}

/** Footer buttons of the detail page, left to right; empty means no footer. */
export const detailFooterButtons = ({ tab, type, state }: FooterInput): readonly FooterButton[] => {
  if (tab === INITIATED_TAB) return state === 0 ? [REVOKE_BUTTON] : [];
  if (tab === TODO_TAB) return type === 0 ? [SUBMIT_BUTTON] : [MORE_BUTTON, REJECT_BUTTON, AGREE_BUTTON];
  return [];
};
