/**
 * A message tab's notice list model (application/messages/noticeModel.ts) in fork()
 * scopes, against the sandbox: pages of 30, the next page only when one may follow, a
 * failure logged and ending the list, and following a notice (该校区不存在 told).
 */
import { allSettled, createStore, fork } from 'effector';
import { describe, expect, it, vi } from 'vitest';
import { testSandbox } from '../testSandbox';
import { EVENT } from '../../../sandbox/seed/messages';
import { CAMPUS_EAST, CAMPUS_MAIN } from '../../../sandbox/seed/ids';
import { HttpMessagesApi } from '../../../infrastructure/messages/messagesApi';
import { createNoticeListModel } from '../../../application/messages/noticeModel';
import { loginAs, MemoryCampusStore } from '../contract/support/partA';
import { recordingNavigator, recordingNotifier } from './screenModels.fixtures';

const sb = testSandbox();

const campuses = [
  { id: CAMPUS_MAIN, name: '主校区', typeName: '校区' },
  { id: CAMPUS_EAST, name: '东校区', typeName: '校区' },
];

const setup = async (eventId: string) => {
  const client = await loginAs(sb.url, 't1001');
  const api = new HttpMessagesApi(client.http);
  const campusStore = new MemoryCampusStore();
  campusStore.set(CAMPUS_MAIN);
  const notifier = recordingNotifier();
  const navigator = recordingNavigator();
  const links = { open: vi.fn(() => ({ kind: 'webView' as const, url: '', foreign: false })) };
  const log = vi.fn();
  const model = createNoticeListModel({
    api,
    notifier,
    navigator,
    links,
    campusStore,
    $campuses: createStore(campuses),
    origin: 'http://school.test',
    eventId,
    log,
  });
  return { model, api, notifier, navigator, links, log, campusStore, scope: fork() };
};

describe('the notice list model', () => {
  it('loads 30, then the last 14 when asked, then asks no more', async () => {
    const { model, api, scope } = await setup(EVENT.campus);
    const spy = vi.spyOn(api, 'notices');
    expect(scope.getState(model.$firstLoad)).toBe(true);
    // Asked before the first page is in: nothing happens.
    await allSettled(model.moreWanted, { scope });
    expect(spy).not.toHaveBeenCalled();
    await allSettled(model.opened, { scope });
    expect(scope.getState(model.$items)).toHaveLength(30);
    expect(scope.getState(model.$hasMore)).toBe(true);
    expect(scope.getState(model.$firstLoad)).toBe(false);
    await allSettled(model.moreWanted, { scope });
    expect(scope.getState(model.$items)).toHaveLength(44);
    expect(new Set(scope.getState(model.$items).map((n) => n.id)).size).toBe(44);
    expect(scope.getState(model.$hasMore)).toBe(false);
    await allSettled(model.moreWanted, { scope });
    expect(spy).toHaveBeenCalledTimes(2);
    expect(scope.getState(model.$loading)).toBe(false);
  });

  it('a failed page is logged only (no toast) and stops the list, as failed, not empty; 重试 asks that page again', async () => {
    const { model, scope, log, notifier } = await setup(EVENT.campus);
    await fetch(`${sb.url}/sandbox/admin/fault`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ path: '/send-user-message/by-eventid', status: 500 }),
    });
    await allSettled(model.opened, { scope });
    expect(scope.getState(model.$items)).toEqual([]);
    expect(scope.getState(model.$hasMore)).toBe(false);
    expect(scope.getState(model.$failed)).toBe(true);
    expect(scope.getState(model.$page)).toBe(0);
    expect(log).toHaveBeenCalledTimes(1);
    expect(notifier.said).toEqual([]);
    // Scrolling asks nothing while it stands failed; 重试 does.
    await allSettled(model.moreWanted, { scope });
    expect(scope.getState(model.$failed)).toBe(true);
    await allSettled(model.retried, { scope });
    expect(scope.getState(model.$failed)).toBe(false);
    expect(scope.getState(model.$page)).toBe(1);
    expect(scope.getState(model.$items).length).toBeGreaterThan(0);
  });

  it('marks the notices that lead somewhere and follows them; a campus the user lacks is told and opens nothing', async () => {
    const { model, scope, notifier, navigator, campusStore } = await setup(EVENT.todo);
    await allSettled(model.opened, { scope });
    const items = scope.getState(model.$items);
    const byTitle = (t: string) => items.find((n) => n.title === t)!;
    const leading = scope.getState(model.$leading);
    expect(leading.has(byTitle('您有一条待办即将到期').id)).toBe(true);

    await allSettled(model.noticeOpened, { scope, params: byTitle('已撤销校区的待办提醒') });
    expect(notifier.said).toEqual(['fail:该校区不存在']);
    expect(navigator.gone).toEqual([]);
    expect(campusStore.get()).toBe(CAMPUS_MAIN);

    await allSettled(model.noticeOpened, { scope, params: byTitle('您有一条待办即将到期') });
    expect(navigator.gone[0]).toMatch(/^\/page\/todo\/add\?todoId=.+/);
    expect(navigator.reload).not.toHaveBeenCalled();

    await allSettled(model.noticeOpened, { scope, params: byTitle('东校区待办提醒') });
    expect(campusStore.get()).toBe(CAMPUS_EAST);
    expect(navigator.reload).toHaveBeenCalledTimes(1);
  });

  it('no tab: an empty list, nothing asked', async () => {
    const { model, api, scope } = await setup('');
    const spy = vi.spyOn(api, 'notices');
    await allSettled(model.opened, { scope });
    expect(scope.getState(model.$items)).toEqual([]);
    expect(scope.getState(model.$hasMore)).toBe(false);
    expect(scope.getState(model.$loading)).toBe(false);
    expect(spy).not.toHaveBeenCalled();
  });
});
