import { existsSync, readFileSync, statSync } from 'node:fs';
import { join, normalize, resolve, sep } from 'node:path';
import { contentTypeFor, extensionOf } from './paths';

export interface RuntimeConfig {
  defaultHost: string;
  basePath: string;
  schoolLookupUrl: string;
  hubPath: string;
  supportPhone: string;
  httpTimeout: number;
}

export const DEFAULT_RUNTIME_CONFIG: RuntimeConfig = {
  defaultHost: '',
  basePath: '/',
  schoolLookupUrl: '/sandbox/school-lookup',
  hubPath: '/messagehub/message-hub',
  supportPhone: '400-800-1234',
  httpTimeout: 60000,
};

export interface StaticFile {
  status: number;
  headers: Record<string, string>;
  data: Buffer;
}

/** Vite names bundled files name-hash.ext; those never change, so they cache for a year. */
const HASHED = /[-.][A-Za-z0-9_]{8,}\.(js|mjs|css|woff2?|ttf|svg|png|jpe?g|gif|webp|wasm)$/;

/**
 * Serves the built client: files as they are, `config.json` generated when the build
 * has none, and index.html for any other page path (the client routes).
 */
export function serveStatic(distDir: string, pathname: string, accept: string | undefined, config: RuntimeConfig): StaticFile | null {
  const root = resolve(distDir);
  let rel: string;
  try {
    rel = decodeURIComponent(pathname);
  } catch {
    return null;
  }
  const target = normalize(join(root, rel));
  if (target !== root && !target.startsWith(root + sep)) return null;

  if (existsSync(target) && statSync(target).isFile()) {
    return rel.endsWith('/index.html') || rel === '/' ? withBase(file(target, rel), config.basePath) : file(target, rel);
  }
  if (rel === '/config.json' || rel.endsWith('/config.json')) {
    return {
      status: 200,
      headers: { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-cache' },
      data: Buffer.from(JSON.stringify(config, null, 2)),
    };
  }
  const ext = extensionOf(rel.split('/').pop() ?? '');
  const wantsPage = !ext || (accept ?? '').includes('text/html');
  const index = join(root, 'index.html');
  if (wantsPage && existsSync(index)) return withBase(file(index, '/index.html'), config.basePath);
  return null;
}

/** Relative assets resolve from the <base> in index.html; it must be the deployment's base path. */
function withBase(page: StaticFile, basePath: string): StaticFile {
  const base = `/${basePath.replace(/^\/+|\/+$/g, '')}/`.replace('//', '/');
  const html = page.data.toString('utf8').replace(/<base href="[^"]*"\s*\/?>/, `<base href="${base.replace(/"/g, '')}" />`);
  return { ...page, data: Buffer.from(html) };
}

function file(path: string, rel: string): StaticFile {
  const name = rel.split('/').pop() ?? '';
  const immutable = rel.includes('/assets/') && HASHED.test(name);
  return {
    status: 200,
    headers: {
      'Content-Type': contentTypeFor(name),
      'Cache-Control': immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
    },
    data: readFileSync(path),
  };
}
