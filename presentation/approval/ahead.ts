import { askApprovalCenterAhead } from '../../application/approval';
import { APPROVAL_API, type ApprovalApi } from '../../application/approval/ports';
import type { AskAhead } from '../shared/routeAhead';

/** page/approvalCenter opened at boot: its first page of runs is asked beside the session check. */
export const askAhead: AskAhead = (get, search) => {
  const q = new URLSearchParams(search);
  askApprovalCenterAhead(get<ApprovalApi>(APPROVAL_API), { flowId: q.get('flowId'), code: q.get('code') });
};
