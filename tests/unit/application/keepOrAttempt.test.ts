/**
 * The one rule of an action that may wait in the outbox (application/offline/keepOrAttempt.ts),
 * used by the centre's quick 同意 and 全部标记为已读 and the message tab's 全部已读.
 */
import { describe, expect, it, vi } from 'vitest';
import { keepOrAttempt } from '../../../application/offline/keepOrAttempt';
import type { Failure, FailureKind, Outcome } from '../../../application/shared/failure';

const failed = (kind: FailureKind, status?: number): Outcome<string> => ({ ok: false, error: { kind, message: '请求失败', ...(status ? { status } : {}) } as Failure });

describe('keep or attempt', () => {
  it('known offline: kept at once, nothing tried', async () => {
    const attempt = vi.fn(async (): Promise<Outcome<string>> => ({ ok: true, value: 'x' }));
    await expect(keepOrAttempt(() => false, attempt)).resolves.toEqual({ kind: 'kept' });
    expect(attempt).not.toHaveBeenCalled();
  });

  it.each([
    ['answered', { ok: true, value: '已同意' } as Outcome<string>, { kind: 'done', value: '已同意' }],
    ['no answer (offline)', failed('offline'), { kind: 'kept' }],
    ['no answer in time', failed('timeout'), { kind: 'kept' }],
    ['refused by the server (4xx)', failed('refused', 409), { kind: 'failed', failure: expect.objectContaining({ kind: 'refused', status: 409 }) }],
    ['the server in trouble (5xx): it answered, so not kept', failed('refused', 502), { kind: 'failed', failure: expect.objectContaining({ status: 502 }) }],
    ['an answer that cannot be read', failed('malformed'), { kind: 'failed', failure: expect.objectContaining({ kind: 'malformed' }) }],
    ['the session ended', failed('sessionEnded'), { kind: 'failed', failure: expect.objectContaining({ kind: 'sessionEnded' }) }],
  ])('online, tried once: %s', async (_, outcome, expected) => {
    const attempt = vi.fn(async () => outcome);
    await expect(keepOrAttempt(() => true, attempt)).resolves.toEqual(expected);
    expect(attempt).toHaveBeenCalledOnce();
  });

  it('without an outbox for the action, no answer is a failure like any other', async () => {
    await expect(keepOrAttempt(undefined, async () => failed('offline'))).resolves.toEqual({ kind: 'failed', failure: expect.objectContaining({ kind: 'offline' }) });
  });
});
