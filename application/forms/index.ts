// Public API of the forms application layer: the engine other screens open forms with.
export { createFormEngine, FormEngine, META_KEY, rowErrorsKey, columnOptionsKey } from './engine';
export type {
  FormEngineOptions,
  FormEnginePorts,
  FormMeta,
  FormMode,
  FileTarget,
  FormNotice,
  PickedUpload,
  RowCell,
  RowErrors,
  SubformController,
} from './engine';
export { resolveFormDefinition } from './definition';
// Field limits are a domain rule; the engine applies them when a form opens.
export { applyFieldLimits, parseFieldLimits, editableByLimits } from '../../domain/forms/fieldLimits';
export type { FieldLimit } from '../../domain/forms/fieldLimits';
export { formDraftKey, clearUserDrafts, clearDraft, hasDraft, DRAFT_PREFIX } from './drafts';
export type { DraftScope } from './drafts';
export { loadDataSourceOptions, SelectComponentError } from './dataSources';
export { iframeUrl, iframeHeight, DEFAULT_IFRAME_HEIGHT } from './iframe';
