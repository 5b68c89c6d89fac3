import { describe, expect, it } from 'vitest';
import { testSandbox } from '../testSandbox';
import { flattenApps } from '../../../domain/apps/apps';
import { HttpAppsApi } from '../../../infrastructure/apps/appsApi';
import { loginAs } from './support/partA';

const sb = testSandbox();

const appsFor = async (account: string) => new HttpAppsApi((await loginAs(sb.url, account)).http);

describe('HttpAppsApi against the sandbox', () => {
  it('reads the common apps and the grouped app list of a staff member', async () => {
    const api = await appsFor('t1001');
    const lists = await api.myApps({ type: 1, userType: 1 });
    const common = flattenApps(lists.commonList);
    const all = flattenApps(lists.useList);
    expect(common.length).toBeGreaterThan(0);
    expect(all.length).toBeGreaterThan(0);
    expect(all.map((a) => a.name)).toEqual(expect.arrayContaining(['请假申请', '审批中心']));
    expect(all.find((a) => a.code === 'approvalCenter')?.useAppType).toBe(2);
    expect(all.find((a) => a.code === 'leave')?.useAppType).toBe(3);
    for (const g of lists.useList ?? []) expect(g).toEqual(expect.objectContaining({ id: expect.any(String), name: expect.any(String) }));
  });

  it('lists by user type: a student does not see the verifier app', async () => {
    const api = await appsFor('s2001');
    const all = flattenApps((await api.myApps({ type: 1, userType: 2 })).useList);
    expect(all.some((a) => a.code === 'teacherStudentReport')).toBe(false);
  });

  it('removes common apps (the bare array of ids) and they stay removed', async () => {
    const api = await appsFor('t1001');
    const before = flattenApps((await api.myApps({ type: 1, userType: 1 })).commonList);
    const [first, second] = before;
    expect(second).toBeDefined();
    await api.removeCommonApps([first!.id, second!.id]);
    const after = flattenApps((await api.myApps({ type: 1, userType: 1 })).commonList);
    expect(after.map((a) => a.id)).toEqual(before.slice(2).map((a) => a.id));
  });

  it('refuses to remove an unknown app with the server message', async () => {
    const api = await appsFor('t1001');
    await expect(api.removeCommonApps(['app-none'])).rejects.toMatchObject({ kind: 'http', status: 404, message: '应用不存在：app-none' });
  });

  it('records an app opening (type=1) in the sandbox log of openings', async () => {
    const c = await loginAs(sb.url, 't1001');
    const api = new HttpAppsApi(c.http);
    const app = flattenApps((await api.myApps({ type: 1, userType: 1 })).useList)[0]!;
    const before = sb.db.appLogs.length;
    await api.logAppOpen(app.id);
    expect(sb.db.appLogs.length).toBe(before + 1);
    expect(sb.db.appLogs[sb.db.appLogs.length - 1]).toMatchObject({ appId: app.id, userId: c.userId, type: 1 });
    await expect(api.logAppOpen('app-none')).rejects.toMatchObject({ kind: 'http', status: 404 });
  });
});
