import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  buildTodoRequestBody,
  emptyTodoForm,
  isReminderMinutesVisible,
  isReminderSwitchVisible,
  isValidReminderMinutes,
  setTodoDeadline,
  setTodoReminder,
  TODO_DESCRIPTION_MAX_LENGTH,
  TODO_NAME_MAX_LENGTH,
  TODO_REMINDER_DEFAULT_MINUTES,
  TODO_REMINDER_MAX_MINUTES,
  TODO_REMINDER_MIN_MINUTES,
  todoFormFromItem,
  validateReminderMinutes,
  validateTodoDescription,
  validateTodoForm,
  validateTodoName,
} from '../../../../domain/todo/form';
import {
  TODO_DESCRIPTION_TOO_LONG,
  TODO_NAME_REQUIRED,
  TODO_NAME_TOO_LONG,
  TODO_REMINDER_OUT_OF_RANGE,
} from '../../../../domain/todo/messages';
import { formatTodoDeadline, toDayjs } from '../../../../domain/shared/formats';
import type { TodoFormModel } from '../../../../domain/todo/types';

const DEADLINE = new Date(2024, 4, 20, 17, 30, 45);
const form = (overrides: Partial<TodoFormModel> = {}): TodoFormModel => ({ ...emptyTodoForm(), name: '交作业', ...overrides });

describe('to-do limits', () => {
  it.each([
    [TODO_NAME_MAX_LENGTH, 20],
    [TODO_DESCRIPTION_MAX_LENGTH, 2000],
    [TODO_REMINDER_MIN_MINUTES, 5],
    [TODO_REMINDER_MAX_MINUTES, 2880],
    [TODO_REMINDER_DEFAULT_MINUTES, 15],
    [TODO_NAME_REQUIRED, '请输入待办名称'],
    [TODO_NAME_TOO_LONG, '待办名称不能超过20个字'],
    [TODO_DESCRIPTION_TOO_LONG, '待办描述不能超过2000个字'],
    [TODO_REMINDER_OUT_OF_RANGE, '提醒时间须在5-2880分钟之间'],
  ])('%j is %j', (constant, literal) => {
    expect(constant).toBe(literal);
  });

  it('an empty form has the reminder off with 15 minutes ready', () => {
    expect(emptyTodoForm()).toEqual({
      name: '',
      matterDescribe: '',
      endTime: null,
      remindEnabled: false,
      remindNum: 15,
      files: [],
    });
  });
});

describe('name, description and reminder validators', () => {
  it.each([
    ['', '请输入待办名称'],
    ['   ', '请输入待办名称'],
    [undefined, '请输入待办名称'],
    ['字'.repeat(20), null],
    [` ${'字'.repeat(20)} `, null],
    ['字'.repeat(21), '待办名称不能超过20个字'],
  ])('validateTodoName(%j) is %j', (name, expected) => {
    expect(validateTodoName(name)).toBe(expected);
  });

  it.each([
    ['', null],
    ['a'.repeat(2000), null],
    ['a'.repeat(2001), '待办描述不能超过2000个字'],
    [null, null],
  ])('validateTodoDescription(%j…) is %j', (text, expected) => {
    expect(validateTodoDescription(text)).toBe(expected);
  });

  it.each([
    [4, '提醒时间须在5-2880分钟之间'],
    [5, null],
    [15, null],
    [2880, null],
    [2881, '提醒时间须在5-2880分钟之间'],
    [7.5, '提醒时间须在5-2880分钟之间'],
    [Number.NaN, '提醒时间须在5-2880分钟之间'],
    ['15', '提醒时间须在5-2880分钟之间'],
  ])('validateReminderMinutes(%j) is %j', (minutes, expected) => {
    expect(validateReminderMinutes(minutes)).toBe(expected);
  });

  it('names: any non-blank name of at most 20 characters is accepted, longer rejected', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1, maxLength: 20 }), (name) => {
        fc.pre(name.trim() !== '');
        expect(validateTodoName(name)).toBeNull();
      }),
    );
    fc.assert(
      fc.property(fc.string({ minLength: 21, maxLength: 60 }).filter((s) => Array.from(s.trim()).length > 20), (name) => {
        expect(validateTodoName(name)).toBe(TODO_NAME_TOO_LONG);
      }),
    );
  });

  it('descriptions: longer than 2000 rejected', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 2001, maxLength: 2100 }), (description) => {
        expect(validateTodoDescription(description)).toBe(TODO_DESCRIPTION_TOO_LONG);
      }),
      { numRuns: 30 },
    );
  });

  it('reminder minutes: exactly the integers 5..2880', () => {
    fc.assert(
      fc.property(fc.integer({ min: 5, max: 2880 }), (m) => {
        expect(validateReminderMinutes(m)).toBeNull();
        expect(isValidReminderMinutes(m)).toBe(true);
      }),
    );
    fc.assert(
      fc.property(fc.oneof(fc.integer({ max: 4 }), fc.integer({ min: 2881 })), (m) => {
        expect(validateReminderMinutes(m)).toBe(TODO_REMINDER_OUT_OF_RANGE);
      }),
    );
  });

  it('never throws on arbitrary input', () => {
    fc.assert(
      fc.property(fc.anything(), (value) => {
        validateTodoName(value);
        validateTodoDescription(value);
        validateReminderMinutes(value);
        expect(typeof validateTodoForm(value as never) === 'string' || validateTodoForm(value as never) === null).toBe(true);
      }),
    );
  });
});

describe('reminder visibility and deadline', () => {
  it.each([
    [null, false, false, false],
    [null, true, false, false],
    [DEADLINE, false, true, false],
    [DEADLINE, true, true, true],
  ])('deadline %j, switch %j: switch shown %j, minutes shown %j', (endTime, remindEnabled, switchShown, minutesShown) => {
    const f = form({ endTime, remindEnabled });
    expect(isReminderSwitchVisible(f)).toBe(switchShown);
    expect(isReminderMinutesVisible(f)).toBe(minutesShown);
  });

  it('clearing the deadline turns the reminder off', () => {
    const f = setTodoReminder(setTodoDeadline(form(), DEADLINE), true);
    expect(f.remindEnabled).toBe(true);
    expect(setTodoDeadline(f, null)).toMatchObject({ endTime: null, remindEnabled: false });
    expect(setTodoDeadline(f, new Date(Number.NaN))).toMatchObject({ endTime: null, remindEnabled: false });
  });

  it('setting a deadline keeps the reminder choice', () => {
    const f = setTodoReminder(form({ endTime: DEADLINE }), true);
    const later = new Date(2024, 5, 1, 8, 0);
    expect(setTodoDeadline(f, later)).toMatchObject({ endTime: later, remindEnabled: true });
  });

  it('the reminder cannot be switched on without a deadline', () => {
    expect(setTodoReminder(form(), true).remindEnabled).toBe(false);
    expect(setTodoReminder(form({ endTime: DEADLINE }), false).remindEnabled).toBe(false);
  });
});

describe('deadline and display formats', () => {
  it.each([
    [DEADLINE, '2024-05-20T17:30:00'],
    [new Date(2024, 0, 2, 3, 4, 59, 999), '2024-01-02T03:04:00'],
    ['2024-05-20T17:30:45', '2024-05-20T17:30:00'],
    [null, null],
    [undefined, null],
    ['', null],
    ['not a date', null],
    [new Date(Number.NaN), null],
    [{ toString: 1 }, null],
  ])('formatTodoDeadline(%j) is %j', (value, expected) => {
    expect(formatTodoDeadline(value)).toBe(expected);
  });

  it('accepts epoch numbers and dayjs values', () => {
    expect(formatTodoDeadline(DEADLINE.getTime())).toBe('2024-05-20T17:30:00');
    expect(formatTodoDeadline(toDayjs(DEADLINE))).toBe('2024-05-20T17:30:00');
    expect(toDayjs(Number.POSITIVE_INFINITY)).toBeNull();
  });

  it('always has seconds 00 and never throws', () => {
    fc.assert(
      fc.property(fc.date({ min: new Date(1971, 0, 1), max: new Date(2999, 11, 31), noInvalidDate: true }), (d) => {
        expect(formatTodoDeadline(d)).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:00$/);
      }),
    );
    fc.assert(
      fc.property(fc.anything(), (value) => {
        const result = formatTodoDeadline(value);
        expect(result === null || typeof result === 'string').toBe(true);
      }),
    );
  });
});

describe('form from an item', () => {
  it('reads deadline and reminder', () => {
    expect(
      todoFormFromItem({
        id: '1',
        name: '交作业',
        matterDescribe: '数学',
        endTime: '2024-05-20T17:30:00',
        remindNum: 30,
        files: [{ id: 'f', name: 'a.pdf', size: 10, url: 'u' }],
      }),
    ).toEqual({
      name: '交作业',
      matterDescribe: '数学',
      endTime: new Date(2024, 4, 20, 17, 30, 0),
      remindEnabled: true,
      remindNum: 30,
      files: [{ id: 'f', name: 'a.pdf', size: 10, url: 'u' }],
    });
  });

  it.each([
    [{ id: '1', name: 'x', endTime: null, remindNum: 30 }, false, 30],
    [{ id: '1', name: 'x', endTime: '2024-05-20T17:30:00', remindNum: null }, false, 15],
    [{ id: '1', name: 'x' }, false, 15],
  ])('%j: reminder %j with %i minutes', (item, enabled, minutes) => {
    const f = todoFormFromItem(item);
    expect(f.remindEnabled).toBe(enabled);
    expect(f.remindNum).toBe(minutes);
    expect(f.files).toEqual([]);
    expect(f.matterDescribe).toBe('');
  });
});

describe('buildTodoRequestBody', () => {
  it('builds a create body with the reminder on', () => {
    expect(buildTodoRequestBody(form({ name: ' 交作业 ', matterDescribe: '数学', endTime: DEADLINE, remindEnabled: true, remindNum: 30 }))).toEqual({
      ok: true,
      value: { name: '交作业', matterDescribe: '数学', endTime: '2024-05-20T17:30:00', remindNum: 30, files: [] },
    });
  });

  it('sends null minutes when the reminder is off, and null deadline when none', () => {
    expect(buildTodoRequestBody(form({ endTime: DEADLINE, remindEnabled: false, remindNum: 30 }))).toEqual({
      ok: true,
      value: { name: '交作业', matterDescribe: '', endTime: '2024-05-20T17:30:00', remindNum: null, files: [] },
    });
    expect(buildTodoRequestBody(form({ remindEnabled: true, remindNum: 1 }))).toEqual({
      ok: true,
      value: { name: '交作业', matterDescribe: '', endTime: null, remindNum: null, files: [] },
    });
  });

  it('adds the id for an update', () => {
    const result = buildTodoRequestBody(form(), 'todo-1');
    expect(result.ok && result.value.id).toBe('todo-1');
    const created = buildTodoRequestBody(form(), '');
    expect(created.ok && 'id' in created.value).toBe(false);
  });

  it.each([
    [{ name: '' }, '请输入待办名称'],
    [{ name: '字'.repeat(21) }, '待办名称不能超过20个字'],
    [{ matterDescribe: 'a'.repeat(2001) }, '待办描述不能超过2000个字'],
    [{ endTime: DEADLINE, remindEnabled: true, remindNum: 2881 }, '提醒时间须在5-2880分钟之间'],
  ])('%j gives %s', (overrides, message) => {
    expect(buildTodoRequestBody(form(overrides))).toEqual({ ok: false, error: message });
  });

  it('a null form is missing its name', () => {
    expect(buildTodoRequestBody(null)).toEqual({ ok: false, error: TODO_NAME_REQUIRED });
  });

  it('any valid form builds a body whose reminder is null exactly when off', () => {
    fc.assert(
      fc.property(
        fc.string({ minLength: 1, maxLength: 20 }).filter((s) => s.trim() !== ''),
        fc.option(fc.date({ min: new Date(2000, 0, 1), max: new Date(2100, 0, 1), noInvalidDate: true })),
        fc.boolean(),
        fc.integer({ min: 5, max: 2880 }),
        (name, endTime, remindEnabled, remindNum) => {
          const result = buildTodoRequestBody(form({ name, endTime, remindEnabled, remindNum }));
          expect(result.ok).toBe(true);
          if (!result.ok) return;
          expect(result.value.remindNum).toBe(endTime && remindEnabled ? remindNum : null);
          expect(result.value.endTime === null).toBe(endTime === null);
        },
      ),
    );
    fc.assert(
      fc.property(fc.anything(), (value) => {
        expect(typeof buildTodoRequestBody(value as never).ok).toBe('boolean');
      }),
    );
  });
});
