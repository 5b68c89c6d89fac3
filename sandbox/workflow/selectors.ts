import dayjs from 'dayjs';
import { HttpError, type SandboxUser } from '../module';
import { readFormData, valuesOf, type Values } from './formData';
import { isRecord } from './http';
import { PEOPLE_SELECTOR_ID, STAFF_SELECTOR_ID } from './flows';
import { ZERO_GUID, type Asset, type AssetCategory, type Department, type WorkflowState } from './types';

/**
 * Select components (SPEC point 3, Selectors) and the event configs behind them and
 * behind form rules (`event-config/run`).
 *
 * A select component's tabs (`selectComponentExtendSets`) each name a `dataApi`: an
 * event-config id that answers one level of a tree. The selector sends
 * eventConfigFields parentId (empty or the all-zero GUID: the top), type (the tab's
 * dataType: a user type, 0 all), dataPower (1: only the user's own department) and
 * filter (a search over the whole tree). `index` is the tab's index (not used),
 * `pageCount` the 1-based page, `maxResultCount` the page size (30 when absent),
 * `eventConfigSelect` true for a search (the client's domain/selectors decision). The
 * defaultApi resolves chosen ids given as eventConfigSelect (a list or comma text) or
 * as the field `ids`. It answers
 * { result: { items, childs, mains, totalCount } }:
 *  - items: the entries at this level, sub-groups first (type 1, drill down; not
 *    selectable on tabs with isSelect false), then records (type 0). Each is
 *    { id, name, image, remark, type, disabled, count? }.
 *  - childs: the sub-groups of this level again, unpaged, for clients that show
 *    drill-down apart from the list (render one or the other, not both).
 *  - mains: the path from the top to this level, [{ id, name }].
 * With a filter the items are the matching records, flat, and childs/mains are empty.
 * A level that does not exist answers { result: { error: { message } } }.
 */

export const ICONS = Object.freeze({
  org: 'org',
  staff: 'staff',
  student: 'student',
  asset: 'asset',
});

export interface SelectComponentDef {
  id: string;
  code: string;
  name: string;
  type: number;
  dataType: number;
  dataName: string;
  selectComponentSet: { defaultApi: string; selectApi: string };
  selectComponentExtendSets: { name: string; dataApi: string; selectApi: string; icon: string; isSelect: boolean; dataType: number; state: number }[];
}

export const SELECT_COMPONENTS: readonly SelectComponentDef[] = Object.freeze([
  {
    id: STAFF_SELECTOR_ID,
    code: 'staff',
    name: '选择教职工',
    type: 1,
    dataType: 1,
    dataName: 'name',
    selectComponentSet: { defaultApi: 'ec-people-default', selectApi: 'ec-people-search' },
    selectComponentExtendSets: [{ name: '组织架构', dataApi: 'ec-people-org', selectApi: 'ec-people-search', icon: ICONS.org, isSelect: false, dataType: 1, state: 1 }],
  },
  {
    id: PEOPLE_SELECTOR_ID,
    code: 'people',
    name: '选择人员',
    type: 1,
    dataType: 0,
    dataName: 'name',
    selectComponentSet: { defaultApi: 'ec-people-default', selectApi: 'ec-people-search' },
    selectComponentExtendSets: [
      { name: '组织架构', dataApi: 'ec-people-org', selectApi: 'ec-people-search', icon: ICONS.org, isSelect: false, dataType: 0, state: 1 },
      { name: '教职工', dataApi: 'ec-people-org', selectApi: 'ec-people-search', icon: ICONS.staff, isSelect: false, dataType: 1, state: 1 },
      { name: '学生', dataApi: 'ec-people-org', selectApi: 'ec-people-search', icon: ICONS.student, isSelect: false, dataType: 2, state: 1 },
      // A tab the school has switched off (state 0): clients leave it out.
      { name: '群组', dataApi: 'ec-people-org', selectApi: 'ec-people-search', icon: ICONS.org, isSelect: false, dataType: 0, state: 0 },
    ],
  },
  {
    id: 'sc-asset',
    code: 'asset',
    name: '选择资产',
    type: 2,
    dataType: 2,
    dataName: 'name',
    selectComponentSet: { defaultApi: 'ec-asset-default', selectApi: 'ec-asset-search' },
    selectComponentExtendSets: [{ name: '资产分类', dataApi: 'ec-asset-tree', selectApi: 'ec-asset-search', icon: ICONS.asset, isSelect: false, dataType: 0, state: 1 }],
  },
]);

export function selectComponentById(id: string): SelectComponentDef {
  const c = SELECT_COMPONENTS.find((x) => x.id === id);
  if (!c) throw new HttpError(404, '未找到对应组件');
  return c;
}

export function selectComponentByCode(code: string): SelectComponentDef {
  const c = SELECT_COMPONENTS.find((x) => x.code === code);
  if (!c) throw new HttpError(404, '未找到对应组件');
  return c;
}

// ---------------------------------------------------------------------------
// Seed data: organisation and assets
// ---------------------------------------------------------------------------

export const ROOT_DEPARTMENT = 'dept-root';

export function buildDepartments(idOf: (account: string) => string | undefined): Department[] {
  const ids = (...accounts: string[]) => accounts.map(idOf).filter((x): x is string => x !== undefined);
  return [
    { id: ROOT_DEPARTMENT, name: '未来实验学校', parentId: null, memberIds: [], headId: idOf('t1003') ?? null },
    { id: 'dept-principal', name: '校长室', parentId: ROOT_DEPARTMENT, memberIds: ids('t1003'), headId: idOf('t1003') ?? null },
    { id: 'dept-academic', name: '教务处', parentId: ROOT_DEPARTMENT, memberIds: ids('t1002', 't1001'), headId: idOf('t1002') ?? null },
    { id: 'dept-grade-10', name: '高一年级', parentId: ROOT_DEPARTMENT, memberIds: [], headId: idOf('t1001') ?? null },
    { id: 'dept-class-10-1', name: '高一(1)班', parentId: 'dept-grade-10', memberIds: ids('s2001', 's2002'), headId: idOf('t1001') ?? null },
    { id: 'dept-class-10-2', name: '高一(2)班', parentId: 'dept-grade-10', memberIds: ids('s2003'), headId: idOf('t1001') ?? null },
    { id: 'dept-parents', name: '家长', parentId: ROOT_DEPARTMENT, memberIds: ids('p3001'), headId: null },
    { id: 'dept-partners', name: '合作单位', parentId: ROOT_DEPARTMENT, memberIds: ids('e4001'), headId: null },
    { id: 'dept-visitors', name: '访客', parentId: ROOT_DEPARTMENT, memberIds: ids('o5001'), headId: null },
  ];
}

export function buildAssets(): { categories: AssetCategory[]; assets: Asset[] } {
  return {
    categories: [
      { id: 'ac-it', name: '信息化设备', parentId: null },
      { id: 'ac-it-pc', name: '计算机', parentId: 'ac-it' },
      { id: 'ac-it-av', name: '多媒体', parentId: 'ac-it' },
      { id: 'ac-furniture', name: '家具', parentId: null },
    ],
    assets: [
      { id: 'asset-0001', name: '联想台式机 M720', code: 'ZC-0001', categoryId: 'ac-it-pc', location: '教务处', status: '在用' },
      { id: 'asset-0002', name: '戴尔笔记本 5490', code: 'ZC-0002', categoryId: 'ac-it-pc', location: '校长室', status: '在用' },
      { id: 'asset-0003', name: '旧台式机 A30', code: 'ZC-0003', categoryId: 'ac-it-pc', location: '库房', status: '报废' },
      { id: 'asset-0004', name: '希沃一体机 86寸', code: 'ZC-0004', categoryId: 'ac-it-av', location: '高一(1)班', status: '在用' },
      { id: 'asset-0005', name: '投影仪 CB-X06', code: 'ZC-0005', categoryId: 'ac-it-av', location: '实验楼301', status: '闲置' },
      { id: 'asset-0006', name: '学生课桌椅', code: 'ZC-0006', categoryId: 'ac-furniture', location: '高一(2)班', status: '在用' },
      { id: 'asset-0007', name: '文件柜', code: 'ZC-0007', categoryId: 'ac-furniture', location: '教务处', status: '在用' },
    ],
  };
}

// ---------------------------------------------------------------------------
// event-config/run
// ---------------------------------------------------------------------------

export interface EventContext {
  state: WorkflowState;
  user: SandboxUser;
  userById: (id: string) => SandboxUser | undefined;
}

interface SelectorQuery {
  parentId: string | null;
  type: number;
  dataPower: string;
  filter: string;
  /** The client says it is searching: a flat list of matches even with an empty filter. */
  search: boolean;
  page: number;
  size: number;
  sorting: string;
  selected: string[];
}

export interface Entry {
  id: string;
  name: string;
  image: string;
  remark: string;
  type: number;
  disabled: boolean;
  count?: number;
}

const fieldsOf = (body: Record<string, unknown>): Record<string, unknown> => {
  const out: Record<string, unknown> = {};
  const dataJson = isRecord(body.dataJson) ? body.dataJson : typeof body.dataJson === 'string' ? safeJson(body.dataJson) : undefined;
  const list = isRecord(dataJson) ? dataJson.eventConfigFields : undefined;
  if (list !== undefined && !Array.isArray(list)) throw new HttpError(400, 'eventConfigFields格式不正确');
  for (const f of list ?? []) {
    if (!isRecord(f) || typeof f.key !== 'string') throw new HttpError(400, 'eventConfigFields格式不正确');
    out[f.key] = f.value;
  }
  return out;
};

function safeJson(s: string): unknown {
  try {
    return JSON.parse(s) as unknown;
  } catch {
    throw new HttpError(400, 'dataJson格式不正确');
  }
}

const text = (v: unknown): string => (typeof v === 'string' ? v.trim() : typeof v === 'number' ? String(v) : '');

function selectorQuery(body: Record<string, unknown>, fields: Record<string, unknown>): SelectorQuery {
  const num = (v: unknown, fallback: number, min: number, max: number): number => {
    if (v === undefined || v === null || v === '') return fallback;
    const n = Number(v);
    if (!Number.isInteger(n) || n < min || n > max) throw new HttpError(400, '分页参数不正确');
    return n;
  };
  const parent = text(fields.parentId);
  const selectedRaw = typeof body.eventConfigSelect === 'boolean' ? fields.ids : (body.eventConfigSelect ?? fields.ids);
  const selected = Array.isArray(selectedRaw) ? selectedRaw.map(text).filter((x) => x !== '') : text(selectedRaw).split(',').filter((x) => x !== '');
  num(body.index, 0, 0, 1000);
  return {
    parentId: parent === '' || parent === ZERO_GUID ? null : parent,
    type: num(fields.type, 0, 0, 99),
    dataPower: text(fields.dataPower),
    filter: text(fields.filter),
    search: body.eventConfigSelect === true,
    page: num(body.pageCount, 1, 1, 100000),
    size: num(body.maxResultCount, 30, 1, 1000),
    sorting: text(body.sorting),
    selected,
  };
}

function page<T>(items: T[], q: SelectorQuery): T[] {
  return items.slice((q.page - 1) * q.size, q.page * q.size);
}

function sortEntries(entries: Entry[], sorting: string): Entry[] {
  const [field, dir] = sorting.split(/\s+/);
  if (field !== 'name') return entries;
  const sorted = [...entries].sort((a, b) => a.name.localeCompare(b.name, 'zh-Hans-CN'));
  return dir?.toLowerCase() === 'desc' ? sorted.reverse() : sorted;
}

function personEntry(ctx: EventContext, u: SandboxUser): Entry {
  const dept = ctx.state.departments.find((d) => d.memberIds.includes(u.id));
  const head = dept?.headId === u.id ? ' · 负责人' : '';
  return { id: u.id, name: u.name, image: '', remark: dept ? `${dept.name}${head}` : '', type: 0, disabled: false };
}

function peopleSelector(ctx: EventContext, q: SelectorQuery, api: string) {
  const depts = ctx.state.departments;
  const childrenOf = (id: string | null) => depts.filter((d) => d.parentId === id);
  const subtree = (id: string): Department[] => {
    const d = depts.find((x) => x.id === id);
    return d ? [d, ...childrenOf(id).flatMap((c) => subtree(c.id))] : [];
  };
  const typeOk = (u: SandboxUser) => q.type === 0 || u.userType === q.type;
  // dataPower 1 narrows everything to the user's own department.
  const own = depts.find((d) => d.memberIds.includes(ctx.user.id));
  const scope = q.dataPower === '1' && own ? subtree(own.id) : depts;
  const scopeRoot = q.dataPower === '1' && own ? own.id : ROOT_DEPARTMENT;
  const usersIn = (list: Department[]) =>
    list.flatMap((d) => d.memberIds).filter((id, i, all) => all.indexOf(id) === i).map((id) => ctx.userById(id)).filter((u): u is SandboxUser => u !== undefined && typeOk(u));

  if (api === 'ec-people-default') {
    const items = q.selected.map((id) => ctx.userById(id)).filter((u): u is SandboxUser => u !== undefined).map((u) => personEntry(ctx, u));
    return { items, childs: [], mains: [], totalCount: items.length };
  }
  if (q.filter !== '' || q.search || api === 'ec-people-search') {
    const needle = q.filter.toLowerCase();
    const found = sortEntries(
      usersIn(scope).filter((u) => u.name.toLowerCase().includes(needle) || u.account.toLowerCase().includes(needle)).map((u) => personEntry(ctx, u)),
      q.sorting,
    );
    return { items: page(found, q), childs: [], mains: [], totalCount: found.length };
  }
  const levelId = q.parentId ?? scopeRoot;
  const level = scope.find((d) => d.id === levelId);
  if (!level) return { error: { message: '部门不存在' } };
  const subs: Entry[] = childrenOf(level.id)
    .filter((d) => scope.includes(d))
    .map((d) => ({ d, count: usersIn(subtree(d.id)).length }))
    .filter((x) => x.count > 0)
    .map(({ d, count }) => ({ id: d.id, name: d.name, image: '', remark: `${count}人`, type: 1, disabled: false, count }));
  const people = sortEntries(usersIn([level]).map((u) => personEntry(ctx, u)), q.sorting);
  const all = [...subs, ...people];
  const mains: { id: string; name: string }[] = [];
  for (let d: Department | undefined = level; d; d = depts.find((x) => x.id === d!.parentId)) {
    mains.unshift({ id: d.id, name: d.name });
    if (d.id === scopeRoot) break;
  }
  return { items: page(all, q), childs: subs, mains, totalCount: all.length };
}

function assetSelector(ctx: EventContext, q: SelectorQuery, api: string) {
  const { assetCategories: cats, assets } = ctx.state;
  const entry = (a: Asset): Entry => ({ id: a.id, name: a.name, image: '', remark: `${a.code} · ${a.location} · ${a.status}`, type: 0, disabled: a.status === '报废' });
  if (api === 'ec-asset-default') {
    const items = q.selected.map((id) => assets.find((a) => a.id === id)).filter((a): a is Asset => a !== undefined).map(entry);
    return { items, childs: [], mains: [], totalCount: items.length };
  }
  if (q.filter !== '' || q.search || api === 'ec-asset-search') {
    const needle = q.filter.toLowerCase();
    const found = sortEntries(assets.filter((a) => a.name.toLowerCase().includes(needle) || a.code.toLowerCase().includes(needle)).map(entry), q.sorting);
    return { items: page(found, q), childs: [], mains: [], totalCount: found.length };
  }
  if (q.parentId !== null && !cats.some((c) => c.id === q.parentId)) return { error: { message: '分类不存在' } };
  const subtree = (id: string): string[] => [id, ...cats.filter((c) => c.parentId === id).flatMap((c) => subtree(c.id))];
  const subs: Entry[] = cats
    .filter((c) => c.parentId === q.parentId)
    .map((c) => {
      const count = assets.filter((a) => subtree(c.id).includes(a.categoryId)).length;
      return { id: c.id, name: c.name, image: '', remark: `${count}项`, type: 1, disabled: false, count };
    });
  const here = sortEntries(assets.filter((a) => a.categoryId === q.parentId).map(entry), q.sorting);
  const all = [...subs, ...here];
  const mains: { id: string; name: string }[] = [];
  for (let c = cats.find((x) => x.id === q.parentId); c; c = cats.find((x) => x.id === c!.parentId)) mains.unshift({ id: c.id, name: c.name });
  return { items: page(all, q), childs: subs, mains, totalCount: all.length };
}

// Form-rule event configs -------------------------------------------------------

const PURCHASE_CATEGORIES = [
  { label: '办公用品', value: 'office' },
  { label: '信息化设备', value: 'it' },
  { label: '家具', value: 'furniture' },
  { label: '图书资料', value: 'books' },
  { label: '其他', value: 'other' },
];

const IT_SUBCATEGORIES = [
  { label: '计算机', value: 'pc' },
  { label: '打印机', value: 'printer' },
  { label: '网络设备', value: 'network' },
  { label: '多媒体设备', value: 'av' },
];

/**
 * Days of a leave from its period [start, end]: calendar days counted inclusively,
 * minus half a day when it starts in the afternoon or ends in the morning.
 */
export function leaveDays(period: unknown): number | null {
  if (!Array.isArray(period) || period.length !== 2) return null;
  const [a, b] = [dayjs(String(period[0])), dayjs(String(period[1]))];
  if (!a.isValid() || !b.isValid() || b.isBefore(a)) return null;
  let days = b.startOf('day').diff(a.startOf('day'), 'day') + 1;
  const hasTime = (v: unknown) => /\d{1,2}:\d{2}/.test(String(v));
  if (hasTime(period[0]) && a.hour() >= 12) days -= 0.5;
  if (hasTime(period[1]) && b.hour() < 13) days -= 0.5;
  return Math.max(0.5, days);
}

type FormRule = (values: Values, fields: Record<string, unknown>) => unknown;

const FORM_RULES: Readonly<Record<string, FormRule>> = Object.freeze({
  'ec-purchase-categories': () => ({ items: PURCHASE_CATEGORIES, totalCount: PURCHASE_CATEGORIES.length }),
  'ec-purchase-subcategories': () => IT_SUBCATEGORIES,
  'ec-leave-days': (values, fields) => leaveDays(fields.period ?? values.leave_period ?? values.period),
  'ec-archive-month': (values, fields) => {
    const v = fields.publishTime ?? values.ntc_publish ?? values.publishTime;
    const d = typeof v === 'string' && v !== '' ? dayjs(v) : null;
    return d && d.isValid() ? d.format('YYYY-MM') : null;
  },
});

const SELECTOR_APIS = new Set([
  'ec-people-org',
  'ec-people-search',
  'ec-people-default',
  'ec-asset-tree',
  'ec-asset-search',
  'ec-asset-default',
]);

export const EVENT_CONFIG_IDS: readonly string[] = [...Object.keys(FORM_RULES), ...SELECTOR_APIS];

/** event-config/run: `{ result }`, where a selector's result is a level or `{ error: { message } }`. */
export function runEventConfig(ctx: EventContext, body: Record<string, unknown>): { result: unknown } {
  const id = text(body.id);
  if (id === '') throw new HttpError(400, 'id不能为空');
  const fields = fieldsOf(body);
  if (SELECTOR_APIS.has(id)) {
    const q = selectorQuery(body, fields);
    return { result: id.startsWith('ec-asset') ? assetSelector(ctx, q, id) : peopleSelector(ctx, q, id) };
  }
  const rule = FORM_RULES[id];
  if (!rule) throw new HttpError(404, '事件配置不存在');
  const data = readFormData(body.formData);
  return { result: rule(valuesOf(data, null), fields) };
}
