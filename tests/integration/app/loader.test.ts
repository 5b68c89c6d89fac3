import { allSettled, fork } from 'effector';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../application/ports/errors';
import { attempt, failureOf, invalid, isCancelled, mayRetry } from '../../../application/shared/failure';
import { failureText, tellFailure } from '../../../application/shared/failureNotice';
import { createLoader } from '../../../application/shared/loader';

describe('mayRetry: whether asking again may bring another answer', () => {
  it.each([
    ['no network', new ApiError('network', ''), true],
    ['no answer in time', new ApiError('timeout', ''), true],
    ['an answer that cannot be read', new Error('JSON'), true],
    ['a 500', new ApiError('http', '服务繁忙', { status: 500 }), true],
    ['a 502 page', new ApiError('http', '请求失败', { status: 502 }), true],
    ['a 404', new ApiError('http', '流程不存在', { status: 404 }), false],
    ['a 403', new ApiError('http', '无权查看', { status: 403 }), false],
    ['a 400', new ApiError('http', '参数错误', { status: 400 }), false],
    ['cancelled', new ApiError('cancelled', ''), false],
    ['the session ended', new ApiError('unauthorized', '', { status: 401 }), false],
  ] as const)('%s: %s', (_what, error, expected) => {
    expect(mayRetry(failureOf(error))).toBe(expected);
  });

  it('input refused before sending is not retried', () => {
    expect(mayRetry(invalid('请输入'))).toBe(false);
  });
});

describe('the failure convention', () => {
  it.each([
    [new ApiError('cancelled', ''), 'cancelled', null],
    [new ApiError('unauthorized', '请求失败', { status: 401 }), 'sessionEnded', null],
    // No answer, and a late one, each say so; an adapter's own words win.
    [new ApiError('network', '请求失败'), 'offline', '网络不可用，请检查网络后重试'],
    [new ApiError('timeout', '请求失败'), 'timeout', '网络超时，请稍后重试'],
    [new ApiError('network', '上传服务不可达'), 'offline', '上传服务不可达'],
    [new ApiError('timeout', '请求超时'), 'timeout', '请求超时'],
    [new ApiError('http', '该流程已被他人处理', { status: 409 }), 'refused', '该流程已被他人处理'],
    [new ApiError('http', ''), 'refused', '请求失败'],
    [new ApiError('malformed', '请求失败'), 'malformed', '请求失败'],
    [invalid('请输入待办名称'), 'invalid', '请输入待办名称'],
    [new TypeError('x is undefined'), 'malformed', '请求失败'],
    ['a string', 'malformed', '请求失败'],
  ])('%s is %s, shown as %j', (thrown, kind, shown) => {
    const f = failureOf(thrown);
    expect(f.kind).toBe(kind);
    expect(failureText(f)).toBe(shown);
    const fail = vi.fn();
    tellFailure({ fail }, f);
    expect(fail.mock.calls).toEqual(shown === null ? [] : [[shown]]);
  });

  it('attempt answers a value or a failure and never throws', async () => {
    expect(await attempt(async () => 1)).toEqual({ ok: true, value: 1 });
    expect(await attempt(async () => Promise.reject(new ApiError('http', '不行', { status: 400, code: 'X' })))).toEqual({
      ok: false,
      error: { kind: 'refused', message: '不行', status: 400, code: 'X' },
    });
    expect(isCancelled(new ApiError('cancelled', ''))).toBe(true);
    expect(isCancelled(new ApiError('network', ''))).toBe(false);
  });
});

describe('the loader', () => {
  it('loads, keeps a failure for 重试, and retries with the same params', async () => {
    let fail = true;
    const load = vi.fn(async (id: string) => {
      if (fail) throw new ApiError('network', '请求失败');
      return `item ${id}`;
    });
    const loader = createLoader(load);
    const scope = fork();
    await allSettled(loader.started, { scope, params: '7' });
    expect(scope.getState(loader.$status)).toBe('failed');
    expect(scope.getState(loader.$failure)?.kind).toBe('offline');
    fail = false;
    await allSettled(loader.retried, { scope });
    expect(load).toHaveBeenLastCalledWith('7', expect.anything());
    expect(scope.getState(loader.$status)).toBe('ready');
    expect(scope.getState(loader.$data)).toBe('item 7');
    expect(scope.getState(loader.$failure)).toBeNull();
  });

  it('a load started again cancels the one before: its late answer is never shown', async () => {
    const signals: AbortSignal[] = [];
    const loader = createLoader(
      (id: string, { signal }) =>
        new Promise<string>((resolve, reject) => {
          signals.push(signal);
          signal.addEventListener('abort', () => reject(new ApiError('cancelled', '')));
          setTimeout(() => resolve(id), id === 'slow' ? 30 : 1);
        }),
    );
    const scope = fork();
    const first = allSettled(loader.started, { scope, params: 'slow' });
    const second = allSettled(loader.started, { scope, params: 'fast' });
    await Promise.all([first, second]);
    expect(signals[0]!.aborted).toBe(true);
    expect(scope.getState(loader.$data)).toBe('fast');
    expect(scope.getState(loader.$failure)).toBeNull();
    expect(scope.getState(loader.$status)).toBe('ready');
  });

  it('tells each failure through the notifier when given one, but not a cancelled load or an ended session', async () => {
    const errors = [new ApiError('http', '服务暂不可用', { status: 503 }), new ApiError('unauthorized', '请求失败', { status: 401 }), new ApiError('cancelled', '')];
    const fail = vi.fn();
    let i = 0;
    const loader = createLoader(async () => Promise.reject(errors[i++]), { notifier: { fail } });
    const scope = fork();
    for (let n = 0; n < errors.length; n++) await allSettled(loader.started, { scope, params: undefined });
    expect(fail.mock.calls).toEqual([['服务暂不可用']]);
  });
});
