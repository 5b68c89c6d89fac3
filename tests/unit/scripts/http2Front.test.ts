import { execFileSync } from 'node:child_process';
import http from 'node:http';
import http2 from 'node:http2';
import net, { type AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { passedHeaders, startHttp2Front, type Http2Front } from '../../../bench/http2Front';

/*
 * The Lighthouse bench's HTTP/2 front (bench/http2Front.ts): a request over HTTP/2 gets
 * the backend's answer as it was (status, headers, body, the request's own method, path,
 * headers and body passed on), and a WebSocket upgrade on an HTTP/1.1 connection of the
 * front reaches the backend and talks both ways.
 */

const hasOpenssl = (() => {
  try {
    execFileSync('openssl', ['version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();

let backend: http.Server | null = null;
const backendSockets = new Set<net.Socket>();
let front: Http2Front | null = null;
afterEach(async () => {
  await front?.close();
  front = null;
  for (const s of backendSockets) s.destroy();
  backendSockets.clear();
  await new Promise<void>((done) => (backend ? backend.close(() => done()) : done()));
  backend = null;
});

async function startBackend(): Promise<string> {
  backend = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      res.writeHead(req.url === '/missing' ? 404 : 200, { 'content-type': 'application/json', 'x-seen': String(req.headers['authorization'] ?? '') });
      res.end(JSON.stringify({ method: req.method, url: req.url, body, host: req.headers.host, connection: req.headers.connection ?? null }));
    });
  });
  backend.on('connection', (socket: net.Socket) => backendSockets.add(socket));
  // A WebSocket's handshake answered by hand, then an echo of what comes.
  backend.on('upgrade', (req, socket) => {
    socket.write(`HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nX-Path: ${req.url}\r\n\r\n`);
    socket.on('data', (d: Buffer) => socket.write(Buffer.concat([Buffer.from('echo:'), d])));
  });
  await new Promise<void>((ready) => backend!.listen(0, '127.0.0.1', ready));
  return `http://127.0.0.1:${(backend!.address() as AddressInfo).port}`;
}

function h2Request(url: string, path: string, method: string, body?: string): Promise<{ status: number; headers: http2.IncomingHttpHeaders; body: string; version: string }> {
  return new Promise((resolve, reject) => {
    const session = http2.connect(url, { rejectUnauthorized: false });
    session.on('error', reject);
    const req = session.request({ ':path': path, ':method': method, authorization: 'Bearer t', 'content-type': 'application/json' });
    let headers: http2.IncomingHttpHeaders = {};
    let text = '';
    req.on('response', (h) => (headers = h));
    req.on('data', (c: Buffer) => (text += c.toString()));
    req.on('end', () => {
      session.close();
      resolve({ status: Number(headers[':status']), headers, body: text, version: session.alpnProtocol ?? '' });
    });
    req.on('error', reject);
    req.end(body);
  });
}

describe('the HTTP/2 front of the Lighthouse bench', () => {
  it('leaves out pseudo-headers and one hop\'s headers, and keeps the rest', () => {
    expect(passedHeaders({ ':path': '/', ':method': 'GET', connection: 'keep-alive', 'Keep-Alive': '5', 'transfer-encoding': 'chunked', upgrade: 'h2c', authorization: 'Bearer t', 'content-type': 'text/html' })).toEqual({
      authorization: 'Bearer t',
      'content-type': 'text/html',
    });
  });

  it.skipIf(!hasOpenssl)('passes a request over HTTP/2 to the backend and its answer back as it was', async () => {
    const target = await startBackend();
    front = await startHttp2Front(target);
    expect(front.url).toMatch(/^https:\/\/127\.0\.0\.1:\d+$/);
    const ok = await h2Request(front.url, '/v1/x?a=1', 'POST', '{"n":1}');
    expect(ok.version).toBe('h2');
    expect(ok.status).toBe(200);
    expect(ok.headers['x-seen']).toBe('Bearer t');
    expect(ok.headers['content-type']).toBe('application/json');
    expect(JSON.parse(ok.body)).toEqual({ method: 'POST', url: '/v1/x?a=1', body: '{"n":1}', host: new URL(target).host, connection: 'keep-alive' });
    const missing = await h2Request(front.url, '/missing', 'GET');
    expect(missing.status).toBe(404);
  });

  it.skipIf(!hasOpenssl)('pipes a WebSocket upgrade made on an HTTP/1.1 connection to the backend, both ways', async () => {
    front = await startHttp2Front(await startBackend());
    const { port } = new URL(front.url);
    const tls = await import('node:tls');
    const socket = tls.connect({ host: '127.0.0.1', port: Number(port), rejectUnauthorized: false, ALPNProtocols: ['http/1.1'] });
    await new Promise<void>((ready) => socket.once('secureConnect', () => ready()));
    socket.write('GET /messagehub/message-hub?id=1 HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Version: 13\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n\r\n');
    let got = '';
    const seen = (text: string) => new Promise<void>((done) => {
      const check = () => (got.includes(text) ? done() : socket.once('data', (d: Buffer) => ((got += d.toString()), check())));
      check();
    });
    await seen('\r\n\r\n');
    expect(got).toMatch(/^HTTP\/1\.1 101 /);
    expect(got).toContain('X-Path: /messagehub/message-hub?id=1');
    socket.write('ping');
    await seen('echo:ping');
    socket.destroy();
  });
});
