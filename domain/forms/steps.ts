import { err, ok, type Message, type Result } from '../shared/result';
import { isContainerNode, isFieldNode, walkFields } from './fields';
import { NEXT_STEP_REQUIRED, STEP_FAILED } from './messages';
import type { FormMode } from './fieldLimits';
import type { ContainerDefinition, FieldDefinition, FormState } from './types';
import { hasErrors, validateForm, validateSubmit, type FormFailure } from './validation';

/**
 * A steps form (SPEC point 4): "next" validates only the current step's fields;
 * submitting needs the final step. Fields outside the steps container are checked
 * on submit only.
 */

export interface Step {
  id?: string;
  title?: string;
  fields: FieldDefinition[];
}

/** The first steps container of a tree (depth first; subform columns are not searched). */
export const findStepsContainer = (nodes: unknown): ContainerDefinition | undefined => {
  const visit = (list: unknown, depth: number): ContainerDefinition | undefined => {
    if (!Array.isArray(list) || depth > 64) return undefined;
    for (const node of list) {
      if (isFieldNode(node) || !isContainerNode(node)) continue;
      if (node.type === 'steps') return node;
      const lists = [node.children, ...(Array.isArray(node.panes) ? node.panes.map((p) => p?.children) : [])];
      for (const l of lists) {
        const found = visit(l, depth + 1);
        if (found) return found;
      }
    }
    return undefined;
  };
  return visit(nodes, 0);
};

/** The steps of a tree, each with its value fields; empty when the form has no steps. */
export const stepsOf = (nodes: unknown): Step[] => {
  const container = findStepsContainer(nodes);
  if (!container || !Array.isArray(container.panes)) return [];
  return container.panes
    .filter((p) => typeof p === 'object' && p !== null)
    .map((p) => ({
      ...(typeof p.id === 'string' ? { id: p.id } : {}),
      ...(typeof p.title === 'string' ? { title: p.title } : {}),
      fields: walkFields(p.children),
    }));
};

const index = (n: unknown): number => (typeof n === 'number' && Number.isInteger(n) ? n : 0);

/** The step index kept within 0..total-1 (0 when there are no steps). */
export const clampStep = (current: unknown, total: number): number =>
  Math.max(0, Math.min(index(current), Math.max(0, Math.floor(total) - 1)));

/** A form without steps is always at its final step. */
export const isFinalStep = (current: unknown, total: number): boolean => !(total > 1) || index(current) >= total - 1;

export const prevStep = (current: unknown, total: number): number => clampStep(index(current) - 1, total);

export interface StepMove {
  current: number;
}

/** Validates the current step; on success moves to the next one (staying on the last). */
export const nextStep = (steps: readonly Step[], current: unknown, state: FormState): Result<StepMove, FormFailure> => {
  const list = Array.isArray(steps) ? steps : [];
  const at = clampStep(current, list.length);
  const errors = validateForm(list[at]?.fields ?? [], state);
  if (hasErrors(errors)) return err({ message: STEP_FAILED, errors });
  return ok({ current: clampStep(at + 1, list.length) });
};

/**
 * Who the steps rule is for: whoever fills the form (launch, resubmit: mode 'edit') pages
 * through it with 上一步/下一步 and must reach the final step before submitting. A form
 * open to be read (the approval detail: mode 'readonly') shows every step one after the
 * other and never asks for 下一步; the fields its node opens are still checked on submit.
 */
export const pagesSteps = (mode: FormMode, total: number): boolean => mode === 'edit' && total > 1;

/** 请完成下一步 until the final step is reached. */
export const submitGate = (current: unknown, total: number): Message => (isFinalStep(current, total) ? null : NEXT_STEP_REQUIRED);

/** Submit of a steps form: the final step first, then every field of the form. */
export const submitSteps = (
  fields: readonly FieldDefinition[],
  state: FormState,
  current: unknown,
  total: number,
): Result<FormState, FormFailure> => {
  const gate = submitGate(current, total);
  return gate ? err({ message: gate, errors: {} }) : validateSubmit(fields, state);
};
