import type { StoredFile, Todo, TodoCategory, TodoFile, UserRecord } from '../core/db';
import { fileUrl } from '../core/paths';
import { fmt, DAY, HOUR, MINUTE } from '../core/time';
import { accountNo, seqId } from './ids';

export function todoCategories(): TodoCategory[] {
  return [
    { type: 0, name: '个人待办' },
    { type: 1, name: '审批待办' },
    { type: 2, name: '抄送待阅' },
  ];
}

export const todoId = (account: string, n: number): string => seqId('e300', accountNo(account) * 100 + n);

interface Spec {
  name: string;
  describe?: string;
  end?: number | null;
  done?: number | null;
  created: number;
  remind?: number | null;
  files?: StoredFile[];
  read?: boolean;
}

/**
 * Personal to-dos in every state. Approval to-dos are not seeded here: the workflow
 * module makes them for its seeded runs through services.createApprovalTodo.
 */
export function todos(now: Date, users: UserRecord[], files: StoredFile[]): Todo[] {
  const at = (offset: number): string => fmt(new Date(now.getTime() + offset));
  const asTodoFile = (f: StoredFile): TodoFile => ({ id: f.userFileId, name: f.name, size: f.size, url: fileUrl(f.path), objectName: f.path });
  const byExt = (ext: string): StoredFile[] => files.filter((f) => f.extension === ext);
  const out: Todo[] = [];

  const personal: Record<string, Spec[]> = {
    t1001: [
      { name: '准备家长会材料', describe: '整理本学期班级情况、成绩分析和家长会发言稿。', created: -2 * HOUR },
      { name: '提交期中教学检查表', describe: '按教务处模板填写后提交。', end: 2 * DAY, remind: 30, created: -1 * DAY, files: byExt('txt').slice(1, 2) },
      { name: '填报学生考勤', end: -1 * DAY, created: -3 * DAY, read: true },
      { name: '批改作业', end: DAY, done: -1 * DAY, created: -4 * DAY, read: true },
      { name: '上交教案', end: -3 * DAY, done: -2 * DAY, created: -6 * DAY, read: true },
      { name: '审阅实习报告', describe: '审阅软件2601班实习报告并给出评语。', end: 5 * DAY, created: -5 * HOUR, files: [...byExt('txt').slice(0, 1), ...byExt('pdf')] },
      { name: '教研室例会', end: 3 * HOUR, remind: 60, created: -1 * HOUR },
    ],
    t1002: [{ name: '审核本周课表', end: DAY, remind: 15, created: -3 * HOUR }],
    s2001: [
      { name: '完成报到信息确认', end: DAY, remind: 60, created: -2 * HOUR },
      { name: '购买教材', done: -5 * HOUR, created: -2 * DAY, read: true },
      { name: '提交体检报告', end: -2 * DAY, created: -5 * DAY, read: true },
    ],
    s2002: [{ name: '参加新生入学教育', end: -1 * DAY, done: -2 * DAY, created: -3 * DAY, read: true }],
    p3001: [{ name: '参加家长会', describe: '周六上午 9:00 于主校区报告厅。', end: 4 * DAY, remind: 120, created: -1 * DAY }],
    o5001: [{ name: '访客登记确认', created: -30 * MINUTE }],
  };
  // Older filler so the 待我处理 list needs more than one page of 20.
  for (let i = 1; i <= 20; i++) personal['t1001']!.push({ name: `整理教学资料 第${i}批`, created: -(10 + i) * DAY, read: true });

  for (const u of users) {
    const specs = personal[u.account] ?? [];
    specs.forEach((s, i) => {
      const created = at(s.created);
      out.push({
        id: todoId(u.account, i + 1),
        name: s.name,
        matterDescribe: s.describe ?? '',
        endTime: s.end == null ? null : at(s.end),
        creationTime: created,
        lastModificationTime: created,
        todoTime: s.done == null ? null : at(s.done),
        creatorId: u.id,
        executorId: u.id,
        type: 0,
        data: '',
        remindNum: s.remind ?? null,
        remindedAt: null,
        files: (s.files ?? []).map(asTodoFile),
        isRead: s.read ?? false,
      });
    });
  }
  return out;
}
