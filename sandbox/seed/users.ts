import { idCardWithCheck, passwordHash } from '../core/crypto';
import type { Campus, PasswordPolicy, RosterStudent, SchoolRecord, UserRecord, Binding } from '../core/db';
import { fmt, fmtDate, DAY } from '../core/time';
import { DEMO_PASSWORD, DEMO_SCHOOL_CODE, PC_ONLY_SCHOOL_CODE } from './accounts';
import { CAMPUS_EAST, CAMPUS_MAIN, PC_ONLY_TENANT_ID, ROSTER, TENANT_ID, USER } from './ids';

export const schools = (): SchoolRecord[] => [
  { name: '未来校园示范学校', code: DEMO_SCHOOL_CODE, SchoolCode: DEMO_SCHOOL_CODE, ProjectType: 1, tenantId: TENANT_ID },
  { name: '未来校园电脑端学校', code: PC_ONLY_SCHOOL_CODE, SchoolCode: PC_ONLY_SCHOOL_CODE, ProjectType: 2, tenantId: PC_ONLY_TENANT_ID },
];

export const passwordPolicy = (): PasswordPolicy => ({ digits: 8, passwordSecurity: 3 });

export const campuses = (): Campus[] => [
  { id: CAMPUS_MAIN, name: '主校区', typeName: '校区' },
  { id: CAMPUS_EAST, name: '东校区', typeName: '校区' },
];

export const ID_CARDS = {
  s2001: idCardWithCheck('11010120080315123'),
  s2002: idCardWithCheck('44010620080721234'),
  s2003: idCardWithCheck('33010620081102345'),
  chenXiaoyu: idCardWithCheck('11010820100506456'),
  zhouXiaobei: idCardWithCheck('44030520090909567'),
  wuXiaonan: idCardWithCheck('33020320091212678'),
};

const base = {
  tenantId: TENANT_ID,
  passwordHash: passwordHash(DEMO_PASSWORD),
  profileSummary: '',
  userImage: '',
  photoUrl: '',
  qrCode: '',
  phone: null,
  email: null,
  joinedDate: null,
  idCard: null,
  position: null,
  enrollmentDate: null,
  familys: [],
  setting: { disableNotificationVibration: false },
  security: { passwordVerification: 1 as const, verification: true },
  campusIds: [CAMPUS_MAIN, CAMPUS_EAST],
  roles: [],
  batchId: null,
};

const avatar = (account: string): string => `/sandbox/images/avatars/${account}.svg`;

export function users(now: Date): UserRecord[] {
  const enrollment = fmtDate(new Date(now.getTime() - DAY));
  return [
    {
      ...base,
      id: USER.t1001, account: 't1001', name: '王老师', userType: 1, number: 'T1001', sex: 2,
      describe: '信息工程学院', profileSummary: '教书育人，静待花开', userImage: avatar('t1001'), photoUrl: avatar('t1001'),
      phone: '13812341234', email: 'wanglaoshi@demo.edu.cn', joinedDate: '2015-09-01', position: '辅导员',
      roles: ['registrationVerifier'],
    },
    {
      ...base,
      id: USER.t1002, account: 't1002', name: '李主任', userType: 1, number: 'T1002', sex: 1,
      describe: '教务处', phone: '13912345678', email: 'lizhuren@demo.edu.cn', joinedDate: '2010-03-01', position: '教务处主任',
      roles: ['approver', 'headOfDepartment'],
    },
    {
      ...base,
      id: USER.t1003, account: 't1003', name: '赵校长', userType: 1, number: 'T1003', sex: 1,
      describe: '校长办公室', phone: '13712349999', email: 'zhao@demo.edu.cn', joinedDate: '2005-07-01', position: '校长',
      roles: ['approver', 'principal'], security: { passwordVerification: 1, verification: false },
    },
    {
      ...base,
      id: USER.s2001, account: 's2001', name: '张三', userType: 2, number: '2026010001', sex: 1,
      describe: '信息工程学院 / 软件工程 / 软件2601班', userImage: avatar('s2001'), photoUrl: avatar('s2001'),
      qrCode: ID_CARDS.s2001, idCard: ID_CARDS.s2001, phone: '15012340001', email: 'zhangsan@stu.demo.edu.cn',
      enrollmentDate: enrollment,
      familys: [
        { id: '3a11f000-0000-4000-8000-000000000001', name: '张建国', relation: '父亲', phone: '13600001111' },
        { id: '3a11f000-0000-4000-8000-000000000002', name: '刘芳', relation: '母亲', phone: '13600002222' },
      ],
      security: { passwordVerification: 0, verification: true }, batchId: 'batch-current',
    },
    {
      ...base,
      id: USER.s2002, account: 's2002', name: '李四', userType: 2, number: '2026010002', sex: 2,
      describe: '经济管理学院 / 会计学 / 会计2602班', qrCode: ID_CARDS.s2002, idCard: ID_CARDS.s2002,
      phone: '15012340002', email: 'lisi@stu.demo.edu.cn', enrollmentDate: enrollment,
      familys: [{ id: '3a11f000-0000-4000-8000-000000000003', name: '李大海', relation: '父亲', phone: '13600003333' }],
      batchId: 'batch-current',
    },
    {
      ...base,
      id: USER.s2003, account: 's2003', name: '王五', userType: 2, number: '2026010003', sex: 1,
      describe: '机电工程学院 / 机械设计 / 机械2601班', qrCode: ID_CARDS.s2003, idCard: ID_CARDS.s2003,
      phone: null, email: null, enrollmentDate: null, familys: [],
      security: { passwordVerification: 0, verification: true }, batchId: 'batch-late',
    },
    {
      ...base,
      id: USER.p3001, account: 'p3001', name: '陈家长', userType: 3, number: 'P3001', sex: 1, describe: '',
      phone: '13500003001', email: 'chen@example.com',
    },
    {
      ...base,
      id: USER.e4001, account: 'e4001', name: '华信企业', userType: 4, number: 'E4001', sex: 1, describe: '华信科技有限公司',
      phone: '02088886666', email: 'hr@huaxin.example.com', campusIds: [CAMPUS_EAST],
      security: { passwordVerification: 0, verification: false },
    },
    {
      ...base,
      id: USER.o5001, account: 'o5001', name: '访客刘', userType: 5, number: 'O5001', sex: 2, describe: '',
      phone: '18800005001', campusIds: [CAMPUS_MAIN],
    },
  ];
}

export function roster(): RosterStudent[] {
  return [
    { id: ROSTER.s2001, name: '张三', idCard: ID_CARDS.s2001, campusId: CAMPUS_MAIN, imagePath: avatar('s2001'), userId: USER.s2001 },
    { id: ROSTER.s2002, name: '李四', idCard: ID_CARDS.s2002, campusId: CAMPUS_MAIN, imagePath: '', userId: USER.s2002 },
    { id: ROSTER.s2003, name: '王五', idCard: ID_CARDS.s2003, campusId: CAMPUS_EAST, imagePath: '', userId: USER.s2003 },
    { id: ROSTER.chenXiaoyu, name: '陈小雨', idCard: ID_CARDS.chenXiaoyu, campusId: CAMPUS_MAIN, imagePath: avatar('chenxiaoyu'), userId: null },
    { id: ROSTER.zhouXiaobei, name: '周小北', idCard: ID_CARDS.zhouXiaobei, campusId: CAMPUS_EAST, imagePath: '', userId: null },
    { id: ROSTER.wuXiaonan, name: '吴小南', idCard: ID_CARDS.wuXiaonan, campusId: CAMPUS_MAIN, imagePath: '', userId: null },
  ];
}

export function bindings(now: Date): Binding[] {
  const t = fmt(new Date(now.getTime() - 30 * DAY));
  return [
    { parentId: USER.p3001, studentId: ROSTER.s2001, relation: 1, campusId: CAMPUS_MAIN, creationTime: t },
    { parentId: USER.p3001, studentId: ROSTER.chenXiaoyu, relation: 1, campusId: CAMPUS_MAIN, creationTime: t },
  ];
}
