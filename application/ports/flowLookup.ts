import type { CallOptions } from './call';
import { token } from './token';

/**
 * Finding an approval app's flow by the app's code (flow-run/flowid-by-appcode): the
 * approval service answers it, the app launcher needs it. A port of its own, so the
 * launcher does not reach into the approval context.
 */
export interface FlowLookup {
  /** GET flow-run/flowid-by-appcode?code=: null when the app has no flow (未开通审批流程). */
  flowIdByAppCode(code: string, opts?: CallOptions): Promise<string | null>;
}

/** Bound to the approval adapter (composition/container.ts). */
export const FLOW_LOOKUP = token<FlowLookup>('FlowLookup');
