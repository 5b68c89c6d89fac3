import type { Route } from '../module';
import { me, type Ctx } from '../core/context';
import { badRequest, notFound } from '../core/errors';
import { asObject, paging, q } from '../core/validate';
import type { Notice } from '../core/db';

const MSG = '/v1/message-service/api';

function plain(html: string): string {
  return html
    .replace(/<(script|style)[\s\S]*?<\/\1>/gi, '')
    .replace(/<[^>]*>/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}

export function messageRoutes(ctx: Ctx): Route[] {
  const { db, services } = ctx;
  const notice = (n: Notice) => ({
    id: n.id,
    title: n.title,
    context: n.context,
    realitySendTime: n.realitySendTime,
    linkUrl: n.linkUrl,
    data: n.data,
    isRead: n.isRead,
    eventId: n.eventId,
  });
  return [
    {
      method: 'GET',
      path: `${MSG}/message-group/app-tabs`,
      handler: (req) => {
        const u = me(ctx, req);
        const mine = db.notices.filter((n) => n.userId === u.id);
        const body = db.messageGroups.map((g) => ({
          id: g.id,
          name: g.name,
          messageEventAppTabsDtos: g.tabs.map((t) => {
            const list = mine.filter((n) => n.eventId === t.id).sort((a, b) => b.sortKey - a.sortKey);
            const latest = list[0];
            return {
              id: t.id,
              name: t.name,
              noReadNum: list.filter((n) => !n.isRead).length,
              msgContext: latest ? plain(latest.context).slice(0, 60) || latest.title : '',
              msgDateTime: latest?.realitySendTime ?? null,
            };
          }),
        }));
        return { body };
      },
    },
    {
      method: 'GET',
      path: `${MSG}/send-user-message/by-eventid`,
      handler: (req) => {
        const u = me(ctx, req);
        const eventId = q(req.query, 'EventId')?.trim();
        if (!eventId) throw badRequest('EventId 不能为空', 'EventId');
        if (!db.messageGroups.some((g) => g.tabs.some((t) => t.id === eventId))) throw notFound('消息分类不存在');
        const { skip, max } = paging(req.query, 30);
        const list = db.notices.filter((n) => n.userId === u.id && n.eventId === eventId).sort((a, b) => b.sortKey - a.sortKey);
        const page = list.slice(skip, skip + max);
        const items = page.map(notice);
        // Opening a list reads what it shows, as the message centre does.
        let changed = false;
        for (const n of page) if (!n.isRead) (n.isRead = true), (changed = true);
        if (changed) services.save();
        return { body: { items, totalCount: list.length } };
      },
    },
    {
      method: 'POST',
      path: `${MSG}/send-user-message/read-message`,
      handler: (req) => {
        const u = me(ctx, req);
        const b = req.body === undefined ? {} : asObject(req.body);
        const groupId = b['groupId'] ?? null;
        const eventId = b['eventId'] ?? null;
        if (groupId !== null && typeof groupId !== 'string') throw badRequest('groupId 格式不正确', 'groupId');
        if (eventId !== null && typeof eventId !== 'string') throw badRequest('eventId 格式不正确', 'eventId');
        let events: string[] | null = null;
        if (groupId !== null) {
          const g = db.messageGroups.find((x) => x.id === groupId);
          if (!g) throw notFound('消息分组不存在');
          events = g.tabs.map((t) => t.id);
        }
        if (eventId !== null) {
          if (!db.messageGroups.some((g) => g.tabs.some((t) => t.id === eventId))) throw notFound('消息分类不存在');
          events = [...(events ?? []), eventId];
        }
        let count = 0;
        for (const n of db.notices) {
          if (n.userId === u.id && !n.isRead && (events === null || events.includes(n.eventId))) {
            n.isRead = true;
            count++;
          }
        }
        services.save();
        return { body: { count } };
      },
    },
  ];
}
