import { useUnit } from 'effector-react';
import { todoOpenerScreen, type OpenableTodo } from '../../application/search/todoOpenerModel';
import { useScreenModel } from './screenModel';

/**
 * Opens a to-do as 查看详情 does (application/search/todoOpenerModel.ts): the to-do
 * page, or the approval page for an approval-type item after applying the campus its
 * link carries. Shared by global search and the home to-do widget.
 */
export function useOpenTodo(): (item: OpenableTodo) => void {
  return useUnit(useScreenModel(todoOpenerScreen, undefined).todoOpened);
}
