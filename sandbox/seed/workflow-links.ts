import type { WorkflowState } from '../workflow';

export interface WorkflowLink {
  userId: string;
  runId: string;
  title: string;
  /** The `type` of the approval page query. */
  type: number;
  /** 0 to-do (approver), 1 received (copy), 3 initiated. */
  tab: number;
}

/** Flow runs in the workflow seed that a user should find in messages and to-dos. */
export function approvalLinks(_state: WorkflowState): WorkflowLink[] {
  return [];
}
