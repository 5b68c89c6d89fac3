import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  allRead,
  hasMoreNotices,
  LOAD_MORE_RATIO,
  MARK_ALL_READ_CONFIRM,
  MESSAGE_CENTRE_TITLE,
  NOTICE_MODULES,
  NOTICE_PAGE_SIZE,
  noticePageQuery,
  noticeTarget,
  parseNoticeData,
  shouldLoadMore,
  totalUnread,
  unreadBadge,
  type MessageTabGroup,
} from '../../../../domain/messages';
import type { Campus } from '../../../../domain/session';

describe('strings and constants', () => {
  it.each([
    [MESSAGE_CENTRE_TITLE, '消息中心'],
    [MARK_ALL_READ_CONFIRM, '确认标记所有消息为已读？'],
    [NOTICE_MODULES.OA, 'OA'],
    [NOTICE_MODULES.TODO, 'TodoMatter'],
  ])('%s', (constant, literal) => expect(constant).toBe(literal));

  it.each([
    ['notice page size', NOTICE_PAGE_SIZE, 30],
    ['load more at 80% scroll', LOAD_MORE_RATIO, 0.8],
  ])('%s', (_label, value, expected) => expect(value).toBe(expected));
});

describe('unread badge (sum of tabs, capped 99+)', () => {
  const group = (...counts: number[]): MessageTabGroup => ({
    name: 'g',
    messageEventAppTabsDtos: counts.map((n, i) => ({ id: String(i), name: `t${i}`, noReadNum: n })),
  });

  it.each<[string, MessageTabGroup[] | null, number, string]>([
    ['nothing unread', [group(0, 0)], 0, ''],
    ['sum over groups', [group(1, 2), group(3)], 6, '6'],
    ['exactly 99', [group(50, 49)], 99, '99'],
    ['100 -> 99+', [group(50, 50)], 100, '99+'],
    ['negative and fractional counts', [group(-5, 2.7, Number.NaN)], 2, '2'],
    ['no groups', null, 0, ''],
    ['empty list', [], 0, ''],
  ])('%s', (_label, groups, total, badge) => {
    expect(totalUnread(groups)).toBe(total);
    expect(unreadBadge(groups)).toBe(badge);
  });

  it('a group without tabs counts 0', () =>
    expect(totalUnread([{ name: 'g', messageEventAppTabsDtos: null as never }])).toBe(0));

  it('badge is the capped sum (property)', () => {
    fc.assert(
      fc.property(fc.array(fc.array(fc.nat({ max: 200 }), { maxLength: 5 }), { maxLength: 5 }), (lists) => {
        const groups = lists.map((l) => group(...l));
        const sum = lists.flat().reduce((a, b) => a + b, 0);
        expect(unreadBadge(groups)).toBe(sum === 0 ? '' : sum > 99 ? '99+' : String(sum));
      }),
    );
  });
});

describe('notice data parser', () => {
  it.each([
    ['OA JSON', '{"module":"OA","id":"run-1","type":1,"tab":0,"campus":"c2"}', { module: 'OA', id: 'run-1', type: '1', tab: '0', campus: 'c2' }],
    ['already an object', { module: 'TodoMatter', id: 7 }, { module: 'TodoMatter', id: '7' }],
    ['download', '{"downloadPath":"https://f.example/a.pdf","name":"a.pdf","extra":1}', { downloadPath: 'https://f.example/a.pdf', name: 'a.pdf' }],
    ['blank and mistyped fields dropped', { module: ' ', id: {}, tab: null, type: Number.NaN }, {}],
  ])('%s', (_label, raw, expected) => expect(parseNoticeData(raw)).toEqual(expected));

  it.each([
    ['not JSON', '{oops'],
    ['JSON array', '[1]'],
    ['JSON string', '"OA"'],
    ['null', null],
    ['number', 3],
  ])('%s -> null', (_label, raw) => expect(parseNoticeData(raw)).toBeNull());

  it('never throws; every field it returns is non-blank text (property)', () => {
    fc.assert(
      fc.property(fc.oneof(fc.anything(), fc.json(), fc.string()), (raw) => {
        const data = parseNoticeData(raw);
        if (data === null) return;
        for (const v of Object.values(data)) {
          expect(typeof v).toBe('string');
          expect((v as string).trim()).not.toBe('');
        }
      }),
    );
  });
});

describe('where a notice leads', () => {
  const campuses: Campus[] = [
    { id: 'c1', name: '东校区' },
    { id: 'c2', name: '西校区' },
  ];
  const ctx = { campuses, storedCampusId: 'c1' };
  const notice = (data: unknown, linkUrl: string | null = null) => ({
    title: '通知',
    linkUrl,
    data: typeof data === 'string' ? data : JSON.stringify(data),
  });

  it.each([
    ['OA -> flowApproval', { module: 'OA', id: 'r1', type: 1, tab: 0 }, { kind: 'flowApproval', query: { FlowRunId: 'r1', type: '1', tab: '0' }, switchCampusTo: null }],
    ['OA without type/tab', { module: 'OA', id: 'r1' }, { kind: 'flowApproval', query: { FlowRunId: 'r1' }, switchCampusTo: null }],
    ['OA on another campus', { module: 'OA', id: 'r1', type: 0, tab: 3, campus: 'c2' }, { kind: 'flowApproval', query: { FlowRunId: 'r1', type: '0', tab: '3' }, switchCampusTo: 'c2' }],
    ['OA on the current campus', { module: 'OA', id: 'r1', campus: 'c1' }, { kind: 'flowApproval', query: { FlowRunId: 'r1' }, switchCampusTo: null }],
    ['OA on an unknown campus -> 该校区不存在', { module: 'OA', id: 'r1', campus: 'c9' }, { kind: 'error', message: '该校区不存在' }],
    ['TodoMatter -> to-do detail', { module: 'TodoMatter', id: 't1' }, { kind: 'todo', todoId: 't1', switchCampusTo: null }],
    ['TodoMatter on another campus', { module: 'TodoMatter', id: 't1', campus: 'c2' }, { kind: 'todo', todoId: 't1', switchCampusTo: 'c2' }],
    ['downloadPath -> file page', { downloadPath: 'https://f.example/a.pdf', name: '成绩单.pdf' }, { kind: 'file', url: 'https://f.example/a.pdf', name: '成绩单.pdf', switchCampusTo: null }],
    ['downloadPath without name uses the title', { downloadPath: 'https://f.example/a.pdf' }, { kind: 'file', url: 'https://f.example/a.pdf', name: '通知', switchCampusTo: null }],
    ['unsafe downloadPath is not followed', { downloadPath: 'javascript:alert(1)' }, { kind: 'none' }],
    ['OA without id', { module: 'OA' }, { kind: 'none' }],
    ['unknown module', { module: 'Other', id: 'x' }, { kind: 'none' }],
    ['no data', '', { kind: 'none' }],
    ['broken data', '{oops', { kind: 'none' }],
  ])('%s', (_label, data, expected) => expect(noticeTarget(notice(data), ctx)).toEqual(expected));

  it.each([
    ['https link', 'https://news.example/1', { kind: 'link', url: 'https://news.example/1', switchCampusTo: null }],
    ['javascript link', 'javascript:alert(1)', { kind: 'none' }],
  ])('linkUrl: %s', (_label, linkUrl, expected) => expect(noticeTarget(notice('', linkUrl), ctx)).toEqual(expected));

  it('module wins over downloadPath and linkUrl', () =>
    expect(noticeTarget(notice({ module: 'TodoMatter', id: 't', downloadPath: 'https://f.example/x' }, 'https://l.example'), ctx).kind).toBe('todo'));

  it('a notice without a title falls back to an empty file name', () =>
    expect(noticeTarget({ title: ' ', data: JSON.stringify({ downloadPath: 'https://f.example/a' }) }, ctx)).toEqual({
      kind: 'file',
      url: 'https://f.example/a',
      name: '',
      switchCampusTo: null,
    }));

  it('never throws on arbitrary data (property)', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.json()), fc.option(fc.string()), (data, linkUrl) => {
        const t = noticeTarget({ title: 't', data, linkUrl }, ctx);
        expect(['flowApproval', 'todo', 'file', 'link', 'error', 'none']).toContain(t.kind);
      }),
    );
  });
});

describe('notice paging: 30 per page, load more at 80% scroll', () => {
  const idle = { loading: false, hasMore: true };

  it.each([
    [{ scrollTop: 0, clientHeight: 500, scrollHeight: 1000 }, idle, false],
    [{ scrollTop: 299, clientHeight: 500, scrollHeight: 1000 }, idle, false],
    [{ scrollTop: 300, clientHeight: 500, scrollHeight: 1000 }, idle, true],
    [{ scrollTop: 500, clientHeight: 500, scrollHeight: 1000 }, idle, true],
    [{ scrollTop: 500, clientHeight: 500, scrollHeight: 1000 }, { loading: true, hasMore: true }, false],
    [{ scrollTop: 500, clientHeight: 500, scrollHeight: 1000 }, { loading: false, hasMore: false }, false],
    [{ scrollTop: 0, clientHeight: 0, scrollHeight: 0 }, idle, false],
    [{ scrollTop: Number.NaN, clientHeight: 500, scrollHeight: 1000 }, idle, false],
  ])('%j %j -> %s', (metrics, flags, expected) => expect(shouldLoadMore(metrics, flags)).toBe(expected));

  it('a short list that fits the viewport loads more', () =>
    expect(shouldLoadMore({ scrollTop: 0, clientHeight: 800, scrollHeight: 600 }, idle)).toBe(true));

  it.each([
    [30, true],
    [29, false],
    [0, false],
  ])('a page of %d notices -> more %s', (n, expected) => expect(hasMoreNotices(n)).toBe(expected));

  it.each([
    [1, { EventId: 'e1', SkipCount: 0, MaxResultCount: 30 }],
    [2, { EventId: 'e1', SkipCount: 30, MaxResultCount: 30 }],
    [0, { EventId: 'e1', SkipCount: 0, MaxResultCount: 30 }],
  ])('page %d query', (page, expected) => expect(noticePageQuery('e1', page)).toEqual(expected));

  it('the predicate matches the 80% rule (property)', () => {
    fc.assert(
      fc.property(fc.nat(10000), fc.nat(10000), fc.integer({ min: 1, max: 20000 }), (scrollTop, clientHeight, scrollHeight) => {
        expect(shouldLoadMore({ scrollTop, clientHeight, scrollHeight }, idle)).toBe(
          scrollTop + clientHeight >= scrollHeight * 0.8,
        );
      }),
    );
  });
});

describe('全部已读 drawn at once', () => {
  it('every tab of every group read, the rest of each tab and group as it was', () => {
    const groups = [
      { name: '审批', messageEventAppTabsDtos: [{ id: 'a', name: '待办', noReadNum: 3, msgContext: '请假申请' }, { id: 'b', name: '抄送', noReadNum: 0 }] },
      { name: '通知', messageEventAppTabsDtos: [{ id: 'c', name: '系统通知', noReadNum: 12, msgDateTime: '2026-11-27 08:00' }] },
    ];
    const read = allRead(groups);
    expect(read).toEqual([
      { name: '审批', messageEventAppTabsDtos: [{ id: 'a', name: '待办', noReadNum: 0, msgContext: '请假申请' }, { id: 'b', name: '抄送', noReadNum: 0 }] },
      { name: '通知', messageEventAppTabsDtos: [{ id: 'c', name: '系统通知', noReadNum: 0, msgDateTime: '2026-11-27 08:00' }] },
    ]);
    // A tab already read is the same object: nothing to draw again for it.
    expect(read[0]?.messageEventAppTabsDtos[1]).toBe(groups[0]?.messageEventAppTabsDtos[1]);
    expect(groups[0]?.messageEventAppTabsDtos[0]?.noReadNum).toBe(3);
  });

  it('a group the backend sent without tabs has none', () => {
    const broken = [{ name: '空', messageEventAppTabsDtos: null }] as unknown as Parameters<typeof allRead>[0];
    expect(allRead(broken)).toEqual([{ name: '空', messageEventAppTabsDtos: [] }]);
    expect(allRead([])).toEqual([]);
  });
});
