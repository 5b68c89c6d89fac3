import type { FlowNode, Handler, Issue, NextNodeData } from './types';
import type { Result } from '../shared/result';
import { err, ok } from '../shared/result';
import { HANDLER_REQUIRED, NO_ELIGIBLE_HANDLERS, NO_NEXT_NODES } from './messages';

/** Nodes of this type (the end of the flow) have nobody to hand over to. */
export const NODE_TYPE_WITHOUT_HANDLERS = 4;

export const showsHandlers = (node: Pick<FlowNode, 'type'>): boolean => node.type !== NODE_TYPE_WITHOUT_HANDLERS;

/** A copy recipient; preset ones come from the flow and stay. */
export interface Recipient extends Handler {
  readonly preset: boolean;
}

export interface NextStepSelection {
  readonly nodeId: string | null;
  readonly handlers: readonly Handler[];
  readonly recipients: readonly Recipient[];
}

/** What the handling and initiate bodies need from the chooser. */
export interface NextStepChoice {
  readonly flowNodeId: string;
  readonly userIds: readonly string[];
  readonly sendIds: readonly string[];
}

const list = <T>(value: readonly T[] | null | undefined): readonly T[] => (Array.isArray(value) ? value : []);

const uniqueByValue = <T extends Handler>(items: readonly T[]): readonly T[] => {
  const seen = new Set<string>();
  return items.filter((item) => {
    if (seen.has(item.value)) return false;
    seen.add(item.value);
    return true;
  });
};

export const initialRecipients = (sends: readonly Handler[] | null | undefined): readonly Recipient[] =>
  uniqueByValue(list(sends).map((send) => ({ value: send.value, name: send.name, preset: true })));

/** The first node is chosen at the start, with the handlers the flow proposes. */
export const initialNextStep = (data: NextNodeData): NextStepSelection => {
  const first = list(data.flowNodes)[0];
  return {
    nodeId: first?.id ?? null,
    handlers: first ? uniqueByValue(list(first.handlers)) : [],
    recipients: initialRecipients(data.sends),
  };
};

export const chosenNode = (data: NextNodeData, selection: NextStepSelection): FlowNode | null =>
  list(data.flowNodes).find((node) => node.id === selection.nodeId) ?? null;

/** Switching nodes resets handlers to the new node's proposal; recipients are per flow and stay. */
export const chooseNode = (data: NextNodeData, selection: NextStepSelection, nodeId: string): NextStepSelection => {
  const node = list(data.flowNodes).find((candidate) => candidate.id === nodeId);
  if (!node) return selection;
  return { ...selection, nodeId: node.id, handlers: uniqueByValue(list(node.handlers)) };
};

export const addHandlers = (
  node: Pick<FlowNode, 'isSelect'>,
  current: readonly Handler[],
  people: readonly Handler[],
): Result<readonly Handler[], 'not-selectable'> =>
  node.isSelect ? ok(uniqueByValue([...current, ...people])) : err('not-selectable');

export const removeHandler = (
  node: Pick<FlowNode, 'isSelect'>,
  current: readonly Handler[],
  value: string,
): Result<readonly Handler[], 'not-selectable'> =>
  node.isSelect ? ok(current.filter((handler) => handler.value !== value)) : err('not-selectable');

export const showCopySection = (
  data: Pick<NextNodeData, 'sendIsSelect'>,
  recipients: readonly Recipient[],
): boolean => data.sendIsSelect === true || recipients.length > 0;

export const addRecipients = (
  data: Pick<NextNodeData, 'sendIsSelect'>,
  current: readonly Recipient[],
  people: readonly Handler[],
): Result<readonly Recipient[], 'not-selectable'> =>
  data.sendIsSelect === true
    ? ok(uniqueByValue([...current, ...people.map((p) => ({ value: p.value, name: p.name, preset: false }))]))
    : err('not-selectable');

export const removeRecipient = (
  current: readonly Recipient[],
  value: string,
): Result<readonly Recipient[], 'preset' | 'not-found'> => {
  const target = current.find((recipient) => recipient.value === value);
  if (!target) return err('not-found');
  if (target.preset) return err('preset');
  return ok(current.filter((recipient) => recipient.value !== value));
};

export type NodeIssue = Issue<'handler-required' | 'no-handlers'>;

/**
 * Why a node cannot be submitted with these handlers, or null. The node without
 * eligible people is also a notice the chooser shows before any submit.
 */
export const nodeHandlerIssue = (node: FlowNode, handlers: readonly Handler[]): NodeIssue | null => {
  if (!showsHandlers(node)) return null;
  if (node.isSelect) return handlers.length === 0 ? { code: 'handler-required', message: HANDLER_REQUIRED } : null;
  if (list(node.handlers).length === 0 && !node.isAuto) return { code: 'no-handlers', message: NO_ELIGIBLE_HANDLERS };
  return null;
};

export type NextStepIssue = Issue<'no-nodes' | 'node-required'> | NodeIssue;

/** Checks the chooser and, when it is complete, gives the ids the request bodies carry. */
export const validateNextStep = (
  data: NextNodeData,
  selection: NextStepSelection,
): Result<NextStepChoice, NextStepIssue> => {
  if (list(data.flowNodes).length === 0) return err({ code: 'no-nodes', message: NO_NEXT_NODES });
  const node = chosenNode(data, selection);
  // Unreachable through initialNextStep/chooseNode, which always keep a node chosen.
  if (!node) return err({ code: 'node-required', message: null });
  const issue = nodeHandlerIssue(node, selection.handlers);
  if (issue) return err(issue);
  return ok({
    flowNodeId: node.id,
    userIds: showsHandlers(node) ? selection.handlers.map((handler) => handler.value) : [],
    sendIds: selection.recipients.map((recipient) => recipient.value),
  });
};
