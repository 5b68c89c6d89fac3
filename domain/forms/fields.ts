import { formatDateDisplay } from './dateFormats';
import {
  LIST_SEPARATOR,
  PATH_SEPARATOR,
  RANGE_SEPARATOR,
  READONLY_PLACEHOLDER,
  SUBFORM_ROW_COUNT,
  SWITCH_OFF,
  SWITCH_ON,
  fillMessage,
} from './messages';
import {
  CONTAINER_TYPES,
  CONTENT_TYPES,
  FIELD_TYPES,
  type AddressValue,
  type ContainerDefinition,
  type ContentBlock,
  type FieldDefinition,
  type FieldState,
  type FieldType,
  type FormDefinition,
  type FormState,
  type Option,
  type OptionValue,
  type PickerItem,
  type SubformRow,
  type UploadedFile,
} from './types';
import { isRecord } from '../shared/guards';

// ---------------------------------------------------------------------------
// Node kinds
// ---------------------------------------------------------------------------


const hasType = (node: unknown, types: readonly string[]): boolean =>
  isRecord(node) && typeof node.type === 'string' && types.includes(node.type);

export const isFieldType = (type: unknown): type is FieldType =>
  typeof type === 'string' && (FIELD_TYPES as readonly string[]).includes(type);

/** A value field: a known field type with a string id. */
export const isFieldNode = (node: unknown): node is FieldDefinition =>
  hasType(node, FIELD_TYPES) && typeof (node as { id?: unknown }).id === 'string';

export const isContainerNode = (node: unknown): node is ContainerDefinition => hasType(node, CONTAINER_TYPES);

export const isContentBlock = (node: unknown): node is ContentBlock => hasType(node, CONTENT_TYPES);

const childListsOf = (container: ContainerDefinition): unknown[][] => {
  const lists: unknown[][] = [];
  if (Array.isArray(container.children)) lists.push(container.children);
  if (Array.isArray(container.panes)) {
    for (const pane of container.panes as unknown[]) {
      if (isRecord(pane) && Array.isArray(pane.children)) lists.push(pane.children);
    }
  }
  return lists;
};

/**
 * The value fields of a definition tree in document order. Containers are opened;
 * content blocks and unknown nodes are skipped. A subform is one value field: its
 * columns belong to its rows, not to the main table (see `subformColumns`).
 */
export const walkFields = (nodes: unknown): FieldDefinition[] => {
  const out: FieldDefinition[] = [];
  const visit = (list: unknown, depth: number): void => {
    // Depth cap: a malformed (cyclic) definition must not loop forever.
    if (!Array.isArray(list) || depth > 64) return;
    for (const node of list) {
      if (isFieldNode(node)) out.push(node);
      else if (isContainerNode(node)) for (const l of childListsOf(node)) visit(l, depth + 1);
    }
  };
  visit(nodes, 0);
  return out;
};

/** The value fields of a whole form definition. */
export const formFields = (definition: FormDefinition | null | undefined): FieldDefinition[] =>
  walkFields(isRecord(definition) ? definition.fields : undefined);

/** The columns of a subform row. */
export const subformColumns = (field: FieldDefinition): FieldDefinition[] =>
  field.type === 'subform' ? walkFields(field.children) : [];

/** Content blocks of a tree in document order (containers opened, subforms not). */
export const walkContentBlocks = (nodes: unknown): ContentBlock[] => {
  const out: ContentBlock[] = [];
  const visit = (list: unknown, depth: number): void => {
    if (!Array.isArray(list) || depth > 64) return;
    for (const node of list) {
      if (isContentBlock(node)) out.push(node);
      else if (isContainerNode(node)) for (const l of childListsOf(node)) visit(l, depth + 1);
    }
  };
  visit(nodes, 0);
  return out;
};

/** A value field by id, searching subform columns too. */
export const findField = (nodes: unknown, id: string): FieldDefinition | undefined => {
  for (const field of walkFields(nodes)) {
    if (field.id === id) return field;
    if (field.type === 'subform') {
      const column = subformColumns(field).find((c) => c.id === id);
      if (column) return column;
    }
  }
  return undefined;
};

// ---------------------------------------------------------------------------
// Value kinds
// ---------------------------------------------------------------------------

/**
 * What a field's value is:
 * - text: a string (input, textarea, date in its stored format);
 * - choice: one option value (radio, select);
 * - number: a finite number or null;
 * - boolean: switch;
 * - list: an array (date-range [start, end], checkbox, multiselect, cascader path, picker items);
 * - address: `AddressValue`;
 * - files: `UploadedFile[]` (image, file, document);
 * - rows: `SubformRow[]`.
 */
export type ValueKind = 'text' | 'choice' | 'number' | 'boolean' | 'list' | 'address' | 'files' | 'rows';

const VALUE_KINDS: Readonly<Record<FieldType, ValueKind>> = Object.freeze({
  input: 'text',
  textarea: 'text',
  date: 'text',
  radio: 'choice',
  select: 'choice',
  number: 'number',
  switch: 'boolean',
  'date-range': 'list',
  checkbox: 'list',
  multiselect: 'list',
  cascader: 'list',
  picker: 'list',
  address: 'address',
  image: 'files',
  file: 'files',
  document: 'files',
  subform: 'rows',
});

export const valueKindOf = (type: FieldType): ValueKind => VALUE_KINDS[type];

/** Types whose value is free text with length limits. */
export const isTextType = (type: FieldType): boolean => type === 'input' || type === 'textarea';
export const isFileType = (type: FieldType): type is 'image' | 'file' | 'document' =>
  type === 'image' || type === 'file' || type === 'document';
/** Types whose options come from a data source. */
export const isOptionType = (type: FieldType): boolean =>
  type === 'radio' || type === 'select' || type === 'checkbox' || type === 'multiselect' || type === 'cascader';

/** The value of an untouched field of this type. */
export const emptyValueOf = (type: FieldType): unknown => {
  switch (valueKindOf(type)) {
    case 'text':
    case 'choice':
      return '';
    case 'number':
      return null;
    case 'boolean':
      return false;
    case 'address':
      return { region: [], street: '' } satisfies AddressValue;
    default:
      return [];
  }
};

const isOptionValue = (v: unknown): v is OptionValue =>
  typeof v === 'string' || (typeof v === 'number' && Number.isFinite(v));

/**
 * Brings any value into the shape of the type, or the empty value when it cannot.
 * Used for default values and for data coming back from drafts and the server.
 */
export const coerceValue = (type: FieldType, value: unknown): unknown => {
  switch (valueKindOf(type)) {
    case 'text':
      if (typeof value === 'string') return value;
      return typeof value === 'number' && Number.isFinite(value) ? String(value) : '';
    case 'choice':
      return isOptionValue(value) ? value : '';
    case 'number': {
      if (typeof value === 'number') return Number.isFinite(value) ? value : null;
      if (typeof value === 'string' && value.trim() !== '') {
        const n = Number(value);
        return Number.isFinite(n) ? n : null;
      }
      return null;
    }
    case 'boolean':
      return value === true || value === 1 || value === 'true' || value === '1';
    case 'list':
      if (!Array.isArray(value)) return [];
      if (type === 'picker') return value.filter((i) => isRecord(i) && typeof i.id === 'string');
      if (type === 'date-range') return value.slice(0, 2).map((v) => (isOptionValue(v) ? String(v) : ''));
      return value.filter(isOptionValue);
    case 'address': {
      if (!isRecord(value)) return emptyValueOf(type);
      const region = Array.isArray(value.region) ? value.region.filter((c): c is string => typeof c === 'string') : [];
      return { region, street: typeof value.street === 'string' ? value.street : '' } satisfies AddressValue;
    }
    case 'files':
      return Array.isArray(value)
        ? value.filter((f) => isRecord(f) && typeof f.uid === 'string' && typeof f.name === 'string')
        : [];
    default:
      return Array.isArray(value) ? value.filter((r) => isRecord(r) && typeof r._id === 'string') : [];
  }
};

/** Rows that still count: soft-removed rows are kept for the server but not shown. */
export const activeRows = (rows: unknown): SubformRow[] =>
  Array.isArray(rows) ? (rows as SubformRow[]).filter((r) => isRecord(r) && r._removed !== true) : [];

/**
 * Whether a value counts as "not filled" for the required rule.
 * Decided: whitespace-only text is empty; a switch is never empty (off is an answer);
 * a date range needs both ends; an address needs a region (the street has its own rule).
 */
export const isEmptyValue = (type: FieldType, value: unknown): boolean => {
  switch (valueKindOf(type)) {
    case 'text':
      return typeof value !== 'string' || value.trim() === '';
    case 'choice':
      return !isOptionValue(value) || value === '';
    case 'number':
      return coerceValue('number', value) === null;
    case 'boolean':
      return typeof value !== 'boolean';
    case 'list':
      if (!Array.isArray(value) || value.length === 0) return true;
      if (type === 'date-range') return value.length < 2 || value.some((v) => !isOptionValue(v) || v === '');
      return false;
    case 'address':
      return !isRecord(value) || !Array.isArray(value.region) || value.region.length === 0;
    case 'files':
      return !Array.isArray(value) || value.length === 0;
    default:
      return activeRows(value).length === 0;
  }
};

// ---------------------------------------------------------------------------
// Initial state
// ---------------------------------------------------------------------------

/** The starting value: the default value when it fits the type, else the empty value. */
export const initialValue = (field: FieldDefinition): unknown =>
  field.defaultValue === undefined ? emptyValueOf(field.type) : coerceValue(field.type, field.defaultValue);

/**
 * Decided: internal fields start invisible (kept in the data, never shown), so they
 * are not validated either.
 */
export const initialFieldState = (field: FieldDefinition): FieldState => {
  const state: FieldState = {
    value: initialValue(field),
    visible: field.hidden !== true && field.internal !== true,
    required: field.required === true,
    readonly: field.readonly === true,
    errors: [],
  };
  if (field.dataSource?.type === 'static' && Array.isArray(field.dataSource.options)) {
    state.options = field.dataSource.options;
  }
  return state;
};

/** Initial state of every value field of a form, keyed by field id. */
export const initialFormState = (definition: FormDefinition | null | undefined): FormState => {
  const state: FormState = {};
  for (const field of formFields(definition)) state[field.id] = initialFieldState(field);
  return state;
};

// ---------------------------------------------------------------------------
// Display
// ---------------------------------------------------------------------------

/** Finds an option by value anywhere in an option tree (values compared as text). */
export const findOption = (options: readonly Option[] | undefined, value: unknown): Option | undefined => {
  if (!Array.isArray(options) || !isOptionValue(value)) return undefined;
  const key = String(value);
  const stack: unknown[] = [...options];
  let guard = 0;
  while (stack.length > 0 && guard++ < 100_000) {
    const o = stack.shift();
    if (!isRecord(o)) continue;
    if (isOptionValue(o.value) && String(o.value) === key) return o as unknown as Option;
    if (Array.isArray(o.children)) stack.push(...o.children);
  }
  return undefined;
};

/** A value from the server as text; one that cannot be made text (a broken toString) shows as nothing. */
const plainText = (value: unknown): string => {
  try {
    return String(value);
  } catch {
    return '';
  }
};

const labelOf = (options: readonly Option[] | undefined, value: unknown): string =>
  findOption(options, value)?.label ?? plainText(value);

/** Labels along a path of values, each level looked up among the previous level's children. */
export const pathLabels = (options: readonly Option[] | undefined, path: readonly unknown[]): string[] => {
  const labels: string[] = [];
  let level: readonly Option[] | undefined = options;
  for (const v of path) {
    const found: Option | undefined = Array.isArray(level)
      ? level.find((o) => isRecord(o) && isOptionValue(v) && String(o.value) === String(v))
      : undefined;
    labels.push(found ? found.label : plainText(v));
    level = found?.children;
  }
  return labels;
};

/**
 * The read-only text of a value, for every field type. Empty values show the
 * placeholder '-'. `options` are the field's loaded options (regions for an address).
 */
export const displayValue = (field: FieldDefinition, value: unknown, options?: readonly Option[]): string => {
  if (!isRecord(field) || !isFieldType(field.type) || isEmptyValue(field.type, value)) return READONLY_PLACEHOLDER;
  const text = displayText(field, value, options);
  return text.trim() === '' ? READONLY_PLACEHOLDER : text;
};

const displayText = (field: FieldDefinition, value: unknown, options?: readonly Option[]): string => {
  switch (field.type) {
    case 'input':
    case 'textarea':
      return value as string;
    case 'number':
      return String(coerceValue('number', value));
    case 'switch':
      return value === true ? SWITCH_ON : SWITCH_OFF;
    case 'date':
      return formatDateDisplay(value, field.mode) ?? (value as string);
    case 'date-range':
      return (value as string[]).map((v) => formatDateDisplay(v, field.mode) ?? v).join(RANGE_SEPARATOR);
    case 'radio':
    case 'select':
      return labelOf(options, value);
    case 'checkbox':
    case 'multiselect':
      return (value as unknown[]).map((v) => labelOf(options, v)).join(LIST_SEPARATOR);
    case 'cascader':
      return pathLabels(options, value as unknown[]).join(PATH_SEPARATOR);
    case 'address': {
      const a = coerceValue('address', value) as AddressValue;
      const region = pathLabels(options, a.region).join('');
      const street = a.street?.trim() ?? '';
      return street === '' ? region : `${region} ${street}`;
    }
    case 'picker':
      return (value as unknown[])
        .map((i) => (isRecord(i) && typeof i.name === 'string' ? (i as unknown as PickerItem).name : ''))
        .filter((n) => n !== '')
        .join(LIST_SEPARATOR);
    case 'image':
    case 'file':
    case 'document':
      return (value as unknown[])
        .map((f) => (isRecord(f) && typeof f.name === 'string' ? (f as unknown as UploadedFile).name : ''))
        .filter((n) => n !== '')
        .join(LIST_SEPARATOR);
    case 'subform':
      return fillMessage(SUBFORM_ROW_COUNT, { n: activeRows(value).length });
  }
};
