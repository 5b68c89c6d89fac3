import type { Route } from '../module';
import type { Ctx } from '../core/context';
import { badRequest } from '../core/errors';
import { q } from '../core/validate';

export function referenceRoutes(ctx: Ctx): Route[] {
  const { db } = ctx;
  return [
    {
      method: 'GET',
      path: '/v1/system-service/api/dictionary/drop-down-list',
      handler: (req) => {
        const code = q(req.query, 'code')?.trim();
        if (!code) throw badRequest('code 不能为空', 'code');
        // An unknown dictionary is an empty list, as the real service answers.
        return { body: (db.dictionaries[code] ?? []).map((d) => ({ id: d.id, name: d.name })) };
      },
    },
    {
      method: 'GET',
      path: '/v1/system-service/api/area/cascader',
      handler: () => ({ body: db.areas }),
    },
  ];
}
