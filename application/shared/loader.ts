/**
 * "Load with cancel and retry", written once for every screen model: a load started
 * again cancels the one before (its answer is dropped, never shown), a failure is kept
 * for the screen to show in place with 重试, and `retried` asks again with the same
 * params. Failures are Failures (./failure.ts); a cancelled load is not a failure.
 */
import { combine, createEffect, createEvent, createStore, sample, type Effect, type EventCallable, type Store } from 'effector';
import type { Notifier } from '../ports/runtime';
import { failureOf, type Failure } from './failure';
import { tellFailure } from './failureNotice';

export type LoadStatus = 'idle' | 'loading' | 'ready' | 'failed';

export interface Loader<P, T> {
  /** Load (or load again) with these params. */
  readonly started: EventCallable<P>;
  /** Load again with the last params (重试, pull to refresh). */
  readonly retried: EventCallable<void>;
  readonly $data: Store<T | null>;
  readonly $failure: Store<Failure | null>;
  readonly $status: Store<LoadStatus>;
  readonly $loading: Store<boolean>;
  readonly loadFx: Effect<P, T>;
  /** Stops a load in flight (the model is dropped). */
  dispose(): void;
}

export interface LoaderOptions {
  /** When given, every failure is told through it (the failure table: nothing for a cancelled load or an ended session). */
  readonly notifier?: Pick<Notifier, 'fail'>;
}

export function createLoader<P, T>(load: (params: P, opts: { signal: AbortSignal }) => Promise<T>, options: LoaderOptions = {}): Loader<P, T> {
  const started = createEvent<P>();
  const retried = createEvent();
  let inFlight: AbortController | null = null;

  const loadFx = createEffect<P, T>(async (params: P): Promise<T> => {
    inFlight?.abort();
    const controller = new AbortController();
    inFlight = controller;
    try {
      return await load(params, { signal: controller.signal });
    } finally {
      if (inFlight === controller) inFlight = null;
    }
  });

  const $params = createStore<{ value: P } | null>(null, { serialize: 'ignore' }).on(started, (_, value) => ({ value }));
  const failed = sample({
    clock: loadFx.failData.map((e) => failureOf(e)),
    filter: (f: Failure) => f.kind !== 'cancelled',
  });
  const $data = createStore<T | null>(null, { serialize: 'ignore' }).on(loadFx.doneData, (_, data) => data);
  const $failure = createStore<Failure | null>(null, { serialize: 'ignore' })
    .on(loadFx, () => null)
    .on(failed, (_, f) => f);
  const $loading = loadFx.pending;
  const $status = combine($loading, $data, $failure, (loading, data, failure): LoadStatus => {
    if (loading) return 'loading';
    if (failure !== null) return 'failed';
    return data === null ? 'idle' : 'ready';
  });

  sample({ clock: started, target: loadFx });
  const { notifier } = options;
  if (notifier) sample({ clock: failed, target: createEffect((failure: Failure) => tellFailure(notifier, failure)) });
  sample({
    clock: retried,
    source: $params,
    filter: (p: { value: P } | null): p is { value: P } => p !== null,
    fn: (p: { value: P }) => p.value,
    target: loadFx,
  });

  return { started, retried, $data, $failure, $status, $loading, loadFx, dispose: () => inFlight?.abort() };
}

/**
 * Tells the user of every failure of `fx` through the notifier (the table in
 * ./failureNotice.ts: nothing for a cancelled call or an ended session).
 */
export function tellFailuresOf<P, D, F>(fx: Effect<P, D, F>, notifier: Pick<Notifier, 'fail'>): void {
  sample({
    clock: fx.failData,
    fn: (e: F) => failureOf(e),
    target: createEffect((failure: Failure) => tellFailure(notifier, failure)),
  });
}
