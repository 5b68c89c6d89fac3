import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  BATCH_LIMIT,
  BATCH_NEEDS_PAGE,
  INITIATED_TAB,
  RECEIVED_TAB,
  TODO_TAB,
  allChosen,
  batchBlocker,
  batchLimitMessage,
  batchResultText,
  keepChosen,
  selectAllChoice,
  summariseBatch,
  toggleBatchChoice,
} from '../../../../domain/approval';

const run = (id: string, nodeType: number | null = 1) => ({ id, state: 0, nodeType });
const ids = (n: number, from = 0) => Array.from({ length: n }, (_, i) => `r${from + i}`);

describe('which runs a batch may hold (the card rule of SPEC point 4)', () => {
  it.each([
    [TODO_TAB, 1, null],
    [TODO_TAB, 2, null],
    [TODO_TAB, null, null],
    // The initiator's own step (a resubmit) needs the form.
    [TODO_TAB, 0, BATCH_NEEDS_PAGE],
    [RECEIVED_TAB, 1, BATCH_NEEDS_PAGE],
    [INITIATED_TAB, 1, BATCH_NEEDS_PAGE],
  ])('tab %s, node type %s -> %s', (tab, nodeType, expected) => {
    expect(batchBlocker(tab, { state: 0, nodeType })).toBe(expected);
  });
});

describe('choosing', () => {
  it('a tap chooses, a second lets go; the 51st is refused with 一次最多处理50条', () => {
    expect(BATCH_LIMIT).toBe(50);
    expect(toggleBatchChoice([], 'a')).toEqual({ ok: true, chosen: ['a'] });
    expect(toggleBatchChoice(['a', 'b'], 'a')).toEqual({ ok: true, chosen: ['b'] });
    expect(toggleBatchChoice(ids(50), 'x')).toEqual({ ok: false, message: '一次最多处理50条' });
    expect(toggleBatchChoice(ids(50), 'r3')).toEqual({ ok: true, chosen: ids(50).filter((i) => i !== 'r3') });
    expect(batchLimitMessage(3)).toBe('一次最多处理3条');
  });

  it('the choice never holds more than the limit nor a run twice, whatever the taps (property)', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...ids(60)), { maxLength: 300 }), fc.integer({ min: 1, max: 60 }), (taps, limit) => {
        let chosen: readonly string[] = [];
        for (const id of taps) {
          const t = toggleBatchChoice(chosen, id, limit);
          if (t.ok) chosen = t.chosen;
        }
        expect(chosen.length).toBeLessThanOrEqual(limit);
        expect(new Set(chosen).size).toBe(chosen.length);
      }),
    );
  });

  it('全选 takes the choosable loaded runs up to the limit, in list order; again lets them all go', () => {
    const items = [run('a'), run('b', 0), run('c'), run('d')];
    expect(selectAllChoice([], items, TODO_TAB)).toEqual({ chosen: ['a', 'c', 'd'], capped: false });
    expect(selectAllChoice(['d'], items, TODO_TAB)).toEqual({ chosen: ['d', 'a', 'c'], capped: false });
    expect(allChosen(['a', 'c', 'd'], items, TODO_TAB)).toBe(true);
    expect(allChosen(['a', 'c'], items, TODO_TAB)).toBe(false);
    expect(selectAllChoice(['a', 'c', 'd'], items, TODO_TAB)).toEqual({ chosen: [], capped: false });
    const many = ids(60).map((id) => run(id));
    const capped = selectAllChoice([], many, TODO_TAB);
    expect(capped.capped).toBe(true);
    expect(capped.chosen).toEqual(ids(50));
    expect(allChosen([], [run('b', 0)], TODO_TAB)).toBe(false);
  });

  it('after the list changes, runs that left it or can no longer be chosen are let go', () => {
    const chosen = ['a', 'b', 'c'];
    expect(keepChosen(chosen, [run('a'), run('b'), run('c')], TODO_TAB)).toBe(chosen);
    expect(keepChosen(chosen, [run('c'), run('a'), run('b', 0)], TODO_TAB)).toEqual(['a', 'c']);
  });
});

describe('the result', () => {
  it.each([
    [3, 0, '已处理3条'],
    [8, 2, '已处理8条，失败2条'],
    [0, 1, '已处理0条，失败1条'],
  ])('%s through, %s failed -> %s', (ok, failed, text) => {
    expect(batchResultText(ok, failed)).toBe(text);
  });

  it('lists each failure with its message, in the order sent', () => {
    const s = summariseBatch([
      { id: 'a', title: 'A', ok: true },
      { id: 'b', title: 'B', ok: false, message: '当前流程不在您的办理节点' },
      { id: 'c', title: 'C', ok: true },
      { id: 'd', title: 'D', ok: false, message: '网络不可用，请检查网络后重试' },
    ]);
    expect(s.succeeded).toBe(2);
    expect(s.failures.map((f) => [f.id, f.message])).toEqual([
      ['b', '当前流程不在您的办理节点'],
      ['d', '网络不可用，请检查网络后重试'],
    ]);
    expect(s.text).toBe('已处理2条，失败2条');
  });
});
