import { randomUUID } from 'node:crypto';
import type { SandboxServices, SandboxUser } from '../module';
import type { CoreServices } from './context';
import type { Db, Notice, Todo, UserRecord } from './db';
import type { Hub } from './hub';
import { fmt, MINUTE, parseLocal } from './time';

const toSandboxUser = (u: UserRecord): SandboxUser => ({ id: u.id, account: u.account, name: u.name, userType: u.userType, tenantId: u.tenantId });

export interface ServiceDeps {
  db: Db;
  hub: Hub;
  save(): void;
  print(line: string): void;
}

export const SYSTEM_CREATOR = '00000000-0000-0000-0000-000000000000';

export function createServices(deps: ServiceDeps): CoreServices {
  const { db, hub } = deps;
  let offset = 0;
  const lines: string[] = [];
  const nowMs = (): number => Date.now() + offset;

  const log = (line: string): void => {
    lines.push(`${fmt(new Date(nowMs()))} ${line}`);
    if (lines.length > 500) lines.splice(0, lines.length - 500);
    deps.print(line);
  };

  const notify: SandboxServices['notify'] = (userId, message) => {
    let group = db.messageGroups.find((g) => g.name === message.groupName);
    if (!group) {
      group = { id: randomUUID(), name: message.groupName, tabs: [{ id: randomUUID(), name: message.groupName }] };
      db.messageGroups.push(group);
    }
    const tab = group.tabs[0]!;
    const t = nowMs();
    const notice: Notice = {
      id: randomUUID(),
      userId,
      eventId: tab.id,
      title: message.title,
      context: message.context,
      realitySendTime: fmt(new Date(t)),
      linkUrl: '',
      data: message.data ? JSON.stringify(message.data) : '',
      isRead: false,
      sortKey: t,
    };
    db.notices.push(notice);
    deps.save();
    const delivered = hub.push(userId, {
      id: notice.id,
      eventId: notice.eventId,
      groupName: group.name,
      title: notice.title,
      context: notice.context,
      realitySendTime: notice.realitySendTime,
      data: notice.data,
    });
    log(`[notify] ${userId} ${message.groupName}: ${message.title} (pushed to ${delivered} connection(s))`);
  };

  const services: CoreServices = {
    save: deps.save,
    notify,
    createApprovalTodo(userId, input) {
      const id = randomUUID();
      const t = fmt(new Date(nowMs()));
      const todo: Todo = {
        id,
        name: input.name,
        matterDescribe: '',
        endTime: null,
        creationTime: t,
        lastModificationTime: t,
        todoTime: null,
        creatorId: SYSTEM_CREATOR,
        executorId: userId,
        type: input.tab === 0 ? 1 : 2,
        data: JSON.stringify({ id: input.flowRunId, type: input.type ?? (input.tab === 0 ? 1 : 0), tab: input.tab, campus: input.campusId }),
        remindNum: null,
        remindedAt: null,
        files: [],
        isRead: false,
      };
      db.todos.push(todo);
      deps.save();
      return id;
    },
    completeApprovalTodo(todoId) {
      const todo = db.todos.find((t) => t.id === todoId);
      if (!todo) {
        log(`[todo] completeApprovalTodo: unknown id ${todoId}`);
        return;
      }
      if (todo.todoTime === null) {
        todo.todoTime = fmt(new Date(nowMs()));
        todo.lastModificationTime = todo.todoTime;
        deps.save();
      }
    },
    users: () => db.users.map(toSandboxUser),
    userById(id) {
      const u = db.users.find((x) => x.id === id);
      return u ? toSandboxUser(u) : undefined;
    },
    newId: () => randomUUID(),
    now: () => new Date(nowMs()),
    nowMs,
    log,
    setClockOffset(ms) {
      offset = ms;
      services.tick();
    },
    clockOffset: () => offset,
    recentLog: () => [...lines],
    tick() {
      const now = nowMs();
      for (const t of db.todos) {
        if (t.todoTime !== null || t.remindNum === null || t.endTime === null || t.remindedAt !== null) continue;
        const end = parseLocal(t.endTime)?.getTime();
        if (end === undefined || now < end - t.remindNum * MINUTE || now > end) continue;
        t.remindedAt = fmt(new Date(now));
        const campus = db.users.find((u) => u.id === t.executorId)?.campusIds[0] ?? '';
        notify(t.executorId, {
          groupName: '待办消息',
          title: `待办提醒：${t.name}`,
          context: `<p>待办「${escapeHtml(t.name)}」将于 ${t.endTime.replace('T', ' ').slice(0, 16)} 到期。</p>`,
          data: { module: 'TodoMatter', id: t.id, type: t.type, campus },
        });
      }
    },
  };
  return services;
}

export function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}
