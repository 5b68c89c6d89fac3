import { askApprovalCenterAheadOf } from '../../application/approval/list';
import type { AskAhead } from '../shared/routeAhead';

/** page/approvalCenter opened at boot: its first page of runs is asked beside the session check. */
export const askAhead: AskAhead = askApprovalCenterAheadOf;
