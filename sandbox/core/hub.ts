import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { randomUUID } from 'node:crypto';
import { WebSocketServer, type WebSocket, type RawData } from 'ws';
import { randomToken } from './crypto';

/**
 * The message hub: ASP.NET Core SignalR's JSON hub protocol over WebSockets, as the
 * @microsoft/signalr client speaks it. Negotiate (version 1) hands out a connection
 * token; the socket then handshakes, and `InitlnUser(userId)` subscribes the
 * connection to that user's `Message` pushes.
 */
export const RS = '\x1e';
export const HUB_PATH = '/messagehub/message-hub';

export const MessageType = {
  Invocation: 1,
  StreamItem: 2,
  Completion: 3,
  StreamInvocation: 4,
  CancelInvocation: 5,
  Ping: 6,
  Close: 7,
} as const;

interface Pending {
  connectionId: string;
  userId: string;
  expiresAt: number;
}

interface Conn {
  id: string;
  socket: WebSocket;
  tokenUserId: string;
  /** Users this connection receives pushes for (set by InitlnUser). */
  userIds: Set<string>;
  handshaken: boolean;
  buffer: string;
  ping: NodeJS.Timeout;
}

export interface HubOptions {
  /** Resolves a bearer token to a user id, or null. */
  authenticate(token: string | null): string | null;
  log(line: string): void;
  pingIntervalMs?: number;
}

export class Hub {
  private readonly wss = new WebSocketServer({ noServer: true });
  private readonly pending = new Map<string, Pending>();
  private readonly conns = new Set<Conn>();

  constructor(private readonly opts: HubOptions) {}

  negotiate(userId: string): {
    negotiateVersion: number;
    connectionId: string;
    connectionToken: string;
    availableTransports: { transport: string; transferFormats: string[] }[];
  } {
    const now = Date.now();
    for (const [k, p] of this.pending) if (p.expiresAt < now) this.pending.delete(k);
    const connectionId = randomUUID();
    const connectionToken = randomToken(24);
    // The client connects right after negotiating; a stale token is refused.
    this.pending.set(connectionToken, { connectionId, userId, expiresAt: now + 5 * 60_000 });
    return {
      negotiateVersion: 1,
      connectionId,
      connectionToken,
      availableTransports: [{ transport: 'WebSockets', transferFormats: ['Text', 'Binary'] }],
    };
  }

  /** Handles an HTTP upgrade on the hub path. */
  upgrade(req: IncomingMessage, socket: Duplex, head: Buffer): void {
    const url = new URL(req.url ?? '/', 'http://sandbox');
    const header = req.headers.authorization;
    const token = url.searchParams.get('access_token') ?? (header?.startsWith('Bearer ') ? header.slice(7) : null);
    const userId = this.opts.authenticate(token);
    if (!userId) return reject(socket, 401, 'Unauthorized');
    const id = url.searchParams.get('id');
    let connectionId: string = randomUUID();
    if (id !== null) {
      const p = this.pending.get(id);
      if (!p || p.userId !== userId) return reject(socket, 404, 'Not Found');
      this.pending.delete(id);
      connectionId = p.connectionId;
    }
    this.wss.handleUpgrade(req, socket, head, (ws) => this.accept(ws, connectionId, userId));
  }

  private accept(socket: WebSocket, id: string, tokenUserId: string): void {
    const conn: Conn = {
      id,
      socket,
      tokenUserId,
      userIds: new Set(),
      handshaken: false,
      buffer: '',
      ping: setInterval(() => this.send(conn, { type: MessageType.Ping }), this.opts.pingIntervalMs ?? 15_000),
    };
    conn.ping.unref?.();
    this.conns.add(conn);
    socket.on('message', (data: RawData) => this.receive(conn, rawToString(data)));
    socket.on('close', () => this.drop(conn));
    socket.on('error', () => this.drop(conn));
  }

  private drop(conn: Conn): void {
    clearInterval(conn.ping);
    this.conns.delete(conn);
  }

  private receive(conn: Conn, text: string): void {
    conn.buffer += text;
    let idx: number;
    while ((idx = conn.buffer.indexOf(RS)) >= 0) {
      const record = conn.buffer.slice(0, idx);
      conn.buffer = conn.buffer.slice(idx + 1);
      this.handleRecord(conn, record);
    }
  }

  private handleRecord(conn: Conn, record: string): void {
    let msg: Record<string, unknown>;
    try {
      msg = JSON.parse(record) as Record<string, unknown>;
    } catch {
      this.closeWith(conn, 'Invalid JSON record.');
      return;
    }
    if (!conn.handshaken) {
      if (msg['protocol'] !== 'json' || msg['version'] !== 1) {
        this.write(conn, JSON.stringify({ error: `The protocol '${String(msg['protocol'])}' is not supported.` }) + RS);
        conn.socket.close(1002);
        return;
      }
      conn.handshaken = true;
      this.write(conn, '{}' + RS);
      return;
    }
    switch (msg['type']) {
      case MessageType.Invocation:
        this.invoke(conn, msg);
        return;
      case MessageType.Ping:
        return;
      case MessageType.Close:
        conn.socket.close(1000);
        return;
      case MessageType.CancelInvocation:
        return;
      default: {
        const invocationId = msg['invocationId'];
        if (typeof invocationId === 'string') {
          this.send(conn, { type: MessageType.Completion, invocationId, error: 'Streaming is not supported.' });
        }
      }
    }
  }

  private invoke(conn: Conn, msg: Record<string, unknown>): void {
    const invocationId = typeof msg['invocationId'] === 'string' ? msg['invocationId'] : undefined;
    const target = String(msg['target'] ?? '');
    const args = Array.isArray(msg['arguments']) ? msg['arguments'] : [];
    const complete = (error?: string): void => {
      if (invocationId === undefined) return;
      this.send(conn, error ? { type: MessageType.Completion, invocationId, error } : { type: MessageType.Completion, invocationId, result: null });
    };
    if (target.toLowerCase() !== 'initlnuser') {
      complete(`Unknown hub method '${target}'`);
      return;
    }
    const userId = args[0];
    if (typeof userId !== 'string' || userId.length === 0) {
      complete('InitlnUser expects the user id.');
      return;
    }
    // A connection may only subscribe to the user its token belongs to.
    if (userId !== conn.tokenUserId) {
      complete('Forbidden: the user id does not match the access token.');
      return;
    }
    conn.userIds.add(userId);
    this.opts.log(`[hub] ${conn.id} subscribed to ${userId}`);
    complete();
  }

  /** Pushes `Message` to every connection subscribed to the user; returns how many got it. */
  push(userId: string, payload: unknown): number {
    let n = 0;
    for (const c of this.conns) {
      if (c.handshaken && c.userIds.has(userId)) {
        this.send(c, { type: MessageType.Invocation, target: 'Message', arguments: [payload] });
        n++;
      }
    }
    return n;
  }

  connectionsFor(userId: string): number {
    let n = 0;
    for (const c of this.conns) if (c.userIds.has(userId)) n++;
    return n;
  }

  get size(): number {
    return this.conns.size;
  }

  private send(conn: Conn, message: unknown): void {
    this.write(conn, JSON.stringify(message) + RS);
  }

  private write(conn: Conn, text: string): void {
    if (conn.socket.readyState === conn.socket.OPEN) conn.socket.send(text);
  }

  private closeWith(conn: Conn, error: string): void {
    this.send(conn, { type: MessageType.Close, error });
    conn.socket.close(1002);
  }

  /**
   * Drops every connection but keeps serving (tests of a lost hub; docs/sandbox.md
   * /sandbox/admin/hub-drop). 'restart' says goodbye like a server going down
   * (`{ type: 7, allowReconnect: true }`, close 1001); 'cut' destroys the sockets with no
   * word, like a lost network or a crashed process. Answers how many were dropped.
   */
  dropAll(mode: 'restart' | 'cut' = 'cut'): number {
    const dropped = [...this.conns];
    for (const c of dropped) {
      clearInterval(c.ping);
      this.conns.delete(c);
      if (mode === 'restart') {
        if (c.handshaken) this.send(c, { type: MessageType.Close, allowReconnect: true });
        c.socket.close(1001);
      } else c.socket.terminate();
    }
    this.opts.log(`[hub] dropped ${dropped.length} connection(s) (${mode})`);
    return dropped.length;
  }

  /** Open connections per subscribed user id (admin). */
  subscriptions(): Record<string, number> {
    const out: Record<string, number> = {};
    for (const c of this.conns) for (const u of c.userIds) out[u] = (out[u] ?? 0) + 1;
    return out;
  }

  /** Tells clients the server is going away (they reconnect) and closes every socket. */
  close(): void {
    for (const c of this.conns) {
      if (c.handshaken) this.send(c, { type: MessageType.Close, allowReconnect: true });
      clearInterval(c.ping);
      c.socket.close(1001);
      const socket = c.socket;
      setTimeout(() => socket.terminate(), 200).unref?.();
    }
    this.conns.clear();
    this.wss.close();
  }
}

function rawToString(data: RawData): string {
  if (Buffer.isBuffer(data)) return data.toString('utf8');
  if (Array.isArray(data)) return Buffer.concat(data).toString('utf8');
  return Buffer.from(data).toString('utf8');
}

function reject(socket: Duplex, status: number, text: string): void {
  socket.write(`HTTP/1.1 ${status} ${text}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
  socket.destroy();
}
