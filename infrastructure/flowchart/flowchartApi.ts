import type { CallOptions, ChartQuery, FlowchartApi } from '../../application/flowchart/ports';
import { chartSource } from '../../domain/flowchart/shading';
import type { FlowChart } from '../../domain/flowchart/types';
import type { CallPaths } from '../../application/ports/runtime';
import { DEFAULT_CALL_PATHS } from '../config/calls';
import type { HttpClient } from '../http/httpClient';
import { FlowChartSchema } from './schemas';

export class HttpFlowchartApi implements FlowchartApi {
  /** `calls`: where the chart calls answer (config.json `calls`, docs/config.md). */
  constructor(
    private readonly http: HttpClient,
    private readonly calls: Pick<CallPaths, 'flowChartByApp' | 'flowChartByCode'> = DEFAULT_CALL_PATHS,
  ) {}

  async chart(query: ChartQuery, opts?: CallOptions): Promise<FlowChart | null> {
    const source = chartSource(query);
    if (!source) return null;
    return this.http.request({
      method: 'GET',
      ...(source.kind === 'appId'
        ? { url: this.calls.flowChartByApp, params: { vid: source.vid } }
        : { url: this.calls.flowChartByCode, params: { code: source.code } }),
      schema: FlowChartSchema,
      signal: opts?.signal,
    });
  }
}
