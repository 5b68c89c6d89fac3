import type { FlowChart } from '../../domain/flowchart/types';
import { token } from '../ports/token';
import type { CallOptions } from '../ports/call';

export type { CallOptions };

/** The run or flow a chart is asked for; the app id wins when both are known (SPEC point 7). */
export interface ChartQuery {
  readonly appId?: string | null;
  readonly code?: string | null;
}

export interface FlowchartApi {
  /**
   * GET flow-run/flow-html-by-appid?vid={appId}, or flow-html?code={code} when only the
   * code is known. Null, without a call, when neither is given.
   */
  chart(query: ChartQuery, opts?: CallOptions): Promise<FlowChart | null>;
}

export const FLOWCHART_API = token<FlowchartApi>('FlowchartApi');
