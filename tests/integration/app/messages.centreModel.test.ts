/**
 * The message centre's model (application/messages/model.ts) in fork() scopes: the
 * badge, live refresh by the hub while a screen shows counts, 全部已读 with its confirm,
 * and the notification entry. Against the sandbox (HTTP and its SignalR hub) where the
 * server's answer matters, with fakes where a rule is easier to pin down.
 */
import { allSettled, fork } from 'effector';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { WebSocket } from 'ws';
import { testSandbox } from '../testSandbox';
import { HttpMessagesApi } from '../../../infrastructure/messages/messagesApi';
import { SignalRMessageHub } from '../../../infrastructure/hub/signalrHub';
import { createMessageCentreModel } from '../../../application/messages/model';
import type { MessagesApi, MessageTabGroup } from '../../../application/messages/ports';
import type { MessageHub } from '../../../application/ports/hub';
import { ApiError } from '../../../application/ports/errors';
import { loginAs } from '../contract/support/partA';
import { recordingNavigator, recordingNotifier } from './screenModels.fixtures';
import type { OfflineQueue } from '../../../application/offline/outboxModel';
import { messagesOutboxSenders } from '../../../application/messages/outboxKinds';
import { OUTBOX_QUEUED } from '../../../domain/offline';
import { USER } from '../../../sandbox/seed/ids';
import { offlineDevice } from './offline.fixtures';

const sb = testSandbox();

const post = (path: string, body: Record<string, unknown>) =>
  fetch(`${sb.url}${path}`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });

const groups = (n: number): MessageTabGroup[] => [{ name: 'g', messageEventAppTabsDtos: [{ id: 'a', name: 'a', noReadNum: n }] }];

/** A hub whose pushes the test makes. */
const fakeHub = () => {
  const listeners = new Set<(payload: unknown) => void>();
  const hub: Pick<MessageHub, 'onMessage'> = {
    onMessage: (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
  };
  return { hub, listeners, push: () => [...listeners].forEach((l) => l({})) };
};

const setup = (api: MessagesApi, over: { yes?: boolean; offline?: OfflineQueue } = {}) => {
  const h = fakeHub();
  const notifier = recordingNotifier(over.yes ?? true);
  const navigator = recordingNavigator();
  const opened: string[] = [];
  const links = { open: vi.fn((url: unknown) => (opened.push(String(url)), { kind: 'webView' as const, url: String(url), foreign: false })) };
  const log = vi.fn();
  const offline = over.offline;
  const model = createMessageCentreModel({ api, hub: h.hub, notifier, navigator, links, log, ...(offline ? { offline: async () => offline } : {}) });
  return { model, ...h, notifier, navigator, opened, log, scope: fork() };
};

describe('the message centre model', () => {
  it('total unread is the badge, capped at 99+; a failed refresh is logged and keeps what was shown', async () => {
    let answer: () => Promise<MessageTabGroup[]> = async () => groups(7);
    const { model, scope, log, notifier } = setup({ messageTabs: () => answer() } as unknown as MessagesApi);
    expect(scope.getState(model.$loaded)).toBe(false);
    await allSettled(model.connected, { scope });
    expect(scope.getState(model.$loaded)).toBe(true);
    expect(scope.getState(model.$unreadBadge)).toBe('7');
    answer = async () => groups(120);
    await allSettled(model.refreshFx, { scope });
    expect(scope.getState(model.$totalUnread)).toBe(120);
    expect(scope.getState(model.$unreadBadge)).toBe('99+');
    answer = () => Promise.reject(new ApiError('http', '坏了'));
    await allSettled(model.refreshFx, { scope });
    expect(log).toHaveBeenCalledTimes(1);
    expect(scope.getState(model.$unreadBadge)).toBe('99+');
    expect(notifier.said).toEqual([]);
  });

  it('a first load that fails is failed, not empty (the screen offers 重试); the next answer clears it', async () => {
    let answer: () => Promise<MessageTabGroup[]> = () => Promise.reject(new ApiError('network', '网络不可用，请检查网络后重试'));
    const { model, scope, notifier } = setup({ messageTabs: () => answer() } as unknown as MessagesApi);
    await allSettled(model.connected, { scope });
    expect(scope.getState(model.$loaded)).toBe(true);
    expect(scope.getState(model.$failed)).toBe(true);
    expect(scope.getState(model.$groups)).toEqual([]);
    expect(notifier.said).toEqual([]);
    answer = async () => groups(3);
    await allSettled(model.refreshFx, { scope });
    expect(scope.getState(model.$failed)).toBe(false);
    expect(scope.getState(model.$totalUnread)).toBe(3);
  });

  it('listens to the hub while any screen shows counts, and stops when the last one goes', async () => {
    let calls = 0;
    const { model, scope, listeners, push } = setup({ messageTabs: async () => (calls++, groups(calls)) } as unknown as MessagesApi);
    await allSettled(model.connected, { scope });
    await allSettled(model.connected, { scope });
    expect(listeners.size).toBe(1);
    expect(calls).toBe(2);
    push();
    await vi.waitFor(() => expect(scope.getState(model.$totalUnread)).toBe(3));
    await allSettled(model.disconnected, { scope });
    expect(listeners.size).toBe(1);
    await allSettled(model.disconnected, { scope });
    expect(listeners.size).toBe(0);
    await allSettled(model.connected, { scope });
    expect(listeners.size).toBe(1);
    model.dispose();
    expect(listeners.size).toBe(0);
  });

  it('a Message pushed by the sandbox hub refreshes the badge without any other call', async () => {
    const client = await loginAs(sb.url, 't1001');
    const hub = new SignalRMessageHub({
      host: () => sb.url,
      hubPath: () => '/messagehub/message-hub',
      accessToken: () => client.tokens.get()?.encryptedAccessToken ?? null,
      retryDelayMs: 100,
      connectionOptions: { WebSocket },
      visibility: null,
    });
    hubs.push(hub);
    await hub.start(client.userId);
    const model = createMessageCentreModel({
      api: new HttpMessagesApi(client.http),
      hub,
      notifier: recordingNotifier(),
      navigator: recordingNavigator(),
      links: { open: vi.fn() },
    });
    const scope = fork();
    await allSettled(model.connected, { scope });
    const before = scope.getState(model.$totalUnread);
    expect(before).toBeGreaterThan(0);

    const res = await post('/sandbox/admin/notify', { account: 't1001', title: '实时消息测试', context: '<p>新的消息</p>' });
    expect(((await res.json()) as { delivered: number }).delivered).toBe(1);
    await vi.waitFor(() => expect(scope.getState(model.$totalUnread)).toBe(before + 1));
    const system = scope.getState(model.$groups).find((g) => g.name === '系统消息')!.messageEventAppTabsDtos[0]!;
    expect(system.msgContext).toBe('新的消息');

    await allSettled(model.disconnected, { scope });
    await post('/sandbox/admin/notify', { account: 't1001', title: '断开后的消息' });
    await new Promise((r) => setTimeout(r, 300));
    expect(scope.getState(model.$totalUnread)).toBe(before + 1);
  });

  it('全部已读 asks first; confirmed, it marks and reloads (every count 0); declined, nothing is sent', async () => {
    const client = await loginAs(sb.url, 't1001');
    const api = new HttpMessagesApi(client.http);
    const spy = vi.spyOn(api, 'markAllRead');
    const { model, scope, notifier } = setup(api);
    notifier.confirms.push(false);
    await allSettled(model.connected, { scope });
    expect(scope.getState(model.$totalUnread)).toBeGreaterThan(0);
    await allSettled(model.markAllReadRequested, { scope });
    expect(notifier.said).toEqual(['confirm:确认标记所有消息为已读？']);
    expect(spy).not.toHaveBeenCalled();
    await allSettled(model.markAllReadRequested, { scope });
    expect(spy).toHaveBeenCalledTimes(1);
    expect(scope.getState(model.$totalUnread)).toBe(0);
    expect(scope.getState(model.$markingAllRead)).toBe(false);
  });

  it('全部已读 with the phone offline: asked first, kept, every count 0 at once; sent once when the network is back', async () => {
    const client = await loginAs(sb.url, 't1001');
    const api = new HttpMessagesApi(client.http);
    const device = offlineDevice(USER.t1001, (net) => messagesOutboxSenders({ markAllRead: () => net.guard(() => api.markAllRead()) }));
    const spy = vi.spyOn(api, 'markAllRead');
    const { model, scope, notifier } = setup(api, { offline: device.offline });
    device.net.down = false;
    await allSettled(device.outboxModel.started, { scope });
    await allSettled(model.connected, { scope });
    expect(scope.getState(model.$totalUnread)).toBeGreaterThan(0);
    device.net.down = true;
    await allSettled(model.markAllReadRequested, { scope });
    expect(notifier.said).toEqual(['confirm:确认标记所有消息为已读？']);
    expect(spy).not.toHaveBeenCalled();
    expect(scope.getState(model.$totalUnread)).toBe(0);
    expect(device.notifier.said).toEqual([`info:${OUTBOX_QUEUED}`]);
    expect(scope.getState(device.outboxModel.$entries)).toMatchObject([{ label: '全部已读', target: 'messages:read', state: 'waiting' }]);
    device.backOnline();
    await allSettled(scope);
    expect(spy).toHaveBeenCalledOnce();
    await allSettled(model.refreshFx, { scope });
    expect(scope.getState(model.$totalUnread)).toBe(0);
    device.outboxModel.dispose();
  });

  it('a refused mark-all tells the server message; an ended session tells nothing', async () => {
    const client = await loginAs(sb.url, 't1001');
    const api = new HttpMessagesApi(client.http);
    const { model, scope, notifier } = setup(api);
    await post('/sandbox/admin/fault', { path: '/send-user-message/read-message', status: 400, message: '不能标记' });
    await allSettled(model.markAllReadRequested, { scope });
    expect(notifier.said).toEqual(['confirm:确认标记所有消息为已读？', 'fail:不能标记']);

    const ended = setup({ markAllRead: () => Promise.reject(new ApiError('unauthorized', '请求失败', { status: 401 })) } as unknown as MessagesApi);
    await allSettled(ended.model.markAllReadRequested, { scope: ended.scope });
    expect(ended.notifier.said).toEqual(['confirm:确认标记所有消息为已读？']);
  });

  it('opens a tab\'s notices, and a notification entry on top of the message tab', async () => {
    const { model, scope, navigator, opened } = setup({ messageTabs: async () => [] } as unknown as MessagesApi);
    await allSettled(model.tabOpened, { scope, params: { id: 'e1', name: '校园 通知' } });
    expect(navigator.gone).toEqual(['/page/notice?id=e1&name=%E6%A0%A1%E5%9B%AD+%E9%80%9A%E7%9F%A5']);
    navigator.gone.length = 0;
    await allSettled(model.entryOpened, { scope, params: 'tab=message&page=/page/notice?id=e2' });
    expect(navigator.gone).toEqual(['replace:/?tab=message', '/page/notice?id=e2']);
    navigator.gone.length = 0;
    await allSettled(model.entryOpened, { scope, params: 'tab=message&link=https://example.com/x' });
    expect(navigator.gone).toEqual(['replace:/?tab=message']);
    expect(opened).toEqual(['https://example.com/x']);
    navigator.gone.length = 0;
    await allSettled(model.entryOpened, { scope, params: 'tab=message' });
    await allSettled(model.entryOpened, { scope, params: 'tab=message&page=//evil.example/x' });
    expect(navigator.gone).toEqual([]);
  });
});

const hubs: SignalRMessageHub[] = [];
afterEach(async () => {
  await Promise.all(hubs.splice(0).map((h) => h.stop()));
});
