import { Toast } from 'antd-mobile';
import { useUnit } from 'effector-react';
import { useEffect, useRef } from 'react';
import { lazyModule, useLazyModule } from '../shared/lazyModule';
import { LOAD_FAILED } from '../shared/strings';
import type { FilterPopupProps } from './FilterPopup';

/*
 * The 筛选 popup brings the pickers, the date pickers and the flow list, none of which
 * the list's first frame shows (issue 8: Lighthouse on the approval list). Its code is
 * fetched once the phone is idle after the list has settled, so the first tap opens it
 * at once, or at the tap when that comes first.
 */
const FILTER_POPUP = lazyModule(() => import('./FilterPopup'));

export function LazyFilterPopup(props: FilterPopupProps) {
  const [open, close] = useUnit([props.model.$filterOpen, props.model.filterClosed]);
  const { module, failed, retry } = useLazyModule(FILTER_POPUP, { when: 'idle' });

  // 筛选 tapped before the code is here: fetch it now (again, after a failure). A download
  // that fails while the popup is wanted says so and closes it, so the next tap tries again.
  const asked = useRef(false);
  useEffect(() => {
    if (!open || module) {
      asked.current = false;
      return;
    }
    if (!asked.current) {
      asked.current = true;
      retry();
    } else if (failed) {
      asked.current = false;
      Toast.show({ icon: 'fail', content: LOAD_FAILED });
      close();
    }
  }, [open, module, failed, retry, close]);

  return module ? <module.FilterPopup {...props} /> : null;
}
