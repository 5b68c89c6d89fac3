import type { MessageGroup, Notice, UserRecord } from '../core/db';
import { fmt, HOUR, MINUTE, DAY } from '../core/time';
import { fileUrl } from '../core/paths';
import { SEED_FILES } from './files';
import { accountNo, CAMPUS_EAST, CAMPUS_MAIN, CAMPUS_UNKNOWN, seqId } from './ids';

export const EVENT = {
  campus: '3a11e100-0000-4000-8000-000000000001',
  academic: '3a11e100-0000-4000-8000-000000000002',
  approval: '3a11e100-0000-4000-8000-000000000003',
  todo: '3a11e100-0000-4000-8000-000000000004',
  system: '3a11e100-0000-4000-8000-000000000005',
  report: '3a11e100-0000-4000-8000-000000000006',
} as const;

export function messageGroups(): MessageGroup[] {
  return [
    { id: 'grp-notice', name: '通知公告', tabs: [{ id: EVENT.campus, name: '校园通知' }, { id: EVENT.academic, name: '教务通知' }] },
    { id: 'grp-approval', name: '审批消息', tabs: [{ id: EVENT.approval, name: '审批提醒' }] },
    { id: 'grp-todo', name: '待办消息', tabs: [{ id: EVENT.todo, name: '待办提醒' }] },
    { id: 'grp-report', name: '报到消息', tabs: [{ id: EVENT.report, name: '报到提醒' }] },
    { id: 'grp-system', name: '系统消息', tabs: [{ id: EVENT.system, name: '系统通知' }] },
  ];
}

/** Deliberately hostile: the client must sanitise before rendering. */
export const HOSTILE_HTML =
  '<p>请各位老师同学注意核对以下内容。</p>' +
  '<script>window.__xss = true; alert("xss")</script>' +
  '<img src="/sandbox/images/none.png" onerror="window.__xss = true; alert(\'xss\')">' +
  '<a href="javascript:window.__xss = true; alert(\'xss\')">点此领取奖品</a>' +
  '<svg onload="window.__xss = true; alert(\'xss\')"><circle cx="5" cy="5" r="4"></circle></svg>' +
  '<iframe src="javascript:alert(\'xss\')"></iframe>' +
  '<p style="color:red" onclick="alert(\'xss\')">红色提示文字</p>' +
  '<a href="https://example.com/campus/safety" target="_blank">安全须知</a>';

const RICH_HTML =
  '<h3>2026年春季学期开学安排</h3>' +
  '<p>各学院、各部门：根据学校校历安排，现将 <strong>2026 年春季学期</strong> 开学有关事项通知如下。</p>' +
  '<p><img src="/sandbox/images/carousel/1.svg" alt="开学典礼" style="max-width:100%"></p>' +
  '<table border="1"><tr><th>时间</th><th>事项</th></tr><tr><td>2月21日</td><td>教职工返校</td></tr><tr><td>2月23日</td><td>正式上课</td></tr></table>' +
  '<ol><li>请按时返校报到。</li><li>做好教学准备工作。</li></ol>';

export interface NoticeLinks {
  /** A personal to-do of the user, if any, for TodoMatter links. */
  todoId?: string;
  /** Flow runs the user is involved in, for OA links. */
  oa: { runId: string; title: string; type: number; tab: number }[];
}

export function notices(now: Date, users: UserRecord[], links: (u: UserRecord) => NoticeLinks): Notice[] {
  const out: Notice[] = [];
  for (const u of users) {
    let seq = 0;
    const add = (eventId: string, ageMs: number, title: string, context: string, extra: Partial<Notice> & { dataObj?: Record<string, unknown> } = {}): void => {
      seq += 1;
      const t = new Date(now.getTime() - ageMs);
      const { dataObj, ...rest } = extra;
      out.push({
        id: seqId('e200', accountNo(u.account) * 1000 + seq),
        userId: u.id,
        eventId,
        title,
        context,
        realitySendTime: fmt(t),
        linkUrl: '',
        data: dataObj ? JSON.stringify(dataObj) : '',
        isRead: false,
        sortKey: t.getTime(),
        ...rest,
      });
    };
    const l = links(u);
    const campus = u.campusIds[0] ?? CAMPUS_MAIN;

    add(EVENT.campus, 10 * MINUTE, '关于2026年春季学期开学安排的通知', RICH_HTML);
    add(EVENT.campus, 30 * MINUTE, '【安全提醒】请勿点击不明链接', HOSTILE_HTML);
    add(EVENT.campus, 2 * HOUR, '2026春季校历发布', '<p>2026 年春季校历已发布，请下载查看。</p>', {
      dataObj: { downloadPath: fileUrl(SEED_FILES.calendar), name: '2026春季校历.pdf' },
    });
    add(EVENT.campus, 3 * HOUR, '图书馆延长开放时间', '<p>自下周起，图书馆开放时间延长至 22:30。</p>', {
      linkUrl: 'https://example.com/campus/news/library',
      isRead: true,
    });
    // Old digest entries, so the list needs more than one page of 30.
    for (let i = 40; i >= 1; i--) {
      add(EVENT.campus, DAY * (i + 1), `校园简报 第${i}期`, `<p>本期校园简报第 ${i} 期，欢迎阅读。</p>`, { isRead: true });
    }
    add(EVENT.academic, 5 * HOUR, '期中教学检查安排', '<p>期中教学检查将于第 9 周进行。</p>');
    add(EVENT.academic, 2 * DAY, '选课系统开放通知', '<p>选课系统将于周一 9:00 开放。</p>', { isRead: true });

    if (l.todoId) {
      add(EVENT.todo, 20 * MINUTE, '您有一条待办即将到期', '<p>请及时处理待办事项。</p>', {
        dataObj: { module: 'TodoMatter', id: l.todoId, type: 0, campus },
      });
      // Links into the other campus: the client switches campus when the user has it.
      add(EVENT.todo, 4 * HOUR, '东校区待办提醒', '<p>东校区有一条待办需要处理。</p>', {
        dataObj: { module: 'TodoMatter', id: l.todoId, type: 0, campus: CAMPUS_EAST },
      });
      // A campus nobody has: the client shows 该校区不存在.
      add(EVENT.todo, 6 * HOUR, '已撤销校区的待办提醒', '<p>该校区已撤销。</p>', {
        dataObj: { module: 'TodoMatter', id: l.todoId, type: 0, campus: CAMPUS_UNKNOWN },
      });
    }
    l.oa.forEach((run, i) => {
      add(EVENT.approval, (15 + i * 7) * MINUTE, run.title, `<p>${run.title}</p>`, {
        dataObj: { module: 'OA', id: run.runId, type: run.type, tab: run.tab, campus: i === 1 ? CAMPUS_EAST : campus },
      });
    });
    add(EVENT.system, 7 * DAY, '欢迎使用未来校园', '<p>欢迎使用未来校园移动工作台。</p>', { isRead: true });
  }
  return out;
}
