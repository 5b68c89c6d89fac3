import type { Route } from '../module';
import type { Ctx } from '../core/context';
import { badRequest, notFound } from '../core/errors';
import { randomToken } from '../core/crypto';
import { asObject, optNum, optStr, reqStr } from '../core/validate';
import { parseLocal } from '../core/time';
import { addBulk, BULK_KINDS, type BulkKind } from '../seed/bulk';
import { BROKEN_ANSWERS, isBrokenAnswer } from '../core/brokenAnswers';
import { makeHostile } from '../hostile/seed';
import type { Move } from '../core/variant';

/** A path of a moved call: '/' then segments, `:name` ones allowed. */
const MOVE_PATH = /^\/[A-Za-z0-9._~!$&'()*+,;=:@%/-]+$/;

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
      path: '/sandbox/admin/hostile',
      public: true,
      // Every text, link, picture and HTML field of the data hostile (hostile/seed.ts), until the next reset.
      handler: (req) => {
        const b = req.body === undefined ? {} : asObject(req.body);
        const foreign = optStr(b, 'foreign') ?? 'https://evil.example';
        const host = req.headers['host'] ?? '127.0.0.1';
        // On a copy: the seed shares objects with module constants (form definitions), and
        // changing them in place would keep them hostile past the next reset.
        const copy = structuredClone(ctx.db);
        const replaced = makeHostile(copy, { foreign: foreign.replace(/\/+$/, ''), app: `http://${host}` });
        Object.assign(ctx.db, copy);
        services.save();
        return { body: { replaced } };
      },
    },
    {
      method: 'POST',
      path: '/sandbox/admin/expire-tokens',
      public: true,
      // `{ refresh: true }` also ends the refresh tokens: the user must sign in again.
      handler: (req) => {
        const b = req.body === undefined || req.body === '' ? {} : asObject(req.body);
        const refresh = b['refresh'];
        if (refresh !== undefined && typeof refresh !== 'boolean') throw badRequest('refresh 必须是布尔值', 'refresh');
        const expired = sessions.expireAll({ refresh: refresh === true });
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
        const answer = b['answer'];
        if (answer !== undefined && !isBrokenAnswer(answer)) throw badRequest(`answer 须为 ${BROKEN_ANSWERS.join(', ')} 之一`, 'answer');
        if (status === undefined && delayMs === undefined && answer === undefined) throw badRequest('status、delayMs 或 answer 至少填写一个');
        const f = faults.add({ path, status, times, delayMs, method, message, ...(answer ? { answer } : {}) });
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
      path: '/sandbox/admin/variant',
      public: true,
      handler: () => ({ body: ctx.variant.describe() }),
    },
    {
      // Another school's backend until the next reset (core/variant.ts): { moves?: [{ from, to }], smsCodeLength?, ignoresIdempotencyKey? }.
      method: 'POST',
      path: '/sandbox/admin/variant',
      public: true,
      handler: (req) => {
        const b = asObject(req.body);
        const rawMoves = b['moves'];
        let moves: Move[] | undefined;
        if (rawMoves !== undefined) {
          if (!Array.isArray(rawMoves)) throw badRequest('moves 必须是数组', 'moves');
          moves = rawMoves.map((m: unknown) => {
            const o = asObject(m);
            const from = reqStr(o, 'from');
            const to = reqStr(o, 'to');
            if (!MOVE_PATH.test(from) || !MOVE_PATH.test(to)) throw badRequest('from 和 to 必须是以 / 开头的路径', 'moves');
            return { from, to };
          });
        }
        const smsCodeLength = optNum(b, 'smsCodeLength', { integer: true, min: 4, max: 8 });
        const ignores = b['ignoresIdempotencyKey'];
        if (ignores !== undefined && typeof ignores !== 'boolean') throw badRequest('ignoresIdempotencyKey 必须是布尔值', 'ignoresIdempotencyKey');
        ctx.variant.set({
          ...(moves ? { moves } : {}),
          ...(smsCodeLength !== undefined ? { smsCodeLength } : {}),
          ...(ignores !== undefined ? { ignoresIdempotencyKey: ignores } : {}),
        });
        services.log(`[sandbox] backend variant ${JSON.stringify(ctx.variant.describe())}`);
        return { body: ctx.variant.describe() };
      },
    },
    {
      method: 'DELETE',
      path: '/sandbox/admin/variant',
      public: true,
      handler: () => {
        ctx.variant.clear();
        return { body: ctx.variant.describe() };
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
        // The tab the message landed in (its EventId), so a test can open page/notice?id= on it.
        const eventId = ctx.db.messageGroups.find((g) => g.name === groupName)?.tabs[0]?.id ?? null;
        return { body: { delivered: ctx.hub.connectionsFor(u.id), eventId } };
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
      path: '/sandbox/admin/hub',
      public: true,
      handler: () => {
        const byUser = ctx.hub.subscriptions();
        const byAccount: Record<string, number> = {};
        for (const [id, n] of Object.entries(byUser)) byAccount[ctx.db.users.find((u) => u.id === id)?.account ?? id] = n;
        return { body: { connections: ctx.hub.size, byAccount } };
      },
    },
    {
      method: 'POST',
      path: '/sandbox/admin/hub-drop',
      public: true,
      // 'cut' (default): sockets destroyed without a word; 'restart': the close a server going down sends.
      handler: (req) => {
        const b = req.body === undefined || req.body === '' ? {} : asObject(req.body);
        const mode = optStr(b, 'mode') ?? 'cut';
        if (mode !== 'cut' && mode !== 'restart') throw badRequest('mode 只能是 cut 或 restart', 'mode');
        return { body: { dropped: ctx.hub.dropAll(mode) } };
      },
    },
    {
      method: 'GET',
      path: '/sandbox/admin/log',
      public: true,
      handler: () => ({ body: services.recentLog() }),
    },
    {
      // Long lists (bench/scrollBench.ts, tests/e2e/long-lists.spec.ts): { kind: approval | todo | notice | asset, count, account? } adds rows (seed/bulk.ts).
      method: 'POST',
      path: '/sandbox/admin/bulk',
      public: true,
      handler: (req) => {
        const b = asObject(req.body);
        const kind = reqStr(b, 'kind');
        if (!(BULK_KINDS as readonly string[]).includes(kind)) throw badRequest(`kind 必须是 ${BULK_KINDS.join('、')} 之一`, 'kind');
        const count = optNum(b, 'count', { integer: true, min: 1, max: 5000 }) ?? 1000;
        const u = b['account'] === undefined && b['userId'] === undefined ? userByAccountOrId({ account: 't1001' }) : userByAccountOrId(b);
        const added = addBulk(ctx.db, u, kind as BulkKind, count, services.now());
        services.save();
        return { body: { added } };
      },
    },
  ];
}
