import { useUnit } from 'effector-react';
import { lazyModule } from '../shared/lazyModule';
import { useWantedModule } from '../shared/wantedModule';
import type { FilterPopupProps } from './FilterPopup';

/*
 * The 筛选 popup brings the pickers, the date pickers and the flow list, none of which
 * the list's first frame shows (the approval list's Lighthouse score counts that code).
 * Its code is fetched once the page has settled (whenSettled: the load event, a few
 * seconds and an idle moment), so the first tap opens it at once, or at the tap when that
 * comes first. Fetched at the first idle moment, it raced the list's first cards
 * (bench/notes.md, tenth session).
 */
const FILTER_POPUP = lazyModule(() => import('./FilterPopup'));

export function LazyFilterPopup(props: FilterPopupProps) {
  const [open, codeFailed] = useUnit([props.model.$filterOpen, props.model.filterCodeFailed]);
  // 筛选 tapped before the code is here: fetched now (again, after a failure). A download
  // that fails while the popup is wanted is the model's to tell (加载失败); it closes the
  // popup, so the next tap tries again.
  const module = useWantedModule(FILTER_POPUP, open, codeFailed, { when: 'settled' });
  return module ? <module.FilterPopup {...props} /> : null;
}
