/**
 * Entities of the low-code dynamic forms (SPEC point 3 "Dynamic forms").
 *
 * Field names are the wire's names wherever the spec gives them. Where the spec is
 * silent the chosen shape is documented next to the type; the sandbox backend and
 * the adapters follow these shapes.
 */

// ---------------------------------------------------------------------------
// Field, container and content-block kinds
// ---------------------------------------------------------------------------

export const FIELD_TYPES = [
  'input',
  'textarea',
  'number',
  'switch',
  'date',
  'date-range',
  'radio',
  'checkbox',
  'select',
  'multiselect',
  'cascader',
  'address',
  'image',
  'file',
  'document',
  'picker',
  'subform',
] as const;
export type FieldType = (typeof FIELD_TYPES)[number];

export const CONTAINER_TYPES = ['grid', 'tabs', 'steps', 'collapse', 'table'] as const;
export type ContainerType = (typeof CONTAINER_TYPES)[number];

export const CONTENT_TYPES = ['paragraph', 'iframe', 'text'] as const;
export type ContentType = (typeof CONTENT_TYPES)[number];

/** Any node of a form definition tree. */
export type NodeType = FieldType | ContainerType | ContentType;

/** Date modes as the designer stores them (SPEC: year, month, day, Date, DateTime). */
export const DATE_MODES = ['year', 'month', 'day', 'Date', 'DateTime'] as const;
export type DateMode = (typeof DATE_MODES)[number];

/** Text validation formats (SPEC: mobile, phone, email, id-card). */
export const TEXT_FORMATS = ['mobile', 'phone', 'email', 'id-card'] as const;
export type TextFormat = (typeof TEXT_FORMATS)[number];

/** File kinds usable in `accept` besides plain extensions (SPEC: image, media, doc, zip). */
export const FILE_KINDS = ['image', 'media', 'doc', 'zip'] as const;
export type FileKind = (typeof FILE_KINDS)[number];

// ---------------------------------------------------------------------------
// Options, regions, data sources
// ---------------------------------------------------------------------------

export type OptionValue = string | number;

export interface Option {
  label: string;
  value: OptionValue;
  children?: Option[];
  /** Lazy cascaders: false (or absent) means children may still be loaded. */
  isLeaf?: boolean;
}

/** Region tree node from `area/cascader`. `leve` is the wire's spelling of "level". */
export interface RegionNode {
  name: string;
  code: string;
  leve?: number;
  children?: RegionNode[];
}

/**
 * Where a choice field gets its options. The spec names the sources but not the
 * descriptor, so it is a tagged union on `type`:
 * - `static`: options written into the definition;
 * - `dictionary`: `dictionary/drop-down-list?code=` (name -> label, id -> value);
 * - `area`: `area/cascader`, region nodes mapped to options;
 * - `select-component`: a select component by `id` or by `code` (picker fields);
 * - `event-config`: `event-config/run` with the form data, reading result or result.items.
 */
export type DataSource =
  | { type: 'static'; options: Option[] }
  | { type: 'dictionary'; code: string }
  | { type: 'area' }
  | { type: 'select-component'; id?: string; code?: string }
  | { type: 'event-config'; id: string };
export type DataSourceType = DataSource['type'];

// ---------------------------------------------------------------------------
// Field definitions
// ---------------------------------------------------------------------------

export interface FieldDescription {
  text?: string;
  color?: string;
}

/** A custom validation pattern; `pattern` is a JavaScript RegExp source. */
export interface CustomPattern {
  pattern: string;
  message: string;
}

export interface FieldDefinition {
  id: string;
  /** Stable key of the column in the app's table, sent as `key` on submit. */
  identifier?: string;
  type: FieldType;
  title?: string;
  hideTitle?: boolean;
  description?: FieldDescription;
  placeholder?: string;
  defaultValue?: unknown;
  required?: boolean;
  hidden?: boolean;
  readonly?: boolean;
  /** Text: minimum length; number: minimum value. */
  min?: number;
  /** Text: maximum length; number: maximum value. */
  max?: number;
  /** Date fields: a DateMode; other types may carry their own designer modes. */
  mode?: DateMode | (string & {});
  direction?: 'horizontal' | 'vertical';
  /** File fields: extensions (with or without dot) and/or file kinds; a comma list is accepted too. */
  accept?: string[] | string;
  /** File fields: most files; subform: most rows. */
  maxCount?: number;
  /** File fields: largest file, in MB. */
  size?: number;
  /** Image fields: pixel width/height limits; exact when `accurate`. */
  width?: number;
  height?: number;
  accurate?: boolean;
  dataSource?: DataSource;
  /** Value carried over from a previous node's data rather than typed here. */
  inherited?: boolean;
  /** Internal field: kept in the data but never shown to the user. */
  internal?: boolean;
  /** Text fields: one of the built-in formats. */
  format?: TextFormat;
  /** Text fields: a custom pattern with its own message. */
  pattern?: CustomPattern;
  /** Subform: the columns of a row (value fields, possibly in containers). */
  children?: FormNode[];
  // Subform props
  nonAddable?: boolean;
  nonEditable?: boolean;
  nonRemovable?: boolean;
  /** Subform: message shown when required and there are no rows. */
  message?: string;
}

// ---------------------------------------------------------------------------
// Containers and content blocks
// ---------------------------------------------------------------------------

/**
 * One pane of a container: a grid column, a tab, a step, a collapse panel or a
 * table cell. The spec names containers only; panes are how they hold children.
 */
export interface ContainerPane {
  id?: string;
  title?: string;
  /** Grid column span (of 24) or table cell position; layout only. */
  span?: number;
  row?: number;
  col?: number;
  children?: FormNode[];
}

export interface ContainerDefinition {
  id: string;
  type: ContainerType;
  title?: string;
  hidden?: boolean;
  /** Panes of the container (tabs, steps, collapse panels, grid columns, table cells). */
  panes?: ContainerPane[];
  /** Children placed directly, for containers without panes. */
  children?: FormNode[];
}

export interface IframeParam {
  key: string;
  fieldId: string;
}

export interface ParagraphBlock {
  id: string;
  type: 'paragraph';
  /** Sanitised HTML. */
  content?: string;
  hidden?: boolean;
}

export interface TextBlock {
  id: string;
  type: 'text';
  content?: string;
  hidden?: boolean;
}

export interface IframeBlock {
  id: string;
  type: 'iframe';
  src: string;
  /** Pixels; 200 when absent (SPEC point 9). */
  height?: number;
  /** Query parameters filled from field values. */
  params?: IframeParam[];
  hidden?: boolean;
}

export type ContentBlock = ParagraphBlock | TextBlock | IframeBlock;

export type FormNode = FieldDefinition | ContainerDefinition | ContentBlock;

// ---------------------------------------------------------------------------
// Rules
// ---------------------------------------------------------------------------

export const MATCHER_FACTORS = ['empty', 'not-empty', 'in', 'not-in', 'is', 'not', 'less', 'more', 'between'] as const;
export type MatcherFactor = (typeof MATCHER_FACTORS)[number];

/** The spec does not list relative date units; these are the designer's usual ones. */
export const RELATIVE_DATE_UNITS = ['day', 'week', 'month', 'year'] as const;
export type RelativeDateUnit = (typeof RELATIVE_DATE_UNITS)[number];

/** "value plus a unit" relative to now (negative is the past). */
export interface RelativeDate {
  value: number;
  unit: RelativeDateUnit;
}

export interface Matcher {
  fieldId: string;
  factor: MatcherFactor;
  /** Compared value; for `between` a pair [low, high]; for `in`/`not-in` a list (or text for text fields). */
  value?: unknown;
  /** Date fields: compare with now plus this offset instead of `value` (a pair for `between`). */
  relative?: RelativeDate | [RelativeDate, RelativeDate];
}

export const EXECUTOR_OPS = [
  'required',
  'optional',
  'visible',
  'hidden',
  'disabled',
  'editable',
  'set',
  'data-source',
] as const;
export type ExecutorOp = (typeof EXECUTOR_OPS)[number];

export interface Executor {
  fieldId: string;
  op: ExecutorOp;
  /** For `data-source`: the replacement source. */
  dataSource?: DataSource;
  /** For `set`: the new value. */
  value?: unknown;
  /** For `set`: an event-config id whose result becomes the value. */
  event?: string;
}

export interface Interceptor {
  id: string;
  disabled?: boolean;
  /** All matchers must hold. */
  matchers: Matcher[];
  executors: Executor[];
}

export interface Listener {
  id: string;
  disabled?: boolean;
  /** Watched field ids. */
  fields: string[];
  executors: Executor[];
}

// ---------------------------------------------------------------------------
// Form definition
// ---------------------------------------------------------------------------

export interface InitialReminder {
  title?: string;
  content?: string;
  /** Seconds before the close button enables. */
  countdown?: number;
  closeText?: string;
  closeColor?: string;
  disabled?: boolean;
}

export interface FormDefinition {
  fields: FormNode[];
  v?: string | number;
  dataSourceId?: string;
  /** The main table id, sent as `mainTable.id`. */
  table?: string;
  initialReminder?: InitialReminder;
  interceptors?: Interceptor[];
  listeners?: Listener[];
}

// ---------------------------------------------------------------------------
// Values and runtime state
// ---------------------------------------------------------------------------

export type UploadStatus = 'uploading' | 'done' | 'error';

export interface UploadedFile {
  uid: string;
  name: string;
  domain?: string;
  path?: string;
  /** Bytes. */
  size?: number;
  userFileId?: string;
  status: UploadStatus;
  percent?: number;
  url?: string;
  /** Image fields: natural pixel size, measured when the image is picked. */
  width?: number;
  height?: number;
}

/** Address value: region codes from province down (SPEC: region plus street). */
export interface AddressValue {
  region: string[];
  street?: string;
}

/** Picker value item: a record chosen in a selector. */
export interface PickerItem {
  id: string;
  name: string;
}

export interface SubformRow {
  /** Server id of a saved row; absent for rows added here. */
  id?: string;
  /** Client-side key, unique within the subform. */
  _id: string;
  /** Row that came from saved data. */
  _isHistory?: boolean;
  _editing?: boolean;
  _removed?: boolean;
  values: Record<string, unknown>;
}

export interface FieldState {
  value: unknown;
  visible: boolean;
  required: boolean;
  readonly: boolean;
  options?: Option[];
  /** Replacement options source set by a `data-source` rule. */
  dataSource?: DataSource;
  errors: string[];
}

/** Runtime state of a form: one FieldState per value field id. */
export type FormState = Record<string, FieldState>;

// ---------------------------------------------------------------------------
// Submitted data
// ---------------------------------------------------------------------------

export interface SubmittedField {
  id: string;
  key: string;
  value: unknown;
}

export interface SubmittedSubData {
  id: string;
  fields: SubmittedField[];
  /** Row change kind as the server numbers it; formData.ts owns the mapping. */
  type: number;
}

export interface SubmittedFormData {
  code: string;
  mainTable: { id: string; fields: SubmittedField[] };
  subTable: { id: string; subDatas: SubmittedSubData[] }[];
}
