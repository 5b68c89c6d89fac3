/**
 * A launch whose answer was lost, against a backend that ignores Idempotency-Key (the
 * sandbox's variant): the retry looks in 已发起 first, finds the run the lost answer was
 * about and sends nothing; a launch that never reached the server is sent again. The
 * control shows what the look prevents: the same retry without it makes a second run.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { lostLaunchesIn, noteLaunched, submitNodeChoice, type FlowSession } from '../../../application/approval';
import { ApiError } from '../../../application/ports/errors';
import { initialNextStep, INITIATED_TAB } from '../../../domain/approval';
import { HttpApprovalApi } from '../../../infrastructure/approval/approvalApi';
import { createMemoryStorage } from '../../../infrastructure/storage';
import { startSandbox, type SandboxHandle } from '../../../sandbox/server';
import { leaveFormData, loginAs } from '../contract/support/partB';

let sb: SandboxHandle;
beforeAll(async () => {
  sb = await startSandbox({ port: 0, dataFile: null, quiet: true });
});
afterAll(async () => {
  await sb.close();
});
beforeEach(async () => {
  sb.reset();
  const res = await fetch(`${sb.url}/sandbox/admin/variant`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ ignoresIdempotencyKey: true }) });
  expect(res.ok).toBe(true);
});

async function setUp(reason: string) {
  const wang = await loginAs(sb.url, 't1001');
  const li = await loginAs(sb.url, 't1002');
  const api = new HttpApprovalApi(wang.http);
  const { info, formData } = await leaveFormData(wang, { days: 2, reason, handover: { id: li.userId, name: li.name } });
  const next = await api.nextNodes({ flowRunPrcsId: null, appId: info.appId ?? '', formData });
  const session: FlowSession = {
    flowLaunchType: 0,
    code: 'leave',
    appId: info.appId ?? '',
    title: info.flowName ?? '',
    runId: null,
    flowRunPrcsId: null,
    formData,
    draftKey: null,
    next,
    submissionId: `sub-${reason}`,
  };
  const runs = async () => (await api.list({ type: INITIATED_TAB, formData: reason, skipCount: 0, maxResultCount: 50 } as never)).totalCount;
  return { api, session, selection: initialNextStep(next), runs };
}

/** The next initiate reaches the server, which makes the run; its answer is lost. */
const loseAnswer = (api: HttpApprovalApi) => {
  const real = api.initiate.bind(api);
  return vi.spyOn(api, 'initiate').mockImplementationOnce(async (...args) => {
    await real(...args);
    throw new ApiError('network', '请求失败');
  });
};

describe('a lost launch answer on a backend that ignores Idempotency-Key', () => {
  const notesIn = () => lostLaunchesIn(createMemoryStorage(), 'lost');

  it('with 已发起 noted when the chooser opened, the retry finds the run and sends nothing (no clock involved)', async () => {
    const { api, session, selection, runs } = await setUp('丢失的应答');
    // A clock far from the server's: the noted ids decide, not times.
    const lost = { launches: notesIn(), now: () => 0 };
    await noteLaunched(api, session, 'sub-丢失的应答', lost.launches);
    expect(lost.launches.notes('sub-丢失的应答')?.known).toBeDefined();
    const initiate = loseAnswer(api);
    expect((await submitNodeChoice(api, session, selection, lost)).ok).toBe(false);
    expect(await runs()).toBe(1);
    expect(lost.launches.notes('sub-丢失的应答')).toMatchObject({ attempted: true, lostSince: 0 });
    await expect(submitNodeChoice(api, session, selection, lost)).resolves.toEqual({ ok: true, value: { kind: 'done', backSteps: 3, found: true } });
    expect(initiate).toHaveBeenCalledTimes(1);
    expect(await runs()).toBe(1);
    expect(lost.launches.notes('sub-丢失的应答')).toBeNull();
  });

  it('without a note of 已发起, a run of the flow started since the lost attempt counts', async () => {
    const { api, session, selection, runs } = await setUp('按时间找回');
    const lost = { launches: notesIn(), now: () => Date.now() };
    const initiate = loseAnswer(api);
    expect((await submitNodeChoice(api, session, selection, lost)).ok).toBe(false);
    await expect(submitNodeChoice(api, session, selection, lost)).resolves.toEqual({ ok: true, value: { kind: 'done', backSteps: 3, found: true } });
    expect(initiate).toHaveBeenCalledTimes(1);
    expect(await runs()).toBe(1);
  });

  it('a launch that never reached the server is sent again, once', async () => {
    const { api, session, selection, runs } = await setUp('未送达');
    const lost = { launches: notesIn(), now: () => Date.now() };
    await noteLaunched(api, session, 'sub-未送达', lost.launches);
    const initiate = vi.spyOn(api, 'initiate').mockRejectedValueOnce(new ApiError('network', '请求失败'));
    expect((await submitNodeChoice(api, session, selection, lost)).ok).toBe(false);
    expect(await runs()).toBe(0);
    await expect(submitNodeChoice(api, session, selection, lost)).resolves.toEqual({ ok: true, value: { kind: 'done', backSteps: 3 } });
    expect(initiate).toHaveBeenCalledTimes(2);
    expect(await runs()).toBe(1);
  });

  it('a refusal (4xx) made nothing: nothing to look for next time', async () => {
    const { api, session, selection } = await setUp('被拒绝');
    const lost = { launches: notesIn(), now: () => Date.now() };
    vi.spyOn(api, 'initiate').mockRejectedValueOnce(new ApiError('http', '表单校验失败', { status: 400 }));
    expect((await submitNodeChoice(api, session, selection, lost)).ok).toBe(false);
    expect(lost.launches.notes('sub-被拒绝')?.lostSince).toBeUndefined();
  });

  it('a note of 已发起 that comes back after the first attempt started is no baseline', async () => {
    const { api, session } = await setUp('迟到的记录');
    const lost = { launches: notesIn(), now: () => Date.now() };
    const list = api.list.bind(api);
    vi.spyOn(api, 'list').mockImplementationOnce(async (...args) => {
      lost.launches.note('sub-迟到的记录', { attempted: true });
      return list(...args);
    });
    await noteLaunched(api, session, 'sub-迟到的记录', lost.launches);
    expect(lost.launches.notes('sub-迟到的记录')).toEqual({ attempted: true });
  });

  it('control: the same retry without the look makes a second run on this backend', async () => {
    const { api, session, selection, runs } = await setUp('对照');
    loseAnswer(api);
    expect((await submitNodeChoice(api, session, selection)).ok).toBe(false);
    expect((await submitNodeChoice(api, session, selection)).ok).toBe(true);
    expect(await runs()).toBe(2);
  });

  it('the notes are kept on the device (a reload in between still looks), the last 20', () => {
    const storage = createMemoryStorage();
    const a = lostLaunchesIn(storage, 'k');
    a.note('s1', { known: ['r1'] });
    a.note('s1', { lostSince: 100 });
    expect(lostLaunchesIn(storage, 'k').notes('s1')).toEqual({ known: ['r1'], lostSince: 100 });
    for (let i = 0; i < 30; i++) a.note(`x${i}`, { attempted: true });
    expect(a.notes('s1')).toBeNull();
    expect(a.notes('x29')).toEqual({ attempted: true });
    storage.set('k', 'not json');
    expect(a.notes('x29')).toBeNull();
    a.note('y', { attempted: true });
    a.settled('y');
    expect(storage.get('k')).toBeNull();
  });
});
