/**
 * The flow chart's screen model (application/flowchart/chartModel.ts) in fork() scopes,
 * against the sandbox and a failing fake: the chart of a context, a failure in place
 * with 重试, and no call without a context.
 */
import { allSettled, fork } from 'effector';
import { describe, expect, it, vi } from 'vitest';
import { testSandbox } from '../testSandbox';
import { chartContextKey, createFlowChartModel } from '../../../application/flowchart';
import type { FlowchartApi } from '../../../application/flowchart/ports';
import { ApiError } from '../../../application/ports/errors';
import { HttpApprovalApi } from '../../../infrastructure/approval/approvalApi';
import { HttpFlowchartApi } from '../../../infrastructure/flowchart/flowchartApi';
import { loginAs } from '../contract/support/partB';

const sb = testSandbox();

describe('the flow chart model', () => {
  it('loads and shades the chart of a flow not started yet: its start is the current node', async () => {
    const wang = await loginAs(sb.url, 't1001');
    const info = await new HttpApprovalApi(wang.http).initiateFlow('leave');
    const model = createFlowChartModel({ api: new HttpFlowchartApi(wang.http), context: { code: 'leave', situation: info.situationDto } });
    const scope = fork();
    expect(scope.getState(model.$chart)).toBeNull();
    await allSettled(model.opened, { scope });
    expect(scope.getState(model.$chart)?.nodes.find((n) => n.id === 'leave-start')?.shade).toBe('handling');
    expect(scope.getState(model.$error)).toBeNull();
  });

  it('a failure is shown in place; 重试 asks again', async () => {
    let fail = true;
    const api: FlowchartApi = {
      chart: vi.fn(async () => {
        if (fail) throw new ApiError('http', '模拟故障');
        return { nodes: [], edges: [] } as never;
      }),
    };
    const model = createFlowChartModel({ api, context: { code: 'x' } });
    const scope = fork();
    await allSettled(model.opened, { scope });
    expect(scope.getState(model.$error)).toBe('模拟故障');
    fail = false;
    await allSettled(model.retried, { scope });
    expect(scope.getState(model.$error)).toBeNull();
    expect(api.chart).toHaveBeenCalledTimes(2);
  });

  it('without a context nothing is asked; contexts with the same source and position share a key', async () => {
    const api: FlowchartApi = { chart: vi.fn() };
    const model = createFlowChartModel({ api, context: null });
    await allSettled(model.opened, { scope: fork() });
    expect(api.chart).not.toHaveBeenCalled();
    expect(chartContextKey({ code: 'a', title: 'x' })).toBe(chartContextKey({ code: 'a', title: 'y' }));
    expect(chartContextKey(null)).toBe('');
  });
});
