/**
 * Global search's screen model and the to-do opener (application/search/*Model.ts) in
 * fork() scopes, against the sandbox: the delay and its shortcut, a search started
 * again stopping the one before, the recent searches, 完成待办, and opening a to-do.
 */
import { allSettled, createStore, fork, scopeBind } from 'effector';
import { describe, expect, it, vi } from 'vitest';
import { testSandbox } from '../testSandbox';
import { HttpSearchApi } from '../../../infrastructure/search/searchApi';
import { HttpTodoApi } from '../../../infrastructure/todo/todoApi';
import { StoredSearchHistory } from '../../../infrastructure/storage/searchHistoryStore';
import { createMemoryStorage } from '../../../infrastructure/storage/keyValueStorage';
import { createSearchModel } from '../../../application/search/searchModel';
import { createTodoOpenerModel } from '../../../application/search/todoOpenerModel';
import type { SearchApi } from '../../../application/search/ports';
import { ApiError } from '../../../application/ports/errors';
import { err, ok, type Result } from '../../../domain/shared/result';
import { CAMPUS_NOT_FOUND } from '../../../domain/session/messages';
import { loginAs } from '../contract/support/partA';
import { recordingNavigator, recordingNotifier } from './screenModels.fixtures';

const sb = testSandbox();

const setup = async (over: { api?: Pick<SearchApi, 'search'> } = {}) => {
  const c = await loginAs(sb.url, 't1001');
  const api = over.api ?? new HttpSearchApi(c.http);
  const history = new StoredSearchHistory(createMemoryStorage());
  const notifier = recordingNotifier();
  const model = createSearchModel({ api, todo: new HttpTodoApi(c.http), history, notifier, userId: 'u1', userType: 1 });
  return { model, api, history, notifier, scope: fork() };
};

describe('the search model', () => {
  it('searches 500 ms after the last keystroke, once; remembers the term; clearing the text shows the history again', async () => {
    const search = vi.fn<SearchApi['search']>(async () => ({ menu: [], useApp: [], todoMatter: [] }));
    const { model, scope, history } = await setup({ api: { search } });
    vi.useFakeTimers();
    try {
      const type = scopeBind(model.textChanged, { scope });
      type('请');
      type('请假 ');
      expect(scope.getState(model.$keyword)).toBe('请假');
      expect(scope.getState(model.$loading)).toBe(true);
      await vi.advanceTimersByTimeAsync(499);
      expect(search).not.toHaveBeenCalled();
      // The same keyword again (a trailing space) asks nothing new.
      type('请假');
      await vi.advanceTimersByTimeAsync(1);
      expect(search).toHaveBeenCalledTimes(1);
      expect(search.mock.calls[0]![0]).toEqual({ name: '请假', type: 1, userType: 1 });
      await vi.waitFor(() => expect(scope.getState(model.$loading)).toBe(false));
      expect(scope.getState(model.$outcome)?.keyword).toBe('请假');
      expect(scope.getState(model.$terms)).toEqual(['请假']);
      expect(history.terms('u1')).toEqual(['请假']);
      type('  ');
      expect(scope.getState(model.$keyword)).toBeNull();
      expect(scope.getState(model.$outcome)).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });

  it('a history term searches at once, and a search started again drops the one before', async () => {
    const { model, scope } = await setup();
    vi.useFakeTimers();
    try {
      scopeBind(model.textChanged, { scope })('家长');
      await vi.advanceTimersByTimeAsync(100);
    } finally {
      vi.useRealTimers();
    }
    await allSettled(model.termChosen, { scope, params: '家长会' });
    expect(scope.getState(model.$text)).toBe('家长会');
    expect(scope.getState(model.$outcome)?.keyword).toBe('家长会');
    expect(scope.getState(model.$tab)).toBe('todos');
    await allSettled(model.tabChanged, { scope, params: 'apps' });
    expect(scope.getState(model.$terms)).toEqual(['家长会']);
  });

  it('完成待办 says 已完成1条待办 and searches again on the same tab; a failed one is told', async () => {
    const { model, scope, notifier } = await setup();
    await allSettled(model.termChosen, { scope, params: '家长会' });
    await allSettled(model.tabChanged, { scope, params: 'apps' });
    const item = scope.getState(model.$outcome)!.result.todoMatter.find((t) => t.name === '准备家长会材料')!;
    await allSettled(model.completeRequested, { scope, params: item });
    expect(notifier.said).toEqual(['ok:已完成1条待办']);
    expect(scope.getState(model.$tab)).toBe('apps');
    expect(scope.getState(model.$outcome)!.result.todoMatter.find((t) => t.id === item.id)!.todoTime).toBeTruthy();
    expect(scope.getState(model.$busyTodo)).toBeNull();
  });

  it('a failed search is told; clearing the history asks first and forgets only on yes', async () => {
    const { model, scope, notifier, history } = await setup({ api: { search: () => Promise.reject(new ApiError('http', '搜索服务不可用')) } });
    history.add('u1', '课表');
    await allSettled(model.termChosen, { scope, params: '请假' });
    expect(notifier.said).toEqual(['fail:搜索服务不可用']);
    expect(scope.getState(model.$loading)).toBe(false);

    const again = createSearchModel({ api: { search: vi.fn() }, todo: { makeState: vi.fn() }, history, notifier, userId: 'u1', userType: 1 });
    expect(scope.getState(again.$terms)).toEqual(['课表']);
    notifier.confirms.push(false);
    await allSettled(again.historyCleared, { scope });
    expect(history.terms('u1')).toEqual(['课表']);
    await allSettled(again.historyCleared, { scope });
    expect(notifier.said.slice(1)).toEqual(['confirm:提示 确定删除所有搜索记录？', 'confirm:提示 确定删除所有搜索记录？']);
    expect(history.terms('u1')).toEqual([]);
    expect(scope.getState(again.$terms)).toEqual([]);
  });

  it('a failed search is kept as failed (加载失败 with 重试, never a spinner for ever); 重试 asks the same keyword again at once', async () => {
    let fail = true;
    const search = vi.fn<SearchApi['search']>(async () => {
      if (fail) throw new ApiError('network', '');
      return { menu: [], useApp: [], todoMatter: [] };
    });
    const { model, scope } = await setup({ api: { search } });
    await allSettled(model.termChosen, { scope, params: '请假' });
    expect(scope.getState(model.$failed)).toMatchObject({ kind: 'offline' });
    expect(scope.getState(model.$outcome)).toBeNull();
    expect(scope.getState(model.$loading)).toBe(false);

    fail = false;
    await allSettled(model.retried, { scope });
    expect(search).toHaveBeenCalledTimes(2);
    expect(search.mock.calls[1]![0]).toEqual({ name: '请假', type: 1, userType: 1 });
    expect(scope.getState(model.$failed)).toBeNull();
    expect(scope.getState(model.$outcome)?.keyword).toBe('请假');

    // A failure, then the text cleared: the recent searches, not the failure.
    fail = true;
    await allSettled(model.termChosen, { scope, params: '课表' });
    expect(scope.getState(model.$failed)).not.toBeNull();
    await allSettled(model.textChanged, { scope, params: '' });
    expect(scope.getState(model.$failed)).toBeNull();
  });
});

describe('the to-do opener model', () => {
  it('opens a to-do, an approval to-do on its campus, and tells a campus the user lacks', async () => {
    const navigator = recordingNavigator();
    const notifier = recordingNotifier();
    let answer: Result<unknown, string> = ok('switched');
    const linkCampus = vi.fn(async () => answer);
    const model = createTodoOpenerModel({ navigator, notifier, $campuses: createStore([]), linkCampus });
    const scope = fork();
    await allSettled(model.todoOpened, { scope, params: { id: 'td-1', type: 0, data: '' } });
    const data = JSON.stringify({ id: 'run-9', type: 1, tab: 0, campus: 'east' });
    await allSettled(model.todoOpened, { scope, params: { id: 'td-2', type: 1, data } });
    expect(linkCampus).toHaveBeenCalledWith({ campuses: [], campusId: 'east' });
    expect(navigator.gone).toEqual(['/page/todo/add?todoId=td-1', '/page/approvalCenter/flowApproval?FlowRunId=run-9&type=1&tab=0']);
    answer = err(CAMPUS_NOT_FOUND);
    await allSettled(model.todoOpened, { scope, params: { id: 'td-2', type: 1, data } });
    expect(notifier.said).toEqual(['fail:该校区不存在']);
    expect(navigator.gone).toHaveLength(2);
  });
});
