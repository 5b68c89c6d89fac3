import type { SandboxUser } from '../module';
import { buildFlows } from './flows';
import { walkFields, fieldKey, type FormDefinition } from './forms/schema';
import { flowByCode, handle, initiate, markRunRead, pendingStep, revoke, type Effects } from './engine';
import { buildAssets, buildDepartments } from './selectors';
import type { FlowRun, SubmittedFormData, WorkflowState } from './types';

/**
 * The demo's workflow data. Runs are not written by hand: the seed replays what the
 * users did (start, agree, reject, return, revoke) through the engine on a moving
 * clock, so every seeded run is one the engine could have produced.
 *
 * To-dos and messages are the core's: while seeding they are left out, and the
 * module makes the to-dos of waiting steps on the first request (syncWorkflowTodos).
 */

/** A handwritten-looking signature (PNG) for the seeded signing steps. */
export const SEED_SIGNATURE = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAHgAAAAoCAYAAAA16j4lAAABFElEQVR42u2byxHFIAwDXUT6b5VXwZtJBmxkeQ+6JQSxxPxMPM8TyFc0AoARgBGAEYARgJEj4PVHTiDS/HUE6wQ63V93uF0hl/nrGq46Q35b9yMe1c2ffr6bv22PquYr31WGu/2uA9wukHfr1xbwSTCqkK/5c4J7ujFVPX4qz6Vnq0LOiiivy3WEqwI5e7iQBrwKAS/TDhyqgCsb/hZgmXlADDB/63sjAbv/UXLLtClhaxWOiVJr8ElhS2JW6wh4Ca5L7UPzDcBu24Yt9sCnwZ2y910CWNn8hNOrNMBdDuHdz58/AV5mcE9lWIQT4PT8oWY5UuEKmCxH08R3cpQbepTKwucmBXeTEIARgAGMAIwAjO7rB++xqwUWqRcTAAAAAElFTkSuQmCC';

/** Files the core seeds under /sandbox/files, reused as attachments. */
const file = (uid: string, name: string, path: string, size: number) => ({
  uid,
  name,
  domain: '',
  path,
  size,
  userFileId: uid,
  status: 'done',
  url: `/sandbox/files/${encodeURI(path)}`,
});
const CHECKLIST = file('seed-file-checklist', '期中教学检查表.txt', 'seed/期中教学检查表.txt', 75);
const TEMPLATE = file('seed-file-template', '实习报告模板.txt', 'seed/实习报告模板.txt', 66);
const CALENDAR = file('seed-file-calendar', '2026春季校历.pdf', 'seed/2026春季校历.pdf', 700);

/** Submitted form data from values by field id (subform rows by column id). */
export function formData(code: string, form: FormDefinition, main: Record<string, unknown>, subs: Record<string, Record<string, unknown>[]> = {}): SubmittedFormData {
  const fields = walkFields(form.fields).map((w) => w.field);
  const keyOf = (id: string, list = fields) => {
    const f = list.find((x) => x.id === id);
    return f ? fieldKey(f) : id;
  };
  return {
    code,
    mainTable: { id: form.table ?? '', fields: Object.entries(main).map(([id, value]) => ({ id, key: keyOf(id), value })) },
    subTable: Object.entries(subs).map(([id, rows]) => {
      const columns = walkFields(fields.find((f) => f.id === id)?.children ?? []).map((w) => w.field);
      return {
        id,
        subDatas: rows.map((row, i) => ({ id: `${id}-row-${i + 1}`, type: 1, fields: Object.entries(row).map(([cid, value]) => ({ id: cid, key: keyOf(cid, columns), value })) })),
      };
    }),
  };
}

/** An 18-digit ID number with its GB 11643 check digit. */
export function idCard(first17: string): string {
  const weights = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
  const sum = [...first17].reduce((acc, c, i) => acc + Number(c) * weights[i]!, 0);
  return first17 + '10X98765432'[sum % 11]!;
}

const pad = (n: number) => String(n).padStart(2, '0');
const dayText = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
const minuteText = (d: Date, h: number, m = 0) => `${dayText(d)} ${pad(h)}:${pad(m)}`;

export function seedWorkflow(users: SandboxUser[], now: Date = new Date()): WorkflowState {
  const byAccount = new Map(users.map((u) => [u.account, u]));
  const idOf = (account: string) => byAccount.get(account)?.id;
  const { categories, assets } = buildAssets();
  const state: WorkflowState = {
    version: 1,
    flows: buildFlows(idOf),
    runs: [],
    drafts: [],
    departments: buildDepartments(idOf),
    assetCategories: categories,
    assets,
    counters: {},
  };

  let clock = now.getTime();
  let seq = 0;
  const fx: Effects = {
    now: () => new Date(clock),
    newId: () => `3a11f000-0000-4000-8000-${String(++seq).padStart(12, '0')}`,
    userById: (id) => users.find((u) => u.id === id),
    notify: () => undefined,
    createTodo: () => null,
    completeTodo: () => undefined,
    campusId: null,
  };
  /** Moves the seed clock to a day relative to now (negative: the past) at a local time. */
  const at = (days: number, hour: number, minute = 0): Date => {
    const d = new Date(now.getTime() + days * 86_400_000);
    d.setHours(hour, minute, 0, 0);
    clock = Math.min(d.getTime(), now.getTime());
    return d;
  };
  const day = (days: number) => new Date(now.getTime() + days * 86_400_000);
  const user = (account: string) => byAccount.get(account)!;
  const has = (...accounts: string[]) => accounts.every((a) => byAccount.has(a));
  const flow = (code: string) => flowByCode(state, code)!;

  const start = (account: string, code: string, main: Record<string, unknown>, subs: Record<string, Record<string, unknown>[]> = {}, extra: Record<string, unknown> = {}): FlowRun => {
    const f = flow(code);
    const result = initiate(state, fx, user(account), { isInitiate: 1, formData: formData(code, f.form!, main, subs), ...extra });
    return state.runs.find((r) => r.id === result.id)!;
  };
  const act = (run: FlowRun, account: string, body: Record<string, unknown>): void => {
    const step = pendingStep(run, user(account).id);
    if (!step) throw new Error(`seed: ${account} has no step in ${run.title}`);
    handle(state, fx, user(account), { flowRunPrcsId: step.detail.id, ...body });
  };
  const read = (run: FlowRun, account: string) => markRunRead(fx, run, user(account).id);

  const staff = (account: string) => ({ id: user(account).id, name: user(account).name });
  const leave = (type: string, days: number, from: Date, to: Date, reason: string, more: Record<string, unknown> = {}) => ({
    leave_type: type,
    leave_days: days,
    leave_period: [minuteText(from, 8, 30), minuteText(to, 17, 30)],
    leave_reason: reason,
    leave_sub_need: false,
    ...more,
  });
  const purchaseItems = (rows: [string, string, number, number][]) => ({
    pur_items: rows.map(([name, spec, qty, price]) => ({ pur_item_name: name, pur_item_spec: spec, pur_item_qty: qty, pur_item_price: price })),
  });

  if (has('t1001', 't1002', 't1003')) {
    // 王老师's sick leave of 5 days: department, principal (opinion), attendance sync, copy, approved.
    at(-9, 10, 5);
    const r2 = start('t1001', 'leave', leave('leave-2', 5, day(-8), day(-4), '腰椎间盘突出，遵医嘱卧床休息', {
      leave_proof: [{ ...CHECKLIST, uid: 'seed-proof-1', name: '诊断证明.txt' }],
      leave_handover: [staff('t1002')],
      leave_phone: '13800138001',
    }));
    at(-9, 14, 20);
    act(r2, 't1002', { type: 0, mark: '同意，注意休息' });
    at(-8, 9, 30);
    act(r2, 't1003', { type: 0, mark: '同意，请做好课程交接' });
    at(-8, 11, 0);
    read(r2, 't1003');

    // A one-day leave rejected by the department.
    at(-7, 8, 30);
    const r3 = start('t1001', 'leave', leave('leave-1', 1, day(-5), day(-5), '参加亲戚婚礼'));
    at(-7, 11, 0);
    act(r3, 't1002', { type: 1, mark: '本周有公开课，请调整时间' });

    // A leave revoked by 王老师 while it waited at the department.
    at(-6, 15, 0);
    const r4 = start('t1001', 'leave', leave('leave-7', 0.5, day(-3), day(-3), '调休半天'));
    at(-6, 16, 10);
    revoke(state, fx, user('t1001'), r4.id);

    // Seal: or-sign (赵校长 first, 李主任 no longer needed), signing step, copy to the office, approved.
    at(-3, 14, 0);
    const r8 = start('t1001', 'seal', {
      seal_types: ['official', 'contract'],
      seal_copies: 3,
      seal_usage: 'external',
      seal_receiver: '华信企业',
      seal_document: [{ ...TEMPLATE, uid: 'seed-doc-1' }],
      seal_takeout: false,
      seal_remark: '校企合作协议盖章',
    });
    at(-3, 16, 0);
    act(r8, 't1003', { type: 0, mark: '' });
    at(-2, 10, 0);
    act(r8, 't1003', { type: 0, autographPath: SEED_SIGNATURE, autographObject: 'seed/signatures/zhao.png' });

    // Purchase returned to the applicant from the countersign: waits for 王老师 to edit and resubmit.
    at(-5, 10, 0);
    const r5 = start('t1001', 'purchase', {
      pur_title: '教研室办公用品',
      pur_category: 'office',
      pur_budget_year: String(day(0).getFullYear()),
      pur_amount: 3200,
      pur_supplier: '晨光文具',
      pur_supplier_mobile: '13912345678',
    }, purchaseItems([['A4打印纸', '70g 500张/包', 40, 30], ['中性笔', '0.5mm 黑色', 200, 10]]));
    at(-5, 15, 0);
    act(r5, 't1002', { type: 0, mark: '同意', formData: formData('purchase', flow('purchase').form!, { pur_budget_code: 'YS202501' }) });
    at(-4, 11, 0);
    act(r5, 't1003', { type: 2, mark: '请补充报价单后重新提交', flowNodeId: 'pur-start' });

    // A purchase over 10000 at the countersign: 赵校长 agreed, 李主任 still to sign.
    at(-2, 9, 0);
    const r6 = start('t1001', 'purchase', {
      pur_title: '录播教室设备更新',
      pur_category: 'it',
      pur_subcategory: 'av',
      pur_budget_year: String(day(0).getFullYear()),
      pur_expect: dayText(day(20)),
      pur_amount: 12800,
      pur_urgent: true,
      pur_urgent_reason: '下月市级公开课需使用',
      pur_asset: [{ id: 'asset-0005', name: '投影仪 CB-X06' }],
      pur_quotation: [{ ...CALENDAR, uid: 'seed-quote-1', name: '报价单.pdf' }],
    }, purchaseItems([['高清摄像机', '4K 20倍光学变焦', 2, 4800], ['无线麦克风', '一拖二', 2, 1600]]));
    at(-1, 16, 0);
    act(r6, 't1003', { type: 0, mark: '同意，请按预算执行', formData: formData('purchase', flow('purchase').form!, { pur_budget_code: 'YS202502' }) });

    // 王老师's 2-day leave waiting at 李主任.
    at(-1, 9, 10);
    start('t1001', 'leave', leave('leave-1', 2, day(2), day(3), '回老家办理房产手续', {
      leave_phone: '010-62345678',
      leave_sub_need: true,
    }), { leave_subs: [{ leave_sub_date: dayText(day(2)), leave_sub_class: '高一(1)班', leave_sub_teacher: [staff('t1002')] }] });

    // A notice whose reviewer 王老师 chose: 李主任.
    at(-1, 10, 0);
    start('t1001', 'notice-draft', {
      ntc_title: '关于开展期中教学检查的通知',
      ntc_no: '教务〔' + day(0).getFullYear() + '〕8号',
      ntc_urgency: 'normal',
      ntc_publish: dayText(day(1)),
      ntc_scope: ['all'],
      ntc_body: [{ ...CHECKLIST, uid: 'seed-body-1' }],
    }, {}, { userIds: [user('t1002').id] });

    // 李主任's purchase copied to 王老师 (unread); he signed his part, 赵校长 still to sign.
    at(-1, 11, 30);
    const r10 = start('t1002', 'purchase', {
      pur_title: '教务处文件柜',
      pur_category: 'furniture',
      pur_budget_year: String(day(0).getFullYear()),
      pur_amount: 2000,
      pur_asset: [{ id: 'asset-0007', name: '文件柜' }],
    }, purchaseItems([['文件柜', '钢制 五层', 2, 1000]]), { sendIds: [user('t1001').id] });
    at(-1, 11, 40);
    act(r10, 't1002', { type: 0, mark: '同意', formData: formData('purchase', flow('purchase').form!, { pur_budget_code: 'YS202503' }) });

    // 李主任's notice: reviewed by 王老师, signed by 赵校长 who adds a student; 王老师 has read her copy.
    at(-4, 9, 0);
    const r13 = start('t1002', 'notice-draft', {
      ntc_title: '关于调整作息时间的通知',
      ntc_no: '校办〔' + day(0).getFullYear() + '〕12号',
      ntc_urgency: 'urgent',
      ntc_sms: true,
      ntc_publish: dayText(day(-2)),
      ntc_archive: dayText(day(-2)).slice(0, 7),
      ntc_scope: ['grade-10', 'class-10-1'],
      ntc_body: [{ ...TEMPLATE, uid: 'seed-body-2', name: '作息时间表.txt' }],
    }, {}, { userIds: [user('t1001').id] });
    at(-4, 10, 30);
    act(r13, 't1001', { type: 0, mark: '' });
    at(-3, 9, 15);
    act(r13, 't1003', {
      type: 0,
      mark: '同意发布',
      autographPath: SEED_SIGNATURE,
      autographObject: 'seed/signatures/zhao.png',
      sendIds: has('s2001') ? [user('s2001').id] : [],
    });
    at(-3, 12, 0);
    read(r13, 't1001');

    // A seal returned from the signing step to the or-sign: 赵校长, who agreed there, has it again.
    at(-2, 15, 0);
    const r17 = start('t1001', 'seal', {
      seal_types: ['finance'],
      seal_copies: 1,
      seal_usage: 'internal',
      seal_document: [{ ...CHECKLIST, uid: 'seed-doc-2' }],
      seal_takeout: true,
      seal_return: dayText(day(1)) + ' 17:00',
    });
    at(-2, 16, 0);
    act(r17, 't1003', { type: 0, mark: '' });
    at(-1, 8, 45);
    act(r17, 't1003', { type: 2, mark: '财务章用印需先经财务处确认', flowNodeId: 'seal-approve' });

    // 王老师's saved draft of a seal request.
    at(0, 8, 0);
    initiate(state, fx, user('t1001'), {
      isInitiate: 0,
      formData: formData('seal', flow('seal').form!, { seal_types: ['official'], seal_copies: 2, seal_remark: '（草稿）学籍证明盖章' }),
    });
  }

  const family = [{ stu_family_name: '陈家长', stu_family_relation: '1', stu_family_phone: '13700001111' }];
  if (has('t1001', 't1002', 's2001')) {
    // 张三's change of information waiting at his class teacher.
    at(-1, 20, 0);
    start('s2001', 'student-info', {
      stu_name: '张三',
      stu_gender: '1',
      stu_nation: 'nation-1',
      stu_idcard: idCard('11010120080315123'),
      stu_mobile: '13600002001',
      stu_address: { region: ['110000', '110100', '110108'], street: '中关村大街1号' },
      stu_reason: '家庭住址变更',
    }, { stu_family: family });
  }
  if (has('t1001', 't1002', 's2002', 'p3001')) {
    // 李四's change approved by both; copied to the parent (unread).
    at(-6, 19, 0);
    const r11 = start('s2002', 'student-info', {
      stu_name: '李四',
      stu_gender: '2',
      stu_nation: 'nation-3',
      stu_idcard: idCard('44010620080721234'),
      stu_email: 'lisi@example.com',
      stu_hobbies: ['reading', 'music'],
      stu_skills: ['piano'],
      stu_address: { region: ['440000', '440100', '440106'], street: '天河路100号' },
      stu_reason: '更新联系方式',
    }, { stu_family: [{ stu_family_name: '李爸爸', stu_family_relation: '1', stu_family_phone: '13700002222' }] });
    at(-5, 9, 0);
    act(r11, 't1001', { type: 0, mark: '情况属实' });
    at(-5, 14, 0);
    act(r11, 't1002', { type: 0, mark: '已备案' });
  }
  if (has('t1001', 'p3001')) {
    // The parent's request, rejected by the class teacher.
    at(-4, 18, 0);
    const r12 = start('p3001', 'student-info', {
      stu_name: '陈小雨',
      stu_gender: '2',
      stu_idcard: idCard('11010820100506456'),
      stu_mobile: '13700001111',
      stu_address: { region: ['110000', '110100', '110105'], street: '朝阳路8号' },
      stu_reason: '更正出生日期',
    }, { stu_family: family });
    at(-3, 8, 30);
    act(r12, 't1001', { type: 1, mark: '请携带户口本到教务处现场办理' });
  }
  if (has('t1001', 's2003')) {
    // A student's leave: the class teacher's branch, approved and synced.
    at(-2, 7, 30);
    const r16 = start('s2003', 'leave', leave('leave-2', 1, day(-2), day(-2), '发烧，需去医院'));
    at(-2, 7, 50);
    act(r16, 't1001', { type: 0, mark: '注意身体' });
  }
  if (has('t1001', 't1002', 'o5001')) {
    // A visitor who chose 李主任 as host: approved, copied to security (王老师, unread).
    at(-2, 13, 0);
    const r14 = start('o5001', 'visitor', {
      vis_name: '刘访客',
      vis_mobile: '13500005001',
      vis_time: dayText(day(-1)),
      vis_purpose: 'visit',
      vis_host: [staff('t1002')],
    }, {}, { userIds: [user('t1002').id] });
    at(-2, 15, 30);
    act(r14, 't1002', { type: 0, mark: '' });
  }
  if (has('t1001', 'e4001')) {
    // An enterprise visit waiting for its host 王老师.
    at(0, 7, 45);
    start('e4001', 'visitor', {
      vis_name: '华信企业 张经理',
      vis_mobile: '13500004001',
      vis_company: '华信企业',
      vis_time: dayText(day(1)),
      vis_companions: 2,
      vis_plate: '京A12345',
      vis_purpose: 'business',
      vis_host: [staff('t1001')],
    }, {}, { userIds: [user('t1001').id] });
  }
  return state;
}
