import type { Route } from '../module';
import { me, type Ctx } from '../core/context';
import { badRequest, notFound } from '../core/errors';
import type { App, UserRecord } from '../core/db';
import { optNum, q, strList } from '../core/validate';
import { app, todoItem } from './present';
import { userTypeParam } from './portal';

const SYS = '/v1/saas-system-service/api';

export function appRoutes(ctx: Ctx): Route[] {
  const { db, services } = ctx;

  const groupsFor = (userType: number) =>
    db.appGroups
      .filter((g) => g.userTypes.includes(userType))
      .map((g) => ({
        id: g.id,
        name: g.name,
        useAppTree: g.appIds.map((id) => db.apps.find((a) => a.id === id)).filter((a): a is App => !!a).map(app),
      }));

  const commonFor = (u: UserRecord) => {
    const list = (db.commonApps[u.id] ?? []).map((id) => db.apps.find((a) => a.id === id)).filter((a): a is App => !!a).map(app);
    return list.length ? [{ id: 'grp-common', name: '我的应用', useAppTree: list }] : [];
  };

  return [
    {
      method: 'GET',
      path: `${SYS}/use-app/my-use-app`,
      handler: (req) => {
        const u = me(ctx, req);
        const userType = userTypeParam(q(req.query, 'userType'), u.userType);
        return { body: { commonList: commonFor(u), useList: groupsFor(userType) } };
      },
    },
    {
      method: 'POST',
      path: `${SYS}/use-app/remove-myuseapp`,
      handler: (req) => {
        const u = me(ctx, req);
        // Canonical body: an array of app ids; { ids: [...] } is accepted too.
        const raw = Array.isArray(req.body) ? req.body : (req.body as { ids?: unknown } | undefined)?.ids;
        if (raw === undefined) throw badRequest('请选择要移除的应用');
        const ids = strList(raw, 'ids');
        if (ids.length === 0) throw badRequest('请选择要移除的应用');
        const unknown = ids.find((id) => !db.apps.some((a) => a.id === id));
        if (unknown) throw notFound(`应用不存在：${unknown}`);
        db.commonApps[u.id] = (db.commonApps[u.id] ?? []).filter((id) => !ids.includes(id));
        services.save();
        return { body: {} };
      },
    },
    {
      method: 'POST',
      path: `${SYS}/use-app/:id/use-app-log`,
      handler: (req) => {
        const u = me(ctx, req);
        const type = optNum({ type: q(req.query, 'type') }, 'type', { integer: true }) ?? 1;
        if (!db.apps.some((a) => a.id === req.params['id'])) throw notFound('应用不存在');
        db.appLogs.push({ appId: req.params['id']!, userId: u.id, type, time: new Date(services.nowMs()).toISOString() });
        if (db.appLogs.length > 1000) db.appLogs.splice(0, db.appLogs.length - 1000);
        services.save();
        return { body: {} };
      },
    },
    {
      method: 'GET',
      path: `${SYS}/menu/home-search`,
      handler: (req) => {
        const u = me(ctx, req);
        const name = (q(req.query, 'name') ?? '').trim().slice(0, 100).toLowerCase();
        const userType = userTypeParam(q(req.query, 'userType'), u.userType);
        if (!name) return { body: { menu: [], useApp: [], todoMatter: [] } };
        const seen = new Set<string>();
        const useApp = groupsFor(userType)
          .flatMap((g) => g.useAppTree)
          .filter((a) => a.name.toLowerCase().includes(name) && !seen.has(a.id) && seen.add(a.id))
          .map((a) => ({ id: a.id, code: a.code, name: a.name, iconImage: a.iconImage, content: a.content, useAppType: a.useAppType }));
        const menu = db.menus
          .filter((m) => m.userTypes.includes(userType) && m.name.toLowerCase().includes(name))
          .map((m) => ({ id: m.id, name: m.name, path: m.path }));
        const now = services.nowMs();
        const todoMatter = db.todos
          .filter((t) => (t.executorId === u.id || t.creatorId === u.id) && t.name.toLowerCase().includes(name))
          .sort((a, b) => b.creationTime.localeCompare(a.creationTime))
          .slice(0, 50)
          .map((t) => todoItem(db, t, now));
        return { body: { menu, useApp, todoMatter } };
      },
    },
  ];
}
