import type { CallOptions, ChartQuery, FlowchartApi } from '../../application/flowchart/ports';
import { chartSource } from '../../domain/flowchart/shading';
import type { FlowChart } from '../../domain/flowchart/types';
import type { HttpClient } from '../http/httpClient';
import { FlowChartSchema } from './schemas';

const FLOW_RUN = '/v1/less-code-service/api/flow-run';

export class HttpFlowchartApi implements FlowchartApi {
  constructor(private readonly http: HttpClient) {}

  async chart(query: ChartQuery, opts?: CallOptions): Promise<FlowChart | null> {
    const source = chartSource(query);
    if (!source) return null;
    return this.http.request({
      method: 'GET',
      ...(source.kind === 'appId'
        ? { url: `${FLOW_RUN}/flow-html-by-appid`, params: { vid: source.vid } }
        : { url: `${FLOW_RUN}/flow-html`, params: { code: source.code } }),
      schema: FlowChartSchema,
      signal: opts?.signal,
    });
  }
}
