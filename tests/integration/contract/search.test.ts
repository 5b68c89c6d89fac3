import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type SandboxHandle } from '../../../sandbox/server';
import { homeSearchQuery } from '../../../domain/search/search';
import { HttpSearchApi } from '../../../infrastructure/search/searchApi';
import { HttpTodoApi } from '../../../infrastructure/todo/todoApi';
import { loginAs } from './support/partA';

let sb: SandboxHandle;
beforeAll(async () => {
  sb = await startSandbox({ port: 0, dataFile: null, quiet: true });
});
afterAll(async () => {
  await sb.close();
});

describe('HttpSearchApi against the sandbox', () => {
  it('finds apps by a case-insensitive name match, with name, type=1 and userType', async () => {
    const api = new HttpSearchApi((await loginAs(sb.url, 't1001')).http);
    const result = await api.search(homeSearchQuery('申请', 1));
    expect(result.useApp.map((a) => a.name)).toEqual(expect.arrayContaining(['请假申请', '采购申请']));
    expect(result.useApp.every((a) => a.name.includes('申请'))).toBe(true);
    expect(Array.isArray(result.menu)).toBe(true);
  });

  it('finds the user’s own to-dos by name', async () => {
    const c = await loginAs(sb.url, 't1001');
    const todo = await new HttpTodoApi(c.http).create({ name: '搜索测试待办XYZ', matterDescribe: '', endTime: null, remindNum: null, files: [] });
    const result = await new HttpSearchApi(c.http).search(homeSearchQuery('xyz', 1));
    expect(result.useApp).toEqual([]);
    expect(result.todoMatter.map((t) => t.id)).toEqual([todo.id]);
    expect(result.todoMatter[0]).toMatchObject({ name: '搜索测试待办XYZ', todoTime: null, isTimeout: false });
  });

  it('a blank name finds nothing', async () => {
    const api = new HttpSearchApi((await loginAs(sb.url, 's2001')).http);
    await expect(api.search({ name: '', type: 1, userType: 2 })).resolves.toMatchObject({ menu: [], useApp: [], todoMatter: [] });
  });
});
