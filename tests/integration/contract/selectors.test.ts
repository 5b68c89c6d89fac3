import { describe, expect, it } from 'vitest';
import { testSandbox } from '../testSandbox';
import { ApiError, messageOf } from '../../../application/ports/errors';
import { isSelectorDataError, SelectorDataError } from '../../../application/selectors/ports';
import { ROOT_PARENT_ID, selectorEventFields, selectorRequest, selectorTabs } from '../../../domain/selectors/selectors';
import type { SelectorRequest } from '../../../domain/selectors/types';
import { HttpSelectorsApi } from '../../../infrastructure/selectors/selectorsApi';
import { cannedServer, loginAs } from './support/partB';

const sb = testSandbox();

const selectorsApi = async (account = 't1001') => new HttpSelectorsApi((await loginAs(sb.url, account)).http);

/** A selector body by hand (domain/selectors selectorRequest fixes the page sizes at 30 and 10). */
const body = (id: string, fields: Parameters<typeof selectorEventFields>[0], page = 1, size = 30, tabIndex = 0): SelectorRequest => ({
  id,
  index: tabIndex,
  pageCount: page,
  maxResultCount: size,
  eventConfigSelect: false,
  sorting: '',
  dataJson: { eventConfigFields: selectorEventFields(fields) },
});

describe('HttpSelectorsApi against the sandbox', () => {
  it('GET select-component/by-code?code= answers the component with its tabs', async () => {
    const component = await (await selectorsApi()).componentByCode('staff');
    expect(component).toMatchObject({ name: '选择教职工', dataName: 'name', selectComponentSet: { defaultApi: 'ec-people-default', selectApi: 'ec-people-search' } });
    expect(component.selectComponentExtendSets?.[0]).toMatchObject({ name: '组织架构', dataApi: 'ec-people-org', isSelect: false, state: 1 });
  });

  it('GET select-component/{id}: a switched-off tab (state 0) is left out by the domain', async () => {
    const component = await (await selectorsApi()).componentById('sc-people');
    expect(component.selectComponentExtendSets).toHaveLength(4);
    expect(selectorTabs(component).map((t) => t.name)).toEqual(['组织架构', '教职工', '学生']);
  });

  it('an unknown component rejects with the server message 未找到对应组件', async () => {
    const api = await selectorsApi();
    await expect(api.componentByCode('nope')).rejects.toMatchObject({ status: 404, message: '未找到对应组件' });
    await expect(api.componentById('sc-nope')).rejects.toMatchObject({ status: 404, message: '未找到对应组件' });
  });

  it('POST event-config/run: the top level lists sub-levels then people, with childs and the path in mains', async () => {
    const page = await (await selectorsApi()).page(body('ec-people-org', { parentId: ROOT_PARENT_ID, type: 0 }));
    expect(page.mains).toEqual([{ id: 'dept-root', name: '未来实验学校' }]);
    const levels = page.items.filter((i) => i.type !== 0);
    expect(levels.map((l) => l.name)).toEqual(expect.arrayContaining(['校长室', '教务处', '高一年级']));
    expect(page.childs.map((c) => c.id)).toEqual(levels.map((l) => l.id));
    expect(page.totalCount).toBe(page.items.length);
  });

  it('drilling down: a department lists its members (type 0) and the path from the top', async () => {
    const page = await (await selectorsApi()).page(body('ec-people-org', { parentId: 'dept-academic', type: 1 }));
    expect(page.items.map((p) => p.name).sort()).toEqual(['李主任', '王老师'].sort());
    for (const p of page.items) expect(p).toMatchObject({ type: 0, disabled: false });
    expect(page.mains.map((m) => m.name)).toEqual(['未来实验学校', '教务处']);
  });

  it('a search (filter) answers the matching people flat, paged by maxResultCount', async () => {
    const api = await selectorsApi();
    const page = await api.page(body('ec-people-search', { type: 0, filter: '李' }, 1, 10));
    expect(page.items.map((p) => p.name).sort()).toEqual(['李主任', '李四'].sort());
    expect(page.childs).toEqual([]);
    expect(page.mains).toEqual([]);
    const narrow = await api.page(body('ec-people-search', { type: 0, filter: '李' }, 1, 1));
    expect(narrow.items).toHaveLength(1);
    expect(narrow.totalCount).toBe(2);
  });

  it('the domain-built request pages a tab and searches it (index = tab, pageCount = page, eventConfigSelect = search)', async () => {
    const api = await selectorsApi();
    const component = await api.componentById('sc-people');
    const tabs = selectorTabs(component);
    const staffTab = tabs[1]!;
    const first = await api.page(selectorRequest({ tab: staffTab, tabIndex: 1, page: 1, searching: false, type: staffTab.dataType }));
    expect(first.mains).toEqual([{ id: 'dept-root', name: '未来实验学校' }]);
    expect(first.items.length).toBeGreaterThan(0);
    const beyond = await api.page(selectorRequest({ tab: staffTab, tabIndex: 1, page: 2, searching: false, type: staffTab.dataType }));
    expect(beyond.items).toEqual([]);
    expect(beyond.totalCount).toBe(first.totalCount);
    const found = await api.page(selectorRequest({ tab: tabs[0]!, tabIndex: 0, page: 1, searching: true, filter: '王' }));
    expect(found.items.map((p) => p.name).sort()).toEqual(['王五', '王老师'].sort());
    expect(found.items.every((p) => p.type === 0)).toBe(true);
  });

  it('result.error.message becomes a SelectorDataError carrying that message', async () => {
    const failure = await (await selectorsApi()).page(body('ec-people-org', { parentId: 'dept-nowhere' })).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(SelectorDataError);
    expect(failure).toBeInstanceOf(ApiError);
    expect(isSelectorDataError(failure)).toBe(true);
    expect(messageOf(failure)).toBe('部门不存在');
  });

  it('assets: a scrapped asset comes back disabled', async () => {
    const page = await (await selectorsApi()).page(body('ec-asset-tree', { parentId: 'ac-it-pc' }));
    expect(page.items.find((a) => a.name === '旧台式机 A30')).toMatchObject({ type: 0, disabled: true });
    expect(page.mains.map((m) => m.name)).toEqual(['信息化设备', '计算机']);
  });

  it('an HTTP failure of the call stays a plain ApiError, not a SelectorDataError', async () => {
    const failure = await (await selectorsApi()).page(body('ec-nope', {})).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(ApiError);
    expect(isSelectorDataError(failure)).toBe(false);
    expect(failure).toMatchObject({ status: 404, message: '事件配置不存在' });
  });
});

describe('the zod boundary of the selectors adapter', () => {
  const run = (api: HttpSelectorsApi) => api.page(body('ec-people-org', {}));
  it.each([
    ['a person without type', { result: { items: [{ id: 'u', name: 'n' }] } }],
    ['an answer without result', { items: [] }],
    ['a path level without name', { result: { items: [], mains: [{ id: 'd' }] } }],
  ])('%s is an ApiError malformed', async (_name, answer) => {
    const canned = await cannedServer(answer);
    try {
      const failure = await run(new HttpSelectorsApi(canned.http)).catch((e: unknown) => e);
      expect(failure).toMatchObject({ kind: 'malformed' });
      expect(isSelectorDataError(failure)).toBe(false);
    } finally {
      await canned.close();
    }
  });

  it('result.error wins over whatever else the result holds; a blank message is no error', async () => {
    const failed = await cannedServer({ result: { items: 'garbage', error: { message: '无权限查看' } } });
    try {
      await expect(run(new HttpSelectorsApi(failed.http))).rejects.toMatchObject({ message: '无权限查看', code: 'selector-data' });
    } finally {
      await failed.close();
    }
    const blank = await cannedServer({ result: { items: null, error: { message: ' ' } } });
    try {
      await expect(run(new HttpSelectorsApi(blank.http))).resolves.toEqual({ items: [], childs: [], mains: [], totalCount: null });
    } finally {
      await blank.close();
    }
  });
});
