import { useCallback, useEffect, useState } from 'react';

/**
 * Code a screen can draw without for a moment (issue 8: keep it out of a route's
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
  let value: T | null = null;
  let pending: Promise<T> | null = null;
  return {
    current: () => value,
    load() {
      pending ??= importer().then(
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

export function useLazyModule<T>(lazy: LazyModule<T>): LazyModuleState<T> {
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
  useEffect(() => {
    if (!lazy.current()) retry();
  }, [lazy, retry]);
  return { module, failed, retry };
}
