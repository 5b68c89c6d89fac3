/** The demo accounts, for the README, the CLI banner and the tests. */
export interface DemoAccount {
  account: string;
  password: string;
  name: string;
  userType: 1 | 2 | 3 | 4 | 5;
  note: string;
}

export const DEMO_PASSWORD = 'Campus2026';
export const DEMO_SCHOOL_CODE = 'demo';
export const PC_ONLY_SCHOOL_CODE = 'pc-only';

export const DEMO_ACCOUNTS: readonly DemoAccount[] = [
  { account: 't1001', password: DEMO_PASSWORD, name: '王老师', userType: 1, note: '教职工，报到核验员，13 个常用应用' },
  { account: 't1002', password: DEMO_PASSWORD, name: '李主任', userType: 1, note: '教职工，部门负责人，审批人' },
  { account: 't1003', password: DEMO_PASSWORD, name: '赵校长', userType: 1, note: '教职工，校长，免安全验证' },
  { account: 's2001', password: DEMO_PASSWORD, name: '张三', userType: 2, note: '学生，报到事项办理中（各状态都有）' },
  { account: 's2002', password: DEMO_PASSWORD, name: '李四', userType: 2, note: '学生，报到事项已全部办理' },
  { account: 's2003', password: DEMO_PASSWORD, name: '王五', userType: 2, note: '学生，不在报到时间范围，未绑定手机号' },
  { account: 'p3001', password: DEMO_PASSWORD, name: '陈家长', userType: 3, note: '家长，已绑定 2 名学生' },
  { account: 'e4001', password: DEMO_PASSWORD, name: '华信企业', userType: 4, note: '企业，无门户配置' },
  { account: 'o5001', password: DEMO_PASSWORD, name: '访客刘', userType: 5, note: '其他，仅主校区' },
];

/** Single sign-on session ids seeded for `sid-login`; each works once until a reset. */
export const DEMO_SIDS: readonly { sid: string; account: string }[] = [
  { sid: 'sid-t1001-demo', account: 't1001' },
  { sid: 'sid-s2001-demo', account: 's2001' },
  { sid: 'sid-p3001-demo', account: 'p3001' },
];
