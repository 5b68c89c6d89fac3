import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allSettled, fork } from 'effector';
import {
  $selections,
  SelectorSession,
  doneSelection,
  fieldSelectionKey,
  requestFromQuery,
  selectionCancelled,
  selectionConfirmed,
  selectionConsumed,
  selectionRequested,
  loadSelectComponent,
} from '../../../application/selectors';
import { SelectorDataError, type SelectorsApi } from '../../../application/selectors/ports';
import { SELECT_COMPONENT_LOAD_FAILED, SELECT_COMPONENT_NOT_FOUND } from '../../../domain/selectors/messages';
import type { SelectComponent, SelectorRequest } from '../../../domain/selectors/types';
import { login, startTestSandbox } from '../../../sandbox/testkit';
import type { SandboxHandle } from '../../../sandbox/server';
import { fakeSelectorsApi } from './forms.fixtures';

const ZERO = '00000000-0000-0000-0000-000000000000';
const fields = (r: SelectorRequest) => Object.fromEntries(r.dataJson.eventConfigFields.map((f) => [f.key, f.value]));

describe('spec strings of selectors', () => {
  it.each([
    [SELECT_COMPONENT_NOT_FOUND, '未找到对应组件'],
    [SELECT_COMPONENT_LOAD_FAILED, '获取失败，请稍后重试'],
  ])('%s', (c, literal) => expect(c).toBe(literal));
});

describe('select component', () => {
  it('is loaded by id first, else by code; neither -> 未找到对应组件; failure -> 获取失败，请稍后重试', async () => {
    const { api } = fakeSelectorsApi();
    expect(await loadSelectComponent(api, { id: 'sc-people', code: 'staff' })).toMatchObject({ ok: true, value: { name: '选择人员' } });
    expect(await loadSelectComponent(api, { code: 'staff' })).toMatchObject({ ok: true, value: { name: '选择教职工' } });
    expect(await loadSelectComponent(api, {})).toEqual({ ok: false, error: '未找到对应组件' });
    expect(await loadSelectComponent(api, { code: 'nope' })).toEqual({ ok: false, error: '获取失败，请稍后重试' });
  });
});

describe('selector session', () => {
  const start = async (request: Record<string, unknown> = { code: 'people', dataPower: '1' }, flat = false) => {
    const fake = fakeSelectorsApi();
    const errors: string[] = [];
    const session = new SelectorSession(fake.api, { request, flat, onError: (m) => errors.push(m) });
    await session.start();
    return { session, ...fake, errors, s: () => session.getSnapshot() };
  };

  it('shows the enabled tabs and the top level (all-zero GUID parent, 30 a page, dataPower passed through)', async () => {
    const { s, requests } = await start();
    expect(s().tabs.map((t) => t.name)).toEqual(['组织架构', '教职工']);
    expect(s().title).toBe('选择人员');
    expect(s().items.map((i) => i.name)).toEqual(['教务处', '高一年级', '赵校长']);
    expect(requests[0]).toMatchObject({ id: 'ec-people-org', index: 0, pageCount: 1, maxResultCount: 30, eventConfigSelect: false });
    expect(fields(requests[0]!)).toEqual({ parentId: ZERO, type: '0', dataPower: '1', filter: '' });
  });

  it('disables organisation levels on a tab that cannot select them; the other tab can', async () => {
    const { session, s } = await start();
    expect(s().items.filter((i) => i.disabled).map((i) => i.name)).toEqual(['教务处', '高一年级']);
    await session.switchTab(1);
    expect(s().items.filter((i) => i.disabled).map((i) => i.name)).toEqual([]);
  });

  it('drills down and back one level; back at the top closes', async () => {
    const { session, s, requests } = await start();
    await session.open(s().items[1]!); // 高一年级
    await session.open(s().items[0]!); // 高一(1)班
    expect(s().nav.map((l) => l.name)).toEqual(['高一年级', '高一(1)班']);
    expect(fields(requests.at(-1)!).parentId).toBe('dept-class-10-1');
    expect(s().items).toHaveLength(30);
    expect(s().hasMore).toBe(true);
    await session.loadMore();
    expect(s().items).toHaveLength(35);
    expect(requests.at(-1)).toMatchObject({ pageCount: 2 });
    expect(session.back()).toBe(false);
    await Promise.resolve();
    expect(s().nav.map((l) => l.name)).toEqual(['高一年级']);
    session.back();
    expect(session.back()).toBe(true);
  });

  it('select all takes the selectable items of the list; toggling again removes them; disabled ones never', async () => {
    const { session, s } = await start();
    await session.open(s().items[0]!); // 教务处: 李主任, 王老师 (disabled)
    session.toggleAll();
    expect(s().selected.map((p) => p.name)).toEqual(['李主任']);
    expect(s().allSelected).toBe(true);
    session.toggleAll();
    expect(s().selected).toEqual([]);
    session.toggle(s().items[1]!);
    expect(s().selected).toEqual([]);
    session.toggle(s().items[0]!);
    session.toggle(s().items[0]!);
    expect(s().selected).toEqual([]);
  });

  it('single choice replaces the choice', async () => {
    const { session, s } = await start({ code: 'people', multiple: false });
    await session.open(s().items[1]!);
    await session.open(s().items[0]!);
    session.toggle(s().items[0]!);
    session.toggle(s().items[1]!);
    expect(s().selected.map((p) => p.name)).toEqual(['学生2']);
  });

  it('search: trimmed, 10 a page, whole tab; clearing goes back to the list', async () => {
    const { session, s, requests } = await start();
    await session.search('  学生1 ');
    expect(requests.at(-1)).toMatchObject({ id: 'ec-people-search', maxResultCount: 10, eventConfigSelect: true });
    expect(fields(requests.at(-1)!).filter).toBe('学生1');
    expect(s().items).toHaveLength(10);
    await session.search('');
    expect(s().items.map((i) => i.name)).toEqual(['教务处', '高一年级', '赵校长']);
  });

  it('contacts style (listPicker): a flat searchable list of people', async () => {
    const { s, requests } = await start({ code: 'staff' }, true);
    expect(requests[0]).toMatchObject({ eventConfigSelect: true, maxResultCount: 10 });
    expect(s().items.every((i) => i.type === 0)).toBe(true);
  });

  it('shows result.error.message of a data error', async () => {
    const api: SelectorsApi = {
      ...fakeSelectorsApi().api,
      page: async () => {
        throw new SelectorDataError('部门不存在');
      },
    };
    const errors: string[] = [];
    const session = new SelectorSession(api, { request: { code: 'staff' }, onError: (m) => errors.push(m) });
    await session.start();
    expect(errors).toEqual(['部门不存在']);
    expect(session.getSnapshot().listError).toBe('部门不存在');
  });

  it('a component that cannot be found shows 未找到对应组件', async () => {
    const { s, errors } = await start({});
    expect(s()).toMatchObject({ status: 'error', error: '未找到对应组件' });
    expect(errors).toEqual([]);
  });
});

describe('selection channel', () => {
  it('carries the request to the page and the result back to the asker', async () => {
    const scope = fork();
    const key = fieldSelectionKey('formDraft:u:flow:leave', 'leave_handover');
    expect(key).toBe('form:formDraft:u:flow:leave:leave_handover');
    await allSettled(selectionRequested, { scope, params: { key, request: { code: 'staff', multiple: false } } });
    expect(scope.getState($selections)[key]).toEqual({ request: { code: 'staff', multiple: false }, status: 'open', result: null });
    expect(doneSelection(scope.getState($selections), key)).toBeNull();
    await allSettled(selectionConfirmed, { scope, params: { key, result: [{ id: 'u1', name: '王老师', type: 0 }] } });
    expect(doneSelection(scope.getState($selections), key)).toEqual([{ id: 'u1', name: '王老师', type: 0 }]);
    await allSettled(selectionConsumed, { scope, params: key });
    expect(scope.getState($selections)).toEqual({});
  });

  it('a cancel leaves no result', async () => {
    const scope = fork();
    await allSettled(selectionRequested, { scope, params: { key: 'k', request: { code: 'staff' } } });
    await allSettled(selectionCancelled, { scope, params: 'k' });
    expect(doneSelection(scope.getState($selections), 'k')).toBeNull();
  });

  it('a page opened by link reads its request from the query', () => {
    expect(requestFromQuery(new URLSearchParams('key=k&code=people&multiple=0&dataPower=1&title=选择'))).toEqual({
      code: 'people',
      multiple: false,
      dataPower: '1',
      title: '选择',
    });
    expect(requestFromQuery(new URLSearchParams('key=k'))).toBeNull();
  });
});

describe('against the sandbox', () => {
  let sb: SandboxHandle;
  let api: SelectorsApi;
  beforeAll(async () => {
    sb = await startTestSandbox();
    const { client } = await login(sb, 't1001');
    const base = '/v1/less-code-service/api';
    api = {
      componentById: async (id) => (await client.get<SelectComponent>(`${base}/select-component/${id}`)).body,
      componentByCode: async (code) => (await client.get<SelectComponent>(`${base}/select-component/by-code?code=${code}`)).body,
      page: async (request) => {
        const r = await client.post(`${base}/event-config/run`, request);
        if (r.status !== 200) throw new Error(r.text);
        if (r.body.result.error) throw new SelectorDataError(r.body.result.error.message);
        return r.body.result;
      },
    };
  });
  afterAll(() => sb.close());

  it('browses, drills down, searches and pages the seeded people selector', async () => {
    const session = new SelectorSession(api, { request: { code: 'people' } });
    await session.start();
    const s = () => session.getSnapshot();
    expect(s().tabs.map((t) => t.name)).toEqual(['组织架构', '教职工', '学生']);
    expect(s().items.map((i) => i.name)).toContain('高一年级');
    await session.open(s().items.find((i) => i.name === '高一年级')!);
    await session.open(s().items.find((i) => i.name === '高一(1)班')!);
    expect(s().items.map((i) => i.name)).toEqual(['张三', '李四']);
    await session.search('王');
    expect(s().items.map((i) => i.name).sort()).toEqual(['王五', '王老师'].sort());
    await session.switchTab(2);
    await session.search('');
    expect(s().items.every((i) => i.type !== 0 || ['张三', '李四', '王五'].includes(i.name))).toBe(true);
  });
});
