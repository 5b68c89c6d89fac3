import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  CHOOSE_USER_TYPE_FIRST,
  EMPTY_APPROVAL_FILTER,
  buildApprovalListQuery,
  initiatorChoiceError,
  withUserType,
  type ApprovalFilter,
} from '../../../../domain/approval';

describe('initiators need a user type first (SPEC point 5)', () => {
  it.each([
    [null, '请先选择用户类型'],
    [undefined, '请先选择用户类型'],
    [NaN, '请先选择用户类型'],
    [1, null],
    [5, null],
  ])('user type %j -> %j', (userType, message) => {
    expect(initiatorChoiceError(userType)).toBe(message);
  });

  it('the query refuses initiators without a user type', () => {
    expect(buildApprovalListQuery({ initiateUser: ['u1'] }, 0, 1)).toEqual({
      ok: false,
      error: CHOOSE_USER_TYPE_FIRST,
    });
    expect(CHOOSE_USER_TYPE_FIRST).toBe('请先选择用户类型');
  });

  it('changing the user type drops chosen initiators; keeping it keeps them', () => {
    const filter: ApprovalFilter = { userType: 1, initiateUser: ['u1'] };
    expect(withUserType(filter, 2)).toEqual({ userType: 2, initiateUser: [] });
    expect(withUserType(filter, 1)).toBe(filter);
  });
});

describe('buildApprovalListQuery', () => {
  it('an empty filter asks for the tab type and the page only', () => {
    expect(buildApprovalListQuery(EMPTY_APPROVAL_FILTER, 2, 3)).toEqual({
      ok: true,
      value: { type: 2, skipCount: 20, maxResultCount: 10 },
    });
  });

  it('a full filter on the initiated tab', () => {
    const filter: ApprovalFilter = {
      state: 1,
      flowId: 'flow-1',
      userType: 1,
      initiateUser: ['u1', '', 'u2'],
      titleOrNumber: '  请假  ',
      formData: ' 事假 ',
      createdDateStart: new Date(2024, 0, 1, 8, 30),
      createdDateEnd: '2024-01-31 18:00',
      overDateStart: null,
      overDateEnd: 'garbage',
      isNotRead: true,
    };
    expect(buildApprovalListQuery(filter, 3, 1)).toEqual({
      ok: true,
      value: {
        type: 3,
        titleOrNumber: '请假',
        formData: '事假',
        flowId: 'flow-1',
        initiateUser: ['u1', 'u2'],
        userType: 1,
        createdDateStart: '2024-01-01T08:30',
        createdDateEnd: '2024-01-31T18:00',
        state: 1,
        skipCount: 0,
        maxResultCount: 10,
      },
    });
  });

  it.each([
    [0, undefined],
    [1, 2],
    [2, 2],
    [3, 2],
  ])('on tab %i the state filter is %j (omitted on the to-do tab)', (tab, state) => {
    const result = buildApprovalListQuery({ state: 2 }, tab, 1);
    expect(result.ok ? result.value.state : 'error').toBe(state);
    expect(result.ok && 'state' in result.value).toBe(state !== undefined);
  });

  it.each([
    [1, true, true],
    [1, false, false],
    [1, undefined, false],
    [0, true, undefined],
    [3, true, undefined],
  ])('tab %i with isNotRead %j sends %j', (tab, isNotRead, sent) => {
    const result = buildApprovalListQuery({ isNotRead }, tab, 1);
    expect(result.ok ? result.value.isNotRead : 'error').toBe(sent);
  });

  it.each([
    ['   ', undefined],
    ['', undefined],
    [null, undefined],
    [' 0012 ', '0012'],
  ])('title search %j is sent as %j (trimmed)', (title, sent) => {
    const result = buildApprovalListQuery({ titleOrNumber: title }, 0, 1);
    expect(result.ok ? result.value.titleOrNumber : 'error').toBe(sent);
  });

  it('tolerates a missing filter and a bad tab or page', () => {
    expect(buildApprovalListQuery(null, 'nonsense', -4)).toEqual({
      ok: true,
      value: { type: 0, skipCount: 0, maxResultCount: 10 },
    });
  });

  const arbFilter = fc.record(
    {
      state: fc.option(fc.integer({ min: 0, max: 4 })),
      flowId: fc.option(fc.string()),
      userType: fc.option(fc.integer({ min: 1, max: 5 })),
      initiateUser: fc.option(fc.array(fc.string())),
      titleOrNumber: fc.option(fc.string()),
      formData: fc.option(fc.string()),
      createdDateStart: fc.option(fc.date({ min: new Date(1970, 0, 1), max: new Date(2200, 0, 1) })),
      overDateEnd: fc.option(fc.string()),
      isNotRead: fc.option(fc.boolean()),
    },
    { requiredKeys: [] },
  );

  it('never throws; succeeds unless initiators lack a user type; pages by 10', () => {
    fc.assert(
      fc.property(arbFilter, fc.integer({ min: 0, max: 3 }), fc.integer({ min: 1, max: 1000 }), (f, tab, page) => {
        const result = buildApprovalListQuery(f, tab, page);
        const hasInitiators = (f.initiateUser ?? []).some((id) => id.trim() !== '');
        expect(result.ok).toBe(!(hasInitiators && f.userType == null));
        if (!result.ok) return;
        const q = result.value;
        expect(q.type).toBe(tab);
        expect(q.skipCount).toBe((page - 1) * 10);
        expect(q.maxResultCount).toBe(10);
        if (tab === 0) expect(q.state).toBeUndefined();
        if (q.titleOrNumber !== undefined) expect(q.titleOrNumber).toBe(q.titleOrNumber.trim());
        for (const value of Object.values(q)) expect(value).not.toBeUndefined();
        if (q.createdDateStart !== undefined) expect(q.createdDateStart).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/);
      }),
    );
  });
});
