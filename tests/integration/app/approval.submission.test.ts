/**
 * One submission however many taps and retries (application/approval/submission.ts):
 * the flow and action sessions carry a submission id that every attempt sends as its
 * idempotency key, and a second tap while an attempt is on the wire sends nothing.
 */
import { describe, expect, it, vi } from 'vitest';
import {
  newSubmissionId,
  startApproval,
  submitAction,
  submitNodeChoice,
  runView,
  type ActionSession,
  type FlowSession,
} from '../../../application/approval';
import { onceAtATime } from '../../../application/approval/submission';
import type { ApprovalApi, ApprovalRunDetail } from '../../../application/approval/ports';
import { ApiError } from '../../../application/ports/errors';
import type { Uploader } from '../../../application/ports/upload';
import { initialNextStep, type NextNodeData } from '../../../domain/approval';

const next: NextNodeData = { flowNodes: [{ id: 'dept', name: '部门审批', type: 1, isSelect: false, isAuto: false, handlers: [{ value: 'u2', name: '李主任' }] }], sends: [], sendIsSelect: false, isMark: false };

const launch = (submissionId?: string): FlowSession => ({
  flowLaunchType: 0,
  code: 'leave',
  appId: 'app-leave',
  title: '请假申请',
  runId: null,
  flowRunPrcsId: null,
  formData: { reason: 'x' },
  draftKey: null,
  next,
  submissionId,
});

/** An answer the test lets through when it wants. */
const gate = () => {
  let open!: () => void;
  const opened = new Promise<void>((r) => (open = r));
  return { opened, open };
};

describe('submission ids', () => {
  it('are unique, with or without crypto.randomUUID', () => {
    const ids = new Set(Array.from({ length: 50 }, () => newSubmissionId()));
    expect(ids.size).toBe(50);
    const c = globalThis.crypto;
    vi.stubGlobal('crypto', { getRandomValues: c.getRandomValues.bind(c) });
    try {
      const a = newSubmissionId();
      const b = newSubmissionId();
      expect(a).not.toBe(b);
      expect(a).toMatch(/^sub-/);
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('the detail page gives each session it opens its own id', async () => {
    const detail = { id: 'r', numberStr: 'N', title: 't', state: 0, type: 1, appId: 'a', code: 'c', flowRunPrcsId: 'p', flowRunNodeDtos: [], draftData: {}, isSign: false, isMark: false } as unknown as ApprovalRunDetail;
    const run = runView(detail, { type: 1, tab: 0 });
    const form = { validate: () => ({ ok: true as const, value: {} }), submitData: () => ({}) };
    const a = await startApproval({} as ApprovalApi, run, 1, form, { draftKey: null });
    const b = await startApproval({} as ApprovalApi, run, 1, form, { draftKey: null });
    if (!a.ok || !b.ok || a.value.kind !== 'approval-pass' || b.value.kind !== 'approval-pass') throw new Error('expected approvalPass');
    expect(a.value.session.submissionId).toEqual(expect.any(String));
    expect(a.value.session.submissionId).not.toBe(b.value.session.submissionId);
  });
});

describe('确认提交', () => {
  it('every attempt of one launch sends the same idempotency key', async () => {
    const initiate = vi.fn().mockRejectedValueOnce(new ApiError('network', '请求失败')).mockResolvedValueOnce({});
    const api = { initiate } as unknown as ApprovalApi;
    const session = launch('sub-launch');
    await expect(submitNodeChoice(api, session, initialNextStep(next))).resolves.toEqual({ ok: false, error: { kind: 'offline', message: '网络不可用，请检查网络后重试' } });
    await expect(submitNodeChoice(api, session, initialNextStep(next))).resolves.toEqual({ ok: true, value: { kind: 'done', backSteps: 3 } });
    expect(initiate.mock.calls.map((c) => c[1])).toEqual([{ idempotencyKey: 'sub-launch' }, { idempotencyKey: 'sub-launch' }]);
  });

  it('a second tap while the first is on the wire sends nothing and gets pending; one outcome to act on', async () => {
    const g = gate();
    const initiate = vi.fn(async () => {
      await g.opened;
      return {};
    });
    const api = { initiate } as unknown as ApprovalApi;
    const session = launch('sub-double');
    const first = submitNodeChoice(api, session, initialNextStep(next));
    const second = submitNodeChoice(api, session, initialNextStep(next));
    let secondDone = false;
    void second.then(() => (secondDone = true));
    await Promise.resolve();
    await Promise.resolve();
    // The second waits for the first instead of ending early (the button stays busy).
    expect(secondDone).toBe(false);
    g.open();
    await expect(first).resolves.toEqual({ ok: true, value: { kind: 'done', backSteps: 3 } });
    await expect(second).resolves.toEqual({ ok: true, value: { kind: 'pending' } });
    expect(initiate).toHaveBeenCalledTimes(1);
    // Once it has ended, a new tap is a new attempt.
    await submitNodeChoice(api, session, initialNextStep(next));
    expect(initiate).toHaveBeenCalledTimes(2);
  });

  it('another submission is not held up by this one; a session without an id (older build) is guarded by its step', async () => {
    const g = gate();
    const initiate = vi.fn(async (_body: unknown, _opts?: unknown) => {
      await g.opened;
      return {};
    });
    const api = { initiate } as unknown as ApprovalApi;
    const a = submitNodeChoice(api, launch('sub-a'), initialNextStep(next));
    const b = submitNodeChoice(api, launch('sub-b'), initialNextStep(next));
    const old1 = submitNodeChoice(api, launch(), initialNextStep(next));
    const old2 = submitNodeChoice(api, launch(), initialNextStep(next));
    g.open();
    await Promise.all([a, b, old1]);
    await expect(old2).resolves.toEqual({ ok: true, value: { kind: 'pending' } });
    expect(initiate).toHaveBeenCalledTimes(3);
    expect(initiate.mock.calls[2]![1]).toEqual({ idempotencyKey: undefined });
  });
});

describe('确认同意', () => {
  const session: ActionSession = {
    actionType: 0,
    runId: 'r',
    code: 'leave',
    appId: 'app-leave',
    title: '王老师的请假申请',
    flowRunPrcsId: 'p',
    formData: {},
    isSign: false,
    isMark: false,
    draftKey: null,
    submissionId: 'sub-agree',
  };
  const data = { next, returnNodes: [], quickOpinions: [] };

  it('a double tap handles once with the session key; the retry after a lost answer sends the same key', async () => {
    const g = gate();
    const handle = vi
      .fn()
      .mockImplementationOnce(async () => {
        await g.opened;
        throw new ApiError('timeout', '请求失败');
      })
      .mockResolvedValueOnce(undefined);
    const deps = { api: { handle } as unknown as ApprovalApi, uploader: {} as Uploader };
    const input = { session, data, opinion: '同意', returnNodeId: null, selection: initialNextStep(next), files: [] };
    const first = submitAction(deps, input, { backSteps: 2 });
    const second = submitAction(deps, input, { backSteps: 2 });
    g.open();
    await expect(first).resolves.toEqual({ ok: false, error: { kind: 'timeout', message: '网络超时，请稍后重试' } });
    await expect(second).resolves.toEqual({ ok: true, value: { kind: 'pending' } });
    await expect(submitAction(deps, input, { backSteps: 2 })).resolves.toEqual({ ok: true, value: { kind: 'done', backSteps: 2 } });
    expect(handle).toHaveBeenCalledTimes(2);
    expect(handle.mock.calls.map((c) => c[1])).toEqual([{ idempotencyKey: 'sub-agree' }, { idempotencyKey: 'sub-agree' }]);
  });
});

describe('onceAtATime', () => {
  it('a failed attempt frees the key for the next one', async () => {
    await expect(onceAtATime('k', async () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    await expect(onceAtATime('k', async () => 'again')).resolves.toBe('again');
  });
});
