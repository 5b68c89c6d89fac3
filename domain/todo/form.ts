import type { Message } from '../shared/result';
import { err, ok, type Result } from '../shared/result';
import {
  TODO_DESCRIPTION_TOO_LONG,
  TODO_NAME_REQUIRED,
  TODO_NAME_TOO_LONG,
  TODO_REMINDER_OUT_OF_RANGE,
} from './messages';
import { formatTodoDeadline, toDayjs } from '../shared/formats';
import type { TodoFile, TodoFormModel, TodoItem, TodoRequestBody } from './types';

export const TODO_NAME_MAX_LENGTH = 20;
export const TODO_DESCRIPTION_MAX_LENGTH = 2000;
export const TODO_REMINDER_MIN_MINUTES = 5;
export const TODO_REMINDER_MAX_MINUTES = 2880;
export const TODO_REMINDER_DEFAULT_MINUTES = 15;

/** Characters as the counter shows them (code points). */
const characterCount = (text: string): number => Array.from(text).length;

const text = (value: unknown): string => (typeof value === 'string' ? value : '');

export const emptyTodoForm = (): TodoFormModel => ({
  name: '',
  matterDescribe: '',
  endTime: null,
  remindEnabled: false,
  remindNum: TODO_REMINDER_DEFAULT_MINUTES,
  files: [],
});

/** The form for an existing item: the reminder is on only when it has both a deadline and minutes. */
export function todoFormFromItem(item: TodoItem): TodoFormModel {
  const deadline = toDayjs(item.endTime);
  const hasMinutes = typeof item.remindNum === 'number' && Number.isFinite(item.remindNum);
  return {
    name: text(item.name),
    matterDescribe: text(item.matterDescribe),
    endTime: deadline ? deadline.toDate() : null,
    remindEnabled: deadline !== null && hasMinutes,
    remindNum: hasMinutes ? (item.remindNum as number) : TODO_REMINDER_DEFAULT_MINUTES,
    files: Array.isArray(item.files) ? item.files : [],
  };
}

const hasDeadline = (form: Pick<TodoFormModel, 'endTime'>): boolean => toDayjs(form.endTime) !== null;

/** Clearing the deadline also turns the reminder off. */
export const setTodoDeadline = (form: TodoFormModel, deadline: Date | null): TodoFormModel =>
  toDayjs(deadline) === null
    ? { ...form, endTime: null, remindEnabled: false }
    : { ...form, endTime: deadline };

/** A reminder needs a deadline to count back from, so it cannot be switched on without one. */
export const setTodoReminder = (form: TodoFormModel, enabled: boolean): TodoFormModel => ({
  ...form,
  remindEnabled: enabled && hasDeadline(form),
});

/** The switch appears once a deadline is set. */
export const isReminderSwitchVisible = (form: Pick<TodoFormModel, 'endTime'>): boolean => hasDeadline(form);

/** The minutes field appears only with a deadline and the switch on. */
export const isReminderMinutesVisible = (form: Pick<TodoFormModel, 'endTime' | 'remindEnabled'>): boolean =>
  hasDeadline(form) && form.remindEnabled === true;

export function validateTodoName(name: unknown): Message {
  const value = text(name).trim();
  if (value === '') return TODO_NAME_REQUIRED;
  return characterCount(value) > TODO_NAME_MAX_LENGTH ? TODO_NAME_TOO_LONG : null;
}

export const validateTodoDescription = (description: unknown): Message =>
  characterCount(text(description)) > TODO_DESCRIPTION_MAX_LENGTH ? TODO_DESCRIPTION_TOO_LONG : null;

export const isValidReminderMinutes = (minutes: unknown): minutes is number =>
  typeof minutes === 'number' &&
  Number.isInteger(minutes) &&
  minutes >= TODO_REMINDER_MIN_MINUTES &&
  minutes <= TODO_REMINDER_MAX_MINUTES;

/** Whole minutes from 5 to 2880. */
export const validateReminderMinutes = (minutes: unknown): Message =>
  isValidReminderMinutes(minutes) ? null : TODO_REMINDER_OUT_OF_RANGE;

/** Name, then description, then the reminder (checked only while it is shown). */
export function validateTodoForm(form: Partial<TodoFormModel> | null | undefined): Message {
  return (
    validateTodoName(form?.name) ??
    validateTodoDescription(form?.matterDescribe) ??
    (isReminderMinutesVisible({ endTime: form?.endTime ?? null, remindEnabled: form?.remindEnabled === true })
      ? validateReminderMinutes(form?.remindNum)
      : null)
  );
}

/**
 * The create/update body: trimmed name, deadline at minute precision, and the reminder
 * minutes only while the reminder is on (null otherwise). `id` is added for an update.
 */
export function buildTodoRequestBody(
  form: Partial<TodoFormModel> | null | undefined,
  id?: string,
): Result<TodoRequestBody, string> {
  const message = validateTodoForm(form);
  if (message !== null) return err(message);
  const endTime = formatTodoDeadline(form?.endTime);
  const reminderOn = endTime !== null && form?.remindEnabled === true;
  const files: TodoFile[] = Array.isArray(form?.files) ? form.files : [];
  const body: TodoRequestBody = {
    name: text(form?.name).trim(),
    matterDescribe: text(form?.matterDescribe),
    endTime,
    remindNum: reminderOn ? (form?.remindNum as number) : null,
    files,
  };
  return ok(typeof id === 'string' && id !== '' ? { id, ...body } : body);
}
