/**
 * The JSON shape of form definitions served as `formJson` (SPEC point 3, Dynamic forms).
 *
 * The sandbox keeps its own copy of the shape so it does not depend on the client's
 * code; a test checks that every seeded form is assignable to the client's
 * `domain/forms/types.ts` FormDefinition, so the two cannot drift apart unnoticed.
 * docs/forms-schema.md describes the shape in prose.
 */

export type FieldType =
  | 'input'
  | 'textarea'
  | 'number'
  | 'switch'
  | 'date'
  | 'date-range'
  | 'radio'
  | 'checkbox'
  | 'select'
  | 'multiselect'
  | 'cascader'
  | 'address'
  | 'image'
  | 'file'
  | 'document'
  | 'picker'
  | 'subform';

export type ContainerType = 'grid' | 'tabs' | 'steps' | 'collapse' | 'table';
export type DateMode = 'year' | 'month' | 'day' | 'Date' | 'DateTime';
export type TextFormat = 'mobile' | 'phone' | 'email' | 'id-card';

export interface Option {
  label: string;
  value: string | number;
  children?: Option[];
  isLeaf?: boolean;
}

export type DataSource =
  | { type: 'static'; options: Option[] }
  | { type: 'dictionary'; code: string }
  | { type: 'area' }
  | { type: 'select-component'; id?: string; code?: string }
  | { type: 'event-config'; id: string };

export interface FieldDefinition {
  id: string;
  identifier?: string;
  type: FieldType;
  title?: string;
  hideTitle?: boolean;
  description?: { text?: string; color?: string };
  placeholder?: string;
  defaultValue?: unknown;
  required?: boolean;
  hidden?: boolean;
  readonly?: boolean;
  min?: number;
  max?: number;
  mode?: DateMode;
  direction?: 'horizontal' | 'vertical';
  accept?: string[];
  maxCount?: number;
  size?: number;
  width?: number;
  height?: number;
  accurate?: boolean;
  dataSource?: DataSource;
  inherited?: boolean;
  internal?: boolean;
  format?: TextFormat;
  pattern?: { pattern: string; message: string };
  children?: FormNode[];
  nonAddable?: boolean;
  nonEditable?: boolean;
  nonRemovable?: boolean;
  message?: string;
}

export interface ContainerPane {
  id?: string;
  title?: string;
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
  panes?: ContainerPane[];
  children?: FormNode[];
}

export type ContentBlock =
  | { id: string; type: 'paragraph'; content?: string; hidden?: boolean }
  | { id: string; type: 'text'; content?: string; hidden?: boolean }
  | { id: string; type: 'iframe'; src: string; height?: number; params?: { key: string; fieldId: string }[]; hidden?: boolean };

export type FormNode = FieldDefinition | ContainerDefinition | ContentBlock;

export type MatcherFactor = 'empty' | 'not-empty' | 'in' | 'not-in' | 'is' | 'not' | 'less' | 'more' | 'between';
export type RelativeDate = { value: number; unit: 'day' | 'week' | 'month' | 'year' };

export interface Matcher {
  fieldId: string;
  factor: MatcherFactor;
  value?: unknown;
  relative?: RelativeDate | [RelativeDate, RelativeDate];
}

export type ExecutorOp = 'required' | 'optional' | 'visible' | 'hidden' | 'disabled' | 'editable' | 'set' | 'data-source';

export interface Executor {
  fieldId: string;
  op: ExecutorOp;
  dataSource?: DataSource;
  value?: unknown;
  event?: string;
}

export interface Interceptor {
  id: string;
  disabled?: boolean;
  matchers: Matcher[];
  executors: Executor[];
}

export interface Listener {
  id: string;
  disabled?: boolean;
  fields: string[];
  executors: Executor[];
}

export interface InitialReminder {
  title?: string;
  content?: string;
  countdown?: number;
  closeText?: string;
  closeColor?: string;
  disabled?: boolean;
}

export interface FormDefinition {
  fields: FormNode[];
  v?: string | number;
  dataSourceId?: string;
  table?: string;
  initialReminder?: InitialReminder;
  interceptors?: Interceptor[];
  listeners?: Listener[];
}

const FIELD_TYPES: readonly string[] = [
  'input', 'textarea', 'number', 'switch', 'date', 'date-range', 'radio', 'checkbox', 'select',
  'multiselect', 'cascader', 'address', 'image', 'file', 'document', 'picker', 'subform',
];

export const isField = (node: FormNode): node is FieldDefinition => FIELD_TYPES.includes(node.type);

export const isContainer = (node: FormNode): node is ContainerDefinition =>
  ['grid', 'tabs', 'steps', 'collapse', 'table'].includes(node.type);

/**
 * The value fields of a node list in document order, with whether an enclosing
 * container hides them. A subform is one field; its columns are not listed.
 */
export function walkFields(nodes: readonly FormNode[], hiddenByParent = false): { field: FieldDefinition; hiddenByParent: boolean }[] {
  const out: { field: FieldDefinition; hiddenByParent: boolean }[] = [];
  for (const node of nodes) {
    if (isField(node)) out.push({ field: node, hiddenByParent });
    else if (isContainer(node)) {
      const hidden = hiddenByParent || node.hidden === true;
      if (node.children) out.push(...walkFields(node.children, hidden));
      for (const pane of node.panes ?? []) out.push(...walkFields(pane.children ?? [], hidden));
    }
  }
  return out;
}

export const fieldKey = (f: FieldDefinition): string => f.identifier ?? f.id;
