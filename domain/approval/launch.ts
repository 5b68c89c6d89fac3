import type { InitialReminder, InitiateFlowInfo, LaunchableFlow, LaunchableFlowCategory } from './types';
import type { Message } from '../shared/result';
import {
  APP_CONFIG_ERROR,
  LAUNCH_TAB_CHART,
  LAUNCH_TAB_FORM,
  NO_APPROVAL_FLOW,
  REMINDER_DEFAULT_CLOSE,
  REMINDER_DEFAULT_TITLE,
  reminderCountdownLabel,
} from './messages';
import { nonBlank } from './format';

export const LAUNCH_TABS = Object.freeze([
  Object.freeze({ key: 'form', title: LAUNCH_TAB_FORM }),
  Object.freeze({ key: 'chart', title: LAUNCH_TAB_CHART }),
] as const);

// Initial reminder

export interface ReminderModal {
  readonly title: string;
  readonly content: string;
  readonly closeText: string;
  readonly closeColor: string | null;
  /** Whole seconds before closing is allowed; 0 means at once. */
  readonly countdown: number;
}

const wholeSeconds = (value: unknown): number =>
  typeof value === 'number' && Number.isFinite(value) && value > 0 ? Math.ceil(value) : 0;

/** The modal to show, or null when the form config has none or it is switched off. */
export const reminderModal = (reminder: InitialReminder | null | undefined): ReminderModal | null => {
  if (!reminder || typeof reminder !== 'object' || reminder.disabled === true) return null;
  return {
    title: nonBlank(reminder.title) ? reminder.title : REMINDER_DEFAULT_TITLE,
    content: typeof reminder.content === 'string' ? reminder.content : '',
    closeText: nonBlank(reminder.closeText) ? reminder.closeText : REMINDER_DEFAULT_CLOSE,
    closeColor: nonBlank(reminder.closeColor) ? reminder.closeColor : null,
    countdown: wholeSeconds(reminder.countdown),
  };
};

/** Seconds left before the close button enables, given the seconds since the modal opened. */
export const remainingSeconds = (countdown: unknown, elapsedSeconds: unknown): number => {
  const total = wholeSeconds(countdown);
  const elapsed =
    typeof elapsedSeconds === 'number' && !Number.isNaN(elapsedSeconds) ? Math.max(0, elapsedSeconds) : 0;
  return Math.max(0, Math.ceil(total - elapsed));
};

export const canCloseReminder = (countdown: unknown, elapsedSeconds: unknown): boolean =>
  remainingSeconds(countdown, elapsedSeconds) === 0;

export const reminderCloseLabel = (modal: ReminderModal, elapsedSeconds: unknown): string => {
  const left = remainingSeconds(modal.countdown, elapsedSeconds);
  return left > 0 ? reminderCountdownLabel(modal.closeText, left) : modal.closeText;
};

// Launch page errors

/**
 * What the launch page shows instead of the form: the server's message when it
 * sets one, the configuration error when the answer is missing or has no app.
 */
export const launchConfigError = (info: InitiateFlowInfo | null | undefined): Message => {
  if (!info || typeof info !== 'object') return APP_CONFIG_ERROR;
  if (nonBlank(info.message)) return info.message;
  return nonBlank(info.appId) ? null : APP_CONFIG_ERROR;
};

/** An approval app whose code maps to no flow. */
export const flowIdError = (flowId: unknown): Message => (nonBlank(flowId) ? null : NO_APPROVAL_FLOW);

// Launchable flow list

export type LaunchableFlowView =
  | { readonly mode: 'grouped'; readonly categories: readonly LaunchableFlowCategory[] }
  | { readonly mode: 'flat'; readonly flows: readonly LaunchableFlow[] };

const flowsOf = (category: LaunchableFlowCategory): readonly LaunchableFlow[] =>
  Array.isArray(category?.flows) ? category.flows : [];

/** The flow list asks the server (can-initiate-flow?Filter) this long after the last keystroke. */
export const FLOW_SEARCH_DEBOUNCE_MS = 300;

const includes = (text: unknown, needle: string): boolean => typeof text === 'string' && text.toLowerCase().includes(needle);

/**
 * Without a search the server's categories are shown as they are; with one, a flat list
 * of the flows whose name or description has it (as the server's Filter matches), each
 * once even if filed under two categories.
 */
export const filterLaunchableFlows = (
  categories: readonly LaunchableFlowCategory[] | null | undefined,
  search: unknown,
): LaunchableFlowView => {
  const all = Array.isArray(categories) ? categories : [];
  if (!nonBlank(search)) return { mode: 'grouped', categories: all };
  const needle = search.trim().toLowerCase();
  const seen = new Set<string>();
  const flows = all.flatMap(flowsOf).filter((flow) => {
    if (typeof flow?.name !== 'string' || !(includes(flow.name, needle) || includes(flow.describe, needle))) return false;
    if (seen.has(flow.code)) return false;
    seen.add(flow.code);
    return true;
  });
  return { mode: 'flat', flows };
};

/** Query of the flowLaunch page a flow opens. */
export const flowLaunchQuery = (flow: Pick<LaunchableFlow, 'code'>): { readonly code: string } => ({
  code: flow.code,
});
