import { describe, expect, it } from 'vitest';
import { FakeCore, U } from './workflow.fixtures';

/** The seeded runs seen through the list, counts, quick handling and the portal widget. */

const list = (core: FakeCore, who: (typeof U)[string], query: Record<string, unknown>) =>
  core.post('flow-run/list', who, { skipCount: 0, maxResultCount: 10, ...query });

const runByTitle = (core: FakeCore, numberPrefix: string, initiator: string, state: number) =>
  core.state.runs.find((r) => r.numberStr.startsWith(numberPrefix) && r.initiatorId === U[initiator]!.id && r.state === state)!;

describe('tab counts', () => {
  it.each([
    ['t1001', { waiting: 3, receive: 2, already: 4, send: 9 }],
    ['t1002', { waiting: 3, receive: 1, already: 6, send: 2 }],
    ['t1003', { waiting: 2, receive: 1, already: 6, send: 0 }],
    ['s2001', { waiting: 0, receive: 1, already: 0, send: 1 }],
    ['p3001', { waiting: 0, receive: 1, already: 0, send: 1 }],
    ['e4001', { waiting: 0, receive: 0, already: 0, send: 1 }],
  ])('%s sees the counts of every tab whatever the query', async (account, counts) => {
    const core = new FakeCore();
    for (const type of [0, 1, 2, 3]) {
      const res = await list(core, U[account]!, { type, titleOrNumber: 'nothing-matches' });
      expect(res.body).toMatchObject({ items: [], totalCount: 0, ...counts });
    }
  });
});

describe('tabs', () => {
  it('0 我的待办: the runs waiting at the user, newest first, with the node type to open them with', async () => {
    const core = new FakeCore();
    const res = await list(core, U.t1002!, { type: 0 });
    expect(res.body.items.map((i: { title: string }) => i.title)).toEqual(['王老师的通知发文', '王老师的请假申请', '王老师的采购申请']);
    for (const item of res.body.items) {
      expect(Object.keys(item)).toEqual(expect.arrayContaining(['id', 'title', 'precis', 'creationTime', 'creatorName', 'creatorImage', 'state', 'isRead', 'nodeType', 'numberStr']));
      expect(item).toMatchObject({ creatorName: '王老师', state: 0, isRead: false, nodeType: 1 });
    }
    const own = await list(core, U.t1001!, { type: 0 });
    expect(own.body.items.map((i: { nodeType: number; state: number }) => [i.nodeType, i.state])).toContainEqual([0, 4]);
  });

  it('opening a waiting run marks it read on the to-do tab', async () => {
    const core = new FakeCore();
    const first = (await list(core, U.t1002!, { type: 0 })).body.items[0];
    await core.get('flow-run/info-app', U.t1002!, { FlowRunId: first.id, Type: '1' });
    expect((await list(core, U.t1002!, { type: 0 })).body.items[0]).toMatchObject({ id: first.id, isRead: true });
  });

  it('1 我收到的: copies with isRead per user, the unread filter, and mark-all-as-read', async () => {
    const core = new FakeCore();
    const all = await list(core, U.t1001!, { type: 1 });
    expect(all.body.items.map((i: { isRead: boolean; nodeType: number }) => [i.isRead, i.nodeType])).toEqual([
      [false, 2],
      [false, 2],
      [true, 2],
    ]);
    expect((await list(core, U.t1001!, { type: 1, isNotRead: true })).body.totalCount).toBe(2);
    const marked = await core.post('flow-run/mark-all-as-read', U.t1001!);
    expect(marked.body).toEqual({ count: 2 });
    const after = await list(core, U.t1001!, { type: 1, isNotRead: true });
    expect(after.body).toMatchObject({ totalCount: 0, receive: 0 });
    expect(core.todos.filter((t) => t.userId === U.t1001!.id && t.tab === 1).every((t) => t.done)).toBe(true);
    // Other users' copies are untouched.
    expect((await list(core, U.t1002!, { type: 1 })).body.receive).toBe(1);
  });

  it('2 已办理 and 3 已发起', async () => {
    const core = new FakeCore();
    const handled = await list(core, U.t1001!, { type: 2 });
    expect(handled.body.items.map((i: { title: string }) => i.title).sort()).toEqual(['李主任的通知发文', '李四的学籍信息变更', '王五的请假申请', '陈家长的学籍信息变更'].sort());
    const started = await list(core, U.t1001!, { type: 3 });
    expect(new Set(started.body.items.map((i: { state: number }) => i.state))).toEqual(new Set([0, 1, 2, 3, 4]));
    expect(started.body.items.every((i: { creatorName: string }) => i.creatorName === '王老师')).toBe(true);
  });
});

describe('filters and paging', () => {
  it.each([
    ['titleOrNumber on the title', { titleOrNumber: ' 用印 ' }, 2],
    ['flowId', { flowId: 'flow-leave' }, 4],
    ['flow code as flowId', { flowId: 'purchase' }, 2],
    ['state', { state: 1 }, 2],
    ['form field, any', { formData: '婚礼' }, 1],
    ['form field by key', { formData: 'reason=婚礼' }, 1],
    ['form field by key, other field', { formData: 'days=婚礼' }, 0],
    ['created from', { createdDateStart: '2025-03-11T00:00' }, 4],
    ['created until', { createdDateEnd: '2025-03-06T15:00' }, 2],
    ['finished between', { overDateStart: '2025-03-05T00:00', overDateEnd: '2025-03-11T23:59' }, 4],
    ['finished until', { overDateEnd: '2025-03-05T09:30' }, 1],
  ])('%s', async (_, filter, count) => {
    const core = new FakeCore();
    const res = await list(core, U.t1001!, { type: 3, ...filter });
    expect(res.body.totalCount).toBe(count);
    expect(res.body.send).toBe(9);
  });

  it('filters by number, initiator and user type', async () => {
    const core = new FakeCore();
    const run = runByTitle(core, 'XJ', 's2001', 0);
    expect((await list(core, U.t1001!, { type: 0, titleOrNumber: run.numberStr.toLowerCase() })).body.items.map((i: { id: string }) => i.id)).toEqual([run.id]);
    expect((await list(core, U.t1001!, { type: 0, initiateUser: [U.s2001!.id, U.e4001!.id] })).body.totalCount).toBe(2);
    expect((await list(core, U.t1001!, { type: 0, userType: 4 })).body.items.map((i: { creatorName: string }) => i.creatorName)).toEqual(['华信企业']);
  });

  it('pages with skipCount and maxResultCount', async () => {
    const core = new FakeCore();
    const all = (await list(core, U.t1001!, { type: 3, maxResultCount: 100 })).body.items.map((i: { id: string }) => i.id);
    const page1 = await list(core, U.t1001!, { type: 3, skipCount: 0, maxResultCount: 4 });
    const page3 = await list(core, U.t1001!, { type: 3, skipCount: 8, maxResultCount: 4 });
    expect(page1.body.items.map((i: { id: string }) => i.id)).toEqual(all.slice(0, 4));
    expect(page3.body.items.map((i: { id: string }) => i.id)).toEqual(all.slice(8));
    expect(page3.body.totalCount).toBe(9);
  });

  it.each([
    [{ type: 7 }],
    [{}],
    [{ type: 0, createdDateStart: 'yesterday' }],
    [{ type: 0, maxResultCount: 0 }],
    [{ type: 0, isNotRead: 'maybe' }],
  ])('refuses %j with 400', async (query) => {
    const core = new FakeCore();
    expect((await core.post('flow-run/list', U.t1001!, query)).status).toBe(400);
  });
});

describe('quick-handling', () => {
  it('approves at once when nothing needs asking', async () => {
    const core = new FakeCore();
    const run = runByTitle(core, 'QJ', 't1001', 0);
    const res = await core.post('flow-run/quick-handling', U.t1002!, { flowRunId: run.id, type: 1 });
    expect(res.body).toEqual({ isQuick: true });
    expect(run.state).toBe(1);
    expect(run.visits.map((v) => v.name)).toEqual(['发起人', '部门审批', '考勤同步', '抄送校长室']);
  });

  it('moves a selected reviewer on to the fixed signer', async () => {
    const core = new FakeCore();
    const run = runByTitle(core, 'FW', 't1001', 0);
    expect((await core.post('flow-run/quick-handling', U.t1002!, { flowRunId: run.id, type: 1 })).body).toEqual({ isQuick: true });
    expect(run.visits.at(-1)).toMatchObject({ name: '签发', state: -1 });
  });

  it.each([
    ['a countersign needing an opinion and a budget code', 'CG', 't1001', 0, 't1002', 1],
    ['a rejection (always needs an opinion)', 'QJ', 't1001', 0, 't1002', 0],
    ["the applicant's own step", 'CG', 't1001', 4, 't1001', 1],
    ['a node needing an opinion (李主任的采购)', 'CG', 't1002', 0, 't1003', 1],
  ])('is not quick for %s and changes nothing', async (_, prefix, initiator, state, who, type) => {
    const core = new FakeCore();
    // The first request makes the seeded steps' to-dos; take the snapshot after it.
    await list(core, U[who]!, { type: 0 });
    const run = runByTitle(core, prefix, initiator, state);
    const before = JSON.stringify(run);
    expect((await core.post('flow-run/quick-handling', U[who]!, { flowRunId: run.id, type })).body).toEqual({ isQuick: false });
    expect(JSON.stringify(run)).toBe(before);
  });

  it('answers 404, 409 and 400 for unknown runs, runs not at the user, bad types', async () => {
    const core = new FakeCore();
    const run = runByTitle(core, 'QJ', 't1001', 0);
    expect((await core.post('flow-run/quick-handling', U.t1002!, { flowRunId: 'nope', type: 1 })).status).toBe(404);
    expect((await core.post('flow-run/quick-handling', U.t1003!, { flowRunId: run.id, type: 1 })).status).toBe(409);
    expect((await core.post('flow-run/quick-handling', U.t1002!, { flowRunId: run.id, type: 2 })).status).toBe(400);
  });
});

describe('portal OA widget (comoinent)', () => {
  it('answers the waiting list or the unread copies, with both counts', async () => {
    const core = new FakeCore();
    const waiting = await core.post('flow-run/comoinent', U.t1002!, { pageSize: 2, type: '0' });
    expect(waiting.body).toMatchObject({ waiting: 3, receive: 1 });
    expect(waiting.body.list).toHaveLength(2);
    const toRead = await core.post('flow-run/comoinent', U.t1001!, { pageSize: 10, type: '1' });
    expect(toRead.body.list.map((i: { isRead: boolean }) => i.isRead)).toEqual([false, false]);
    expect((await core.post('flow-run/comoinent', U.t1001!, { pageSize: 10, type: '5' })).status).toBe(400);
  });
});

describe('flow look-ups', () => {
  it('lists launchable flows by user type, grouped by category, filtered by name', async () => {
    const core = new FakeCore();
    const staff = await core.get('flow-run/can-initiate-flow', U.t1001!);
    expect(staff.body.map((g: { name: string }) => g.name)).toEqual(['人事服务', '财务资产', '行政办公']);
    expect(staff.body[0].flows[0]).toEqual({
      id: 'flow-leave',
      code: 'leave',
      name: '请假申请',
      describe: expect.any(String),
      icon: expect.stringMatching(/^data:image\/svg\+xml/),
      iconBgColor: '#1677ff',
    });
    const student = await core.get('flow-run/can-initiate-flow', U.s2001!);
    expect(student.body.flatMap((g: { flows: { code: string }[] }) => g.flows.map((f) => f.code))).toEqual(['leave', 'student-info']);
    const other = await core.get('flow-run/can-initiate-flow', U.o5001!, { Filter: '访客' });
    expect(other.body).toEqual([{ name: '访客服务', flows: [expect.objectContaining({ code: 'visitor' })] }]);
  });

  it('answers the drop-down list, the flow id of an app code, and the approval centre flow', async () => {
    const core = new FakeCore();
    const dropDown = await core.get('flow-define/flow-drop-down-list', U.t1001!);
    expect(dropDown.body).toContainEqual({ id: 'flow-leave', name: '请假申请', code: 'leave' });
    expect(dropDown.body.some((f: { code: string }) => f.code === 'unconfigured')).toBe(false);
    expect((await core.get('flow-run/flowid-by-appcode', U.t1001!, { code: 'leave' })).body).toBe('flow-leave');
    expect((await core.get('flow-run/flowid-by-appcode', U.t1001!, { code: 'noflow' })).body).toBeNull();
    expect((await core.get('flow-run/flowid-by-appcode', U.t1001!, { code: 'unconfigured' })).body).toBeNull();
    expect((await core.get('flow-run/approval-center', U.t1001!, { flow: 'flow-seal' })).body).toEqual({
      flowId: 'flow-seal',
      code: 'seal',
      name: '用印申请',
      appId: 'app-seal',
      configured: true,
      canInitiate: true,
    });
    expect((await core.get('flow-run/approval-center', U.t1001!)).body).toBeNull();
    expect((await core.get('flow-run/approval-center', U.t1001!, { flow: 'x' })).status).toBe(404);
  });
});
