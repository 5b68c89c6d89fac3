import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  APPROVER_NOT_FOUND,
  COPY_READ,
  COPY_UNREAD,
  EMPTY_GUID,
  copyReadStatus,
  historyDetailLabel,
  historyNodeView,
  historyView,
  isApproverMissing,
  isCopyGroupId,
  modeTypeLabel,
  type HistoryDetail,
  type HistoryNode,
} from '../../../../domain/approval';

describe('history detail labels (SPEC point 4)', () => {
  it.each([
    [1, -1, '办理中'],
    [1, 0, '已同意'],
    [1, 1, '已拒绝'],
    [1, 2, '已退回'],
    [1, 3, '无需办理'],
    [1, 4, '待办'],
    [1, 5, '已撤销'],
    [2, 0, '抄送'],
    [5, 5, '已撤销'],
    [0, -1, '办理中'],
  ])('type %i state %i reads %s', (type, state, label) => {
    expect(historyDetailLabel(type, state)).toBe(label);
  });

  it.each([
    [1, 6],
    [2, 1],
    [5, 0],
    [0, 0],
    [3, 0],
    ['1', 0],
    [1, null],
  ])('type %j state %j has no label', (type, state) => {
    expect(historyDetailLabel(type, state)).toBeNull();
  });

  it('is total', () => {
    fc.assert(
      fc.property(fc.anything(), fc.anything(), (type, state) => {
        const label = historyDetailLabel(type, state);
        expect(label === null || typeof label === 'string').toBe(true);
      }),
    );
  });
});

describe('mode types', () => {
  it.each([
    [0, '依次审批'],
    [1, '会签'],
    [2, '或签'],
    [3, null],
    [null, null],
    ['1', null],
  ])('%j -> %j', (mode, label) => {
    expect(modeTypeLabel(mode)).toBe(label);
  });
});

describe('copy groups', () => {
  it.each([
    ['00000000-0000-0000-0000-000000000000', true],
    [' 00000000-0000-0000-0000-000000000000 ', true],
    ['00000000-0000-0000-0000-000000000001', false],
    ['', false],
    [null, false],
  ])('%j is a copy group: %s', (id, copy) => {
    expect(isCopyGroupId(id)).toBe(copy);
  });

  it.each([
    [{ isRead: true, prcsEndTime: '2024-03-04T05:06:07' }, { read: true, label: '已读', time: '2024-03-04 05:06' }],
    [{ isRead: true, prcsEndTime: null }, { read: true, label: '已读', time: null }],
    [{ isRead: false, prcsEndTime: '2024-03-04T05:06:07' }, { read: false, label: '未读', time: null }],
    [{}, { read: false, label: '未读', time: null }],
  ])('copy detail %j reads %j', (detail, status) => {
    expect(copyReadStatus(detail)).toEqual(status);
    expect([COPY_READ, COPY_UNREAD]).toContain(status.label);
  });
});

const detail = (over: Partial<HistoryDetail> = {}): HistoryDetail => ({
  id: 'd1',
  type: 1,
  state: 0,
  userName: '张三',
  ...over,
});

const node = (over: Partial<HistoryNode> = {}): HistoryNode => ({
  id: 'n1',
  name: '部门审批',
  state: 0,
  modeType: 1,
  modeUserCount: 2,
  flowRunDetailsDtos: [detail()],
  ...over,
});

describe('（未找到审批人）', () => {
  it.each([
    ['single detail without a user name', node({ flowRunDetailsDtos: [detail({ userName: '' })] }), true],
    ['single detail with a null user name', node({ flowRunDetailsDtos: [detail({ userName: null })] }), true],
    ['single detail with a blank user name', node({ flowRunDetailsDtos: [detail({ userName: '  ' })] }), true],
    ['single detail with a user', node(), false],
    ['single copy detail', node({ flowRunDetailsDtos: [detail({ type: 2, userName: '' })] }), false],
    ['copy group', node({ id: EMPTY_GUID, flowRunDetailsDtos: [detail({ userName: '' })] }), false],
    ['two details', node({ flowRunDetailsDtos: [detail({ userName: '' }), detail({ id: 'd2', userName: '' })] }), false],
    ['no details', node({ flowRunDetailsDtos: [] }), false],
    ['details missing', node({ flowRunDetailsDtos: null as unknown as HistoryDetail[] }), false],
  ])('%s: %s', (_name, n, missing) => {
    expect(isApproverMissing(n)).toBe(missing);
  });
});

describe('historyNodeView', () => {
  it('an approver node shows its name, mode and each detail', () => {
    const view = historyNodeView(
      node({
        flowRunDetailsDtos: [
          detail({
            prcsEndTime: '2024-01-02T03:04:05',
            mark: '同意',
            timeCost: '1小时',
            autograph: 'sig.png',
            userHead: 'head.png',
            files: [{ name: 'a.pdf' }],
          }),
        ],
      }),
    );
    expect(view).toEqual({
      id: 'n1',
      title: '部门审批',
      isCopy: false,
      modeLabel: '会签',
      modeUserCount: 2,
      details: [
        {
          id: 'd1',
          userName: '张三',
          userHead: 'head.png',
          approverMissing: false,
          statusLabel: '已同意',
          readStatus: null,
          time: '2024-01-02 03:04',
          timeCost: '1小时',
          mark: '同意',
          files: [{ name: 'a.pdf' }],
          autograph: 'sig.png',
        },
      ],
    });
  });

  it('a copy group is titled 抄送 and shows read state per recipient', () => {
    const view = historyNodeView(
      node({
        id: EMPTY_GUID,
        name: 'whatever',
        flowRunDetailsDtos: [
          detail({ type: 2, state: 0, isRead: true, prcsEndTime: '2024-01-02T03:04:05' }),
          detail({ id: 'd2', type: 2, state: 0, isRead: false }),
        ],
      }),
    );
    expect(view.title).toBe('抄送');
    expect(view.isCopy).toBe(true);
    expect(view.modeLabel).toBeNull();
    expect(view.details.map((d) => [d.statusLabel, d.readStatus?.label, d.readStatus?.time])).toEqual([
      ['抄送', '已读', '2024-01-02 03:04'],
      ['抄送', '未读', null],
    ]);
  });

  it('a lone nameless approver is shown as （未找到审批人）', () => {
    const view = historyNodeView(node({ flowRunDetailsDtos: [detail({ userName: null, state: -1 })] }));
    expect(view.details[0]).toMatchObject({
      userName: APPROVER_NOT_FOUND,
      approverMissing: true,
      statusLabel: '办理中',
    });
    expect(APPROVER_NOT_FOUND).toBe('（未找到审批人）');
  });

  it('fills absent optional fields with empty values', () => {
    const view = historyNodeView({
      id: 'n',
      name: undefined as unknown as string,
      state: 0,
      flowRunDetailsDtos: [
        detail({ id: 'a', userName: '' }),
        { id: 'b', type: 1, state: 4 },
      ],
    });
    expect(view.title).toBe('');
    expect(view.modeLabel).toBeNull();
    expect(view.modeUserCount).toBeNull();
    expect(view.details[1]).toEqual({
      id: 'b',
      userName: '',
      userHead: null,
      approverMissing: false,
      statusLabel: '待办',
      readStatus: null,
      time: null,
      timeCost: null,
      mark: '',
      files: [],
      autograph: null,
    });
  });

  it('historyView maps every node and tolerates a missing list', () => {
    expect(historyView([node(), node({ id: 'n2' })]).map((v) => v.id)).toEqual(['n1', 'n2']);
    expect(historyView(null)).toEqual([]);
    expect(historyView(undefined)).toEqual([]);
  });

  it('a node without its detail list shows no details', () => {
    expect(historyNodeView(node({ flowRunDetailsDtos: null as unknown as HistoryDetail[] })).details).toEqual([]);
  });
});
