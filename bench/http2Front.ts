/**
 * A TLS and HTTP/2 front for the sandbox, for the Lighthouse bench's second set of rows:
 * the same build as a school serves it behind nginx (docs/deploy.md: `listen 443 ssl
 * http2`), where `npm start` serves HTTP/1.1 on a plain port. Lighthouse's simulated slow
 * 4G treats the two very differently: over HTTP/1.1 a phone opens six connections to a
 * host and every request pays a round trip on its own; over HTTP/2 the requests share one
 * connection (bench/notes.md, eleventh session).
 *
 * Each request is passed to the sandbox over HTTP/1.1 and its answer passed back as it
 * comes. A WebSocket (the message hub) arrives on an HTTP/1.1 connection of the front
 * (Chromium opens one for it) and is piped through as it is. The certificate is made for
 * 127.0.0.1 by the openssl command when the front starts, and thrown away when it closes;
 * the browser is told to accept it (--ignore-certificate-errors).
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http, { type IncomingHttpHeaders, type OutgoingHttpHeaders } from 'node:http';
import http2, { type Http2ServerRequest, type Http2ServerResponse } from 'node:http2';
import net, { type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Duplex } from 'node:stream';

export interface Http2Front {
  /** https://127.0.0.1:port */
  readonly url: string;
  close(): Promise<void>;
}

/** Headers of one HTTP/1.1 hop, which HTTP/2 forbids or which belong to one connection. */
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'proxy-connection', 'transfer-encoding', 'upgrade', 'http2-settings', 'te']);

/** The headers to pass on: HTTP/2's pseudo-headers and one hop's own headers left out. */
export function passedHeaders(headers: IncomingHttpHeaders | OutgoingHttpHeaders): OutgoingHttpHeaders {
  const out: OutgoingHttpHeaders = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined || name.startsWith(':') || HOP_BY_HOP.has(name.toLowerCase())) continue;
    out[name] = value;
  }
  return out;
}

/** A self-signed certificate for 127.0.0.1 (openssl), in a folder of its own. */
function throwawayCertificate(): { key: Buffer; cert: Buffer; folder: string } {
  const folder = mkdtempSync(join(tmpdir(), 'campus-h2-'));
  const key = join(folder, 'key.pem');
  const cert = join(folder, 'cert.pem');
  try {
    execFileSync(
      'openssl',
      ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', key, '-out', cert, '-days', '1', '-subj', '/CN=127.0.0.1', '-addext', 'subjectAltName=IP:127.0.0.1'],
      { stdio: 'ignore' },
    );
  } catch (e) {
    rmSync(folder, { recursive: true, force: true });
    throw new Error(`no certificate for the HTTP/2 front (is the openssl command installed?): ${e instanceof Error ? e.message : String(e)}`);
  }
  return { key: readFileSync(key), cert: readFileSync(cert), folder };
}

/** Starts the front of `target` (the sandbox's http://127.0.0.1:port) on a free port. */
export async function startHttp2Front(target: string): Promise<Http2Front> {
  const to = new URL(target);
  const port = Number(to.port);
  const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
  const { key, cert, folder } = throwawayCertificate();
  const sockets = new Set<Duplex>();

  const server = http2.createSecureServer({ key, cert, allowHTTP1: true }, (req: Http2ServerRequest, res: Http2ServerResponse) => {
    const headers = passedHeaders(req.headers);
    headers.host = to.host;
    const upstream = http.request({ host: to.hostname, port, method: req.method, path: req.url, headers, agent }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, passedHeaders(answer.headers));
      answer.pipe(res as unknown as NodeJS.WritableStream);
    });
    upstream.on('error', () => {
      if (!res.headersSent) res.writeHead(502);
      res.end();
    });
    (req as unknown as NodeJS.ReadableStream).pipe(upstream);
  });

  // A WebSocket: the request line and headers as they came, then both ways as they are.
  server.on('upgrade', (req: http.IncomingMessage, socket: Duplex, head: Buffer) => {
    const upstream = net.connect(port, to.hostname, () => {
      const lines = [`${req.method ?? 'GET'} ${req.url ?? '/'} HTTP/1.1`];
      for (let i = 0; i < req.rawHeaders.length; i += 2) lines.push(`${req.rawHeaders[i]}: ${req.rawHeaders[i + 1]}`);
      upstream.write(`${lines.join('\r\n')}\r\n\r\n`);
      if (head.length > 0) upstream.write(head);
      socket.pipe(upstream);
      upstream.pipe(socket);
    });
    sockets.add(socket).add(upstream);
    const gone = () => {
      socket.destroy();
      upstream.destroy();
      sockets.delete(socket);
      sockets.delete(upstream);
    };
    upstream.on('error', gone).on('close', gone);
    socket.on('error', gone).on('close', gone);
  });
  // Every TLS connection, HTTP/2 or not, so that closing the front ends them all.
  server.on('secureConnection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });

  await new Promise<void>((ready) => server.listen(0, '127.0.0.1', ready));
  const { port: frontPort } = server.address() as AddressInfo;
  return {
    url: `https://127.0.0.1:${frontPort}`,
    close: async () => {
      for (const s of sockets) s.destroy();
      agent.destroy();
      await new Promise<void>((done) => server.close(() => done()));
      rmSync(folder, { recursive: true, force: true });
    },
  };
}
