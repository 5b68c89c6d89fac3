import { useCallback, useEffect, useState } from 'react';
import { reimportable } from './reimport';

/**
 * Code a screen can draw without for a moment (the route budgets: keep it out of a route's
 * initial JavaScript). Unlike React.lazy there is no Suspense: the caller draws a
 * stand-in until the module is here, and a failed download (offline, a redeploy)
 * leaves the stand-in and can be retried instead of throwing into the route's error
 * boundary. The download starts when the first component using it mounts.
 */
export interface LazyModule<T> {
  /** The module if it has already arrived. */
  current(): T | null;
  /** Starts (or joins) the download; a failure is forgotten so the next call retries. */
  load(): Promise<T>;
}

export function lazyModule<T>(importer: () => Promise<T>): LazyModule<T> {
  const download = reimportable(importer);
  let value: T | null = null;
  let pending: Promise<T> | null = null;
  return {
    current: () => value,
    load() {
      pending ??= download().then(
        (m) => (value = m),
        (e: unknown) => {
          pending = null;
          throw e;
        },
      );
      return pending;
    },
  };
}

export interface LazyModuleState<T> {
  module: T | null;
  /** The last download failed; `retry` tries again. */
  failed: boolean;
  retry: () => void;
}

/**
 * When the download starts: as the component mounts, once the browser is idle (code
 * needed only on a tap), or once the first screen has settled (whenSettled: code needed
 * only on a tap, on a screen whose first paint waits for its own code and data).
 */
export interface LazyModuleOptions {
  readonly when?: 'mount' | 'idle' | 'settled';
}

/** Longest wait for an idle moment before the download starts anyway. */
export const IDLE_TIMEOUT_MS = 2000;

/**
 * Runs `task` (a download of code not needed yet) when the browser is idle, at the latest
 * after IDLE_TIMEOUT_MS, and never while the browser says it is offline: then it waits for
 * the network first. That is checked when the idle moment comes too, not only when it is
 * asked for: a phone that went offline in between waits for the network again. A module
 * that fails to download stays failed in Chromium's module map for the page's life, and
 * so does every module that imports it: the dialogs' code fetched offline broke the
 * approval page opened after the network was back (tests/e2e/outbox.spec.ts). Answers
 * the cancel.
 */
/** What whenIdle and whenSettled read of the window: its network word and its events. */
type NetworkWindow = Pick<Window, 'addEventListener' | 'removeEventListener' | 'navigator'>;

export function whenIdle(task: () => void, win: NetworkWindow = window): () => void {
  let cancelIdle = (): void => undefined;
  const offline = (): boolean => win.navigator?.onLine === false;
  const online = (): void => {
    win.removeEventListener('online', online);
    schedule();
  };
  const waitForNetwork = (): void => win.addEventListener('online', online);
  const run = (): void => (offline() ? waitForNetwork() : task());
  function schedule(): void {
    if (typeof requestIdleCallback === 'function') {
      const id = requestIdleCallback(run, { timeout: IDLE_TIMEOUT_MS });
      cancelIdle = () => cancelIdleCallback(id);
    } else {
      const timer = setTimeout(run, IDLE_TIMEOUT_MS / 2);
      cancelIdle = () => clearTimeout(timer);
    }
  }
  if (offline()) waitForNetwork();
  else schedule();
  return () => {
    win.removeEventListener('online', online);
    cancelIdle();
  };
}

/** How long after the load event the first screen is taken to be done with the network. */
export const SETTLE_DELAY_MS = 3000;

/**
 * Runs `task` (a download that must not compete with the first screen's own code and data,
 * e.g. the service worker and the copy of the shell its install makes) after the load
 * event, SETTLE_DELAY_MS and an idle moment, through whenIdle: offline by then, it waits
 * for the network. Answers the cancel.
 */
export function whenSettled(
  task: () => void,
  win: NetworkWindow & { readonly document?: Pick<Document, 'readyState'> } = window,
): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let cancelIdle = (): void => undefined;
  const later = (): void => {
    timer = setTimeout(() => (cancelIdle = whenIdle(task, win)), SETTLE_DELAY_MS);
  };
  if (win.document?.readyState === 'complete') later();
  else win.addEventListener('load', later, { once: true });
  return () => {
    win.removeEventListener('load', later);
    clearTimeout(timer);
    cancelIdle();
  };
}

/**
 * Runs `task` once: when the first screen has settled (whenSettled), or at once when the
 * browser says it is offline, now or before then. For work the first screen does not
 * wait for but a phone without a network needs straight away (the outbox: what waits, and
 * its count on the screen). Offline, its code comes from the app's worker, and nothing
 * competes with the first screen for the network.
 */
export function whenSettledOrOffline(
  task: () => void,
  win: NetworkWindow & { readonly document?: Pick<Document, 'readyState'> } = window,
): void {
  let done = false;
  const run = (): void => {
    if (done) return;
    done = true;
    win.removeEventListener('offline', run);
    task();
  };
  if (win.navigator?.onLine === false) return run();
  win.addEventListener('offline', run);
  whenSettled(run, win);
}

export function useLazyModule<T>(lazy: LazyModule<T>, opts: LazyModuleOptions = {}): LazyModuleState<T> {
  const [module, setModule] = useState<T | null>(lazy.current);
  const [failed, setFailed] = useState(false);
  const retry = useCallback(() => {
    setFailed(false);
    lazy.load().then(
      (m) => setModule(() => m),
      (e: unknown) => {
        console.warn('[lazy] a module failed to load', e);
        setFailed(true);
      },
    );
  }, [lazy]);
  const when = opts.when ?? 'mount';
  useEffect(() => {
    if (lazy.current()) return;
    if (when === 'mount') return void retry();
    return when === 'settled' ? whenSettled(retry) : whenIdle(retry);
  }, [lazy, retry, when]);
  return { module, failed, retry };
}
