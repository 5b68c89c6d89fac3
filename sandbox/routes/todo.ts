import { randomUUID } from 'node:crypto';
import type { Route } from '../module';
import { me, type Ctx } from '../core/context';
import { badRequest, conflict, forbidden, notFound } from '../core/errors';
import type { Todo, TodoFile, UserRecord } from '../core/db';
import { fmt, parseLocal } from '../core/time';
import { asArray, asObject, optNum, optStr, paging, q, reqNum, reqStr, strList } from '../core/validate';
import { isTimeout, todoItem } from './present';

const TODO = '/v1/saas-system-service/api/todo-matter';

export const TODO_TABS = [
  { name: '待我处理', type: 0 },
  { name: '我已处理', type: 1 },
  { name: '我创建的', type: 2 },
] as const;

const SORT_FIELDS: Record<string, keyof Todo> = {
  endtime: 'endTime',
  creationtime: 'creationTime',
  lastmodificationtime: 'lastModificationTime',
};

interface TodoInput {
  name: string;
  matterDescribe: string;
  endTime: string | null;
  remindNum: number | null;
  files: TodoFile[];
}

/** Reads and checks a create/update body completely before anything changes. */
function readInput(body: unknown): TodoInput {
  const b = asObject(body);
  const name = reqStr(b, 'name', { requiredMessage: '请输入待办名称', max: 20, maxMessage: '待办名称不能超过20个字符' });
  const matterDescribe = optStr(b, 'matterDescribe', { max: 2000, maxMessage: '待办描述不能超过2000个字符', trim: false }) ?? '';
  const endRaw = optStr(b, 'endTime');
  let endTime: string | null = null;
  if (endRaw) {
    const d = parseLocal(endRaw);
    if (!d) throw badRequest('截止时间格式不正确', 'endTime');
    d.setSeconds(0, 0);
    endTime = fmt(d);
  }
  const isRemind = b['isRemind'];
  if (isRemind !== undefined && isRemind !== null && typeof isRemind !== 'boolean') throw badRequest('isRemind 必须是布尔值', 'isRemind');
  let remindNum = optNum(b, 'remindNum', { integer: true, min: 5, max: 2880, message: '提醒时间必须在5-2880分钟之间' }) ?? null;
  if (isRemind === false) remindNum = null;
  if (remindNum !== null && endTime === null) throw badRequest('请先设置截止时间', 'remindNum');
  const filesRaw = b['files'] ?? [];
  if (!Array.isArray(filesRaw) || filesRaw.length > 20) throw badRequest('附件格式不正确', 'files');
  const files = filesRaw.map((f, i): TodoFile => {
    const o = asObject(f, `第${i + 1}个附件`);
    return {
      id: optStr(o, 'id') || randomUUID(),
      name: reqStr(o, 'name', { requiredMessage: '附件名称不能为空', max: 200 }),
      size: optNum(o, 'size', { min: 0 }) ?? 0,
      url: reqStr(o, 'url', { requiredMessage: '附件地址不能为空' }),
      objectName: optStr(o, 'objectName') ?? '',
    };
  });
  return { name, matterDescribe, endTime, remindNum, files };
}

export function todoRoutes(ctx: Ctx): Route[] {
  const { db, services } = ctx;
  const now = (): number => services.nowMs();

  const visible = (t: Todo, u: UserRecord): boolean => t.executorId === u.id || t.creatorId === u.id;
  const find = (id: string | undefined, u: UserRecord): Todo => {
    const t = db.todos.find((x) => x.id === id);
    if (!t || !visible(t, u)) throw notFound('待办不存在');
    return t;
  };
  const findMany = (raw: unknown, key: string, u: UserRecord): Todo[] => {
    const ids = strList(raw, key);
    if (ids.length === 0) throw badRequest('请选择待办', key);
    return ids.map((id) => find(id, u));
  };

  return [
    {
      method: 'GET',
      path: `${TODO}/tabs-num`,
      handler: (req) => {
        const u = me(ctx, req);
        const unread = db.todos.filter((t) => t.executorId === u.id && t.todoTime === null && !t.isRead).length;
        return { body: TODO_TABS.map((t) => ({ name: t.name, type: t.type, noReadNum: t.type === 0 ? unread : 0 })) };
      },
    },
    {
      method: 'GET',
      path: `${TODO}/category`,
      handler: () => ({ body: db.todoCategories.map((c) => ({ ...c })) }),
    },
    {
      method: 'GET',
      path: TODO,
      handler: (req) => {
        const u = me(ctx, req);
        const query = { State: q(req.query, 'State'), type: q(req.query, 'type') };
        const state = optNum(query, 'State', { integer: true, min: 0, max: 2, message: 'State 必须是 0、1 或 2' }) ?? 0;
        const type = optNum(query, 'type', { integer: true, message: 'type 不正确' });
        const filter = (q(req.query, 'Filter') ?? '').trim().toLowerCase();
        const [fieldRaw, dirRaw] = (q(req.query, 'Sorting') || 'CreationTime desc').trim().split(/\s+/);
        const field = SORT_FIELDS[(fieldRaw ?? '').toLowerCase()];
        if (!field) throw badRequest('不支持的排序字段', 'Sorting');
        const dir = (dirRaw ?? 'asc').toLowerCase();
        if (dir !== 'asc' && dir !== 'desc') throw badRequest('排序方向必须是 asc 或 desc', 'Sorting');
        const { skip, max } = paging(req.query, 20);

        const list = db.todos.filter((t) => {
          if (state === 0 && !(t.executorId === u.id && t.todoTime === null)) return false;
          if (state === 1 && !(t.executorId === u.id && t.todoTime !== null)) return false;
          if (state === 2 && t.creatorId !== u.id) return false;
          if (type !== undefined && t.type !== type) return false;
          return !filter || t.name.toLowerCase().includes(filter);
        });
        const sign = dir === 'asc' ? 1 : -1;
        list.sort((a, b) => {
          const av = a[field] as string | null;
          const bv = b[field] as string | null;
          // Items without a deadline go last either way.
          if (av === null || bv === null) return av === bv ? 0 : av === null ? 1 : -1;
          return sign * av.localeCompare(bv) || b.creationTime.localeCompare(a.creationTime);
        });
        const t = now();
        return { body: { items: list.slice(skip, skip + max).map((x) => todoItem(db, x, t)), totalCount: list.length } };
      },
    },
    {
      method: 'POST',
      path: TODO,
      handler: (req) => {
        const u = me(ctx, req);
        const input = readInput(req.body);
        const t = fmt(services.now());
        const todo: Todo = {
          id: randomUUID(),
          ...input,
          creationTime: t,
          lastModificationTime: t,
          todoTime: null,
          creatorId: u.id,
          executorId: u.id,
          type: 0,
          data: '',
          remindedAt: null,
          isRead: true,
        };
        db.todos.push(todo);
        services.tick();
        services.save();
        return { body: todoItem(db, todo, now()) };
      },
    },
    {
      method: 'GET',
      path: `${TODO}/:id`,
      handler: (req) => {
        const u = me(ctx, req);
        const t = find(req.params['id'], u);
        if (!t.isRead && t.executorId === u.id) {
          t.isRead = true;
          services.save();
        }
        return { body: todoItem(db, t, now()) };
      },
    },
    {
      method: 'PUT',
      path: `${TODO}/:id`,
      handler: (req) => {
        const u = me(ctx, req);
        const t = find(req.params['id'], u);
        const input = readInput(req.body);
        if (t.type !== 0) throw conflict('审批待办不能编辑');
        if (t.creatorId !== u.id) throw forbidden('只能编辑自己创建的待办');
        if (t.todoTime !== null) throw conflict('已完成的待办不能编辑');
        if (isTimeout(t, now())) throw conflict('已超时的待办不能编辑');
        const remindChanged = input.endTime !== t.endTime || input.remindNum !== t.remindNum;
        Object.assign(t, input, { lastModificationTime: fmt(services.now()) });
        if (remindChanged) t.remindedAt = null;
        services.tick();
        services.save();
        return { body: todoItem(db, t, now()) };
      },
    },
    {
      method: 'POST',
      path: `${TODO}/batch-delete`,
      handler: (req) => {
        const u = me(ctx, req);
        const list = findMany(asArray(req.body, '待办 id 列表'), 'ids', u);
        if (list.some((t) => t.type !== 0)) throw conflict('审批待办不能删除');
        if (list.some((t) => t.creatorId !== u.id)) throw forbidden('只能删除自己创建的待办');
        const ids = new Set(list.map((t) => t.id));
        db.todos = db.todos.filter((t) => !ids.has(t.id));
        services.save();
        return { body: {} };
      },
    },
    {
      method: 'POST',
      path: `${TODO}/make-state`,
      handler: (req) => {
        const u = me(ctx, req);
        const b = asObject(req.body);
        const state = reqNum(b, 'state', { integer: true, min: 0, max: 1, message: 'state 必须是 0 或 1' });
        const list = findMany(b['matterIds'], 'matterIds', u);
        if (list.some((t) => t.type !== 0)) throw conflict('审批待办请在审批中心办理');
        if (list.some((t) => t.executorId !== u.id)) throw forbidden('只能处理自己的待办');
        const t = fmt(services.now());
        for (const todo of list) {
          if (state === 1 && todo.todoTime === null) todo.todoTime = t;
          if (state === 0) todo.todoTime = null;
          todo.lastModificationTime = t;
        }
        services.save();
        return { body: {} };
      },
    },
  ];
}
