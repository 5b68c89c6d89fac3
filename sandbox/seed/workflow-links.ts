import type { WorkflowState } from '../workflow';

export interface WorkflowLink {
  userId: string;
  runId: string;
  title: string;
  /** The `type` of the approval page query: the node type (1 audit, 2 copy). */
  type: number;
  /** 0 to-do (approver), 1 received (copy). */
  tab: number;
}

/**
 * Flow runs of the workflow seed that wait on a user, so the message centre can link
 * to them (notices with data.module 'OA'). Read defensively: the slice is another
 * module's, and an unexpected shape only means fewer links.
 */
export function approvalLinks(state: WorkflowState | undefined): WorkflowLink[] {
  const out: WorkflowLink[] = [];
  for (const run of state?.runs ?? []) {
    if (run.state !== 0) continue;
    for (const visit of run.visits ?? []) {
      for (const d of visit.details ?? []) {
        if (!d.userId) continue;
        if (visit.kind === 'node' && visit.state === -1 && d.type === 1 && (d.state === 4 || d.state === -1)) {
          out.push({ userId: d.userId, runId: run.id, title: `【待审批】${run.title}`, type: 1, tab: 0 });
        } else if (visit.kind === 'copy' && d.type === 2 && !d.isRead) {
          out.push({ userId: d.userId, runId: run.id, title: `【抄送】${run.title}`, type: 2, tab: 1 });
        }
      }
    }
  }
  return out;
}
