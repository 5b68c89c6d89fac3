import type { Route } from '../module';
import type { Ctx } from '../core/context';
import { badRequest, notFound } from '../core/errors';
import { randomToken } from '../core/crypto';
import { asObject, optNum, optStr, reqStr } from '../core/validate';
import { parseLocal } from '../core/time';

/** Test and demo controls. Public on purpose: the sandbox is never deployed. */
export function adminRoutes(ctx: Ctx): Route[] {
  const { services, faults, sessions } = ctx;
  const userByAccountOrId = (b: Record<string, unknown>) => {
    const account = optStr(b, 'account');
    const userId = optStr(b, 'userId');
    if (!account && !userId) throw badRequest('account 或 userId 不能为空');
    const u = ctx.db.users.find((x) => (account ? x.account === account : x.id === userId));
    if (!u) throw notFound('用户不存在');
    return u;
  };

  return [
    { method: 'GET', path: '/sandbox/health', public: true, handler: () => ({ body: { ok: true, now: services.now().toISOString() } }) },
    {
      method: 'POST',
      path: '/sandbox/admin/reset',
      public: true,
      handler: () => {
        ctx.reset();
        return { body: { ok: true } };
      },
    },
    {
      method: 'POST',
      path: '/sandbox/admin/expire-tokens',
      public: true,
      handler: () => {
        const expired = sessions.expireAll();
        services.save();
        return { body: { expired } };
      },
    },
    {
      method: 'GET',
      path: '/sandbox/admin/fault',
      public: true,
      handler: () => ({ body: faults.active() }),
    },
    {
      method: 'POST',
      path: '/sandbox/admin/fault',
      public: true,
      handler: (req) => {
        const b = asObject(req.body);
        const path = reqStr(b, 'path', { trim: false });
        const status = optNum(b, 'status', { integer: true, min: 100, max: 599 });
        const times = optNum(b, 'times', { integer: true, min: -1 });
        const delayMs = optNum(b, 'delayMs', { integer: true, min: 0, max: 120_000 });
        const method = optStr(b, 'method');
        const message = optStr(b, 'message');
        if (status === undefined && delayMs === undefined) throw badRequest('status 或 delayMs 至少填写一个');
        const f = faults.add({ path, status, times, delayMs, method, message });
        return { body: { id: f.id } };
      },
    },
    {
      method: 'DELETE',
      path: '/sandbox/admin/fault',
      public: true,
      handler: () => {
        faults.clear();
        return { body: {} };
      },
    },
    {
      method: 'GET',
      path: '/sandbox/admin/clock',
      public: true,
      handler: () => ({ body: { now: services.now().toISOString(), offsetMs: services.clockOffset() } }),
    },
    {
      method: 'POST',
      path: '/sandbox/admin/clock',
      public: true,
      handler: (req) => {
        const b = asObject(req.body);
        const nowRaw = optStr(b, 'now');
        const offsetMs = optNum(b, 'offsetMs', { integer: true });
        const advanceMs = optNum(b, 'advanceMs', { integer: true });
        let next: number;
        if (nowRaw !== undefined) {
          const d = parseLocal(nowRaw) ?? new Date(nowRaw);
          if (Number.isNaN(d.getTime())) throw badRequest('now 格式不正确', 'now');
          next = d.getTime() - Date.now();
        } else if (offsetMs !== undefined) next = offsetMs;
        else if (advanceMs !== undefined) next = services.clockOffset() + advanceMs;
        else throw badRequest('now、offsetMs 或 advanceMs 至少填写一个');
        services.setClockOffset(next);
        return { body: { now: services.now().toISOString(), offsetMs: services.clockOffset() } };
      },
    },
    {
      method: 'POST',
      path: '/sandbox/admin/notify',
      public: true,
      handler: (req) => {
        const b = asObject(req.body);
        const u = userByAccountOrId(b);
        const title = reqStr(b, 'title');
        const context = optStr(b, 'context', { trim: false }) ?? `<p>${title}</p>`;
        const groupName = optStr(b, 'groupName') ?? '系统消息';
        const data = b['data'];
        if (data !== undefined && (data === null || typeof data !== 'object' || Array.isArray(data))) throw badRequest('data 必须是对象', 'data');
        services.notify(u.id, { groupName, title, context, data: data as Record<string, unknown> | undefined });
        return { body: { delivered: ctx.hub.connectionsFor(u.id) } };
      },
    },
    {
      method: 'POST',
      path: '/sandbox/admin/sid',
      public: true,
      handler: (req) => {
        const u = userByAccountOrId(asObject(req.body));
        const sid = `sid-${u.account}-${randomToken(9)}`;
        ctx.db.sids.push({ sid, userId: u.id, used: false });
        services.save();
        return { body: { sid } };
      },
    },
    {
      method: 'GET',
      path: '/sandbox/admin/sms',
      public: true,
      handler: () => ({
        body: ctx.db.verifyCodes.map((c) => ({ phone: c.phone, code: c.code, sentAt: new Date(c.sentAt).toISOString(), expiresAt: new Date(c.expiresAt).toISOString() })),
      }),
    },
    {
      method: 'GET',
      path: '/sandbox/admin/log',
      public: true,
      handler: () => ({ body: services.recentLog() }),
    },
  ];
}
