import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { ApiClient, login, startTestSandbox } from '../../../sandbox/testkit';
import type { SandboxHandle } from '../../../sandbox/server';

const HUB = '/messagehub/message-hub';
const RS = '\x1e';

let sb: SandboxHandle;

beforeAll(async () => {
  sb = await startTestSandbox({ hubPingMs: 150 });
});
afterAll(() => sb.close());

/** A raw SignalR JSON-protocol client: collects records, lets a test wait for one. */
class RawHub {
  records: Record<string, unknown>[] = [];
  private buffer = '';
  private waiters: { pred: (r: Record<string, unknown>) => boolean; resolve: (r: Record<string, unknown>) => void }[] = [];

  constructor(public ws: WebSocket) {
    ws.on('message', (data) => {
      this.buffer += data.toString();
      let i: number;
      while ((i = this.buffer.indexOf(RS)) >= 0) {
        const rec = JSON.parse(this.buffer.slice(0, i)) as Record<string, unknown>;
        this.buffer = this.buffer.slice(i + 1);
        this.records.push(rec);
        for (const w of [...this.waiters]) if (w.pred(rec)) (this.waiters = this.waiters.filter((x) => x !== w)), w.resolve(rec);
      }
    });
  }

  static async open(url: string): Promise<RawHub> {
    const ws = new WebSocket(url);
    const hub = new RawHub(ws);
    await new Promise<void>((resolve, reject) => {
      ws.once('open', () => resolve());
      ws.once('error', reject);
    });
    return hub;
  }

  send(msg: unknown): void {
    this.ws.send(JSON.stringify(msg) + RS);
  }

  next(pred: (r: Record<string, unknown>) => boolean, timeoutMs = 3000): Promise<Record<string, unknown>> {
    const found = this.records.find(pred);
    if (found) return Promise.resolve(found);
    return new Promise((resolve, reject) => {
      const t = setTimeout(() => reject(new Error('timed out waiting for a hub record')), timeoutMs);
      this.waiters.push({ pred, resolve: (r) => (clearTimeout(t), resolve(r)) });
    });
  }

  close(): void {
    this.ws.close();
  }
}

const wsUrl = (path: string): string => sb.url.replace(/^http/, 'ws') + path;

async function connect(account: string): Promise<{ hub: RawHub; userId: string; token: string }> {
  const s = await login(sb, account);
  const neg = await s.client.post(`${HUB}/negotiate?negotiateVersion=1`);
  expect(neg.status).toBe(200);
  const hub = await RawHub.open(wsUrl(`${HUB}?id=${neg.body.connectionToken}&access_token=${encodeURIComponent(s.token)}`));
  hub.send({ protocol: 'json', version: 1 });
  expect(await hub.next((r) => Object.keys(r).length === 0)).toEqual({});
  return { hub, userId: s.userId, token: s.token };
}

describe('negotiate', () => {
  it('answers version 1 with a connection token and the WebSockets transport', async () => {
    const s = await login(sb, 't1001');
    const res = await s.client.post(`${HUB}/negotiate?negotiateVersion=1`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      negotiateVersion: 1,
      connectionId: expect.any(String),
      connectionToken: expect.any(String),
      availableTransports: [{ transport: 'WebSockets', transferFormats: ['Text', 'Binary'] }],
    });
    expect(res.body.connectionToken).not.toBe(res.body.connectionId);
  });

  it('accepts the token as access_token and refuses a missing one with 401', async () => {
    const s = await login(sb, 't1001');
    const anon = new ApiClient(sb.url);
    expect((await anon.post(`${HUB}/negotiate?negotiateVersion=1&access_token=${s.token}`)).status).toBe(200);
    const res = await anon.post(`${HUB}/negotiate?negotiateVersion=1`);
    expect(res.status).toBe(401);
    expect(res.body.error.message).toBe('未登录');
  });
});

describe('websocket', () => {
  it('handshakes, subscribes with InitlnUser and receives a pushed Message', async () => {
    const { hub, userId } = await connect('t1002');
    hub.send({ type: 1, invocationId: '0', target: 'InitlnUser', arguments: [userId] });
    expect(await hub.next((r) => r['type'] === 3)).toEqual({ type: 3, invocationId: '0', result: null });

    sb.services.notify(userId, { groupName: '审批消息', title: '测试推送', context: '<p>hello</p>', data: { module: 'OA', id: 'x', type: 1, tab: 0 } });
    const msg = await hub.next((r) => r['type'] === 1 && r['target'] === 'Message');
    const arg = (msg['arguments'] as Record<string, unknown>[])[0]!;
    expect(arg).toMatchObject({ title: '测试推送', groupName: '审批消息', context: '<p>hello</p>' });
    expect(JSON.parse(arg['data'] as string)).toMatchObject({ module: 'OA', id: 'x' });
    hub.close();
  });

  it('stores pushed messages in the message centre, and the admin notify route pushes too', async () => {
    const { hub, userId, token } = await connect('s2002');
    hub.send({ type: 1, target: 'InitlnUser', arguments: [userId] }); // no invocationId: no completion
    await new Promise((r) => setTimeout(r, 50));
    const res = await new ApiClient(sb.url).post('/sandbox/admin/notify', { account: 's2002', title: '管理员推送', groupName: '系统消息' });
    expect(res.body.delivered).toBe(1);
    const msg = await hub.next((r) => r['target'] === 'Message');
    expect((msg['arguments'] as { title: string }[])[0]!.title).toBe('管理员推送');
    expect(hub.records.some((r) => r['type'] === 3)).toBe(false);
    const tabs = await new ApiClient(sb.url, token).get('/v1/message-service/api/message-group/app-tabs');
    const system = tabs.body.find((g: { name: string }) => g.name === '系统消息');
    expect(system.messageEventAppTabsDtos[0].noReadNum).toBe(1);
    hub.close();
  });

  it('does not push to a connection that has not called InitlnUser, nor for another user', async () => {
    const a = await connect('s2001');
    const b = await connect('p3001');
    a.hub.send({ type: 1, invocationId: '1', target: 'InitlnUser', arguments: [a.userId] });
    await a.hub.next((r) => r['type'] === 3);
    sb.services.notify(b.userId, { groupName: '系统消息', title: 'for b', context: '' });
    sb.services.notify(a.userId, { groupName: '系统消息', title: 'for a', context: '' });
    const got = await a.hub.next((r) => r['target'] === 'Message');
    expect((got['arguments'] as { title: string }[])[0]!.title).toBe('for a');
    await new Promise((r) => setTimeout(r, 50));
    expect(b.hub.records.some((r) => r['target'] === 'Message')).toBe(false);
    a.hub.close();
    b.hub.close();
  });

  it('answers an error completion for another user id or an unknown method', async () => {
    const { hub } = await connect('o5001');
    hub.send({ type: 1, invocationId: '7', target: 'InitlnUser', arguments: ['someone-else'] });
    expect((await hub.next((r) => r['invocationId'] === '7'))['error']).toMatch(/Forbidden/);
    hub.send({ type: 1, invocationId: '8', target: 'Nope', arguments: [] });
    expect((await hub.next((r) => r['invocationId'] === '8'))['error']).toBe("Unknown hub method 'Nope'");
    hub.close();
  });

  it('sends pings (type 6) and closes on a close message', async () => {
    const { hub } = await connect('e4001');
    expect(await hub.next((r) => r['type'] === 6)).toEqual({ type: 6 });
    const closed = new Promise<number>((r) => hub.ws.once('close', (code) => r(code)));
    hub.send({ type: 7 });
    expect(await closed).toBe(1000);
  });

  it('refuses the upgrade without a valid token (401) or with an unknown connection id (404)', async () => {
    const s = await login(sb, 't1003');
    const status = (url: string) =>
      new Promise<number>((resolve) => {
        const ws = new WebSocket(url);
        ws.on('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
        ws.on('open', () => (ws.close(), resolve(101)));
        ws.on('error', () => undefined);
      });
    expect(await status(wsUrl(`${HUB}?id=x`))).toBe(401);
    expect(await status(wsUrl(`${HUB}?id=unknown&access_token=${s.token}`))).toBe(404);
    // Skipping negotiation is allowed when the token is good.
    expect(await status(wsUrl(`${HUB}?access_token=${s.token}`))).toBe(101);
  });

  it('rejects a handshake for another protocol', async () => {
    const s = await login(sb, 't1001');
    const neg = await s.client.post(`${HUB}/negotiate?negotiateVersion=1`);
    const hub = await RawHub.open(wsUrl(`${HUB}?id=${neg.body.connectionToken}&access_token=${s.token}`));
    hub.send({ protocol: 'messagepack', version: 1 });
    expect((await hub.next((r) => 'error' in r))['error']).toMatch(/not supported/);
  });
});

describe('@microsoft/signalr client', () => {
  it('connects, invokes InitlnUser and receives Message events', async () => {
    const signalR = await import('@microsoft/signalr');
    const s = await login(sb, 't1001');
    const conn = new signalR.HubConnectionBuilder()
      // Node 20 has no global WebSocket: hand the client the ws package (an option its types omit).
      .withUrl(sb.url + HUB, { accessTokenFactory: () => s.token, transport: signalR.HttpTransportType.WebSockets, WebSocket } as signalR.IHttpConnectionOptions)
      .configureLogging(signalR.LogLevel.None)
      .build();
    const received = new Promise<{ title: string }>((resolve) => conn.on('Message', (m: { title: string }) => resolve(m)));
    await conn.start();
    await conn.invoke('InitlnUser', s.userId);
    sb.services.notify(s.userId, { groupName: '审批消息', title: '来自官方客户端', context: '' });
    expect((await received).title).toBe('来自官方客户端');
    await conn.stop();
  });
});
