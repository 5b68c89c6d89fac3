import type { Route } from '../module';
import { me, type Ctx } from '../core/context';
import { badRequest, ApiError } from '../core/errors';
import { asObject, optStr, q, reqStr } from '../core/validate';
import { userInfo } from './present';

const ID = '/v1/saas-identity-service/api/account';

export function identityRoutes(ctx: Ctx): Route[] {
  const { db, sessions, services } = ctx;
  return [
    {
      method: 'GET',
      path: '/sandbox/school-lookup',
      public: true,
      handler: (req) => {
        if (q(req.query, 'type') !== 'getprojectbycode') throw badRequest('不支持的查询类型');
        const code = (q(req.query, 'code') ?? '').trim().toLowerCase();
        const s = db.schools.find((x) => x.code.toLowerCase() === code || x.SchoolCode.toLowerCase() === code);
        if (!s) return { body: { Result: false, Data: null, Msg: '识别码不存在' } };
        const data: Record<string, unknown> = { name: s.name, code: s.code, SchoolCode: s.SchoolCode, ProjectType: s.ProjectType };
        if (s.SaasAddress) data['SaasAddress'] = s.SaasAddress;
        return { body: { Result: true, Data: data, Msg: '' } };
      },
    },
    {
      method: 'POST',
      path: `${ID}/mobile-login`,
      public: true,
      handler: (req) => {
        const b = asObject(req.body);
        const account = reqStr(b, 'account', { requiredMessage: '账号不能为空' });
        const password = reqStr(b, 'password', { requiredMessage: '密码不能为空' }).toLowerCase();
        const tenantCode = reqStr(b, 'tenantCode', { requiredMessage: '请先绑定学校' }).toLowerCase();
        const school = db.schools.find((s) => s.SchoolCode.toLowerCase() === tenantCode || s.code.toLowerCase() === tenantCode);
        if (!school) throw badRequest('识别码无效');
        const user = db.users.find((u) => u.account.toLowerCase() === account.toLowerCase() && u.tenantId === school.tenantId);
        if (!user || user.passwordHash !== password) throw new ApiError(400, '账号或密码错误', 'InvalidCredentials');
        services.log(`[login] ${user.account} (${user.name})`);
        const rec = sessions.issue(user.id);
        services.save();
        return { body: rec };
      },
    },
    {
      method: 'POST',
      path: `${ID}/sid-login`,
      public: true,
      handler: (req) => {
        const b = asObject(req.body);
        const sid = reqStr(b, 'sid', { requiredMessage: 'sid 不能为空' });
        optStr(b, 'sourceURL');
        const rec = db.sids.find((s) => s.sid === sid);
        if (!rec || rec.used) throw new ApiError(400, '登录凭证无效或已过期', 'InvalidSid');
        const user = db.users.find((u) => u.id === rec.userId);
        if (!user) throw new ApiError(400, '登录凭证无效或已过期', 'InvalidSid');
        rec.used = true;
        services.log(`[sid-login] ${user.account} (${user.name})`);
        const tokens = sessions.issue(user.id);
        services.save();
        return { body: tokens };
      },
    },
    {
      method: 'POST',
      path: `${ID}/refreshtoken-app`,
      public: true,
      handler: (req) => {
        const b = asObject(req.body);
        const token = reqStr(b, 'refreshToken', { requiredMessage: 'refreshToken 不能为空' });
        const rec = sessions.refresh(token);
        // Not a 401: the client's 401 handling would try to refresh again.
        if (!rec) throw new ApiError(400, '登录已过期，请重新登录', 'InvalidRefreshToken');
        services.save();
        return { body: { encryptedAccessToken: rec.encryptedAccessToken, accessToken: rec.accessToken, refreshToken: rec.refreshToken, expireInSeconds: rec.expireInSeconds } };
      },
    },
    {
      method: 'GET',
      path: '/v1/saas-basic-data-service/api/user-info/info',
      handler: (req) => ({ body: userInfo(me(ctx, req)) }),
    },
    {
      method: 'GET',
      path: '/v1/saas-basic-data-service/api/school-campus/user',
      handler: (req) => {
        const u = me(ctx, req);
        return { body: db.campuses.filter((c) => u.campusIds.includes(c.id)).map((c) => ({ id: c.id, name: c.name, typeName: c.typeName })) };
      },
    },
  ];
}
