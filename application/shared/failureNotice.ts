/**
 * What the user sees of each kind of failure: the one table (docs/architecture.md
 * "Failures"). Models call `tellFailure`; nothing else decides.
 *
 * | kind         | the user sees                                             |
 * |--------------|-----------------------------------------------------------|
 * | cancelled    | nothing: nobody is waiting for the answer                 |
 * | sessionEnded | nothing: the login page, reached quietly                   |
 * | offline      | 网络不可用，请检查网络后重试 (failureOf), or the adapter's words |
 * | timeout      | 网络超时，请稍后重试 (failureOf), or the adapter's words       |
 * | refused      | the server's message, or 请求失败                          |
 * | malformed    | the message (请求失败: the answer could not be read)       |
 * | invalid      | the spec's message for the input                          |
 */
import { REQUEST_FAILED } from '../ports/errors';
import type { Notifier } from '../ports/runtime';
import type { Failure } from './failure';

/** The text shown for `failure`, or null when the user is told nothing. */
export function failureText(failure: Failure): string | null {
  switch (failure.kind) {
    case 'cancelled':
    case 'sessionEnded':
      return null;
    default:
      return failure.message.trim() || REQUEST_FAILED;
  }
}

/** Tells the user of `failure` (a toast), when there is anything to tell. */
export function tellFailure(notifier: Pick<Notifier, 'fail'>, failure: Failure): void {
  const text = failureText(failure);
  if (text !== null) notifier.fail(text);
}
