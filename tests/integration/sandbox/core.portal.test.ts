import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { login, startTestSandbox, type ApiClient } from '../../../sandbox/testkit';
import type { SandboxHandle } from '../../../sandbox/server';
import { CAMPUS_EAST, CAMPUS_UNKNOWN } from '../../../sandbox/seed/ids';

const SYS = '/v1/saas-system-service/api';
const MSG = '/v1/message-service/api';

let sb: SandboxHandle;
let teacher: ApiClient;

beforeAll(async () => {
  sb = await startTestSandbox();
});
afterAll(() => sb.close());
beforeEach(async () => {
  sb.reset();
  teacher = (await login(sb, 't1001')).client;
});

describe('reference data', () => {
  it.each(['leave_type', 'gender', 'nation', 'purchase_type', 'seal_type'])('dictionary %s answers [{id, name}]', async (code) => {
    const res = await teacher.get(`/v1/system-service/api/dictionary/drop-down-list?code=${code}`);
    expect(res.status).toBe(200);
    expect(res.body.length).toBeGreaterThan(1);
    for (const d of res.body) expect(Object.keys(d).sort()).toEqual(['id', 'name']);
  });

  it('answers an empty list for an unknown dictionary and 400 without a code', async () => {
    expect((await teacher.get('/v1/system-service/api/dictionary/drop-down-list?code=nope')).body).toEqual([]);
    const res = await teacher.get('/v1/system-service/api/dictionary/drop-down-list');
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe('code 不能为空');
  });

  it('answers the region tree four levels deep', async () => {
    const res = await teacher.get('/v1/system-service/api/area/cascader');
    const china = res.body[0];
    expect(china).toMatchObject({ name: '中国', leve: 0 });
    const province = china.children[0];
    const city = province.children[0];
    const district = city.children[0];
    expect([province.leve, city.leve, district.leve]).toEqual([1, 2, 3]);
    expect(district).toEqual({ name: expect.any(String), code: expect.any(String), leve: 3, children: [] });
    expect(china.children.length).toBeGreaterThanOrEqual(3);
  });
});

describe('messages', () => {
  it('lists tab groups with unread counts, last text and time', async () => {
    const res = await teacher.get(`${MSG}/message-group/app-tabs`);
    expect(res.status).toBe(200);
    const names = res.body.map((g: { name: string }) => g.name);
    expect(names).toEqual(expect.arrayContaining(['通知公告', '审批消息', '待办消息', '系统消息']));
    const campus = res.body[0].messageEventAppTabsDtos[0];
    expect(campus).toEqual({ id: expect.any(String), name: '校园通知', noReadNum: 3, msgContext: expect.any(String), msgDateTime: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d$/) });
  });

  it('pages notices by event (30 a page) and marks what it shows as read', async () => {
    const tabs = (await teacher.get(`${MSG}/message-group/app-tabs`)).body;
    const eventId = tabs[0].messageEventAppTabsDtos[0].id;
    const p1 = await teacher.get(`${MSG}/send-user-message/by-eventid?EventId=${eventId}&SkipCount=0&MaxResultCount=30`);
    expect(p1.body.items).toHaveLength(30);
    expect(p1.body.totalCount).toBe(44);
    const p2 = await teacher.get(`${MSG}/send-user-message/by-eventid?EventId=${eventId}&SkipCount=30&MaxResultCount=30`);
    expect(p2.body.items).toHaveLength(14);
    const item = p1.body.items[0];
    expect(Object.keys(item)).toEqual(expect.arrayContaining(['id', 'title', 'context', 'realitySendTime', 'linkUrl', 'data']));
    // Newest first.
    expect(p1.body.items[0].realitySendTime >= p1.body.items[1].realitySendTime).toBe(true);
    const after = (await teacher.get(`${MSG}/message-group/app-tabs`)).body;
    expect(after[0].messageEventAppTabsDtos[0].noReadNum).toBe(0);
  });

  it('carries hostile HTML, download links and campus links in the seed', async () => {
    const tabs = (await teacher.get(`${MSG}/message-group/app-tabs`)).body;
    const all: { title: string; context: string; data: string; linkUrl: string }[] = [];
    for (const g of tabs)
      for (const t of g.messageEventAppTabsDtos) all.push(...(await teacher.get(`${MSG}/send-user-message/by-eventid?EventId=${t.id}&MaxResultCount=100`)).body.items);
    const hostile = all.find((n) => n.context.includes('<script>'))!;
    expect(hostile.context).toMatch(/onerror=/);
    expect(hostile.context).toMatch(/javascript:/);
    expect(hostile.context).toMatch(/<svg onload=/);
    const datas = all.filter((n) => n.data).map((n) => JSON.parse(n.data));
    expect(datas.some((d) => d.downloadPath && d.name)).toBe(true);
    expect(datas.some((d) => d.module === 'TodoMatter' && d.campus === CAMPUS_EAST)).toBe(true);
    expect(datas.some((d) => d.campus === CAMPUS_UNKNOWN)).toBe(true);
    expect(all.some((n) => n.linkUrl.startsWith('https://'))).toBe(true);
    const download = datas.find((d) => d.downloadPath);
    const file = await fetch(sb.url + download.downloadPath);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('application/pdf');
    expect((await file.text()).startsWith('%PDF-')).toBe(true);
  });

  it('links approvers to waiting flow runs (module OA)', async () => {
    const approver = (await login(sb, 't1002')).client;
    const tabs = (await approver.get(`${MSG}/message-group/app-tabs`)).body;
    const approval = tabs.find((g: { name: string }) => g.name === '审批消息').messageEventAppTabsDtos[0];
    const items = (await approver.get(`${MSG}/send-user-message/by-eventid?EventId=${approval.id}`)).body.items;
    const oa = items.map((n: { data: string }) => (n.data ? JSON.parse(n.data) : null)).filter((d: { module?: string } | null) => d?.module === 'OA');
    expect(oa.length).toBeGreaterThan(0);
    for (const d of oa) expect(d).toMatchObject({ id: expect.any(String), type: 1, tab: 0, campus: expect.any(String) });
  });

  it('marks everything read with groupId null, one group with its id', async () => {
    const tabs = (await teacher.get(`${MSG}/message-group/app-tabs`)).body;
    const r1 = await teacher.post(`${MSG}/send-user-message/read-message`, { groupId: tabs[1].id });
    expect(r1.status).toBe(200);
    const mid = (await teacher.get(`${MSG}/message-group/app-tabs`)).body;
    expect(mid[1].messageEventAppTabsDtos.every((t: { noReadNum: number }) => t.noReadNum === 0)).toBe(true);
    expect(mid[0].messageEventAppTabsDtos[0].noReadNum).toBeGreaterThan(0);
    await teacher.post(`${MSG}/send-user-message/read-message`, { groupId: null });
    const after = (await teacher.get(`${MSG}/message-group/app-tabs`)).body;
    for (const g of after) for (const t of g.messageEventAppTabsDtos) expect(t.noReadNum).toBe(0);
  });

  it('validates event and group ids', async () => {
    expect((await teacher.get(`${MSG}/send-user-message/by-eventid`)).status).toBe(400);
    expect((await teacher.get(`${MSG}/send-user-message/by-eventid?EventId=nope`)).status).toBe(404);
    const res = await teacher.post(`${MSG}/send-user-message/read-message`, { groupId: 'nope' });
    expect(res.status).toBe(404);
    expect(res.body.error.message).toBe('消息分组不存在');
  });
});

describe('portal', () => {
  it('answers the carousel for Type=1', async () => {
    const res = await teacher.get(`${SYS}/carousel-image/show-list?Type=1`);
    expect(res.body).toHaveLength(3);
    for (const c of res.body) expect(Object.keys(c).sort()).toEqual(['id', 'imageAddress', 'imageName', 'jumpAddress']);
    const img = await fetch(sb.url + res.body[0].imageAddress);
    expect(img.headers.get('content-type')).toBe('image/svg+xml');
    expect(await img.text()).toMatch(/^<svg/);
  });

  it('answers a layout using every widget code, unsorted by y, plus an unknown and a disabled one', async () => {
    const res = await teacher.get(`${SYS}/home-page/user?type=1&userType=1`);
    expect(res.body).toMatchObject({ v: '1', platform: 'mobile' });
    const codes = res.body.widgets.map((w: { code: string }) => w.code);
    expect(codes).toEqual(expect.arrayContaining(['mobile-app', 'mobile-oa', 'mobile-todo', 'mobile-note', 'mobile-carousel', 'weather', 'mobile-library']));
    const ys = res.body.widgets.map((w: { y: number }) => w.y);
    expect(ys).not.toEqual([...ys].sort((a: number, b: number) => a - b));
    const info = await teacher.post(`${SYS}/component/code`, codes);
    const byCode = Object.fromEntries(info.body.map((w: { code: string }) => [w.code, w]));
    expect(byCode['mobile-library'].state).toBe(0);
    expect(byCode['weather']).toEqual({ code: 'weather', state: 1, url: '/sandbox/widgets/weather.html', id: expect.any(String) });
    const page = await fetch(sb.url + byCode['weather'].url);
    expect(page.headers.get('content-type')).toContain('text/html');
  });

  it('answers an empty body when a user type has no portal', async () => {
    const e = (await login(sb, 'e4001')).client;
    const res = await e.get(`${SYS}/home-page/user?type=1&userType=4`);
    expect(res.status).toBe(200);
    expect(res.text).toBe('');
  });

  it('validates the component codes body', async () => {
    expect((await teacher.post(`${SYS}/component/code`, { codes: [] })).status).toBe(400);
    expect((await teacher.post(`${SYS}/component/code`, ['nope'])).body).toEqual([]);
  });
});

describe('apps and search', () => {
  it('lists common and grouped apps by user type, with every app kind', async () => {
    const res = await teacher.get(`${SYS}/use-app/my-use-app?type=1&userType=1`);
    expect(res.status).toBe(200);
    expect(res.body.commonList[0].useAppTree).toHaveLength(13);
    const apps = res.body.useList.flatMap((g: { useAppTree: unknown[] }) => g.useAppTree);
    expect(apps.length).toBeGreaterThan(12);
    for (const a of apps) expect(Object.keys(a).sort()).toEqual(['code', 'content', 'iconImage', 'iconName', 'iconUrl', 'id', 'name', 'useAppType']);
    const byCode = Object.fromEntries(apps.map((a: { code: string }) => [a.code, a]));
    for (const code of ['leave', 'purchase', 'seal', 'unconfigured', 'noflow']) expect(byCode[code].useAppType).toBe(3);
    for (const code of ['approvalCenter', 'teacherStudentReport']) expect(byCode[code].useAppType).not.toBe(1);
    expect(byCode['timetable'].content).toMatch(/^https:\/\//);
    expect(apps.some((a: { iconImage: string }) => a.iconImage === '')).toBe(true);
    const student = (await login(sb, 's2001')).client;
    const sApps = (await student.get(`${SYS}/use-app/my-use-app?type=1&userType=2`)).body.useList.flatMap((g: { useAppTree: unknown[] }) => g.useAppTree);
    expect(sApps.map((a: { code: string }) => a.code)).toContain('studentReport');
    const e = (await login(sb, 'e4001')).client;
    expect((await e.get(`${SYS}/use-app/my-use-app?type=1&userType=4`)).body.commonList).toEqual([]);
  });

  it('removes common apps (array body, or { ids })', async () => {
    const r1 = await teacher.post(`${SYS}/use-app/remove-myuseapp`, ['app-leave', 'app-seal']);
    expect(r1.status).toBe(200);
    await teacher.post(`${SYS}/use-app/remove-myuseapp`, { ids: ['app-bus'] });
    const tree = (await teacher.get(`${SYS}/use-app/my-use-app?type=1&userType=1`)).body.commonList[0].useAppTree;
    expect(tree).toHaveLength(10);
    expect(tree.map((a: { id: string }) => a.id)).not.toContain('app-leave');
  });

  it('refuses unknown app ids and empty lists, changing nothing', async () => {
    const res = await teacher.post(`${SYS}/use-app/remove-myuseapp`, ['app-leave', 'nope']);
    expect(res.status).toBe(404);
    expect((await teacher.post(`${SYS}/use-app/remove-myuseapp`, [])).status).toBe(400);
    expect((await teacher.get(`${SYS}/use-app/my-use-app?type=1&userType=1`)).body.commonList[0].useAppTree).toHaveLength(13);
  });

  it('records app opens and refuses unknown apps', async () => {
    expect((await teacher.post(`${SYS}/use-app/app-timetable/use-app-log?type=1`)).status).toBe(200);
    expect(sb.db.appLogs).toHaveLength(1);
    expect((await teacher.post(`${SYS}/use-app/nope/use-app-log?type=1`)).status).toBe(404);
  });

  it('searches apps (case-insensitive) and to-dos by name', async () => {
    const res = await teacher.get(`${SYS}/menu/home-search?name=${encodeURIComponent('申请')}&type=1&userType=1`);
    expect(res.body.useApp.map((a: { name: string }) => a.name).sort()).toEqual(['用印申请', '请假申请', '采购申请'].sort());
    for (const a of res.body.useApp) expect(Object.keys(a).sort()).toEqual(['code', 'content', 'iconImage', 'id', 'name', 'useAppType']);
    const todos = await teacher.get(`${SYS}/menu/home-search?name=${encodeURIComponent('教学')}&type=1&userType=1`);
    expect(todos.body.todoMatter.length).toBeGreaterThan(1);
    expect(todos.body.todoMatter[0]).toMatchObject({ name: expect.stringContaining('教学'), executeName: '王老师' });
    expect(todos.body.menu).toEqual([]);
    expect((await teacher.get(`${SYS}/menu/home-search?name=${encodeURIComponent('请假')}&type=1&userType=1`)).body.menu).toHaveLength(1);
    expect((await teacher.get(`${SYS}/menu/home-search?name=xyz&type=1&userType=1`)).body).toEqual({ menu: [], useApp: [], todoMatter: [] });
    expect((await teacher.get(`${SYS}/menu/home-search?name=HTTPS&type=1&userType=1`)).body.useApp).toEqual([]);
  });
});
