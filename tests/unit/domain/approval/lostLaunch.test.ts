import { describe, expect, it } from 'vitest';
import { LAUNCH_FOUND, LOST_LAUNCH_SKEW_MS, isLostLaunch, mayHaveLaunched, newLaunchAmong } from '../../../../domain/approval';

const SINCE = new Date('2026-11-26T09:00:00').getTime();
const NOW = SINCE + 30_000;
const run = (title: string, creationTime: string, state = 0) => ({ title, creationTime, state });

describe('a lost launch answer', () => {
  it.each([
    [{ kind: 'offline' }, true],
    [{ kind: 'timeout' }, true],
    [{ kind: 'malformed' }, true],
    [{ kind: 'refused', status: 500 }, true],
    [{ kind: 'refused', status: 502 }, true],
    // The server said no: nothing was made.
    [{ kind: 'refused', status: 400 }, false],
    [{ kind: 'refused', status: 409 }, false],
    [{ kind: 'refused' }, false],
    [{ kind: 'invalid' }, false],
    [{ kind: 'cancelled' }, false],
    [{ kind: 'sessionEnded' }, false],
    [{ kind: 'refused', status: 499 }, false],
    // Only a refusal's status counts, and only as a number.
    [{ kind: 'invalid', status: 500 }, false],
    [{ kind: 'refused', status: '500' as unknown as number }, false],
  ])('%j may have made the run: %s', (failure, expected) => {
    expect(mayHaveLaunched(failure)).toBe(expected);
  });

  it.each([
    ['the flow, started at the first attempt', run('王老师的请假申请', '2026-11-26T09:00:05'), true],
    ['the flow, the server clock a minute behind', run('王老师的请假申请', '2026-11-26T08:59:01'), true],
    ['the flow, started before the skew: an earlier request', run('王老师的请假申请', '2026-11-26T08:58:30'), false],
    ['another flow', run('王老师的采购申请', '2026-11-26T09:00:05'), false],
    ['started after now and the skew', run('王老师的请假申请', '2026-11-26T09:02:00'), false],
    ['no time', run('王老师的请假申请', ''), false],
    ['a time that is no time', run('王老师的请假申请', 'soon'), false],
    ['a draft of the flow (state -1) was not launched', run('王老师的请假申请', '2026-11-26T09:00:05', -1), false],
    ['the flow, already approved (state 1)', run('王老师的请假申请', '2026-11-26T09:00:05', 1), true],
    ['started exactly the skew before the first attempt', run('王老师的请假申请', new Date(SINCE - LOST_LAUNCH_SKEW_MS).toISOString()), true],
    ['started exactly the skew after now', run('王老师的请假申请', new Date(NOW + LOST_LAUNCH_SKEW_MS).toISOString()), true],
    ['a time that is not text', { title: '王老师的请假申请', creationTime: SINCE as unknown as string, state: 0 }, false],
    ['no title', { title: null as unknown as string, creationTime: '2026-11-26T09:00:05', state: 0 }, false],
  ])('%s: %s', (_label, item, expected) => {
    expect(isLostLaunch(item, '请假申请', SINCE, NOW)).toBe(expected);
  });

  it('reads the flow name without the spaces around it', () => {
    expect(isLostLaunch(run('王老师的请假申请', '2026-11-26T09:00:05'), ' 请假申请 ', SINCE, NOW)).toBe(true);
  });

  it('needs the flow name; its words', () => {
    expect(isLostLaunch(run('王老师的请假申请', '2026-11-26T09:00:05'), '  ', SINCE, NOW)).toBe(false);
    expect(LOST_LAUNCH_SKEW_MS).toBe(60_000);
    expect(LAUNCH_FOUND).toBe('申请已提交成功，无需重复提交');
  });
});

describe('the run a lost launch made, by the runs noted before', () => {
  const items = [
    { id: 'new-purchase', title: '王老师的采购申请' },
    { id: 'new-leave', title: '王老师的请假申请' },
    { id: 'old-leave', title: '王老师的请假申请' },
  ];
  it.each([
    [['old-leave'], '请假申请', 'new-leave'],
    [['old-leave', 'new-leave'], '请假申请', null],
    [[], '采购申请', 'new-purchase'],
    [[], ' ', null],
    [['old-leave'], ' 请假申请 ', 'new-leave'],
  ])('noted %j, flow %s -> %s', (known, flow, expected) => {
    expect(newLaunchAmong(items, known, flow)).toBe(expected);
  });

  it('skips a run without a title', () => {
    expect(newLaunchAmong([{ id: 'x', title: null as unknown as string }, ...items], [], '请假申请')).toBe('new-leave');
  });
});
