/**
 * Initial JavaScript per route, gzip: the entry with everything it imports statically,
 * plus the route's lazy chunk and its static imports (what the browser must fetch before
 * the route can render). Read from the production build's Vite manifest.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Row } from './types';

interface ManifestChunk {
  file: string;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
  isEntry?: boolean;
}
type Manifest = Record<string, ManifestChunk>;

/** The route budgets of issues 4 and 8, KB gzip: a target and a hard limit. */
export const ROUTE_BUDGETS = [
  { route: 'login', source: 'presentation/session/LoginPage.tsx', targetKb: 125, limitKb: 150 },
  { route: 'home', source: 'presentation/portal/HomeTab.tsx', targetKb: 150, limitKb: 150 },
] as const;

export function readManifest(distDir: string): Manifest {
  const path = join(distDir, '.vite', 'manifest.json');
  if (!existsSync(path)) throw new Error(`${path} not found: run npm run build first`);
  return JSON.parse(readFileSync(path, 'utf8')) as Manifest;
}

/** Files fetched before a chunk can run: the chunk and its static imports, transitively. */
export function staticClosure(manifest: Manifest, keys: string[]): Set<string> {
  const files = new Set<string>();
  const seen = new Set<string>();
  const visit = (key: string): void => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) throw new Error(`${key} is not in the build manifest`);
    files.add(chunk.file);
    for (const dep of chunk.imports ?? []) visit(dep);
  };
  keys.forEach(visit);
  return files;
}

export function entryKey(manifest: Manifest): string {
  const key = Object.keys(manifest).find((k) => manifest[k]!.isEntry);
  if (!key) throw new Error('no entry in the build manifest');
  return key;
}

export function gzipKb(distDir: string, files: Iterable<string>): number {
  let bytes = 0;
  for (const f of files) if (f.endsWith('.js')) bytes += gzipSync(readFileSync(join(distDir, f)), { level: 9 }).length;
  return bytes / 1024;
}

export function routeSizes(distDir = resolve(process.env.DIST_DIR ?? 'dist')) {
  const manifest = readManifest(distDir);
  const entry = entryKey(manifest);
  return ROUTE_BUDGETS.map((b) => {
    const kb = gzipKb(distDir, staticClosure(manifest, [entry, b.source]));
    return { ...b, kb };
  });
}

export async function runBundleBench(): Promise<Row[]> {
  return routeSizes().map((r) => ({
    name: `initial JS of the ${r.route} route (entry + preloads + route chunk)`,
    value: Math.round(r.kb * 10) / 10,
    unit: 'KB gzip',
    target: `<= ${r.targetKb} KB (fails above ${r.limitKb})`,
    pass: r.kb <= r.limitKb,
    detail: r.kb <= r.targetKb ? 'within target' : r.kb <= r.limitKb ? 'over target, under limit' : 'over the limit',
  }));
}
