import { useUnit } from 'effector-react';
import { useCallback } from 'react';
import type { Navigator, Notifier } from '../../application/ports/runtime';
import { NAVIGATOR, NOTIFIER } from '../../application/ports/tokens';
import { openTodo } from '../../application/search/useCases';
import type { SearchTodoMatter } from '../../domain/search/types';
import { useInjection } from './di';
import { useSessionModel } from './session';

/**
 * Opens a to-do as 查看详情 does (application/search/useCases.ts openTodo): the to-do
 * page, or the approval page for an approval-type item after applying the campus its
 * link carries. Shared by global search and the home to-do widget.
 */
export function useOpenTodo(): (item: Pick<SearchTodoMatter, 'id' | 'type' | 'data'>) => void {
  const navigator = useInjection<Navigator>(NAVIGATOR);
  const notifier = useInjection<Notifier>(NOTIFIER);
  const model = useSessionModel();
  const campuses = useUnit(model.$campuses);
  return useCallback(
    (item) => {
      void openTodo(
        { navigator, notifier, linkCampus: (campusId) => model.linkCampusFx({ campuses, campusId }) },
        item,
      );
    },
    [navigator, notifier, model, campuses],
  );
}
