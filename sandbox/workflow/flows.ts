import { LEAVE_FORM, NOTICE_FORM, PURCHASE_FORM, SEAL_FORM, SHOWCASE_FORM, STUDENT_INFO_FORM, VISITOR_FORM } from './forms';
import type { FlowDef, FlowNodeDef } from './types';

/** Branch conditions may test the initiator's user type under this name (see engine flowValues). */
export const INITIATOR_TYPE = '$initiatorUserType';

/**
 * The seeded flows. Handlers are the demo users, found by account; a missing
 * account just leaves its slot empty. Together the flows cover sequential,
 * countersign (会签) and or-sign (或签) nodes, copy nodes, an automatic node, a node
 * whose handlers the previous actor chooses, signature and opinion nodes, branch
 * conditions, an initial reminder and a flow that is not configured.
 */

export type AccountLookup = (account: string) => string | undefined;

/** A flow icon the client can use as an image source: one white character on a transparent square. */
export function flowIcon(char: string): string {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64" viewBox="0 0 64 64"><text x="32" y="43" font-size="30" text-anchor="middle" fill="#ffffff" font-family="sans-serif">${char}</text></svg>`;
  return `data:image/svg+xml;utf8,${encodeURIComponent(svg)}`;
}

const start = (id: string, extra: Partial<FlowNodeDef> = {}): FlowNodeDef => ({ id, kind: 'start', name: '发起人', handlers: [], modeType: 0, ...extra });
const end = (id: string): FlowNodeDef => ({ id, kind: 'end', name: '结束', handlers: [], modeType: 0 });

export const STAFF_SELECTOR_ID = 'sc-staff';
export const PEOPLE_SELECTOR_ID = 'sc-people';

export function buildFlows(idOf: AccountLookup): FlowDef[] {
  const ids = (...accounts: string[]): string[] => accounts.map(idOf).filter((id): id is string => id !== undefined);
  const [wang, li, zhao, chen] = [ids('t1001'), ids('t1002'), ids('t1003'), ids('p3001')];

  const leave: FlowDef = {
    id: 'flow-leave',
    code: 'leave',
    name: '请假申请',
    describe: '教职工请假超过3天需校长审批；学生请假由班主任审批',
    category: '人事服务',
    icon: flowIcon('假'),
    iconBgColor: '#1677ff',
    userTypes: [1, 2, 3],
    appId: 'app-leave',
    numberPrefix: 'QJ',
    configured: true,
    form: LEAVE_FORM,
    tenantForm: null,
    precisFields: ['leave_days', 'leave_period', 'leave_reason'],
    nodes: [
      start('leave-start', { sendIsSelect: true, sendSelectComponentId: STAFF_SELECTOR_ID }),
      { id: 'leave-dept', kind: 'audit', name: '部门审批', handlers: li, modeType: 0 },
      { id: 'leave-teacher', kind: 'audit', name: '班主任审批', handlers: wang, modeType: 0 },
      { id: 'leave-principal', kind: 'audit', name: '校长审批', handlers: zhao, modeType: 0, isMark: true },
      { id: 'leave-sync', kind: 'plugin', name: '考勤同步', handlers: [], modeType: 0, blurb: '自动同步至考勤系统', pluginMark: '已自动同步至考勤系统' },
      { id: 'leave-cc', kind: 'send', name: '抄送校长室', handlers: zhao, modeType: 0 },
      end('leave-end'),
    ],
    edges: [
      { id: 'leave-e1', source: 'leave-start', target: 'leave-dept', label: '教职工', condition: { field: INITIATOR_TYPE, op: 'eq', value: 1 } },
      { id: 'leave-e7', source: 'leave-start', target: 'leave-teacher', label: '学生/家长', condition: { field: INITIATOR_TYPE, op: 'ne', value: 1 } },
      { id: 'leave-e8', source: 'leave-teacher', target: 'leave-sync' },
      { id: 'leave-e2', source: 'leave-dept', target: 'leave-principal', label: '请假天数＞3', condition: { field: 'days', op: 'gt', value: 3 } },
      { id: 'leave-e3', source: 'leave-dept', target: 'leave-sync', label: '请假天数≤3', condition: { field: 'days', op: 'lte', value: 3 } },
      { id: 'leave-e4', source: 'leave-principal', target: 'leave-sync' },
      { id: 'leave-e5', source: 'leave-sync', target: 'leave-cc' },
      { id: 'leave-e6', source: 'leave-cc', target: 'leave-end' },
    ],
  };

  const purchase: FlowDef = {
    id: 'flow-purchase',
    code: 'purchase',
    name: '采购申请',
    describe: '物品采购，部门会签，万元以上需校长签批',
    category: '财务资产',
    icon: flowIcon('购'),
    iconBgColor: '#fa8c16',
    userTypes: [1],
    appId: 'app-purchase',
    numberPrefix: 'CG',
    configured: true,
    form: PURCHASE_FORM,
    tenantForm: null,
    precisFields: ['pur_title', 'pur_amount'],
    nodes: [
      start('pur-start', {
        sendIsSelect: true,
        sendSelectComponentId: STAFF_SELECTOR_ID,
        fieldLimits: [{ fieldId: 'pur_budget_code', editable: false, hidden: true, required: false }],
      }),
      {
        id: 'pur-countersign',
        kind: 'audit',
        name: '部门会签',
        handlers: [...li, ...zhao],
        modeType: 1,
        isMark: true,
        fieldLimits: [{ fieldId: 'pur_budget_code', editable: true, hidden: false, required: true }],
      },
      { id: 'pur-principal', kind: 'audit', name: '校长签批', handlers: zhao, modeType: 0, isSign: true },
      { id: 'pur-cc', kind: 'send', name: '抄送资产管理员', handlers: wang, modeType: 0 },
      end('pur-end'),
    ],
    edges: [
      { id: 'pur-e1', source: 'pur-start', target: 'pur-countersign' },
      { id: 'pur-e2', source: 'pur-countersign', target: 'pur-principal', label: '金额≥10000', condition: { field: 'amount', op: 'gte', value: 10000 } },
      { id: 'pur-e3', source: 'pur-countersign', target: 'pur-cc', label: '金额＜10000', condition: { field: 'amount', op: 'lt', value: 10000 } },
      { id: 'pur-e4', source: 'pur-principal', target: 'pur-cc' },
      { id: 'pur-e5', source: 'pur-cc', target: 'pur-end' },
    ],
  };

  const seal: FlowDef = {
    id: 'flow-seal',
    code: 'seal',
    name: '用印申请',
    describe: '公章、合同章等用印，任一领导审批后由校长签批',
    category: '行政办公',
    icon: flowIcon('印'),
    iconBgColor: '#f5222d',
    userTypes: [1],
    appId: 'app-seal',
    numberPrefix: 'YY',
    configured: true,
    form: SEAL_FORM,
    tenantForm: null,
    precisFields: ['seal_types', 'seal_copies', 'seal_usage'],
    nodes: [
      start('seal-start'),
      { id: 'seal-approve', kind: 'audit', name: '用印审批', handlers: [...li, ...zhao], modeType: 2 },
      { id: 'seal-sign', kind: 'audit', name: '用印签批', handlers: zhao, modeType: 0, isSign: true },
      { id: 'seal-cc', kind: 'send', name: '抄送办公室', handlers: li, modeType: 0 },
      end('seal-end'),
    ],
    edges: [
      { id: 'seal-e1', source: 'seal-start', target: 'seal-approve' },
      { id: 'seal-e2', source: 'seal-approve', target: 'seal-sign' },
      { id: 'seal-e3', source: 'seal-sign', target: 'seal-cc' },
      { id: 'seal-e4', source: 'seal-cc', target: 'seal-end' },
    ],
  };

  const notice: FlowDef = {
    id: 'flow-notice-draft',
    code: 'notice-draft',
    name: '通知发文',
    describe: '校内通知发文，发起人选择审核人，校长签发',
    category: '行政办公',
    icon: flowIcon('文'),
    iconBgColor: '#722ed1',
    userTypes: [1],
    appId: 'app-notice-draft',
    numberPrefix: 'FW',
    configured: true,
    form: NOTICE_FORM,
    tenantForm: null,
    precisFields: ['ntc_title', 'ntc_no'],
    nodes: [
      start('ntc-start'),
      { id: 'ntc-review', kind: 'audit', name: '审核', handlers: [], modeType: 0, isSelect: true, selectComponentId: STAFF_SELECTOR_ID },
      {
        id: 'ntc-issue',
        kind: 'audit',
        name: '签发',
        handlers: zhao,
        modeType: 0,
        isSign: true,
        isMark: true,
        sendIsSelect: true,
        sendSelectComponentId: PEOPLE_SELECTOR_ID,
      },
      { id: 'ntc-publish', kind: 'send', name: '发布抄送', handlers: wang, modeType: 0 },
      end('ntc-end'),
    ],
    edges: [
      { id: 'ntc-e1', source: 'ntc-start', target: 'ntc-review' },
      { id: 'ntc-e2', source: 'ntc-review', target: 'ntc-issue' },
      { id: 'ntc-e3', source: 'ntc-issue', target: 'ntc-publish' },
      { id: 'ntc-e4', source: 'ntc-publish', target: 'ntc-end' },
    ],
  };

  const studentInfo: FlowDef = {
    id: 'flow-student-info',
    code: 'student-info',
    name: '学籍信息变更',
    describe: '学生或家长申请变更学籍信息',
    category: '学生服务',
    icon: flowIcon('籍'),
    iconBgColor: '#13c2c2',
    userTypes: [2, 3],
    appId: 'app-student-info',
    numberPrefix: 'XJ',
    configured: true,
    form: STUDENT_INFO_FORM,
    tenantForm: null,
    precisFields: ['stu_name', 'stu_reason'],
    nodes: [
      start('stu-start'),
      { id: 'stu-teacher', kind: 'audit', name: '班主任审核', handlers: wang, modeType: 0 },
      { id: 'stu-office', kind: 'audit', name: '教务处备案', handlers: li, modeType: 0 },
      { id: 'stu-cc', kind: 'send', name: '抄送家长', handlers: chen, modeType: 0 },
      end('stu-end'),
    ],
    edges: [
      { id: 'stu-e1', source: 'stu-start', target: 'stu-teacher' },
      { id: 'stu-e2', source: 'stu-teacher', target: 'stu-office' },
      { id: 'stu-e3', source: 'stu-office', target: 'stu-cc' },
      { id: 'stu-e4', source: 'stu-cc', target: 'stu-end' },
    ],
  };

  const visitor: FlowDef = {
    id: 'flow-visitor',
    code: 'visitor',
    name: '访客预约',
    describe: '来访预约，由被访人确认',
    category: '访客服务',
    icon: flowIcon('访'),
    iconBgColor: '#52c41a',
    userTypes: [4, 5],
    appId: 'app-visitor',
    numberPrefix: 'FK',
    configured: true,
    form: VISITOR_FORM,
    tenantForm: null,
    precisFields: ['vis_name', 'vis_time'],
    nodes: [
      start('vis-start'),
      { id: 'vis-host', kind: 'audit', name: '被访人确认', handlers: [], modeType: 0, isSelect: true, selectComponentId: STAFF_SELECTOR_ID },
      { id: 'vis-cc', kind: 'send', name: '抄送安保处', handlers: wang, modeType: 0 },
      end('vis-end'),
    ],
    edges: [
      { id: 'vis-e1', source: 'vis-start', target: 'vis-host' },
      { id: 'vis-e2', source: 'vis-host', target: 'vis-cc' },
      { id: 'vis-e3', source: 'vis-cc', target: 'vis-end' },
    ],
  };

  // Every field type, container and rule on one form (docs/forms.md); reviewed by 李主任.
  // Its name avoids 申请 and it joins an existing category, so the flow list keeps its groups.
  const showcase: FlowDef = {
    id: 'flow-all-fields',
    code: 'all-fields',
    name: '全字段演示',
    describe: '表单引擎全部字段、布局容器与联动规则的演示',
    category: '行政办公',
    icon: flowIcon('演'),
    iconBgColor: '#2f54eb',
    userTypes: [1],
    appId: 'app-all-fields',
    numberPrefix: 'QZ',
    configured: true,
    form: SHOWCASE_FORM,
    tenantForm: null,
    precisFields: ['demo_name', 'demo_category'],
    nodes: [
      start('demo-start'),
      { id: 'demo-review', kind: 'audit', name: '审核', handlers: li, modeType: 0 },
      end('demo-end'),
    ],
    edges: [
      { id: 'demo-e1', source: 'demo-start', target: 'demo-review' },
      { id: 'demo-e2', source: 'demo-review', target: 'demo-end' },
    ],
  };

  const unconfigured: FlowDef = {
    id: 'flow-unconfigured',
    code: 'unconfigured',
    name: '未配置流程',
    describe: '应用已上架，审批流程尚未配置',
    category: '行政办公',
    icon: flowIcon('会'),
    iconBgColor: '#8c8c8c',
    userTypes: [1],
    appId: 'app-unconfigured',
    numberPrefix: 'HY',
    configured: false,
    form: null,
    tenantForm: null,
    precisFields: [],
    nodes: [],
    edges: [],
  };

  return [leave, purchase, seal, notice, studentInfo, visitor, showcase, unconfigured];
}
