import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { detailFooterButtons, effectiveType, isFormReadOnly } from '../../../../domain/approval';

describe('effective type (SPEC point 4)', () => {
  it.each([
    [0, 'prcs-1', 0],
    [0, '', 1],
    [0, '   ', 1],
    [0, null, 1],
    [0, undefined, 1],
    [1, 'prcs-1', 1],
    [1, null, 1],
    [2, null, 2],
    [5, 'prcs-1', 5],
  ])('type %i with flowRunPrcsId %j is %i', (type, prcs, expected) => {
    expect(effectiveType(type, prcs)).toBe(expected);
  });

  it.each([
    [0, false],
    [1, true],
    [2, true],
    [NaN, true],
  ])('effective type %d: read-only %s', (type, readOnly) => {
    expect(isFormReadOnly(type)).toBe(readOnly);
  });

  it('a non-zero type parameter always stands', () => {
    fc.assert(
      fc.property(fc.integer().filter((n) => n !== 0), fc.anything(), (type, prcs) => {
        expect(effectiveType(type, prcs)).toBe(type);
      }),
    );
  });
});

describe('detail footer buttons (SPEC point 2)', () => {
  const texts = (tab: number, type: number, state: number): string[] =>
    detailFooterButtons({ tab, type, state }).map((b) => b.text);

  it.each([
    [3, 1, 0, ['撤销']],
    [3, 0, 0, ['撤销']],
    [3, 1, 1, []],
    [3, 1, 4, []],
    [0, 0, 0, ['提交']],
    [0, 1, 0, ['更多', '拒绝', '同意']],
    [0, 2, 4, ['更多', '拒绝', '同意']],
    [1, 1, 0, []],
    [2, 0, 0, []],
    [7, 0, 0, []],
  ])('tab %i type %i state %i shows %j', (tab, type, state, expected) => {
    expect(texts(tab, type, state)).toEqual(expected);
  });

  it('更多 opens 退回, and each action button names its approval type', () => {
    const [more, reject, agree] = detailFooterButtons({ tab: 0, type: 1, state: 0 });
    expect(more?.menu.map((b) => [b.key, b.text, b.approvalType])).toEqual([['return', '退回', 2]]);
    expect([more?.approvalType, reject?.approvalType, agree?.approvalType]).toEqual([null, 1, 0]);
    expect([reject?.color, agree?.color]).toEqual(['danger', 'primary']);
    const [submit] = detailFooterButtons({ tab: 0, type: 0, state: 0 });
    expect(submit).toMatchObject({ key: 'submit', approvalType: 3 });
    const [revoke] = detailFooterButtons({ tab: 3, type: 0, state: 0 });
    expect(revoke).toMatchObject({ key: 'revoke', approvalType: null });
  });
});
