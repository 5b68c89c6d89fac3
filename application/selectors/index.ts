// Public API of the selectors application layer: the selection channel and the selector page's model.
export {
  $selections,
  selectionRequested,
  selectionConfirmed,
  selectionCancelled,
  selectionConsumed,
  doneSelection,
  fieldSelectionKey,
  requestFromQuery,
} from './model';
export type { SelectionRequest, SelectionEntry, SelectionStatus } from './model';
export { createSelectorPageModel, selectorPageScreen } from './pageModel';
export type { SelectorPageModel, SelectorPageParams, SelectorSnapshot } from './pageModel';
export { loadSelectComponent, loadSelectorPage, selectComponentOptions } from './useCases';
export type { ComponentRef, SelectorPageQuery, LoadedSelectorPage } from './useCases';
