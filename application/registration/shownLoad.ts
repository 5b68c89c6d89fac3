/**
 * How a registration page loads what it shows (the report, a matter): the first load
 * and 重试 show the loading state and, when they fail, the failure in place with 重试;
 * a refresh (刷新状态, pull to refresh, the reload after a pass) keeps what is on screen
 * while it asks again. Every failure is told, through the one table (nothing for a
 * cancelled call or an ended session).
 */
import { combine, createEffect, createEvent, createStore, sample, type Store } from 'effector';
import type { Notifier } from '../ports/runtime';
import { createLoader } from '../shared/loader';

export type ShownLoad<T> =
  | { readonly kind: 'loading' }
  | { readonly kind: 'failed'; readonly message: string }
  | { readonly kind: 'ready'; readonly data: T };

export function createShownLoad<T>(load: (opts: { signal: AbortSignal }) => Promise<T>, notifier: Pick<Notifier, 'fail'>) {
  const loader = createLoader<void, T>((_, opts) => load(opts), { notifier });
  /** Load, showing the loading state (the page opened, or asked again loudly). */
  const started = createEvent();

  /** Ask again, keeping what is shown; resolves when the answer (or the failure) is in. */
  const refreshFx = createEffect(async () => {
    try {
      await loader.loadFx();
    } catch {
      // Told through $failure below; what is shown stays.
    }
  });

  const $quiet = createStore(false, { serialize: 'ignore' })
    .on(refreshFx, () => true)
    .on([started, loader.retried], () => false);

  const $view: Store<ShownLoad<T>> = combine(loader.$status, loader.$data, loader.$failure, $quiet, (status, data, failure, quiet): ShownLoad<T> => {
    if (quiet && data !== null) return { kind: 'ready', data };
    if (status === 'loading') return { kind: 'loading' };
    if (failure !== null) return { kind: 'failed', message: failure.message };
    return data === null ? { kind: 'loading' } : { kind: 'ready', data };
  });

  sample({ clock: started, target: loader.started });

  return {
    $view,
    $data: loader.$data,
    started,
    /** 重试 after a failed load. */
    retried: loader.retried,
    refreshFx,
    dispose: loader.dispose,
  };
}
