import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  UNKNOWN_FLOW_STATE_VIEW,
  asFlowState,
  detailStamp,
  flowStateColor,
  flowStateLabel,
  flowStateView,
} from '../../../../domain/approval';

describe('flow state badge (SPEC point 4)', () => {
  it.each([
    [0, '审批中', 'amber'],
    [1, '审批通过', 'green'],
    [2, '审批不通过', 'red'],
    [3, '已撤销', 'grey'],
    [4, '已退回', 'red'],
  ])('state %i reads %s in %s', (state, label, color) => {
    expect(flowStateView(state)).toEqual({ label, color });
    expect(flowStateLabel(state)).toBe(label);
    expect(flowStateColor(state)).toBe(color);
  });

  it.each([5, -1, 1.5, NaN, '0', null, undefined, {}])('unknown state %j falls back to no label, grey', (state) => {
    expect(flowStateView(state)).toBe(UNKNOWN_FLOW_STATE_VIEW);
    expect(flowStateLabel(state)).toBeNull();
    expect(flowStateColor(state)).toBe('grey');
    expect(asFlowState(state)).toBeNull();
  });

  it('is total over anything', () => {
    fc.assert(
      fc.property(fc.anything(), (value) => {
        expect(['amber', 'green', 'red', 'grey']).toContain(flowStateColor(value));
      }),
    );
  });
});

describe('detail stamps', () => {
  it.each([
    [0, null],
    [1, { kind: 'approved', text: '审批通过', alt: '审批通过' }],
    [2, { kind: 'rejected', text: '审批不通过', alt: '审批不通过' }],
    [3, { kind: 'revoked', text: '已撤销', alt: '已撤销' }],
    [4, { kind: 'returned', text: null, alt: '已退回' }],
    [9, null],
    [undefined, null],
  ])('state %j stamps %j', (state, stamp) => {
    expect(detailStamp(state)).toEqual(stamp);
  });
});
