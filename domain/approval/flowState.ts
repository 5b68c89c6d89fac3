import type { FlowState } from './types';
import { STATE_APPROVED, STATE_APPROVING, STATE_REJECTED, STATE_RETURNED, STATE_REVOKED } from './messages';

export type FlowStateColor = 'amber' | 'green' | 'red' | 'grey';

export interface FlowStateView {
  /** Null for a state the spec does not know; the badge then shows nothing. */
  readonly label: string | null;
  readonly color: FlowStateColor;
}

export const FLOW_STATES: readonly FlowState[] = [0, 1, 2, 3, 4];

const VIEWS: Readonly<Record<FlowState, FlowStateView>> = Object.freeze({
  0: { label: STATE_APPROVING, color: 'amber' },
  1: { label: STATE_APPROVED, color: 'green' },
  2: { label: STATE_REJECTED, color: 'red' },
  3: { label: STATE_REVOKED, color: 'grey' },
  4: { label: STATE_RETURNED, color: 'red' },
});

export const UNKNOWN_FLOW_STATE_VIEW: FlowStateView = Object.freeze({ label: null, color: 'grey' });

export const asFlowState = (value: unknown): FlowState | null =>
  FLOW_STATES.find((state) => state === value) ?? null;

export const flowStateView = (state: unknown): FlowStateView => {
  const known = asFlowState(state);
  return known === null ? UNKNOWN_FLOW_STATE_VIEW : VIEWS[known];
};

export const flowStateLabel = (state: unknown): string | null => flowStateView(state).label;
export const flowStateColor = (state: unknown): FlowStateColor => flowStateView(state).color;

export type StampKind = 'revoked' | 'approved' | 'rejected' | 'returned';

export interface DetailStamp {
  readonly kind: StampKind;
  /** Printed on the stamp; null for the returned stamp, which is an icon. */
  readonly text: string | null;
  /** Accessible name of the stamp. */
  readonly alt: string;
}

/** An approving run carries no stamp. */
export const detailStamp = (state: unknown): DetailStamp | null => {
  switch (asFlowState(state)) {
    case 1:
      return { kind: 'approved', text: STATE_APPROVED, alt: STATE_APPROVED };
    case 2:
      return { kind: 'rejected', text: STATE_REJECTED, alt: STATE_REJECTED };
    case 3:
      return { kind: 'revoked', text: STATE_REVOKED, alt: STATE_REVOKED };
    case 4:
      return { kind: 'returned', text: null, alt: STATE_RETURNED };
    default:
      return null;
  }
};
