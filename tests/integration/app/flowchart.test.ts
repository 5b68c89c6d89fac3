/**
 * Flow-chart use cases and the shared chart state: the chart of a run loaded through the
 * real adapter from the sandbox and shaded by the domain rule at each step of the run.
 */
import { allSettled, fork } from 'effector';
import { describe, expect, it, vi } from 'vitest';
import { testSandbox } from '../testSandbox';
import { $chartContext, chartContextCleared, chartContextSet, hasChartSource, loadShadedChart } from '../../../application/flowchart';
import type { FlowchartApi } from '../../../application/flowchart/ports';
import { ApiError } from '../../../application/ports/errors';
import { buildHandlingBody, initialNextStep, validateNextStep } from '../../../domain/approval';
import { LEGEND_CURRENT, LEGEND_HANDLED } from '../../../domain/flowchart';
import { HttpApprovalApi } from '../../../infrastructure/approval/approvalApi';
import { HttpFlowchartApi } from '../../../infrastructure/flowchart/flowchartApi';
import { launchLeave, loginAs } from '../contract/support/partB';

const sb = testSandbox();

describe('the legend, word for word', () => {
  it.each([
    [LEGEND_HANDLED, '已办理的节点'],
    [LEGEND_CURRENT, '当前节点'],
  ])('%s', (constant, literal) => expect(constant).toBe(literal));
});

describe('loadShadedChart', () => {
  it('shades a run at each step: started, approved at the department, done', async () => {
    const wang = await loginAs(sb.url, 't1001');
    const li = await loginAs(sb.url, 't1002');
    const charts = new HttpFlowchartApi(wang.http);
    const { flowRunId } = await launchLeave(wang, { days: 2, reason: '培训', handover: { id: li.userId, name: li.name } });

    const started = await new HttpApprovalApi(wang.http).info({ flowRunId, type: 1 });
    const first = await loadShadedChart(charts, { appId: started.appId, code: started.code, situation: started.situationDto });
    if (!first.ok) throw new Error(first.error);
    const shade = (c: typeof first.value, id: string) => c.nodes.find((n) => n.id === id)?.shade;
    expect(shade(first.value, 'leave-start')).toBe('handled');
    expect(shade(first.value, 'leave-dept')).toBe('handling');
    expect(shade(first.value, 'leave-principal')).toBe('unhandled');
    const edge = (c: typeof first.value, s: string, t: string) => c.edges.find((e) => e.source === s && e.target === t);
    expect(edge(first.value, 'leave-start', 'leave-dept')).toMatchObject({ shade: 'handled', color: 'blue' });
    expect(edge(first.value, 'leave-dept', 'leave-sync')).toMatchObject({ shade: 'unhandled', color: 'grey' });

    const liApi = new HttpApprovalApi(li.http);
    const step = await liApi.info({ flowRunId, type: 1 });
    const next = await liApi.nextNodes({ flowRunPrcsId: step.flowRunPrcsId!, appId: step.appId, formData: step.draftData });
    const choice = validateNextStep(next, initialNextStep(next));
    if (!choice.ok) throw new Error('no choice');
    await liApi.handle(buildHandlingBody({ type: 0, flowRunPrcsId: step.flowRunPrcsId!, formData: step.draftData, opinion: '同意', nextStep: choice.value }));

    const done = await new HttpApprovalApi(wang.http).info({ flowRunId, type: 1 });
    const last = await loadShadedChart(charts, { appId: done.appId, situation: done.situationDto });
    if (!last.ok) throw new Error(last.error);
    expect(shade(last.value, 'leave-dept')).toBe('handled');
    expect(shade(last.value, 'leave-end')).toBe('handled');
    expect(last.value.nodes.some((n) => n.shade === 'handling')).toBe(false);
    expect(edge(last.value, 'leave-dept', 'leave-sync')?.color).toBe('blue');
    expect(edge(last.value, 'leave-dept', 'leave-principal')?.color).toBe('grey');
  });

  it('a flow not started yet (the launch page) has its start as the current node', async () => {
    const wang = await loginAs(sb.url, 't1001');
    const info = await new HttpApprovalApi(wang.http).initiateFlow('leave');
    const r = await loadShadedChart(new HttpFlowchartApi(wang.http), { code: 'leave', situation: info.situationDto });
    if (!r.ok) throw new Error(r.error);
    expect(r.value.nodes.find((n) => n.id === 'leave-start')?.shade).toBe('handling');
    expect(r.value.nodes.map((n) => n.kind)).toEqual(expect.arrayContaining(['start', 'audit', 'plugin', 'send', 'end']));
  });

  it('a failure gives the message; leaving the screen rejects quietly', async () => {
    const failing: FlowchartApi = { chart: vi.fn(async () => Promise.reject(new ApiError('http', '模拟故障'))) };
    await expect(loadShadedChart(failing, { code: 'x' })).resolves.toEqual({ ok: false, error: '模拟故障' });
    const cancelled: FlowchartApi = { chart: vi.fn(async () => Promise.reject(new ApiError('cancelled', ''))) };
    await expect(loadShadedChart(cancelled, { code: 'x' })).rejects.toBeInstanceOf(ApiError);
  });

  it('names a chart only with an app id or a code', () => {
    expect(hasChartSource(null)).toBe(false);
    expect(hasChartSource({ appId: ' ' })).toBe(false);
    expect(hasChartSource({ code: 'leave' })).toBe(true);
  });
});

describe('the shared chart state', () => {
  it('is set by the run page and read by the chart page; absent until then', async () => {
    const scope = fork();
    expect(scope.getState($chartContext)).toBeNull();
    await allSettled(chartContextSet, { scope, params: { appId: 'app-leave', title: '王老师的请假申请' } });
    expect(scope.getState($chartContext)).toEqual({ appId: 'app-leave', title: '王老师的请假申请' });
    await allSettled(chartContextCleared, { scope });
    expect(scope.getState($chartContext)).toBeNull();
  });
});
