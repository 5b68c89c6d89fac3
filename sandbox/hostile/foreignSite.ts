import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { HOSTILE_HTML } from './pages';

/**
 * Another origin for the hostile fixtures: the same host on another port. Pages here
 * are "foreign" to the app. GET /page.html is a hostile page; GET /redirect?to=<address>
 * answers 302 to that address, the way a foreign page in a frame can send its frame to
 * the app's own origin.
 */
export interface ForeignSite {
  readonly url: string;
  close(): Promise<void>;
}

export async function startForeignSite(opts: { port?: number; host?: string } = {}): Promise<ForeignSite> {
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://foreign');
    if (url.pathname === '/redirect') {
      const to = url.searchParams.get('to') ?? '/';
      res.writeHead(302, { Location: to, 'Cache-Control': 'no-store' });
      res.end();
      return;
    }
    if (url.pathname === '/page.html') {
      res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' });
      res.end(HOSTILE_HTML);
      return;
    }
    res.writeHead(404, { 'Content-Type': 'text/plain' });
    res.end('not found');
  });
  const host = opts.host ?? '127.0.0.1';
  await new Promise<void>((resolve) => server.listen(opts.port ?? 0, host, resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://${host}:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
