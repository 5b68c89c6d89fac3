import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { HubConnectionBuilder, LogLevel } from '@microsoft/signalr';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { WebSocket, WebSocketServer } from 'ws';
import type { HubState } from '../../../application/ports/hub';
import { ApiError } from '../../../application/ports/errors';
import {
  HUB_INIT_METHOD,
  SignalRMessageHub,
  fixedRetryPolicy,
  type VisibilitySource,
} from '../../../infrastructure/hub/signalrHub';

const HUB_PATH = '/messagehub/message-hub';
const RS = '\x1e';
const DELAY = 80;

type Invocation = { target: string; arguments: unknown[]; token: string | null };

/**
 * A tiny server speaking the SignalR JSON hub protocol over WebSockets: negotiate,
 * handshake, invocations answered with a completion, server pushes and close messages.
 */
class FakeHubServer {
  readonly invocations: Invocation[] = [];
  negotiations = 0;
  private server: http.Server | null = null;
  private wss: WebSocketServer | null = null;
  private readonly sockets = new Set<WebSocket>();
  port = 0;

  async listen(port = this.port): Promise<number> {
    const wss = new WebSocketServer({ noServer: true });
    const server = http.createServer((req, res) => {
      const url = new URL(req.url ?? '/', 'http://x');
      if (req.method === 'POST' && url.pathname === `${HUB_PATH}/negotiate`) {
        this.negotiations++;
        res.writeHead(200, { 'Content-Type': 'application/json' });
        res.end(
          JSON.stringify({
            negotiateVersion: 1,
            connectionId: `c${this.negotiations}`,
            connectionToken: `t${this.negotiations}`,
            availableTransports: [{ transport: 'WebSockets', transferFormats: ['Text', 'Binary'] }],
          }),
        );
        return;
      }
      res.writeHead(404).end();
    });
    server.on('upgrade', (req, socket, head) => {
      const url = new URL(req.url ?? '/', 'http://x');
      if (url.pathname !== HUB_PATH) return socket.destroy();
      // Browsers send the token in the query string, node's ws client as a header.
      const bearer = req.headers.authorization?.replace(/^Bearer /, '') ?? null;
      wss.handleUpgrade(req, socket, head, (ws) => this.accept(ws, url.searchParams.get('access_token') ?? bearer));
    });
    await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
    this.server = server;
    this.wss = wss;
    this.port = (server.address() as AddressInfo).port;
    return this.port;
  }

  private accept(ws: WebSocket, token: string | null): void {
    this.sockets.add(ws);
    ws.on('close', () => this.sockets.delete(ws));
    let handshaken = false;
    ws.on('message', (data) => {
      for (const frame of data.toString().split(RS).filter(Boolean)) {
        const msg = JSON.parse(frame) as { type?: number; invocationId?: string; target?: string; arguments?: unknown[] };
        if (!handshaken) {
          handshaken = true;
          ws.send(`{}${RS}`);
          continue;
        }
        if (msg.type === 1) {
          this.invocations.push({ target: msg.target ?? '', arguments: msg.arguments ?? [], token });
          if (msg.invocationId) ws.send(JSON.stringify({ type: 3, invocationId: msg.invocationId, result: null }) + RS);
        }
      }
    });
  }

  get connections(): number {
    return this.sockets.size;
  }

  push(target: string, ...args: unknown[]): void {
    for (const ws of this.sockets) ws.send(JSON.stringify({ type: 1, target, arguments: args }) + RS);
  }

  /** A server-side close that forbids SignalR's own reconnect. */
  closeForGood(): void {
    for (const ws of this.sockets) ws.send(JSON.stringify({ type: 7, error: 'bye', allowReconnect: false }) + RS);
  }

  /** Like a crash: sockets cut without a close handshake, listener gone. */
  async kill(): Promise<void> {
    for (const ws of this.sockets) ws.terminate();
    this.sockets.clear();
    const server = this.server;
    this.server = null;
    this.wss?.close();
    this.wss = null;
    if (!server) return;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  initCalls(): Invocation[] {
    return this.invocations.filter((i) => i.target === HUB_INIT_METHOD);
  }
}

/** A port nobody listens on (yet). */
async function freePort(): Promise<number> {
  const s = http.createServer();
  await new Promise<void>((resolve) => s.listen(0, '127.0.0.1', resolve));
  const port = (s.address() as AddressInfo).port;
  await new Promise<void>((resolve) => s.close(() => resolve()));
  return port;
}

class FakeVisibility implements VisibilitySource {
  visibilityState = 'visible';
  private listeners = new Set<() => void>();
  addEventListener(_: 'visibilitychange', l: () => void): void {
    this.listeners.add(l);
  }
  removeEventListener(_: 'visibilitychange', l: () => void): void {
    this.listeners.delete(l);
  }
  fire(state: string): void {
    this.visibilityState = state;
    for (const l of this.listeners) l();
  }
  get count(): number {
    return this.listeners.size;
  }
}

const servers: FakeHubServer[] = [];
const hubs: SignalRMessageHub[] = [];
afterEach(async () => {
  await Promise.all(hubs.splice(0).map((h) => h.stop()));
  await Promise.all(servers.splice(0).map((s) => s.kill()));
});

function makeHub(port: number, opts: { delay?: number; visibility?: VisibilitySource | null; token?: () => string | null } = {}) {
  const builders: HubConnectionBuilder[] = [];
  const states: HubState[] = [];
  const hub = new SignalRMessageHub({
    host: () => `http://127.0.0.1:${port}/`,
    hubPath: () => HUB_PATH,
    accessToken: opts.token ?? (() => 'tok-1'),
    retryDelayMs: opts.delay ?? DELAY,
    createBuilder: () => {
      const b = new HubConnectionBuilder();
      builders.push(b);
      return b;
    },
    connectionOptions: { WebSocket },
    visibility: opts.visibility ?? null,
    logLevel: LogLevel.None,
    log: process.env.HUB_DEBUG ? (m, e) => console.log(m, e) : () => undefined,
  });
  hub.subscribe((s) => states.push(s));
  hubs.push(hub);
  return { hub, states, builders };
}

async function startServer(port?: number): Promise<FakeHubServer> {
  const s = new FakeHubServer();
  servers.push(s);
  await s.listen(port ?? 0);
  return s;
}

describe('SignalRMessageHub against a SignalR JSON-protocol server', () => {
  it('connects through the injected builder, sends the token and calls InitlnUser with the user id', async () => {
    const server = await startServer();
    const { hub, states, builders } = makeHub(server.port);
    expect(hub.state).toBe('disconnected');

    await hub.start('user-42');

    expect(builders).toHaveLength(1);
    expect(hub.state).toBe('connected');
    expect(states).toEqual(['connecting', 'connected']);
    await vi.waitFor(() => expect(server.initCalls()).toHaveLength(1));
    expect(server.initCalls()[0]).toEqual({ target: 'InitlnUser', arguments: ['user-42'], token: 'tok-1' });
  });

  it('given the user id as a promise, connects at once and registers as the user once the id arrives', async () => {
    const server = await startServer();
    const { hub } = makeHub(server.port);
    let give!: (id: string) => void;
    const id = new Promise<string>((resolve) => (give = resolve));
    let started = false;
    const starting = hub.start(id).then(() => (started = true));

    // The connection is made while the id is still unknown; nobody is registered yet.
    await vi.waitFor(() => expect(server.negotiations).toBe(1));
    await vi.waitFor(() => expect(hub.state).toBe('connected'));
    await new Promise((r) => setTimeout(r, DELAY));
    expect(server.initCalls()).toHaveLength(0);
    expect(started).toBe(false);

    give('user-late');
    await starting;
    expect(server.initCalls().map((c) => c.arguments)).toEqual([['user-late']]);
    await hub.stop();
  });

  it('a user id that fails stops the hub and rejects start with that error', async () => {
    const server = await startServer();
    const { hub } = makeHub(server.port);
    const failure = new ApiError('http', 'user info failed');
    await expect(hub.start(Promise.reject(failure))).rejects.toBe(failure);
    await vi.waitFor(() => expect(hub.state).toBe('disconnected'));
    await new Promise((r) => setTimeout(r, DELAY * 2));
    expect(server.initCalls()).toHaveLength(0);
  });

  it('delivers a pushed Message to the listeners until they unsubscribe', async () => {
    const server = await startServer();
    const { hub } = makeHub(server.port);
    const got: unknown[] = [];
    const off = hub.onMessage((p) => got.push(p));
    const throwing = hub.onMessage(() => {
      throw new Error('a broken listener does not stop the others');
    });
    await hub.start('u1');

    server.push('Message', { id: 'm1', title: '新消息' });
    await vi.waitFor(() => expect(got).toEqual([{ id: 'm1', title: '新消息' }]));

    off();
    throwing();
    server.push('Message', { id: 'm2' });
    server.push('Other', { id: 'm3' });
    await new Promise((r) => setTimeout(r, 100));
    expect(got).toHaveLength(1);
  });

  it('reconnects after the server dies and comes back, and registers the user again', async () => {
    const server = await startServer();
    const port = server.port;
    const { hub, states } = makeHub(port);
    await hub.start('u7');
    await vi.waitFor(() => expect(server.initCalls()).toHaveLength(1));

    await server.kill();
    await vi.waitFor(() => expect(hub.state).toBe('reconnecting'));
    // A few failed retries while the server is down.
    await new Promise((r) => setTimeout(r, DELAY * 3));
    expect(hub.state).toBe('reconnecting');

    await server.listen(port);
    await vi.waitFor(() => expect(hub.state).toBe('connected'), { timeout: 5000 });
    await vi.waitFor(() => expect(server.initCalls()).toHaveLength(2));
    expect(server.initCalls()[1]?.arguments).toEqual(['u7']);
    expect(states).toEqual(['connecting', 'connected', 'reconnecting', 'connected']);

    await hub.stop();
    expect(states.slice(-2)).toEqual(['disconnecting', 'disconnected']);
    expect(hub.state).toBe('disconnected');
  });

  it('retries the first start every delay until the server is up', async () => {
    const port = await freePort();
    const { hub, states } = makeHub(port);
    let started = false;
    const starting = hub.start('u9').then(() => (started = true));

    await new Promise((r) => setTimeout(r, DELAY * 4));
    expect(started).toBe(false);
    // Between attempts it is still trying, so still connecting.
    expect(hub.state).toBe('connecting');

    const server = await startServer(port);
    await starting;
    expect(hub.state).toBe('connected');
    expect(server.initCalls().map((c) => c.arguments)).toEqual([['u9']]);
    expect(states).toEqual(['connecting', 'connected']);
  });

  it('stop() during the first-start retries rejects start with cancelled and stops retrying', async () => {
    const port = await freePort();
    const { hub, states } = makeHub(port);
    const starting = hub.start('u1');
    await new Promise((r) => setTimeout(r, DELAY * 2));
    await hub.stop();
    await expect(starting).rejects.toSatisfy((e: unknown) => e instanceof ApiError && e.kind === 'cancelled');
    expect(hub.state).toBe('disconnected');

    const server = await startServer(port);
    await new Promise((r) => setTimeout(r, DELAY * 3));
    expect(server.negotiations).toBe(0);
    expect(states.at(-1)).toBe('disconnected');
  });

  it('a server close that forbids reconnecting falls back to the fixed-delay loop', async () => {
    const server = await startServer();
    const { hub, states } = makeHub(server.port);
    await hub.start('u3');
    server.closeForGood();
    await vi.waitFor(() => expect(server.initCalls()).toHaveLength(2), { timeout: 5000 });
    await vi.waitFor(() => expect(hub.state).toBe('connected'));
    expect(states).toEqual(['connecting', 'connected', 'disconnected', 'connecting', 'connected']);
  });

  it('restarts at once when the page becomes visible again while disconnected', async () => {
    const port = await freePort();
    const visibility = new FakeVisibility();
    // A retry delay far longer than the test: only the visibility change can connect it.
    const { hub } = makeHub(port, { delay: 60_000, visibility });
    const starting = hub.start('u5');
    await new Promise((r) => setTimeout(r, 150));
    const server = await startServer(port);

    visibility.fire('hidden');
    await new Promise((r) => setTimeout(r, 100));
    expect(server.negotiations).toBe(0);

    visibility.fire('visible');
    await starting;
    expect(server.initCalls().map((c) => c.arguments)).toEqual([['u5']]);

    // Visible again while connected: nothing new.
    visibility.fire('visible');
    await new Promise((r) => setTimeout(r, 100));
    expect(server.negotiations).toBe(1);

    await hub.stop();
    expect(visibility.count).toBe(0);
  });

  it('reads the token at every connect', async () => {
    const server = await startServer();
    let token = 'first';
    const { hub } = makeHub(server.port, { token: () => token });
    await hub.start('u1');
    token = 'second';
    server.closeForGood();
    await vi.waitFor(() => expect(server.initCalls()).toHaveLength(2), { timeout: 5000 });
    expect(server.initCalls().map((c) => c.token)).toEqual(['first', 'second']);
  });

  it('start for the same user while running answers the same promise; another user starts afresh', async () => {
    const server = await startServer();
    const { hub, builders } = makeHub(server.port);
    const a = hub.start('u1');
    expect(hub.start('u1')).toBe(a);
    await a;
    await hub.start('u2');
    expect(builders).toHaveLength(2);
    await vi.waitFor(() => expect(server.initCalls().map((c) => c.arguments[0])).toEqual(['u1', 'u2']));
    await vi.waitFor(() => expect(server.connections).toBe(1));
    expect(hub.state).toBe('connected');
  });

  it('the retry policy never gives up', () => {
    const policy = fixedRetryPolicy(5000);
    for (const n of [0, 1, 10, 1000]) {
      expect(policy.nextRetryDelayInMilliseconds({ previousRetryCount: n, elapsedMilliseconds: n * 5000, retryReason: new Error() })).toBe(5000);
    }
  });
});
