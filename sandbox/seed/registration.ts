import type { Matter, MatterHand, RegistrationBatch } from '../core/db';
import { fmt, DAY, HOUR } from '../core/time';
import { USER } from './ids';

export const MATTER = {
  info: '3a11e400-0000-4000-8000-000000000001',
  fee: '3a11e400-0000-4000-8000-000000000002',
  goods: '3a11e400-0000-4000-8000-000000000003',
  dorm: '3a11e400-0000-4000-8000-000000000004',
  green: '3a11e400-0000-4000-8000-000000000005',
} as const;

const icon = (name: string): string => `/sandbox/images/apps/${name}.svg`;

export function matters(): Matter[] {
  return [
    {
      id: MATTER.info, name: '信息确认', iconImage: icon('info'), matterDescribe: '核对个人信息与录取信息', isMustDoIt: 1,
      content: '<p>请携带<strong>身份证</strong>和<strong>录取通知书</strong>到体育馆一楼 A 区核对信息。</p>',
      subMatters: '', subBeType: '', subBeRemark: 0, requires: [], eligibleStudentIds: null,
    },
    {
      id: MATTER.fee, name: '缴费确认', iconImage: icon('fee'), matterDescribe: '确认学费、住宿费、教材费缴纳情况', isMustDoIt: 1,
      content: '<p>已在线缴费的同学请出示缴费凭证；未缴费的同学可现场刷卡缴费。</p>',
      subMatters: '学费,住宿费,教材费', subBeType: '现金,刷卡,线上支付', subBeRemark: 1, requires: [], eligibleStudentIds: null,
    },
    {
      id: MATTER.goods, name: '领取物品', iconImage: icon('goods'), matterDescribe: '领取军训服、被褥和校园卡', isMustDoIt: 1,
      content: '<p>凭学号到体育馆二楼领取。</p>',
      subMatters: '军训服,被褥,校园卡', subBeType: '', subBeRemark: 2, requires: [], eligibleStudentIds: null,
    },
    {
      id: MATTER.dorm, name: '宿舍入住', iconImage: icon('dorm'), matterDescribe: '办理宿舍入住登记', isMustDoIt: 1,
      content: '', subMatters: '', subBeType: '', subBeRemark: 0, requires: [MATTER.fee], eligibleStudentIds: null,
    },
    {
      id: MATTER.green, name: '绿色通道', iconImage: icon('green'), matterDescribe: '家庭经济困难学生缓缴学费', isMustDoIt: 0,
      content: '<p>经审核的家庭经济困难学生可申请缓缴学费。</p>',
      subMatters: '', subBeType: '缓缴,减免', subBeRemark: 1, requires: [], eligibleStudentIds: [USER.s2002],
    },
  ];
}

export function batches(now: Date): RegistrationBatch[] {
  const all = Object.values(MATTER);
  return [
    { id: 'batch-current', name: '2026级新生报到', start: fmt(new Date(now.getTime() - DAY)), end: fmt(new Date(now.getTime() + 6 * DAY)), matterIds: all },
    // Not yet open: isHandData 0 (当前不在报到时间范围).
    { id: 'batch-late', name: '2026级补报到', start: fmt(new Date(now.getTime() + 30 * DAY)), end: fmt(new Date(now.getTime() + 33 * DAY)), matterIds: all },
  ];
}

export function matterHands(now: Date): MatterHand[] {
  const t = (h: number): string => fmt(new Date(now.getTime() - h * HOUR));
  const hand = (studentId: string, matterId: string, hours: number, fill: Partial<MatterHand> = {}): MatterHand => ({
    studentId, matterId, handName: '王老师', doneTime: t(hours), fillSubMatters: '', fillSubBeType: '', fillSubBeRemark: '', ...fill,
  });
  return [
    hand(USER.s2001, MATTER.info, 3),
    hand(USER.s2002, MATTER.info, 20),
    hand(USER.s2002, MATTER.fee, 19, { fillSubMatters: '学费,住宿费,教材费', fillSubBeType: '线上支付', fillSubBeRemark: '已线上缴清' }),
    hand(USER.s2002, MATTER.goods, 18, { fillSubMatters: '军训服,被褥,校园卡', fillSubBeRemark: '物品已领齐' }),
    hand(USER.s2002, MATTER.dorm, 17),
    hand(USER.s2002, MATTER.green, 16, { fillSubBeType: '缓缴', fillSubBeRemark: '' }),
  ];
}
