// Public API of the forms application layer: the engine other screens open forms with.
export { createFormEngine, FormEngine, META_KEY, rowErrorsKey, columnOptionsKey } from './engine';
export type {
  FormEngineOptions,
  FormEnginePorts,
  FormMeta,
  FormMode,
  FormNotice,
  PickedUpload,
  RowErrors,
  SubformController,
} from './engine';
export { resolveFormDefinition } from './definition';
export { applyFieldLimits, parseFieldLimits, editableByLimits } from './fieldLimits';
export type { FieldLimit } from './fieldLimits';
export { formDraftKey, clearUserDrafts, clearDraft, hasDraft, DRAFT_PREFIX } from './drafts';
export type { DraftScope } from './drafts';
export { loadDataSourceOptions, SelectComponentError } from './dataSources';
export { iframeUrl, iframeHeight, DEFAULT_IFRAME_HEIGHT } from './iframe';
