import type { Route } from '../module';
import { me, type Ctx } from '../core/context';
import { decryptValue, encryptValue, maskEmail, maskPhone, randomDigits } from '../core/crypto';
import { badRequest, conflict, forbidden, notFound } from '../core/errors';
import type { UserRecord } from '../core/db';
import { fmt, MINUTE } from '../core/time';
import { asObject, optNum, optStr, q, reqStr } from '../core/validate';

const HS = '/v1/saas-home-school-service/api/student-parent-binding';
const SYS = '/v1/saas-system-service/api';
const BASIC = '/v1/saas-basic-data-service/api';

export const MAX_BOUND_STUDENTS = 5;
const MOBILE = /^1[3-9]\d{9}$/;
const HASH = /^[0-9a-f]{32}$/;
const CODE_TTL = 5 * MINUTE;
const RESEND_AFTER = 60_000;
const VERIFIED_FOR = 10 * MINUTE;

export function accountRoutes(ctx: Ctx): Route[] {
  const { db, services } = ctx;

  const isVerified = (u: UserRecord): boolean => (db.verifiedUntil[u.id] ?? 0) > services.nowMs();
  /** True when the school asks this user to verify and no verification is fresh. */
  const needsVerification = (u: UserRecord): boolean => u.security.verification && !isVerified(u);

  /** Sends a code; answers the failure message, or '' when sent. */
  const sendCode = (u: UserRecord, phone: string): string => {
    const now = services.nowMs();
    const last = db.verifyCodes.filter((c) => c.phone === phone).sort((a, b) => b.sentAt - a.sentAt)[0];
    if (last && now - last.sentAt < RESEND_AFTER) return '验证码发送过于频繁，请稍后再试';
    const code = randomDigits(ctx.variant.smsCodeLength);
    db.verifyCodes = db.verifyCodes.filter((c) => c.expiresAt > now && c.phone !== phone);
    db.verifyCodes.push({ phone, code, sentAt: now, expiresAt: now + CODE_TTL, userId: u.id });
    services.log(`[sms] 验证码 ${code} 已发送至 ${phone}（${u.account} ${u.name}，5 分钟内有效）`);
    services.save();
    return '';
  };

  /** Checks and consumes a code; answers the failure message, or '' when right. */
  const checkCode = (u: UserRecord, phone: string, code: string): string => {
    const rec = db.verifyCodes.find((c) => c.phone === phone && c.userId === u.id);
    if (!rec) return '请先获取验证码';
    if (rec.expiresAt <= services.nowMs()) return '验证码已过期，请重新获取';
    if (rec.code !== code.trim()) return '验证码错误';
    db.verifyCodes = db.verifyCodes.filter((c) => c !== rec);
    return '';
  };

  const boundList = (u: UserRecord) =>
    db.bindings
      .filter((b) => b.parentId === u.id)
      .map((b) => db.roster.find((s) => s.id === b.studentId))
      .filter((s) => s !== undefined)
      .map((s) => ({ id: s.id, name: s.name, imagePath: s.imagePath }));

  return [
    {
      method: 'GET',
      path: `${HS}/bind-student-list`,
      handler: (req) => ({ body: boundList(me(ctx, req)) }),
    },
    {
      method: 'POST',
      path: HS,
      handler: (req) => {
        const u = me(ctx, req);
        if (u.userType !== 3) throw forbidden('仅家长可以绑定学生');
        const b = asObject(req.body);
        const missing = ['campusId', 'studentName', 'studentIdCard', 'type'].some((k) => b[k] === undefined || b[k] === null || String(b[k]).trim() === '');
        if (missing) throw badRequest('请将项目信息填写完整');
        const campusId = reqStr(b, 'campusId');
        const studentName = reqStr(b, 'studentName', { max: 50 });
        const idCard = reqStr(b, 'studentIdCard').toUpperCase();
        const relation = optNum(b, 'type', { integer: true, min: 0, max: 6, message: '与学生关系不正确' })!;
        const idType = optStr(b, 'idType');
        if (idType !== undefined && idType !== '1') throw badRequest('证件类型不正确', 'idType');
        const schoolId = optStr(b, 'schoolId');
        if (schoolId && schoolId !== u.tenantId) throw badRequest('学校不正确', 'schoolId');
        if (!db.campuses.some((c) => c.id === campusId)) throw notFound('该校区不存在');
        const student = db.roster.find((s) => s.idCard.toUpperCase() === idCard && s.name === studentName);
        if (!student) throw badRequest('未找到该学生，请核对姓名和证件号');
        if (db.bindings.some((x) => x.parentId === u.id && x.studentId === student.id)) throw conflict('该学生已绑定');
        if (db.bindings.filter((x) => x.parentId === u.id).length >= MAX_BOUND_STUDENTS) throw conflict(`最多可绑定${MAX_BOUND_STUDENTS}名学生`);
        db.bindings.push({ parentId: u.id, studentId: student.id, relation, campusId, creationTime: fmt(services.now()) });
        services.save();
        return { body: { id: student.id, name: student.name, imagePath: student.imagePath } };
      },
    },
    {
      method: 'DELETE',
      path: `${HS}/:id`,
      handler: (req) => {
        const u = me(ctx, req);
        const idx = db.bindings.findIndex((b) => b.parentId === u.id && b.studentId === req.params['id']);
        if (idx < 0) throw notFound('绑定关系不存在');
        db.bindings.splice(idx, 1);
        services.save();
        return { body: {} };
      },
    },
    {
      method: 'GET',
      path: `${SYS}/school-sign-password`,
      handler: () => ({ body: { ...db.passwordPolicy } }),
    },
    {
      method: 'POST',
      path: `${SYS}/user-info/password`,
      handler: (req) => {
        const u = me(ctx, req);
        const b = asObject(req.body);
        const oldPassword = reqStr(b, 'oldPassword', { requiredMessage: '请输入原密码' }).toLowerCase();
        const newPassword = reqStr(b, 'newPassword', { requiredMessage: '请输入新密码' }).toLowerCase();
        // Passwords travel hashed, so the length and character rules are the client's to check.
        if (!HASH.test(oldPassword) || !HASH.test(newPassword)) throw badRequest('密码格式不正确');
        if (oldPassword !== u.passwordHash) throw badRequest('原密码错误', 'oldPassword');
        if (newPassword === u.passwordHash) throw badRequest('新密码不能与原密码相同', 'newPassword');
        u.passwordHash = newPassword;
        services.log(`[account] ${u.account} changed the password`);
        services.save();
        return { body: {} };
      },
    },
    {
      method: 'POST',
      path: `${BASIC}/user-info/send-verify-code`,
      handler: (req) => {
        const u = me(ctx, req);
        const phone = (q(req.query, 'phoneNum') ?? '').trim();
        if (!MOBILE.test(phone)) return { body: '请输入正确的手机号' };
        if (phone === u.phone) return { body: '新手机号不能与当前手机号相同' };
        if (db.users.some((x) => x.id !== u.id && x.phone === phone)) return { body: '该手机号已被其他账号绑定' };
        return { body: sendCode(u, phone) };
      },
    },
    {
      method: 'POST',
      path: `${BASIC}/user-info/send-verify-code-userphone`,
      handler: (req) => {
        const u = me(ctx, req);
        if (!u.phone) return { body: '请先绑定手机号' };
        return { body: sendCode(u, u.phone) };
      },
    },
    {
      method: 'POST',
      path: `${BASIC}/user-info/verify-code`,
      handler: (req) => {
        const u = me(ctx, req);
        const phone = (q(req.query, 'phoneNum') ?? '').trim();
        const code = (q(req.query, 'code') ?? '').trim();
        if (!MOBILE.test(phone)) return { body: '请输入正确的手机号' };
        if (!code) return { body: '请输入验证码' };
        const failure = checkCode(u, phone, code);
        if (failure) return { body: failure };
        u.phone = phone;
        services.log(`[account] ${u.account} bound phone ${phone}`);
        services.save();
        return { body: '' };
      },
    },
    {
      method: 'POST',
      path: `${SYS}/user-info/verify`,
      handler: (req) => {
        const u = me(ctx, req);
        const b = asObject(req.body);
        const code = reqStr(b, 'code', { requiredMessage: '请输入验证码' });
        const verifyType = optNum(b, 'verifyType', { integer: true }) ?? 1;
        if (verifyType !== 1) throw badRequest('不支持的验证方式', 'verifyType');
        if (!u.phone) throw badRequest('请先绑定手机号');
        const failure = checkCode(u, u.phone, code);
        if (failure) throw badRequest(failure, 'code');
        db.verifiedUntil[u.id] = services.nowMs() + VERIFIED_FOR;
        services.save();
        return { body: { result: true } };
      },
    },
    {
      method: 'POST',
      path: `${SYS}/user-info/is-verify`,
      handler: (req) => ({ body: { verification: needsVerification(me(ctx, req)) } }),
    },
    {
      method: 'GET',
      path: `${SYS}/user-info/security-setting`,
      handler: (req) => {
        const u = me(ctx, req);
        return { body: { passwordVerification: u.security.passwordVerification, verification: u.security.verification } };
      },
    },
    {
      method: 'POST',
      path: `${SYS}/user-info/check-password`,
      handler: (req) => {
        const u = me(ctx, req);
        const b = asObject(req.body);
        const password = reqStr(b, 'password', { requiredMessage: '请输入密码' }).toLowerCase();
        const result = password === u.passwordHash;
        if (result) {
          db.verifiedUntil[u.id] = services.nowMs() + VERIFIED_FOR;
          services.save();
        }
        return { body: { result } };
      },
    },
    {
      method: 'POST',
      path: `${SYS}/user-info/decrypt-data`,
      handler: (req) => {
        const u = me(ctx, req);
        const b = asObject(req.body);
        const data = b['data'];
        if (!Array.isArray(data) || data.length === 0 || data.some((v) => typeof v !== 'string')) throw badRequest('data 必须是非空字符串数组', 'data');
        const plain = (data as string[]).map((v) => decryptValue(v));
        if (plain.some((p) => p === null)) throw badRequest('解密失败');
        if (needsVerification(u)) throw forbidden('请先完成安全验证');
        return { body: { data: plain } };
      },
    },
    {
      method: 'PUT',
      path: `${SYS}/user-info/profile-summary`,
      handler: (req) => {
        const u = me(ctx, req);
        const b = asObject(req.body);
        const summary = optStr(b, 'profileSummary', { max: 30, maxMessage: '简介不能超过30个字符' }) ?? '';
        u.profileSummary = summary;
        services.save();
        return { body: {} };
      },
    },
    {
      method: 'POST',
      path: `${BASIC}/student/basic-data`,
      handler: (req) => {
        const u = me(ctx, req);
        if (u.userType !== 2) throw forbidden('当前用户不是学生');
        return {
          body: {
            phoneNum: maskPhone(u.phone),
            encrypPhoneNum: u.phone ? encryptValue(u.phone) : '',
            email: maskEmail(u.email),
            encrypEmail: u.email ? encryptValue(u.email) : '',
            enrollmentDate: u.enrollmentDate,
            familys: u.familys.map((f) => ({ id: f.id, name: f.name, relation: f.relation, phoneNum: maskPhone(f.phone), encrypPhoneNum: encryptValue(f.phone) })),
          },
        };
      },
    },
    {
      method: 'POST',
      path: `${BASIC}/teacher/basic-data`,
      handler: (req) => {
        const u = me(ctx, req);
        if (u.userType !== 1) throw forbidden('当前用户不是教职工');
        return {
          body: {
            phoneNum: maskPhone(u.phone),
            encrypPhoneNum: u.phone ? encryptValue(u.phone) : '',
            email: maskEmail(u.email),
            encrypEmail: u.email ? encryptValue(u.email) : '',
            position: u.position,
            joinedDate: u.joinedDate,
          },
        };
      },
    },
  ];
}

