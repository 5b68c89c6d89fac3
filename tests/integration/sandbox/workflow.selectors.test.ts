import { describe, expect, it } from 'vitest';
import { leaveDays } from '../../../sandbox/workflow/selectors';
import { FakeCore, U } from './workflow.fixtures';

const ZERO = '00000000-0000-0000-0000-000000000000';

const run = (core: FakeCore, who: (typeof U)[string], id: string, fields: Record<string, unknown> = {}, extra: Record<string, unknown> = {}) =>
  core.post('event-config/run', who, {
    id,
    index: 0,
    pageCount: 1,
    maxResultCount: 30,
    eventConfigSelect: false,
    sorting: '',
    dataJson: { eventConfigFields: Object.entries(fields).map(([key, value]) => ({ key, value })) },
    ...extra,
  });

describe('select components', () => {
  it('answers a component by code and by id with its tabs', async () => {
    const core = new FakeCore();
    const byCode = await core.get('select-component/by-code', U.t1001!, { code: 'people' });
    expect(byCode.body).toMatchObject({
      id: 'sc-people',
      name: '选择人员',
      type: 1,
      dataType: 0,
      dataName: 'name',
      selectComponentSet: { defaultApi: 'ec-people-default', selectApi: 'ec-people-search' },
    });
    expect(byCode.body.selectComponentExtendSets.map((t: { name: string; dataType: number; state: number; isSelect: boolean }) => [t.name, t.dataType, t.state, t.isSelect])).toEqual([
      ['组织架构', 0, 1, false],
      ['教职工', 1, 1, false],
      ['学生', 2, 1, false],
      ['群组', 0, 0, false],
    ]);
    const byId = await core.get('select-component/sc-staff', U.t1001!);
    expect(byId.body.code).toBe('staff');
    expect((await core.get('select-component/nope', U.t1001!)).body).toEqual({ error: { message: '未找到对应组件' } });
    expect((await core.get('select-component/by-code', U.t1001!, { code: 'nope' })).status).toBe(404);
    expect((await core.get('select-component/by-code', U.t1001!)).status).toBe(400);
  });
});

describe('people selector (event-config)', () => {
  it('starts at the school: departments to drill into, the path, no people at the top', async () => {
    const core = new FakeCore();
    const res = await run(core, U.t1001!, 'ec-people-org', { parentId: ZERO, type: 0, dataPower: '0', filter: '' });
    const { items, childs, mains } = res.body.result;
    expect(mains).toEqual([{ id: 'dept-root', name: '未来实验学校' }]);
    expect(items.map((i: { name: string; type: number }) => [i.name, i.type])).toEqual([
      ['校长室', 1],
      ['教务处', 1],
      ['高一年级', 1],
      ['家长', 1],
      ['合作单位', 1],
      ['访客', 1],
    ]);
    expect(childs).toEqual(items);
    expect(items[1]).toEqual({ id: 'dept-academic', name: '教务处', image: '', remark: '2人', type: 1, disabled: false, count: 2 });
  });

  it('drills down to people, with the breadcrumb', async () => {
    const core = new FakeCore();
    const grade = await run(core, U.t1001!, 'ec-people-org', { parentId: 'dept-grade-10' });
    expect(grade.body.result.mains.map((m: { name: string }) => m.name)).toEqual(['未来实验学校', '高一年级']);
    const cls = await run(core, U.t1001!, 'ec-people-org', { parentId: 'dept-class-10-1' });
    expect(cls.body.result.items).toEqual([
      { id: U.s2001!.id, name: '张三', image: '', remark: '高一(1)班', type: 0, disabled: false },
      { id: U.s2002!.id, name: '李四', image: '', remark: '高一(1)班', type: 0, disabled: false },
    ]);
    const office = await run(core, U.t1001!, 'ec-people-org', { parentId: 'dept-academic' });
    expect(office.body.result.items.map((i: { remark: string }) => i.remark)).toEqual(['教务处 · 负责人', '教务处']);
  });

  it('keeps to a user type (the tab dataType), and to the own department with dataPower 1', async () => {
    const core = new FakeCore();
    const staff = await run(core, U.t1001!, 'ec-people-org', { type: 1 });
    expect(staff.body.result.items.map((i: { name: string }) => i.name)).toEqual(['校长室', '教务处']);
    const own = await run(core, U.t1001!, 'ec-people-org', { dataPower: '1' });
    expect(own.body.result.mains).toEqual([{ id: 'dept-academic', name: '教务处' }]);
    expect(own.body.result.items.map((i: { name: string }) => i.name)).toEqual(['李主任', '王老师']);
  });

  it('searches the whole tree with a filter, pages and sorts', async () => {
    const core = new FakeCore();
    const found = await run(core, U.t1001!, 'ec-people-org', { filter: '王' });
    expect(found.body.result).toMatchObject({ childs: [], mains: [], totalCount: 2 });
    expect(found.body.result.items.map((i: { name: string }) => i.name)).toEqual(['王老师', '王五']);
    const byAccount = await run(core, U.t1001!, 'ec-people-search', { filter: 'S200' });
    expect(byAccount.body.result.totalCount).toBe(3);
    const page2 = await run(core, U.t1001!, 'ec-people-org', { filter: '' }, { pageCount: 2, maxResultCount: 4, eventConfigSelect: true, sorting: 'name desc' });
    expect(page2.body.result.totalCount).toBe(9);
    expect(page2.body.result.items).toHaveLength(4);
    const page3 = await run(core, U.t1001!, 'ec-people-search', {}, { pageCount: 3, maxResultCount: 4 });
    expect(page3.body.result.items).toHaveLength(1);
  });

  it('resolves chosen ids for the default api', async () => {
    const core = new FakeCore();
    const res = await run(core, U.t1001!, 'ec-people-default', {}, { eventConfigSelect: [U.t1003!.id, 'ghost'] });
    expect(res.body.result.items.map((i: { name: string }) => i.name)).toEqual(['赵校长']);
    const byField = await run(core, U.t1001!, 'ec-people-default', { ids: `${U.t1001!.id},${U.t1002!.id}` });
    expect(byField.body.result.totalCount).toBe(2);
  });

  it('answers result.error for a level that does not exist, 400 for bad paging, 404 for an unknown id', async () => {
    const core = new FakeCore();
    expect((await run(core, U.t1001!, 'ec-people-org', { parentId: 'nope' })).body).toEqual({ result: { error: { message: '部门不存在' } } });
    expect((await run(core, U.t1001!, 'ec-people-org', {}, { pageCount: 0 })).status).toBe(400);
    expect((await run(core, U.t1001!, 'ec-people-org', {}, { index: -1 })).status).toBe(400);
    expect((await run(core, U.t1001!, 'ec-nope')).status).toBe(404);
    expect((await core.post('event-config/run', U.t1001!, { id: 'ec-people-org', dataJson: { eventConfigFields: 'x' } })).status).toBe(400);
  });
});

describe('asset selector', () => {
  it('drills categories down to assets, scrapped ones disabled', async () => {
    const core = new FakeCore();
    const top = await run(core, U.t1001!, 'ec-asset-tree', { parentId: '' });
    expect(top.body.result.items.map((i: { name: string }) => i.name)).toEqual(['信息化设备', '家具']);
    const pcs = await run(core, U.t1001!, 'ec-asset-tree', { parentId: 'ac-it-pc' });
    expect(pcs.body.result.mains.map((m: { name: string }) => m.name)).toEqual(['信息化设备', '计算机']);
    expect(pcs.body.result.items.map((i: { name: string; disabled: boolean }) => [i.name, i.disabled])).toEqual([
      ['联想台式机 M720', false],
      ['戴尔笔记本 5490', false],
      ['旧台式机 A30', true],
    ]);
    expect((await run(core, U.t1001!, 'ec-asset-search', { filter: 'zc-0004' })).body.result.items[0].name).toBe('希沃一体机 86寸');
    expect((await run(core, U.t1001!, 'ec-asset-default', {}, { eventConfigSelect: 'asset-0001,asset-0002' })).body.result.totalCount).toBe(2);
    expect((await run(core, U.t1001!, 'ec-asset-tree', { parentId: 'x' })).body.result.error.message).toBe('分类不存在');
  });
});

describe('form-rule event configs', () => {
  it('answers options as result.items or as a bare list', async () => {
    const core = new FakeCore();
    const cats = await core.post('event-config/run', U.t1001!, { id: 'ec-purchase-categories', formData: {}, dataJson: { eventConfigFields: [] } });
    expect(cats.body.result.items).toContainEqual({ label: '信息化设备', value: 'it' });
    const subs = await core.post('event-config/run', U.t1001!, { id: 'ec-purchase-subcategories', formData: null });
    expect(subs.body.result).toContainEqual({ label: '计算机', value: 'pc' });
  });

  it('computes values for set rules from the form data', async () => {
    const core = new FakeCore();
    const days = await core.post('event-config/run', U.t1001!, {
      id: 'ec-leave-days',
      formData: { code: 'leave', mainTable: { id: 'oa_leave', fields: [{ id: 'leave_period', key: 'period', value: ['2025-03-14 08:30', '2025-03-16 12:00'] }] }, subTable: [] },
      dataJson: { eventConfigFields: [] },
    });
    expect(days.body).toEqual({ result: 2.5 });
    const month = await core.post('event-config/run', U.t1001!, { id: 'ec-archive-month', formData: JSON.stringify({ ntc_publish: '2025-03-20' }) });
    expect(month.body).toEqual({ result: '2025-03' });
    expect((await core.post('event-config/run', U.t1001!, { id: 'ec-archive-month' })).body).toEqual({ result: null });
  });

  it.each([
    [['2025-03-14 08:30', '2025-03-14 17:30'], 1],
    [['2025-03-14 13:30', '2025-03-14 17:30'], 0.5],
    [['2025-03-14 08:30', '2025-03-18 17:30'], 5],
    [['2025-03-14', '2025-03-15'], 2],
    [['2025-03-15', '2025-03-14'], null],
    ['nope', null],
  ])('leave days of %j is %s', (period, days) => {
    expect(leaveDays(period)).toBe(days);
  });
});
