import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { HttpError, type Route, type SandboxRequest, type SandboxResponse, type SandboxServices } from './module';
import type { Ctx } from './core/context';
import type { Db, Sessions } from './core/db';
import { ApiError, errorBody } from './core/errors';
import { Faults } from './core/faults';
import { BackendVariant } from './core/variant';
import { breakAnswer, type BrokenAnswer } from './core/brokenAnswers';
import { Hub, HUB_PATH } from './core/hub';
import { IdempotencyStore } from './core/idempotency';
import { loadSnapshot, Persister } from './core/persist';
import { Router } from './core/router';
import { createServices } from './core/services';
import { SessionStore } from './core/sessions';
import { securityHeadersForConfig } from './core/securityHeaders';
import { DEFAULT_RUNTIME_CONFIG, serveStatic, type RuntimeConfig } from './core/static';
import { compressStatic } from './core/compress';
import { createSeed, toSandboxUser } from './seed';
import { createWorkflowModule, seedWorkflow, syncWorkflowTodos } from './workflow';
import { CAMPUS_MAIN } from './seed/ids';
import { accountRoutes } from './routes/account';
import { adminRoutes } from './routes/admin';
import { appRoutes } from './routes/apps';
import { assetRoutes } from './routes/assets';
import { fileRoutes } from './routes/files';
import { identityRoutes } from './routes/identity';
import { messageRoutes } from './routes/messages';
import { portalRoutes } from './routes/portal';
import { referenceRoutes } from './routes/reference';
import { registrationRoutes } from './routes/registration';
import { todoRoutes } from './routes/todo';
import { hostileRoutes } from './hostile/routes';

export interface SandboxOptions {
  /** 0 picks a free port. Default 8787. */
  port?: number;
  host?: string;
  /** Where the database is persisted; null keeps it in memory. Default null. */
  dataFile?: string | null;
  /** The built client to serve (static files, config.json, SPA fallback). */
  distDir?: string;
  /** No console output (the log is still kept for /sandbox/admin/log). */
  quiet?: boolean;
  /** Access token lifetime. Default 2 hours. */
  tokenTtlSeconds?: number;
  /** Overrides of the generated config.json. */
  config?: Partial<RuntimeConfig>;
  /** Milliseconds between hub pings. Default 15000. */
  hubPingMs?: number;
  /**
   * More sources the client's pages may frame, on top of config.json's: the browser tests
   * add the hostile foreign site (sandbox/hostile/foreignSite.ts), which is plain http.
   */
  frameSources?: readonly string[];
}

export interface SandboxHandle {
  url: string;
  port: number;
  close(): Promise<void>;
  /** Restores the seed, the real clock and no faults (issued tokens stay valid). */
  reset(): void;
  services: SandboxServices;
  db: Db;
}

/** The policy's frame-src with `sources` added. */
const withFrameSources = (headers: Record<string, string>, sources: readonly string[]): Record<string, string> => {
  const csp = headers['Content-Security-Policy'];
  return csp ? { ...headers, 'Content-Security-Policy': csp.replace(/frame-src ([^;]*)/, `frame-src $1 ${sources.join(' ')}`) } : headers;
};

const JSON_LIMIT = 10 * 1024 * 1024;
const RAW_LIMIT = 110 * 1024 * 1024;
const API_PREFIXES = ['/v1/', '/sandbox/', '/messagehub/'];

const CORS_HEADERS = 'Authorization, Content-Type, Campus, X-Requested-With, X-SignalR-User-Agent, x-obs-sig, Accept, Accept-Language';

export async function startSandbox(opts: SandboxOptions = {}): Promise<SandboxHandle> {
  const dataFile = opts.dataFile ?? null;
  const print = (line: string): void => {
    if (!opts.quiet) console.log(line);
  };

  const snapshot = dataFile ? loadSnapshot(dataFile) : null;
  const db: Db = snapshot?.db ?? createSeed(new Date());
  if (!db.workflow) db.workflow = seedWorkflow(db.users.map(toSandboxUser), new Date());
  const sessionData: Sessions = snapshot?.sessions ?? { access: {}, refresh: {} };

  let services!: ReturnType<typeof createServices>;
  const sessions = new SessionStore(sessionData, opts.tokenTtlSeconds ?? 2 * 3600, () => services.nowMs());
  const persister = new Persister(dataFile, () => ({ db, sessions: sessions.data }), 150, (e) => console.error('[sandbox] save failed', e));
  const hub = new Hub({ authenticate: (t) => sessions.userIdFor(t), log: (l) => services.log(l), pingIntervalMs: opts.hubPingMs });
  services = createServices({ db, hub, save: () => persister.schedule(), print });
  const faults = new Faults();
  const variant = new BackendVariant();
  const idempotency = new IdempotencyStore(Date.now, (l) => services.log(l));
  const router = new Router();
  const config: RuntimeConfig = { ...DEFAULT_RUNTIME_CONFIG, ...opts.config };

  const ctx: Ctx = {
    db,
    sessions,
    hub,
    faults,
    variant,
    services,
    reset: () => {
      // A reset is a fresh start for tests: real time, no injected faults, the decided backend.
      services.setClockOffset(0);
      faults.clear();
      variant.clear();
      idempotency.clear();
      const fresh = createSeed(services.now());
      for (const key of Object.keys(db)) delete (db as unknown as Record<string, unknown>)[key];
      Object.assign(db, fresh);
      // The seeded runs' waiting steps get their approval to-dos now, not on the first approval call.
      syncWorkflowTodos(services, db.workflow, CAMPUS_MAIN);
      persister.schedule();
      services.log('[sandbox] reset to the seed');
    },
  };

  const hubRoutes: Route[] = [
    {
      method: 'POST',
      path: `${HUB_PATH}/negotiate`,
      public: true,
      handler: (req) => {
        const auth = req.headers['authorization'];
        const token = auth?.startsWith('Bearer ') ? auth.slice(7) : ((req.query['access_token'] as string | undefined) ?? null);
        const userId = sessions.userIdFor(token);
        if (!userId) throw new ApiError(401, '未登录', 'Unauthorized');
        return { body: hub.negotiate(userId) };
      },
    },
  ];

  // The workflow module reads its slice through a getter, so a reset needs no remount.
  router.set([
    ...identityRoutes(ctx),
    ...referenceRoutes(ctx),
    ...messageRoutes(ctx),
    ...portalRoutes(ctx),
    ...appRoutes(ctx),
    ...fileRoutes(ctx),
    ...accountRoutes(ctx),
    ...todoRoutes(ctx),
    ...registrationRoutes(ctx),
    ...assetRoutes(),
    ...hostileRoutes(),
    ...adminRoutes(ctx),
    ...hubRoutes,
    ...createWorkflowModule(services, () => db.workflow),
  ]);
  syncWorkflowTodos(services, db.workflow, CAMPUS_MAIN);
  if (!snapshot) persister.schedule();

  const server = createServer((req, res) => {
    handle(req, res).catch((e: unknown) => {
      services.log(`[sandbox] unhandled ${String(e instanceof Error ? e.stack : e)}`);
      if (!res.headersSent) send(res, req, 500, { error: { message: '服务器内部错误' } });
      else res.destroy();
    });
  });

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://sandbox');
    const pathname = url.pathname;
    const method = (req.method ?? 'GET').toUpperCase();
    if (method === 'OPTIONS') {
      res.writeHead(204, corsHeaders(req));
      res.end();
      return;
    }

    let brokenAnswer: BrokenAnswer | null = null;
    if (!pathname.startsWith('/sandbox/admin')) {
      const fault = faults.take(method, pathname + url.search);
      if (fault?.answer) brokenAnswer = fault.answer;
      if (fault) {
        if (fault.delayMs) await new Promise((r) => setTimeout(r, fault.delayMs));
        if (fault.status) {
          req.resume();
          send(res, req, fault.status, { error: { code: 'InjectedFault', message: fault.message ?? '模拟故障' } });
          return;
        }
      }
    }

    const routeMethod = method === 'HEAD' ? 'GET' : method;
    // Another school's backend (core/variant.ts): a moved call answers at its new path only.
    const routed = variant.route(pathname);
    const { match, methodMismatch } = routed === null ? { match: undefined, methodMismatch: false } : router.match(routeMethod, routed);
    if (!match) {
      req.resume();
      if ((method === 'GET' || method === 'HEAD') && opts.distDir && !API_PREFIXES.some((p) => pathname.startsWith(p))) {
        const file = compressStatic(serveStatic(opts.distDir, pathname, req.headers.accept, config), req.headers['accept-encoding']);
        if (file) {
          const headers = opts.frameSources?.length ? withFrameSources(file.headers, opts.frameSources) : file.headers;
          res.writeHead(file.status, { ...corsHeaders(req), ...headers, 'Content-Length': String(file.data.length) });
          res.end(method === 'HEAD' ? undefined : file.data);
          return;
        }
      }
      if (method === 'GET' && (pathname === '/config.json' || pathname === '/')) {
        if (pathname === '/config.json') send(res, req, 200, config);
        else sendRaw(res, req, 200, 'text/html; charset=utf-8', landingPage(), securityHeadersForConfig(config));
        return;
      }
      if (methodMismatch) send(res, req, 405, { error: { code: 'MethodNotAllowed', message: `不支持的请求方法 ${method}` } });
      else send(res, req, 404, { error: { code: 'NotFound', message: `接口不存在：${method} ${pathname}` } });
      return;
    }

    const route = match.route;
    let raw: Buffer;
    try {
      raw = await readBody(req, route.rawBody ? RAW_LIMIT : JSON_LIMIT);
    } catch {
      send(res, req, 413, { error: { code: 'PayloadTooLarge', message: '请求体过大' } });
      return;
    }
    let body: unknown;
    if (!route.rawBody && raw.length > 0) {
      const text = raw.toString('utf8');
      const isJson = (req.headers['content-type'] ?? '').includes('json');
      try {
        body = JSON.parse(text);
      } catch {
        if (isJson) {
          send(res, req, 400, { error: { code: 'Validation', message: '请求体不是有效的 JSON' } });
          return;
        }
        body = text;
      }
    }

    let user: SandboxRequest['user'] = null;
    if (!route.public) {
      const auth = req.headers.authorization;
      const token = auth && /^Bearer\s+/i.test(auth) ? auth.replace(/^Bearer\s+/i, '').trim() : null;
      const userId = sessions.userIdFor(token);
      const found = userId ? services.userById(userId) : undefined;
      if (!found) {
        send(res, req, 401, { error: { message: '未登录' } });
        return;
      }
      user = found;
    }

    const headers: Record<string, string | undefined> = {};
    for (const [k, v] of Object.entries(req.headers)) headers[k] = Array.isArray(v) ? v.join(', ') : v;
    const query: Record<string, string | string[]> = {};
    for (const [k, v] of url.searchParams) {
      const prev = query[k];
      query[k] = prev === undefined ? v : Array.isArray(prev) ? [...prev, v] : [prev, v];
    }
    const sreq: SandboxRequest = {
      method: routeMethod as SandboxRequest['method'],
      path: pathname,
      params: match.params,
      query,
      body,
      raw,
      headers,
      user,
      campusId: headers['campus'],
    };

    let out: SandboxResponse;
    try {
      // A repeated write with the same Idempotency-Key gets the first answer (core/idempotency.ts).
      const scope = variant.ignoresIdempotencyKey ? null : idempotency.scope(method, pathname, user?.id ?? null, headers['idempotency-key']);
      out = await idempotency.run(scope, () => route.handler(sreq));
    } catch (e) {
      if (e instanceof HttpError) {
        send(res, req, e.status, errorBody(e));
        return;
      }
      services.log(`[sandbox] ${method} ${pathname} failed: ${e instanceof Error ? e.stack : String(e)}`);
      send(res, req, 500, { error: { code: 'InternalError', message: '服务器内部错误' } });
      return;
    }
    if (brokenAnswer !== null) out = breakAnswer(brokenAnswer, out);
    const status = out.status ?? 200;
    if (out.raw) sendRaw(res, req, status, out.raw.contentType, out.raw.data, out.headers, method === 'HEAD');
    else if (out.body === undefined) sendRaw(res, req, status, 'application/json; charset=utf-8', '', out.headers, method === 'HEAD');
    else send(res, req, status, out.body, out.headers, method === 'HEAD');
  }

  // An idle kept-alive connection is closed after a minute, not Node's 5 s: a client that
  // reuses one at the moment the server closes it (a test's API calls do not retry, as
  // browsers do) reads ECONNRESET. The headers' limit stays above it, as Node wants.
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
  server.on('upgrade', (req, socket, head) => {
    const pathname = new URL(req.url ?? '/', 'http://sandbox').pathname;
    if (pathname === HUB_PATH) hub.upgrade(req, socket, head);
    else socket.destroy();
  });

  const tickTimer = setInterval(() => services.tick(), 30_000);
  tickTimer.unref();
  services.tick();

  const port = await new Promise<number>((resolvePort, reject) => {
    server.once('error', reject);
    server.listen(opts.port ?? 8787, opts.host ?? '127.0.0.1', () => {
      server.off('error', reject);
      resolvePort((server.address() as AddressInfo).port);
    });
  });
  const url = `http://${opts.host && opts.host !== '0.0.0.0' ? opts.host : '127.0.0.1'}:${port}`;

  let closed = false;
  return {
    url,
    port,
    db,
    services,
    reset: ctx.reset,
    close: async () => {
      if (closed) return;
      closed = true;
      clearInterval(tickTimer);
      hub.close();
      persister.flush();
      await new Promise<void>((r) => {
        server.close(() => r());
        server.closeAllConnections();
      });
    },
  };
}

function corsHeaders(req: IncomingMessage): Record<string, string> {
  const origin = req.headers.origin;
  return {
    // Echoing the origin (not '*') lets the SignalR client send credentials.
    'Access-Control-Allow-Origin': origin ?? '*',
    ...(origin ? { 'Access-Control-Allow-Credentials': 'true', Vary: 'Origin' } : {}),
    'Access-Control-Allow-Methods': 'GET, POST, PUT, DELETE, OPTIONS, HEAD',
    'Access-Control-Allow-Headers': (req.headers['access-control-request-headers'] as string | undefined) ?? CORS_HEADERS,
    'Access-Control-Expose-Headers': 'Content-Disposition, ETag',
    'Access-Control-Max-Age': '600',
  };
}

function send(res: ServerResponse, req: IncomingMessage, status: number, body: unknown, headers: Record<string, string> = {}, headOnly = false): void {
  sendRaw(res, req, status, 'application/json; charset=utf-8', JSON.stringify(body), headers, headOnly);
}

function sendRaw(
  res: ServerResponse,
  req: IncomingMessage,
  status: number,
  contentType: string,
  data: Buffer | string,
  headers: Record<string, string> = {},
  headOnly = false,
): void {
  const buf = typeof data === 'string' ? Buffer.from(data, 'utf8') : data;
  res.writeHead(status, {
    ...corsHeaders(req),
    'Cache-Control': 'no-store',
    // Stored files are served with their declared type; the browser must not second-guess it.
    'X-Content-Type-Options': 'nosniff',
    ...headers,
    'Content-Type': contentType,
    'Content-Length': String(buf.length),
  });
  res.end(headOnly ? undefined : buf);
}

function readBody(req: IncomingMessage, limit: number): Promise<Buffer> {
  return new Promise((resolveBody, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let failed = false;
    req.on('data', (c: Buffer) => {
      size += c.length;
      if (size > limit) {
        if (!failed) reject(new Error('too large'));
        failed = true;
        return;
      }
      chunks.push(c);
    });
    req.on('end', () => {
      if (!failed) resolveBody(Buffer.concat(chunks));
    });
    req.on('error', (e) => {
      if (!failed) reject(e);
      failed = true;
    });
  });
}

function landingPage(): string {
  return `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><title>Campus sandbox</title></head>
<body style="font-family:system-ui,sans-serif;padding:24px"><h1>Campus workbench sandbox</h1>
<p>The sandbox backend is running. API under <code>/v1/</code>, hub at <code>${HUB_PATH}</code>.
Start it with <code>--serve-dist</code> after <code>npm run build</code> to serve the client here. See docs/sandbox.md.</p></body></html>`;
}

