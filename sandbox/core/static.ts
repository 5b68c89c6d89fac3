import { existsSync, readFileSync, statSync } from 'node:fs';
import { join, normalize, resolve, sep } from 'node:path';
import { contentTypeFor, extensionOf } from './paths';
import { securityHeadersForConfig } from './securityHeaders';

export interface RuntimeConfig {
  defaultHost: string;
  basePath: string;
  schoolLookupUrl: string;
  hubPath: string;
  supportPhone: string;
  httpTimeout: number;
  trustedFrameOrigins: readonly string[];
  shellOrigin: string;
}

export const DEFAULT_RUNTIME_CONFIG: RuntimeConfig = {
  defaultHost: '',
  basePath: '/',
  schoolLookupUrl: '/sandbox/school-lookup',
  hubPath: '/messagehub/message-hub',
  supportPhone: '400-800-1234',
  httpTimeout: 60000,
  trustedFrameOrigins: [],
  shellOrigin: '',
};

export interface StaticFile {
  status: number;
  headers: Record<string, string>;
  data: Buffer;
  /** The build's Brotli copy of `data` (scripts/vite/precompress.ts), when it has a current one. */
  brotli?: Buffer;
}

/** Vite names bundled files name-hash.ext; those never change, so they cache for a year. */
const HASHED = /[-.][A-Za-z0-9_]{8,}\.(js|mjs|css|woff2?|ttf|svg|png|jpe?g|gif|webp|wasm)$/;

/**
 * Serves the built client: files as they are, `config.json` generated when the build
 * has none, and index.html for any other page path (the client routes). Every answer
 * carries the security headers computed from the config.json this server serves
 * (sandbox/core/securityHeaders.ts): the policy of a worker script is the one sent with
 * that script, so assets need them as much as pages do.
 */
export function serveStatic(distDir: string, pathname: string, accept: string | undefined, config: RuntimeConfig): StaticFile | null {
  const found = findStatic(distDir, pathname, accept, config);
  if (found === null) return null;
  return { ...found, headers: { ...securityHeadersForConfig(servedConfig(distDir, config)), ...found.headers } };
}

function findStatic(distDir: string, pathname: string, accept: string | undefined, config: RuntimeConfig): StaticFile | null {
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
    return rel.endsWith('/index.html') || rel === '/' ? withBasePath(file(target, rel), config.basePath) : file(target, rel);
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
  if (wantsPage && existsSync(index)) return withBasePath(file(index, '/index.html'), config.basePath);
  return null;
}

let configCache: { path: string; stamp: string; value: unknown } | null = null;

/**
 * The config.json this server answers with: the build's own file when it has one (read
 * again when it changes, since a school edits it in place), else the generated one.
 */
export function servedConfig(distDir: string, config: RuntimeConfig): unknown {
  const path = join(resolve(distDir), 'config.json');
  if (!existsSync(path)) return config;
  const stat = statSync(path);
  const stamp = `${stat.mtimeMs}:${stat.size}`;
  if (configCache?.path !== path || configCache.stamp !== stamp) {
    let value: unknown = config;
    try {
      value = JSON.parse(readFileSync(path, 'utf8'));
    } catch {
      // A broken file gives the client its defaults (docs/config.md); the policy follows the server's config.
    }
    configCache = { path, stamp, value };
  }
  return configCache.value;
}

/** '/campus' -> '/campus/', '' -> '/': the base path with one slash at each end. */
export const normaliseBasePath = (basePath: string): string => `/${basePath.replace(/^\/+|\/+$/g, '')}/`.replace('//', '/');

/**
 * Assets are built relative (`./assets/...`, one build for any base path). A deep link
 * such as /campus/page/notice would resolve them against its own folder, and the policy's
 * base-uri 'none' forbids fixing that with a <base> element; so the page is rewritten:
 * the <base> element goes and every `./` address in an attribute becomes `{base}`.
 * Scripts then load their chunks relative to their own address (import.meta.url).
 */
export function withBasePath(page: StaticFile, basePath: string): StaticFile {
  const base = normaliseBasePath(basePath).replace(/["'<>\s]/g, '');
  const html = page.data
    .toString('utf8')
    .replace(/<base\s[^>]*>\s*/gi, '')
    .replace(/(\s(?:src|href)=["'])\.\//g, (_, attr: string) => attr + base);
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
    ...precompressedCopy(path),
  };
}

/** The `.br` beside a file, unless the file changed after it was written. */
function precompressedCopy(path: string): { brotli?: Buffer } {
  const br = `${path}.br`;
  if (!existsSync(br) || statSync(br).mtimeMs < statSync(path).mtimeMs) return {};
  return { brotli: readFileSync(br) };
}
