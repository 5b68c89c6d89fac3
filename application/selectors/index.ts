// Public API of the selectors application layer: the selection channel and the selector page session.
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
export { SelectorSession } from './session';
export type { SelectorSnapshot, SelectorSessionOptions } from './session';
export { loadSelectComponent, loadSelectorPage, selectComponentOptions } from './useCases';
export type { ComponentRef, SelectorPageQuery, LoadedSelectorPage } from './useCases';
