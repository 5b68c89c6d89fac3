import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { allSettled, fork, type Effect, type EventCallable } from 'effector';
import {
  $selections,
  createSelectorPageModel,
  type SelectionRequest,
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
import { recordingNotifier } from './screenModels.fixtures';

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

/** A selector page's model (application/selectors/pageModel.ts) opened in its own fork() scope. */
const openPage = async (api: SelectorsApi, request: SelectionRequest, flat = false) => {
  const notifier = recordingNotifier();
  const navigator = { leave: vi.fn() };
  const model = createSelectorPageModel({ api, notifier, navigator, request, flat, selectionKey: 'k' });
  const scope = fork();
  await allSettled(model.opened, { scope });
  const run = <T,>(unit: EventCallable<T> | Effect<T, any>, params?: T) => allSettled(unit as EventCallable<T>, { scope, params: params as T });
  return { model, scope, notifier, navigator, run, s: () => scope.getState(model.$state) };
};

describe('selector page model', () => {
  const start = async (request: Record<string, unknown> = { code: 'people', dataPower: '1' }, flat = false) => {
    const fake = fakeSelectorsApi();
    return { ...fake, ...(await openPage(fake.api, request, flat)) };
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
    const { model, run, s } = await start();
    expect(s().items.filter((i) => i.disabled).map((i) => i.name)).toEqual(['教务处', '高一年级']);
    await run(model.tabSwitched, 1);
    expect(s().items.filter((i) => i.disabled).map((i) => i.name)).toEqual([]);
  });

  it('drills down and back one level; back at the top leaves, cancelling the choice', async () => {
    const { model, run, s, requests, navigator, scope } = await start();
    await run(model.levelOpened, s().items[1]!); // 高一年级
    await run(model.levelOpened, s().items[0]!); // 高一(1)班
    expect(s().nav.map((l) => l.name)).toEqual(['高一年级', '高一(1)班']);
    expect(fields(requests.at(-1)!).parentId).toBe('dept-class-10-1');
    expect(s().items).toHaveLength(30);
    expect(s().hasMore).toBe(true);
    await run(model.loadMoreFx);
    expect(s().items).toHaveLength(35);
    expect(requests.at(-1)).toMatchObject({ pageCount: 2 });
    await run(model.backRequested);
    expect(s().nav.map((l) => l.name)).toEqual(['高一年级']);
    await run(model.backRequested);
    expect(navigator.leave).not.toHaveBeenCalled();
    await run(selectionRequested, { key: 'k', request: { code: 'people' } });
    await run(model.backRequested);
    expect(navigator.leave).toHaveBeenCalledTimes(1);
    expect(scope.getState($selections).k?.status).toBe('cancelled');
  });

  it('select all takes the selectable items of the list; toggling again removes them; disabled ones never; 确定 puts the choice back', async () => {
    const { model, run, s, navigator, scope } = await start();
    await run(model.levelOpened, s().items[0]!); // 教务处: 李主任, 王老师 (disabled)
    await run(model.allToggled);
    expect(s().selected.map((p) => p.name)).toEqual(['李主任']);
    expect(s().allSelected).toBe(true);
    await run(model.allToggled);
    expect(s().selected).toEqual([]);
    await run(model.toggled, s().items[1]!);
    expect(s().selected).toEqual([]);
    await run(model.toggled, s().items[0]!);
    await run(model.toggled, s().items[0]!);
    expect(s().selected).toEqual([]);
    await run(model.toggled, s().items[0]!);
    await run(model.confirmed);
    expect(doneSelection(scope.getState($selections), 'k')?.map((p) => p.name)).toEqual(['李主任']);
    expect(navigator.leave).toHaveBeenCalledTimes(1);
  });

  it('single choice replaces the choice', async () => {
    const { model, run, s } = await start({ code: 'people', multiple: false });
    await run(model.levelOpened, s().items[1]!);
    await run(model.levelOpened, s().items[0]!);
    await run(model.toggled, s().items[0]!);
    await run(model.toggled, s().items[1]!);
    expect(s().selected.map((p) => p.name)).toEqual(['学生2']);
  });

  it('search: trimmed, 10 a page, whole tab; clearing goes back to the list; back leaves a search first', async () => {
    const { model, run, s, requests } = await start();
    await run(model.searched, '  学生1 ');
    expect(requests.at(-1)).toMatchObject({ id: 'ec-people-search', maxResultCount: 10, eventConfigSelect: true });
    expect(fields(requests.at(-1)!).filter).toBe('学生1');
    expect(s().items).toHaveLength(10);
    await run(model.searched, '');
    expect(s().items.map((i) => i.name)).toEqual(['教务处', '高一年级', '赵校长']);
    await run(model.searched, '学生1');
    await run(model.backRequested);
    expect(s().keyword).toBe('');
    expect(s().items.map((i) => i.name)).toEqual(['教务处', '高一年级', '赵校长']);
  });

  it('contacts style (listPicker): a flat searchable list of people', async () => {
    const { s, requests } = await start({ code: 'staff' }, true);
    expect(requests[0]).toMatchObject({ eventConfigSelect: true, maxResultCount: 10 });
    expect(s().items.every((i) => i.type === 0)).toBe(true);
  });

  it('tells result.error.message of a data error and shows it in the list', async () => {
    const api: SelectorsApi = {
      ...fakeSelectorsApi().api,
      page: async () => {
        throw new SelectorDataError('部门不存在');
      },
    };
    const { notifier, s } = await openPage(api, { code: 'staff' });
    expect(notifier.said).toEqual(['fail:部门不存在']);
    expect(s().listError).toBe('部门不存在');
  });

  it('a component that cannot be found shows 未找到对应组件, with no toast', async () => {
    const { s, notifier } = await start({});
    expect(s()).toMatchObject({ status: 'error', error: '未找到对应组件' });
    expect(notifier.said).toEqual([]);
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
    const { model, run, s } = await openPage(api, { code: 'people' });
    expect(s().tabs.map((t) => t.name)).toEqual(['组织架构', '教职工', '学生']);
    expect(s().items.map((i) => i.name)).toContain('高一年级');
    await run(model.levelOpened, s().items.find((i) => i.name === '高一年级')!);
    await run(model.levelOpened, s().items.find((i) => i.name === '高一(1)班')!);
    expect(s().items.map((i) => i.name)).toEqual(['张三', '李四']);
    await run(model.searched, '王');
    expect(s().items.map((i) => i.name).sort()).toEqual(['王五', '王老师'].sort());
    await run(model.tabSwitched, 2);
    await run(model.searched, '');
    expect(s().items.every((i) => i.type !== 0 || ['张三', '李四', '王五'].includes(i.name))).toBe(true);
  });
});
