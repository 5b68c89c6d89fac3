import { isContainerNode, isFieldNode } from './fields';
import type { FieldDefinition, FormDefinition, FormNode } from './types';
import { isRecord } from '../shared/guards';

/**
 * Per-node field limits (flow detail `fieldLimits`): what the current flow node does to
 * each field. The spec names them without their shape; the sandbox and docs/forms.md use
 * `{ fieldId, editable, hidden, required }`.
 *
 * They are applied by rewriting the definition the engine runs on, so the rule engine
 * treats them as the field's own flags: a rule that lapses puts back the node's flags,
 * not the designer's.
 *
 * Readings (decided):
 * - hidden true hides the field; hidden false leaves the designer's visibility;
 * - editable false makes it read-only; editable true makes it editable, also in a
 *   read-only form (an approver fills the fields their node opens);
 * - required true makes it required (and visible); required false leaves the designer's flag.
 */
export interface FieldLimit {
  readonly fieldId: string;
  readonly editable?: boolean;
  readonly hidden?: boolean;
  readonly required?: boolean;
}

/** How a form is open: editable, or read-only (an approval detail unless the node opens fields). */
export type FormMode = 'edit' | 'readonly';

/** The wire sends flags as booleans or as 0 and 1; anything else is "not said". */
const flag = (v: unknown): boolean | undefined => (v === true || v === 1 ? true : v === false || v === 0 ? false : undefined);

/** Field limits from the wire: a list (or its JSON text); malformed entries are dropped. */
export const parseFieldLimits = (raw: unknown): FieldLimit[] => {
  let list: unknown = raw;
  if (typeof raw === 'string') {
    try {
      list = JSON.parse(raw) as unknown;
    } catch {
      return [];
    }
  }
  if (!Array.isArray(list)) return [];
  const out: FieldLimit[] = [];
  for (const item of list) {
    if (!isRecord(item) || typeof item.fieldId !== 'string' || item.fieldId === '') continue;
    const limit: { fieldId: string; editable?: boolean; hidden?: boolean; required?: boolean } = { fieldId: item.fieldId };
    const editable = flag(item.editable);
    const hidden = flag(item.hidden);
    const required = flag(item.required);
    if (editable !== undefined) limit.editable = editable;
    if (hidden !== undefined) limit.hidden = hidden;
    if (required !== undefined) limit.required = required;
    out.push(limit);
  }
  return out;
};

/** Ids of the fields a read-only form still lets the user edit (limits with editable true). */
export const editableByLimits = (limits: readonly FieldLimit[]): Set<string> =>
  new Set(limits.filter((l) => l.editable === true).map((l) => l.fieldId));

/** Depth cap: a malformed (cyclic) definition must not recurse forever. */
const MAX_DEPTH = 64;

const patchField = (field: FieldDefinition, limit: FieldLimit | undefined, mode: FormMode): FieldDefinition => {
  const next: FieldDefinition = { ...field };
  if (mode === 'readonly' && limit?.editable !== true) next.readonly = true;
  if (limit) {
    if (limit.hidden === true) next.hidden = true;
    if (limit.editable === false) next.readonly = true;
    if (limit.editable === true) next.readonly = false;
    if (limit.required === true) {
      next.required = true;
      next.hidden = false;
    }
  }
  return next;
};

const patchNodes = (nodes: readonly FormNode[], limits: ReadonlyMap<string, FieldLimit>, mode: FormMode, depth: number): FormNode[] => {
  if (depth > MAX_DEPTH) return [...nodes];
  return nodes.map((node) => {
    if (isFieldNode(node)) {
      const patched = patchField(node, limits.get(node.id), mode);
      // Subform columns follow the limits too (their ids are form-wide).
      if (Array.isArray(node.children)) patched.children = patchNodes(node.children, limits, mode, depth + 1);
      return patched;
    }
    if (isContainerNode(node)) {
      return {
        ...node,
        ...(Array.isArray(node.children) ? { children: patchNodes(node.children, limits, mode, depth + 1) } : {}),
        ...(Array.isArray(node.panes)
          ? { panes: node.panes.map((p) => (isRecord(p) && Array.isArray(p.children) ? { ...p, children: patchNodes(p.children, limits, mode, depth + 1) } : p)) }
          : {}),
      };
    }
    return node;
  });
};

/**
 * The definition as the current node sees it: limits applied and, in a read-only form,
 * every field read-only except those the node opens. The input is not changed.
 */
export const applyFieldLimits = (definition: FormDefinition, limits: readonly FieldLimit[], mode: FormMode): FormDefinition => {
  if (!isRecord(definition)) return { fields: [] };
  if (limits.length === 0 && mode === 'edit') return definition;
  const byId = new Map(limits.map((l) => [l.fieldId, l]));
  return { ...definition, fields: patchNodes(Array.isArray(definition.fields) ? definition.fields : [], byId, mode, 0) };
};
