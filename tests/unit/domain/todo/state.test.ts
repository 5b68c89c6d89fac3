import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  approvalRouteQuery,
  completeRequest,
  deleteRequest,
  isApprovalTodo,
  isTodoDone,
  isTodoOvertime,
  isTodoReadOnly,
  parseTodoData,
  restoreRequest,
  todoFormActions,
  todoToggle,
} from '../../../../domain/todo/state';
import { TODO_ACTION_LABELS, TODO_COMPLETED_ONE, TODO_RESTORED_ONE } from '../../../../domain/todo/messages';
import type { TodoItem } from '../../../../domain/todo/types';

const open: TodoItem = { id: 't1', name: '交作业', todoTime: null, type: 0, endTime: '2024-05-20T17:30:00' };
const done: TodoItem = { ...open, todoTime: '2024-05-19T10:00:00' };
const NOW_BEFORE = new Date(2024, 4, 20, 17, 0);
const NOW_AFTER = new Date(2024, 4, 20, 18, 0);

describe('done, overtime, read-only', () => {
  it.each([
    [{ todoTime: null }, false],
    [{ todoTime: undefined }, false],
    [{ todoTime: '' }, false],
    [{ todoTime: '2024-05-19T10:00:00' }, true],
  ])('isTodoDone(%j) is %j', (item, expected) => {
    expect(isTodoDone(item)).toBe(expected);
  });

  it.each([
    ['server overTime', { ...open, overTime: true }, undefined, true],
    ['server isTimeout', { ...open, isTimeout: true }, undefined, true],
    ['no flags, no clock', open, undefined, false],
    ['before the deadline', open, NOW_BEFORE, false],
    ['after the deadline', open, NOW_AFTER, true],
    ['after the deadline as epoch', open, NOW_AFTER.getTime(), true],
    ['done after the deadline', done, NOW_AFTER, false],
    ['no deadline', { ...open, endTime: null }, NOW_AFTER, false],
  ])('%s: overtime %j', (_name, item, now, expected) => {
    expect(isTodoOvertime(item, now)).toBe(expected);
  });

  it.each([
    ['open', open, false, ['delete', 'complete', 'save']],
    ['done', done, true, ['delete', 'restore']],
    ['overtime', { ...open, overTime: true }, true, ['delete', 'restore']],
  ])('%s: read-only %j, actions %j', (_name, item, readOnly, actions) => {
    expect(isTodoReadOnly(item)).toBe(readOnly);
    expect(todoFormActions(item)).toEqual(actions);
  });

  it('a new item can only be saved', () => {
    expect(todoFormActions(null)).toEqual(['save']);
    expect(todoFormActions(undefined)).toEqual(['save']);
  });

  it('the clock can make an open item read-only', () => {
    expect(todoFormActions(open, NOW_AFTER)).toEqual(['delete', 'restore']);
    expect(todoFormActions(open, NOW_BEFORE)).toEqual(['delete', 'complete', 'save']);
  });

  it('action labels are decided', () => {
    expect(TODO_ACTION_LABELS).toEqual({ save: '保存', complete: '完成', delete: '删除', restore: '恢复' });
  });

  it.each([
    [0, false],
    [1, true],
    [2, true],
    [null, false],
    [undefined, false],
  ])('type %j is approval-type: %j', (type, expected) => {
    expect(isApprovalTodo({ type })).toBe(expected);
  });
});

describe('make-state and delete bodies', () => {
  it('complete is state 1, restore state 0, delete a list of ids', () => {
    expect(completeRequest(['a'])).toEqual({ matterIds: ['a'], state: 1 });
    expect(restoreRequest(['a', 'b'])).toEqual({ matterIds: ['a', 'b'], state: 0 });
    expect(deleteRequest(['a'])).toEqual(['a']);
  });
});

describe('parseTodoData', () => {
  it.each([
    ['{"id":"run-1","type":1,"tab":0,"campus":"c9"}', { id: 'run-1', type: '1', tab: '0', campus: 'c9' }],
    ['{"id":42,"type":"2","tab":"3"}', { id: '42', type: '2', tab: '3', campus: null }],
    ['{"id":"run-1"}', { id: 'run-1', type: '0', tab: '0', campus: null }],
    ['{"id":"run-1","campus":""}', { id: 'run-1', type: '0', tab: '0', campus: null }],
    ['{"id":""}', null],
    ['{"type":1}', null],
    ['[1,2]', null],
    ['null', null],
    ['"text"', null],
    ['{not json', null],
    ['', null],
    [null, null],
    [undefined, null],
  ])('%j gives %j', (data, expected) => {
    expect(parseTodoData(data)).toEqual(expected);
  });

  it('never throws on arbitrary strings or values', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.json(), fc.anything()), (data) => {
        const link = parseTodoData(data);
        expect(link === null || typeof link.id === 'string').toBe(true);
      }),
    );
  });

  it('round-trips any id, type and tab', () => {
    fc.assert(
      fc.property(
        fc.string({ minLength: 1 }).filter((s) => s.trim() !== ''),
        fc.integer({ min: 0, max: 9 }),
        fc.integer({ min: 0, max: 9 }),
        (id, type, tab) => {
          expect(parseTodoData(JSON.stringify({ id, type, tab }))).toEqual({
            id,
            type: String(type),
            tab: String(tab),
            campus: null,
          });
        },
      ),
    );
  });

  it('builds the flowApproval query', () => {
    expect(approvalRouteQuery({ id: 'r', type: '1', tab: '0', campus: null })).toEqual({ FlowRunId: 'r', type: '1', tab: '0' });
  });
});

describe('todoToggle', () => {
  it.each([
    ['open -> complete', open, { kind: 'complete', request: { matterIds: ['t1'], state: 1 }, toast: '已完成1条待办' }],
    ['done -> restore', done, { kind: 'restore', request: { matterIds: ['t1'], state: 0 }, toast: '已恢复1条待办' }],
    [
      'approval-type -> approval page',
      { ...open, type: 1, data: '{"id":"run-1","type":1,"tab":0,"campus":"c"}' },
      { kind: 'openApproval', link: { id: 'run-1', type: '1', tab: '0', campus: 'c' } },
    ],
    ['approval-type with bad data -> nothing', { ...open, type: 1, data: '{oops' }, { kind: 'none' }],
    ['approval-type done still opens approval', { ...done, type: 2, data: '{"id":"x"}' }, { kind: 'openApproval', link: { id: 'x', type: '0', tab: '0', campus: null } }],
  ])('%s', (_name, item, expected) => {
    expect(todoToggle(item)).toEqual(expected);
  });

  it('toasts use the constants', () => {
    expect(todoToggle(open)).toMatchObject({ toast: TODO_COMPLETED_ONE });
    expect(todoToggle(done)).toMatchObject({ toast: TODO_RESTORED_ONE });
  });

  it('a non-approval item always flips its state', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1 }), fc.option(fc.string({ minLength: 1 }).filter((s) => s.trim() !== '')), (id, todoTime) => {
        const toggle = todoToggle({ id, name: 'n', type: 0, todoTime });
        expect(toggle.kind).toBe(todoTime === null ? 'complete' : 'restore');
      }),
    );
  });
});
