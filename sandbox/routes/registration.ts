import type { Route } from '../module';
import { me, type Ctx } from '../core/context';
import { maskPhone } from '../core/crypto';
import { badRequest, conflict, forbidden, notFound } from '../core/errors';
import type { Matter, RegistrationBatch, UserRecord } from '../core/db';
import { fmt, parseLocal } from '../core/time';
import { asObject, optStr, q, reqStr } from '../core/validate';
import { matterFor } from './present';

const STU = '/v1/saas-student-service/api/student';
const REMARK_MAX = 500;

const list = (csv: string): string[] => csv.split(',').map((s) => s.trim()).filter(Boolean);

export function registrationRoutes(ctx: Ctx): Route[] {
  const { db, services } = ctx;

  const verifier = (req: Parameters<Route['handler']>[0]): UserRecord => {
    const u = me(ctx, req);
    if (u.userType !== 1 || !u.roles.includes('registrationVerifier')) throw forbidden('您没有报到核验权限');
    return u;
  };
  const student = (req: Parameters<Route['handler']>[0]): UserRecord => {
    const u = me(ctx, req);
    if (u.userType !== 2) throw forbidden('仅学生可以查看报到事项');
    return u;
  };
  /** A student by student number, ID number or QR code content. */
  const findStudent = (number: string | undefined): UserRecord => {
    const n = (number ?? '').trim().toUpperCase();
    if (!n) throw badRequest('请输入学号或身份证号', 'number');
    const s = db.users.find((u) => u.userType === 2 && (u.number.toUpperCase() === n || u.idCard?.toUpperCase() === n || u.qrCode.toUpperCase() === n));
    if (!s) throw notFound('未找到该学生');
    return s;
  };
  const batchOf = (s: UserRecord): RegistrationBatch | undefined => db.batches.find((b) => b.id === s.batchId);
  const mattersOf = (s: UserRecord): Matter[] =>
    (batchOf(s)?.matterIds ?? []).map((id) => db.matters.find((m) => m.id === id)).filter((m): m is Matter => !!m);
  /** 1 within the registration period, 0 outside it, -1 when the student has no batch. */
  const isHandData = (s: UserRecord): number => {
    const b = batchOf(s);
    if (!b) return -1;
    const t = services.nowMs();
    const start = parseLocal(b.start)?.getTime() ?? Infinity;
    const end = parseLocal(b.end)?.getTime() ?? -Infinity;
    return t >= start && t <= end ? 1 : 0;
  };
  const hands = (s: UserRecord) => mattersOf(s).map((m) => matterFor(db, m, s.id));
  const userView = (s: UserRecord) => ({
    id: s.id,
    name: s.name,
    number: s.number,
    sex: s.sex,
    describe: s.describe,
    idCard: s.idCard,
    userImage: s.userImage,
    phoneNum: maskPhone(s.phone),
    batchName: batchOf(s)?.name ?? '',
  });
  const matterOf = (s: UserRecord, id: string | undefined): Matter => {
    const m = mattersOf(s).find((x) => x.id === id);
    if (!m) throw notFound('事项不存在');
    return m;
  };

  return [
    {
      method: 'GET',
      path: `${STU}/stumatter-by-num`,
      handler: (req) => {
        verifier(req);
        const s = findStudent(q(req.query, 'number'));
        const nowmatter = q(req.query, 'nowmatter')?.trim();
        const all = hands(s);
        let nowMatter: Record<string, unknown> | null;
        if (nowmatter) nowMatter = matterFor(db, matterOf(s, nowmatter), s.id);
        else nowMatter = all.find((m) => m['type'] === 0) ?? null;
        return { body: { nowMatter, matterHands: all, isHandData: isHandData(s), userView: userView(s) } };
      },
    },
    {
      method: 'GET',
      path: `${STU}/own-matter`,
      handler: (req) => {
        const s = student(req);
        const all = hands(s);
        const open = all.filter((m) => m['isMustDoIt'] === 1 && m['isMatterHand'] === 0);
        const nextMatter = open.find((m) => m['type'] === 0) ?? open[0] ?? null;
        return { body: { nextMatter, matterHands: all, isHandData: isHandData(s), userView: userView(s) } };
      },
    },
    {
      method: 'GET',
      path: `${STU}/:id/matter-by-id`,
      handler: (req) => {
        verifier(req);
        const s = findStudent(q(req.query, 'number'));
        return { body: matterFor(db, matterOf(s, req.params['id']), s.id) };
      },
    },
    {
      method: 'GET',
      path: `${STU}/:id/own-matter`,
      handler: (req) => {
        const s = student(req);
        return { body: matterFor(db, matterOf(s, req.params['id']), s.id) };
      },
    },
    {
      method: 'POST',
      path: `${STU}/defining-matter`,
      handler: (req) => {
        const v = verifier(req);
        const b = asObject(req.body);
        const s = findStudent(reqStr(b, 'number', { requiredMessage: '请输入学号或身份证号' }));
        const m = matterOf(s, reqStr(b, 'matterId', { requiredMessage: '请选择事项' }));
        const fillSubMatters = list(optStr(b, 'fillSubMatters') ?? '');
        const fillSubBeType = list(optStr(b, 'fillSubBeType') ?? '');
        const remark = optStr(b, 'fillSubBeRemark', { max: REMARK_MAX, maxMessage: `备注不能超过${REMARK_MAX}个字符` }) ?? '';

        const subs = list(m.subMatters);
        const types = list(m.subBeType);
        if (subs.length > 0 && fillSubMatters.length === 0) throw badRequest('请选择项目', 'fillSubMatters');
        if (fillSubMatters.some((x) => !subs.includes(x))) throw badRequest('所选项目不存在', 'fillSubMatters');
        if (types.length > 0 && fillSubBeType.length === 0) throw badRequest('请选择类型', 'fillSubBeType');
        if (fillSubBeType.length > 1 || fillSubBeType.some((x) => !types.includes(x))) throw badRequest('所选类型不存在', 'fillSubBeType');
        if (m.subBeRemark === 2 && !remark) throw badRequest('请填写备注', 'fillSubBeRemark');

        if (isHandData(s) !== 1) throw conflict('当前不在报到时间范围');
        const state = matterFor(db, m, s.id);
        if (state['type'] === 3) throw conflict('该事项已办理');
        if (state['type'] === 1 || state['type'] === 2) throw conflict(String(state['msg']));

        db.matterHands.push({
          studentId: s.id,
          matterId: m.id,
          handName: v.name,
          doneTime: fmt(services.now()),
          fillSubMatters: fillSubMatters.join(','),
          fillSubBeType: fillSubBeType.join(','),
          fillSubBeRemark: m.subBeRemark === 0 ? '' : remark,
        });
        services.save();
        services.notify(s.id, {
          groupName: '报到消息',
          title: `「${m.name}」已办理`,
          context: `<p>您的报到事项「${m.name}」已由${v.name}核验通过。</p>`,
          data: { module: 'Registration', id: m.id },
        });
        return { body: matterFor(db, m, s.id) };
      },
    },
  ];
}
