// Apart from lazyModule.ts, which the entry chunk holds: only a screen with a sheet whose
// code comes later (the approval list's 筛选) needs this.
import { useEffect, useRef } from 'react';
import { useLazyModule, type LazyModule, type LazyModuleOptions } from './lazyModule';

/**
 * A lazy module fetched ahead (`opts.when`) and wanted at once when `wanted` turns true
 * before it is here (a sheet tapped open): then it is fetched now, again after an earlier
 * failure. A download that fails while wanted calls `onFailed` once, which should stop
 * wanting it (close the sheet, say 加载失败), so the next try fetches again. The module,
 * or null while it is not here.
 */
export function useWantedModule<T>(lazy: LazyModule<T>, wanted: boolean, onFailed: () => void, opts: LazyModuleOptions = {}): T | null {
  const { module, failed, retry } = useLazyModule(lazy, opts);
  const failedWhileWanted = useRef(onFailed);
  failedWhileWanted.current = onFailed;
  const asked = useRef(false);
  useEffect(() => {
    if (!wanted || module) {
      asked.current = false;
      return;
    }
    if (!asked.current) {
      asked.current = true;
      retry();
    } else if (failed) {
      asked.current = false;
      failedWhileWanted.current();
    }
  }, [wanted, module, failed, retry]);
  return module;
}
