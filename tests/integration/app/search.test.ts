/**
 * Global search use cases (application/search/useCases.ts): the search itself, the
 * history clear-all confirm, 完成待办 and opening a to-do. Against the in-process sandbox
 * through the real adapters, with fakes for the notifier and the navigator.
 */
import { describe, expect, it, vi } from 'vitest';
import { testSandbox } from '../testSandbox';
import { HttpSearchApi } from '../../../infrastructure/search/searchApi';
import { HttpTodoApi } from '../../../infrastructure/todo/todoApi';
import { StoredSearchHistory } from '../../../infrastructure/storage/searchHistoryStore';
import { createMemoryStorage } from '../../../infrastructure/storage/keyValueStorage';
import {
  completeTodo,
  todoTargetPath,
  searchEverything,
} from '../../../application/search/useCases';
import type { SearchApi, SearchResult } from '../../../application/search/ports';
import { ApiError } from '../../../application/ports/errors';
import { COMPLETE_TODO, VIEW_DETAIL } from '../../../domain/search/messages';
import { SEARCH_KEYWORD_MAX, todoActionLabel } from '../../../domain/search/search';
import { TODO_COMPLETED_ONE } from '../../../domain/todo/messages';
import { CAMPUS_NOT_FOUND } from '../../../domain/session/messages';
import { err, ok } from '../../../domain/shared/result';
import { loginAs } from '../contract/support/partA';

const sb = testSandbox();

const clientFor = async (account: string) => {
  const c = await loginAs(sb.url, account);
  return { search: new HttpSearchApi(c.http), todo: new HttpTodoApi(c.http), userId: c.userId };
};

const emptyResult: SearchResult = { menu: [], useApp: [], todoMatter: [] };

describe('searching (menu/home-search)', () => {
  it('finds apps by name and opens on the 应用 tab when there are any', async () => {
    const { search } = await clientFor('t1001');
    const found = await searchEverything({ api: search }, '  申请 ', 1);
    expect(found?.keyword).toBe('申请');
    expect(found?.result.useApp.map((a) => a.name)).toEqual(['请假申请', '采购申请', '用印申请']);
    expect(found?.tab).toBe('apps');
  });

  it('opens on the 待办 tab when only to-dos match', async () => {
    const { search } = await clientFor('t1001');
    const found = await searchEverything({ api: search }, '教学资料', 1);
    expect(found?.result.useApp).toEqual([]);
    expect(found?.result.todoMatter.length).toBeGreaterThan(0);
    expect(found?.tab).toBe('todos');
  });

  it.each([[''], ['   '], ['\n\t']])('does not search a blank keyword %j', async (raw) => {
    const search = vi.fn<SearchApi['search']>(() => Promise.resolve(emptyResult));
    expect(await searchEverything({ api: { search } }, raw, 1)).toBeNull();
    expect(search).not.toHaveBeenCalled();
  });

  it('cuts the keyword to 100 characters and sends type 1 with the user type', async () => {
    const search = vi.fn<SearchApi['search']>(() => Promise.resolve(emptyResult));
    const found = await searchEverything({ api: { search } }, '请'.repeat(150), 2);
    expect(SEARCH_KEYWORD_MAX).toBe(100);
    expect(search).toHaveBeenCalledWith({ name: '请'.repeat(100), type: 1, userType: 2 }, { signal: undefined });
    expect(found?.tab).toBe('todos');
  });
});

describe('recent searches', () => {
  it('keeps the 10 newest terms per user', () => {
    const store = new StoredSearchHistory(createMemoryStorage());
    for (let i = 1; i <= 12; i++) store.add('u1', `词${i}`);
    expect(store.terms('u1')).toEqual(['词12', '词11', '词10', '词9', '词8', '词7', '词6', '词5', '词4', '词3']);
  });
});

describe('to-dos in the results', () => {
  it('完成待办 marks an open to-do done (make-state 1) and answers 已完成1条待办 for the screen to say', async () => {
    const { search, todo } = await clientFor('t1001');
    const found = await searchEverything({ api: search }, '家长会', 1);
    const item = found!.result.todoMatter.find((t) => t.name === '准备家长会材料')!;
    expect(todoActionLabel(item)).toBe(COMPLETE_TODO);
    expect(await completeTodo({ todo }, item)).toEqual(ok(TODO_COMPLETED_ONE));
    expect(TODO_COMPLETED_ONE).toBe('已完成1条待办');
    const again = await searchEverything({ api: search }, '家长会', 1);
    const done = again!.result.todoMatter.find((t) => t.id === item.id)!;
    expect(done.todoTime).toBeTruthy();
    expect(todoActionLabel(done)).toBe(VIEW_DETAIL);
  });

  it('a failed 完成待办 answers its failure', async () => {
    const makeState = vi.fn(() => Promise.reject(new ApiError('http', 'down')));
    expect(await completeTodo({ todo: { makeState } }, { id: 't1' })).toEqual({ ok: false, error: expect.objectContaining({ kind: 'refused', message: 'down' }) });
  });

  it('查看详情 of a personal to-do leads to the to-do page', async () => {
    expect(await todoTargetPath({}, { id: 'td-1', type: 0, data: '' })).toEqual(ok('/page/todo/add?todoId=td-1'));
  });

  it('an approval-type to-do leads to its run on the approval page, after switching to its campus', async () => {
    const linkCampus = vi.fn(() => ok('switched' as const));
    const data = JSON.stringify({ id: 'run-9', type: 1, tab: 0, campus: 'campus-east' });
    expect(await todoTargetPath({ linkCampus }, { id: 'td-2', type: 1, data })).toEqual(ok('/page/approvalCenter/flowApproval?FlowRunId=run-9&type=1&tab=0'));
    expect(linkCampus).toHaveBeenCalledWith('campus-east');
  });

  it('an approval-type to-do of a campus the user does not have answers 该校区不存在', async () => {
    const data = JSON.stringify({ id: 'run-9', type: 1, tab: 0, campus: 'elsewhere' });
    expect(await todoTargetPath({ linkCampus: () => err(CAMPUS_NOT_FOUND) }, { id: 'td-2', type: 1, data })).toEqual(
      err({ kind: 'invalid', message: '该校区不存在' }),
    );
  });

  it('the sandbox approval to-dos of an approver open the approval page', async () => {
    const { search } = await clientFor('t1002');
    const found = await searchEverything({ api: search }, '申请', 1);
    const approval = found!.result.todoMatter.find((t) => typeof t.type === 'number' && t.type !== 0);
    expect(approval).toBeDefined();
    expect(todoActionLabel(approval!)).toBe(VIEW_DETAIL);
    const path = await todoTargetPath({}, approval!);
    expect(path.ok ? path.value : '').toMatch(/^\/page\/approvalCenter\/flowApproval\?FlowRunId=[^&]+&type=\d+&tab=\d+$/);
  });
});
