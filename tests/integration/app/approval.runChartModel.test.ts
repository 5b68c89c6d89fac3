import { allSettled, fork } from 'effector';
import { describe, expect, it, vi } from 'vitest';
import { createRunChartModel } from '../../../application/approval';
import type { ApprovalApi, ApprovalRunDetail } from '../../../application/approval/ports';
import { $chartContext } from '../../../application/flowchart/model';
import { ApiError } from '../../../application/ports/errors';

const detail = { id: 'r1', appId: 'app-leave', code: 'leave', title: '王老师的请假申请', situationDto: { currentNodeId: 'dept', completedNodeId: ['start'] } } as unknown as ApprovalRunDetail;
const apiWith = (info: ApprovalApi['info']) => ({ info }) as unknown as ApprovalApi;

describe('the flow chart page opened by its address', () => {
  it('loads the run the address names as a reader and sets the shared chart state', async () => {
    const info = vi.fn(async () => detail);
    const model = createRunChartModel({ api: apiWith(info) }, 'r1');
    const scope = fork();
    await allSettled(model.opened, { scope });
    expect(info).toHaveBeenCalledWith({ flowRunId: 'r1', type: 1 }, expect.anything());
    expect(scope.getState($chartContext)).toEqual({ runId: 'r1', appId: 'app-leave', code: 'leave', situation: detail.situationDto, title: '王老师的请假申请' });
    expect(scope.getState(model.$error)).toBeNull();
  });

  it('loads nothing when the run page already set that run, or when the address names none', async () => {
    const info = vi.fn(async () => detail);
    const scope = fork({ values: [[$chartContext, { runId: 'r1', appId: 'a', code: 'c' }]] });
    await allSettled(createRunChartModel({ api: apiWith(info) }, 'r1').opened, { scope });
    await allSettled(createRunChartModel({ api: apiWith(info) }, null).opened, { scope: fork() });
    expect(info).not.toHaveBeenCalled();
  });

  it("a run that cannot be read gives the server's message, and 重试 asks again", async () => {
    const info = vi.fn().mockRejectedValueOnce(new ApiError('http', '无权查看该流程', { status: 403 })).mockResolvedValueOnce(detail);
    const model = createRunChartModel({ api: apiWith(info) }, 'r1');
    const scope = fork();
    await allSettled(model.opened, { scope });
    expect(scope.getState(model.$error)).toBe('无权查看该流程');
    await allSettled(model.retried, { scope });
    expect(scope.getState(model.$error)).toBeNull();
    expect(scope.getState($chartContext)?.runId).toBe('r1');
  });
});
