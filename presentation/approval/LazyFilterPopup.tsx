import { Toast } from 'antd-mobile';
import { useUnit } from 'effector-react';
import { useEffect, useState } from 'react';
import { lazyModule } from '../shared/lazyModule';
import { LOAD_FAILED } from '../shared/strings';
import type { FilterPopupProps } from './FilterPopup';

/*
 * The 筛选 popup brings the pickers, the date pickers and the flow list, none of which
 * the list's first frame shows (issue 8: Lighthouse on the approval list). Its code is
 * fetched a moment after the list has settled, so the first tap opens it at once, or at
 * the tap when that comes first.
 */
const FILTER_POPUP = lazyModule(() => import('./FilterPopup'));

/** How long after the page opens the popup's code is fetched unasked. */
export const FILTER_PREFETCH_MS = 1500;

export function LazyFilterPopup(props: FilterPopupProps) {
  const [open, close] = useUnit([props.model.$filterOpen, props.model.filterClosed]);
  const [module, setModule] = useState(FILTER_POPUP.current);

  useEffect(() => {
    if (module) return;
    let live = true;
    const load = () =>
      FILTER_POPUP.load().then(
        (m) => live && setModule(() => m),
        (e: unknown) => {
          console.warn('[approval] the filter failed to load', e);
          // Closed again, so the next tap on 筛选 tries the download again.
          if (live && open) {
            Toast.show({ icon: 'fail', content: LOAD_FAILED });
            close();
          }
        },
      );
    if (open) {
      void load();
      return () => {
        live = false;
      };
    }
    const timer = window.setTimeout(load, FILTER_PREFETCH_MS);
    return () => {
      live = false;
      window.clearTimeout(timer);
    };
  }, [open, module, close]);

  return module ? <module.FilterPopup {...props} /> : null;
}
