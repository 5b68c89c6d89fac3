import type { Route } from '../module';
import { me, type Ctx } from '../core/context';
import { badRequest } from '../core/errors';
import { asArray, q } from '../core/validate';

const SYS = '/v1/saas-system-service/api';

export function userTypeParam(raw: string | undefined, fallback: number): number {
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 0 || n > 5) throw badRequest('userType 不正确', 'userType');
  return n;
}

export function portalRoutes(ctx: Ctx): Route[] {
  const { db } = ctx;
  return [
    {
      method: 'GET',
      path: `${SYS}/carousel-image/show-list`,
      handler: (req) => {
        const type = Number(q(req.query, 'Type') ?? 1);
        return {
          body: db.carousel
            .filter((c) => c.type === type)
            .map((c) => ({ id: c.id, imageAddress: c.imageAddress, imageName: c.imageName, jumpAddress: c.jumpAddress })),
        };
      },
    },
    {
      method: 'GET',
      path: `${SYS}/home-page/user`,
      handler: (req) => {
        const u = me(ctx, req);
        const userType = userTypeParam(q(req.query, 'userType'), u.userType);
        const config = db.portals[String(userType)];
        // No config: an empty body (the client then shows 未配置门户).
        if (!config) return { raw: { contentType: 'application/json; charset=utf-8', data: '' } };
        return { body: config };
      },
    },
    {
      method: 'POST',
      path: `${SYS}/component/code`,
      handler: (req) => {
        const codes = asArray(req.body, '组件编码列表');
        if (codes.some((c) => typeof c !== 'string')) throw badRequest('组件编码必须是字符串');
        return {
          body: db.widgets.filter((w) => codes.includes(w.code)).map((w) => ({ code: w.code, state: w.state, url: w.url, id: w.id })),
        };
      },
    },
  ];
}
