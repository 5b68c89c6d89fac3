import type { Db, UserRecord } from '../core/db';
import { fmt, MINUTE } from '../core/time';
import { EVENT } from './messages';
import { seqId } from './ids';

/**
 * Bulk rows for the long-list checks (1,000 loaded rows stay smooth: bench/scrollBench.ts). Each kind
 * lands where one list of the app shows it, older than every seeded row, so the seeded
 * rows stay on the first page:
 * - approval: copies of a finished run the user started (已发起 tab), titled 批量申请 第n条;
 * - todo: open personal to-dos of the user (待我处理), 批量待办 第n条;
 * - notice: notices of the user under 系统通知, 批量通知 第n条;
 * - asset: assets in a category 批量资产 of the asset selector, 批量资产 第n件.
 */
export const BULK_KINDS = ['approval', 'todo', 'notice', 'asset'] as const;
export type BulkKind = (typeof BULK_KINDS)[number];

export const BULK_CATEGORY = { id: 'ac-bulk', name: '批量资产' } as const;

let batch = 0;

export function addBulk(db: Db, user: UserRecord, kind: BulkKind, count: number, now: Date): number {
  batch += 1;
  const id = (tag: string, i: number) => seqId(tag, batch * 100_000 + i);
  /** Row i is i minutes older than 90 days before now: after every seeded row. */
  const time = (i: number) => fmt(new Date(now.getTime() - 90 * 24 * 60 * MINUTE - i * MINUTE));
  const n = (i: number) => String(i).padStart(4, '0');

  if (kind === 'approval') {
    const template = db.workflow.runs.find((r) => r.initiatorId === user.id && r.finishTime !== null);
    if (!template) throw new Error(`${user.account} has no finished run to copy`);
    for (let i = 1; i <= count; i += 1) {
      const run = structuredClone(template);
      let step = 0;
      run.id = id('f001', i);
      run.numberStr = `BULK${batch}${n(i)}`;
      run.title = `批量申请 第${i}条`;
      run.creationTime = time(i);
      run.finishTime = time(i);
      for (const visit of run.visits) {
        visit.id = id('f002', i * 50 + step++);
        for (const detail of visit.details) {
          detail.id = id('f003', i * 50 + step++);
          detail.todoId = null;
        }
      }
      db.workflow.runs.push(run);
    }
  } else if (kind === 'todo') {
    for (let i = 1; i <= count; i += 1) {
      const created = time(i);
      db.todos.push({
        id: id('f004', i),
        name: `批量待办 第${i}条`,
        matterDescribe: '',
        endTime: null,
        creationTime: created,
        lastModificationTime: created,
        todoTime: null,
        creatorId: user.id,
        executorId: user.id,
        type: 0,
        data: '',
        remindNum: null,
        remindedAt: null,
        files: [],
        isRead: true,
      });
    }
  } else if (kind === 'notice') {
    for (let i = 1; i <= count; i += 1) {
      const sent = new Date(now.getTime() - 90 * 24 * 60 * MINUTE - i * MINUTE);
      db.notices.push({
        id: id('f005', i),
        userId: user.id,
        eventId: EVENT.system,
        title: `批量通知 第${i}条`,
        context: `<p>第${i}条系统通知：请按时完成本周的各项工作。</p>`,
        realitySendTime: fmt(sent),
        linkUrl: '',
        data: '',
        isRead: true,
        sortKey: sent.getTime(),
      });
    }
  } else {
    const wf = db.workflow;
    if (!wf.assetCategories.some((c) => c.id === BULK_CATEGORY.id)) wf.assetCategories.push({ ...BULK_CATEGORY, parentId: null });
    for (let i = 1; i <= count; i += 1) {
      wf.assets.push({ id: id('f006', i), name: `批量资产 第${i}件`, code: `PL-${batch}${n(i)}`, categoryId: BULK_CATEGORY.id, location: '库房', status: '在用' });
    }
  }
  return count;
}
