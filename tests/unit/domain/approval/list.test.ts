import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  APPROVAL_PAGE_SIZE,
  APPROVAL_TABS,
  approvalTab,
  asApprovalTab,
  flowApprovalQuery,
  hasMore,
  listCardButtons,
  normalisePage,
  quickHandlingBody,
  quickHandlingOutcome,
  showStateFilter,
  showUnreadControls,
  skipCountForPage,
  tabCount,
} from '../../../../domain/approval';

describe('tabs (SPEC point 2)', () => {
  it.each([
    [0, '我的待办', 0, 'waiting', true],
    [1, '我收到的', 1, 'receive', true],
    [2, '已办理', 2, 'already', false],
    [3, '已发起', 3, 'send', false],
  ])('tab %i is %s with list type %i and count %s (work waiting: %s)', (index, title, listType, countField, waiting) => {
    expect(APPROVAL_TABS[index]).toEqual({ index, title, listType, countField, waiting });
  });

  it.each([
    [0, 0],
    ['3', 3],
    [' 2 ', 2],
    [4, 0],
    [-1, 0],
    ['x', 0],
    [undefined, 0],
  ])('tab %j opens %i', (value, index) => {
    expect(asApprovalTab(value)).toBe(index);
    expect(approvalTab(value).index).toBe(index);
  });

  const counts = { waiting: 3, receive: 0, already: 120, send: 1 };
  it.each([
    [0, 3],
    [1, null],
    [2, 120],
    [3, 1],
  ])('tab %i badge %j (shown only when nonzero)', (tab, badge) => {
    expect(tabCount(counts, tab)).toBe(badge);
  });

  it.each([null, undefined, {}, { waiting: -2 }, { waiting: NaN }, { waiting: '3' }])(
    'counts %j show no badge on the to-do tab',
    (c) => {
      expect(tabCount(c as never, 0)).toBeNull();
    },
  );

  it.each([
    [0, false, false],
    [1, true, true],
    [2, false, true],
    [3, false, true],
  ])('tab %i: unread controls %s, state filter %s', (tab, unread, stateFilter) => {
    expect(showUnreadControls(tab)).toBe(unread);
    expect(showStateFilter(tab)).toBe(stateFilter);
  });
});

describe('list card buttons (SPEC point 4)', () => {
  it.each([
    [0, 0, 1, ['拒绝', '同意']],
    [0, 0, 2, ['拒绝', '同意']],
    [0, 0, null, ['拒绝', '同意']],
    [0, 0, 0, []],
    [3, 0, 1, ['撤销申请']],
    [3, 1, 1, []],
    [3, 3, 1, []],
    [1, 0, 1, []],
    [2, 0, 1, []],
  ])('tab %i state %i nodeType %j shows %j', (tab, state, nodeType, texts) => {
    expect(listCardButtons(tab, { state, nodeType }).map((b) => b.text)).toEqual(texts);
  });

  it('approve sends type 1, reject type 0', () => {
    expect(quickHandlingBody('run-1', 'approve')).toEqual({ flowRunId: 'run-1', type: 1 });
    expect(quickHandlingBody('run-1', 'reject')).toEqual({ flowRunId: 'run-1', type: 0 });
  });

  it('an opinion goes as mark, as typed, only when there is one', () => {
    expect(quickHandlingBody('run-1', 'approve', ' 同意，请尽快 ')).toEqual({ flowRunId: 'run-1', type: 1, mark: ' 同意，请尽快 ' });
    expect(quickHandlingBody('run-1', 'reject', '不同意')).toEqual({ flowRunId: 'run-1', type: 0, mark: '不同意' });
    expect(quickHandlingBody('run-1', 'approve', '   ')).toEqual({ flowRunId: 'run-1', type: 1 });
    expect(quickHandlingBody('run-1', 'approve', null)).toEqual({ flowRunId: 'run-1', type: 1 });
  });

  it.each([
    [{ isQuick: true }, { kind: 'toast-and-refresh', toast: '操作成功' }],
    [{ isQuick: false }, { kind: 'open-approval' }],
    [{}, { kind: 'open-approval' }],
    [null, { kind: 'open-approval' }],
    [undefined, { kind: 'open-approval' }],
  ])('quick handling answer %j leads to %j', (response, outcome) => {
    expect(quickHandlingOutcome(response)).toEqual(outcome);
  });

  it.each([
    [0, 2, { FlowRunId: 'r', type: 2, tab: 0 }],
    [0, 0, { FlowRunId: 'r', type: 0, tab: 0 }],
    [0, null, { FlowRunId: 'r', type: 1, tab: 0 }],
    [1, 0, { FlowRunId: 'r', type: 1, tab: 1 }],
    [3, 2, { FlowRunId: 'r', type: 1, tab: 3 }],
  ])('tab %i nodeType %j opens flowApproval with %j', (tab, nodeType, query) => {
    expect(flowApprovalQuery({ id: 'r', nodeType }, tab)).toEqual(query);
  });
});

describe('paging (SPEC point 9: page size 10)', () => {
  it.each([
    [1, 0],
    [2, 10],
    [5, 40],
    [0, 0],
    [-3, 0],
    [2.7, 10],
    [NaN, 0],
    ['2', 0],
  ])('page %j skips %i', (page, skip) => {
    expect(skipCountForPage(page)).toBe(skip);
  });

  it.each([
    [10, true],
    [11, true],
    [9, false],
    [0, false],
    [NaN, false],
    [null, false],
  ])('a page of %j items has more: %s', (count, more) => {
    expect(hasMore(count)).toBe(more);
  });

  it('page size is 10 and skip is (page-1)*10 for every page', () => {
    expect(APPROVAL_PAGE_SIZE).toBe(10);
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 100_000 }), (page) => {
        expect(skipCountForPage(page)).toBe((page - 1) * 10);
        expect(normalisePage(page)).toBe(page);
      }),
    );
  });

  it('skip is never negative, whatever the page', () => {
    fc.assert(
      fc.property(fc.anything(), (page) => {
        expect(skipCountForPage(page)).toBeGreaterThanOrEqual(0);
      }),
    );
  });
});
