import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { checkBudgets, FIRST_WAVE_MAX, firstWave, firstWaveFailures, precached, ROUTE_BUDGETS, unprecachedFirstWave, type ChunkModules, type Manifest } from '../../../bench/bundle';
import { main } from '../../../scripts/budget-check';

/*
 * The budget check of `npm test` against planted builds: a fake dist folder with a Vite
 * manifest, the chunk -> modules map and chunk files of chosen gzip sizes. The sizes
 * come from incompressible bytes, so a chunk of n KB weighs about n KB gzip.
 */

const LOGIN = 'presentation/session/LoginPage.tsx';
const MAIN = 'presentation/MainRoute.tsx';
const HOME = 'presentation/portal/HomeTab.tsx';

/** Deterministic bytes that gzip cannot shrink (xorshift32). */
function noise(kb: number, seed: number): Buffer {
  const out = Buffer.alloc(Math.round(kb * 1024));
  let x = seed | 1;
  for (let i = 0; i < out.length; i++) {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    out[i] = x & 0xff;
  }
  return out;
}

interface PlantedChunk {
  key: string;
  kb: number;
  modules?: string[];
  imports?: string[];
  dynamicImports?: string[];
  isEntry?: boolean;
}

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
  vi.restoreAllMocks();
});

/** Writes a fake build and answers its folder. */
function plant(chunks: PlantedChunk[]): string {
  const dir = mkdtempSync(join(tmpdir(), 'budget-'));
  dirs.push(dir);
  mkdirSync(join(dir, '.vite'));
  mkdirSync(join(dir, 'assets'));
  const manifest: Manifest = {};
  const modules: ChunkModules = {};
  chunks.forEach((c, i) => {
    const file = `assets/chunk${i}.js`;
    writeFileSync(join(dir, file), noise(c.kb, i + 7));
    manifest[c.key] = { file, imports: c.imports ?? [], dynamicImports: c.dynamicImports ?? [], ...(c.isEntry ? { isEntry: true } : {}) };
    modules[file] = c.modules ?? [c.key];
  });
  writeFileSync(join(dir, '.vite', 'manifest.json'), JSON.stringify(manifest));
  writeFileSync(join(dir, '.vite', 'chunk-modules.json'), JSON.stringify(modules));
  return dir;
}

/** A build within every budget: entry 60, login +20, home +30 (main layout 10, home tab 20). */
const healthy = (overrides: Partial<Record<string, Partial<PlantedChunk>>> = {}): PlantedChunk[] =>
  [
    { key: 'index.html', kb: 60, isEntry: true, modules: ['composition/main.tsx', 'presentation/flowchart/strings.ts'], dynamicImports: [LOGIN, MAIN, HOME] },
    { key: LOGIN, kb: 20, imports: ['_shared.js'] },
    { key: '_shared.js', kb: 2, modules: ['node_modules/antd-mobile/es/components/button/button.js'] },
    { key: MAIN, kb: 10, dynamicImports: [HOME] },
    { key: HOME, kb: 20, imports: ['_shared.js'], dynamicImports: ['presentation/flowchart/FlowChartView.tsx'] },
    { key: 'presentation/flowchart/FlowChartView.tsx', kb: 140, modules: ['node_modules/cytoscape/dist/cytoscape.esm.mjs', 'presentation/flowchart/FlowChartView.tsx'] },
  ].map((c) => ({ ...c, ...overrides[c.key] }));

const kb = (dir: string, route: string) => checkBudgets(dir).routes.find((r) => r.route === route)!.kb;

describe('checkBudgets on planted builds', () => {
  it('passes a build within every budget, counting the entry, shared chunks and every route chunk', () => {
    const dir = plant(healthy());
    const report = checkBudgets(dir);
    expect(report.failures).toEqual([]);
    expect(kb(dir, 'login')).toBeGreaterThan(60 + 20 + 2);
    expect(kb(dir, 'login')).toBeLessThan(60 + 20 + 2 + 1);
    // Home waits for the main layout and the home tab: both count.
    expect(kb(dir, 'home')).toBeGreaterThan(60 + 10 + 20 + 2);
  });

  it('fails a login route over its 150 KB limit', () => {
    const report = checkBudgets(plant(healthy({ [LOGIN]: { kb: 95 } })));
    expect(report.failures).toHaveLength(1);
    expect(report.failures[0]).toMatch(/^login: 1\d\d\.\d KB gzip .* over the 150 KB limit$/);
  });

  it('fails home when the main layout chunk pushes it over 150 KB', () => {
    const report = checkBudgets(plant(healthy({ [MAIN]: { kb: 70 } })));
    expect(report.failures.map((f) => f.split(':')[0])).toEqual(['home']);
  });

  it('fails when a heavy module is imported statically by the entry or a route', () => {
    const staticChart = healthy({ [HOME]: { imports: ['_shared.js', 'presentation/flowchart/FlowChartView.tsx'], dynamicImports: [] } });
    const report = checkBudgets(plant(staticChart.map((c) => (c.key === 'presentation/flowchart/FlowChartView.tsx' ? { ...c, kb: 5 } : c))));
    expect(report.failures).toEqual([
      expect.stringMatching(/^home: cytoscape is in the initial download \(node_modules\/cytoscape\/dist\/cytoscape\.esm\.mjs in assets\/chunk5\.js\)$/),
      expect.stringMatching(/^home: flow chart \(presentation\/flowchart\) is in the initial download/),
    ]);

    const inEntry = checkBudgets(plant(healthy({ 'index.html': { modules: ['composition/main.tsx', 'node_modules/qr-scanner/qr-scanner.min.js'] } })));
    expect(inEntry.heavy.map((h) => `${h.route} ${h.name}`)).toEqual(['login qr-scanner', 'home qr-scanner']);
  });

  it.each([
    ['node_modules/signature_pad/dist/signature_pad.js', 'signature_pad'],
    ['node_modules/react-easy-crop/index.module.mjs', 'react-easy-crop'],
    ['node_modules/qrcode/lib/browser.js', 'qrcode'],
    ['node_modules/react-cytoscapejs/dist/react-cytoscape.js', 'react-cytoscapejs'],
    ['presentation/files/OnlineFilePage.tsx', 'file preview (presentation/files)'],
  ])('names %s as %s', (module, name) => {
    const report = checkBudgets(plant(healthy({ '_shared.js': { modules: [module] } })));
    expect([...new Set(report.heavy.map((h) => h.name))]).toEqual([name]);
  });

  it('finds a page the build merged into another chunk through the chunk -> modules map', () => {
    // The home tab is no chunk of its own: it sits in the main layout's chunk.
    const merged = healthy({ [MAIN]: { kb: 30, modules: [MAIN, HOME] } }).filter((c) => c.key !== HOME);
    const dir = plant(merged.map((c) => (c.key === 'index.html' ? { ...c, dynamicImports: [LOGIN, MAIN] } : c)));
    expect(kb(dir, 'home')).toBeGreaterThan(60 + 30);
    expect(kb(dir, 'home')).toBeLessThan(60 + 30 + 1);
    const lost = plant(healthy().filter((c) => c.key !== HOME));
    expect(() => checkBudgets(lost)).toThrow(`${HOME} is in no chunk of the build`);
  });

  it('a build without its chunk -> modules map is an error, not a pass', () => {
    const dir = plant(healthy());
    rmSync(join(dir, '.vite', 'chunk-modules.json'));
    expect(() => checkBudgets(dir)).toThrow(/chunk-modules\.json not found/);
  });

  it('checks exactly the login and home budgets: issue 19\'s targets, the old limits as the failing floor', () => {
    expect(ROUTE_BUDGETS.map((b) => [b.route, b.targetKb, b.limitKb])).toEqual([
      ['login', 110, 150],
      ['home', 120, 150],
    ]);
  });
});

describe('the budget-check command', () => {
  it('answers 0 for a build within budget, 1 over budget, 2 without a build', () => {
    vi.spyOn(console, 'log').mockImplementation(() => {});
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(main([plant(healthy())])).toBe(0);
    expect(main([plant(healthy({ [HOME]: { kb: 90 } }))])).toBe(1);
    expect(error.mock.calls.flat().join('\n')).toContain('budget check FAILED');
    expect(main([join(tmpdir(), 'no-such-build-dir')])).toBe(2);
  });

  it('exits non-zero as a process, so npm test stops', () => {
    const tsx = resolve('node_modules/tsx/dist/cli.mjs');
    const over = spawnSync(process.execPath, [tsx, 'scripts/budget-check.ts', plant(healthy({ [LOGIN]: { kb: 95 } }))], { encoding: 'utf8' });
    expect(over.status).toBe(1);
    expect(over.stderr).toContain('login: ');
    const ok = spawnSync(process.execPath, [tsx, 'scripts/budget-check.ts', plant(healthy())], { encoding: 'utf8' });
    expect(ok.status).toBe(0);
    expect(ok.stdout).toContain('budget check passed');
  }, 60_000);
});

describe("the page's first wave (index.html)", () => {
  const page = (...tags: string[]) => `<html><head><link rel="icon" href="data:," />\n<link rel="apple-touch-icon" href="./icons/a.png" />\n${tags.join('\n')}</head></html>`;
  const script = (f: string) => `<script type="module" crossorigin src="./${f}"></script>`;
  const preload = (f: string) => `<link rel="modulepreload" crossorigin href="./${f}">`;
  const base = [
    '<link rel="preload" href="./config.json" as="fetch" crossorigin="anonymous" />',
    script('assets/early-a.js'),
    script('assets/main-b.js'),
    preload('assets/rolldown-runtime-c.js'),
    '<link rel="stylesheet" crossorigin href="./assets/main-b.css">',
    '<link rel="manifest" href="./manifest.webmanifest">',
  ];
  const modules = { 'assets/early-a.js': ['composition/early.ts'], 'assets/main-b.js': ['composition/main.tsx'], 'assets/index-d.js': [] };

  it('counts scripts, preloads, style sheets and the manifest; not icons or data addresses', () => {
    expect(firstWave(page(...base))).toEqual([
      './assets/early-a.js',
      './assets/main-b.js',
      './config.json',
      './assets/rolldown-runtime-c.js',
      './assets/main-b.css',
      './manifest.webmanifest',
    ]);
  });

  it(`passes at ${FIRST_WAVE_MAX} files; one more fails, naming them`, () => {
    expect(firstWaveFailures(page(...base), modules)).toEqual([]);
    const over = firstWaveFailures(page(...base, preload('assets/more.js')), modules);
    expect(over).toHaveLength(1);
    expect(over[0]).toContain('7 files at once');
    expect(over[0]).toContain('./assets/more.js');
  });

  it('fails on a script that is an entry facade (a chunk of no modules)', () => {
    const html = page(...base.filter((t) => !t.includes('main-b.js"')), script('assets/index-d.js'));
    expect(firstWaveFailures(html, modules)).toEqual(['index.html loads assets/index-d.js, an entry facade that only runs another chunk: one request more before the app starts']);
  });
});

describe('the service worker precaches the first wave', () => {
  const html = [
    '<link rel="preload" href="./config.json" as="fetch" crossorigin="anonymous" />',
    '<script type="module" crossorigin src="./assets/early-a.js"></script>',
    '<script type="module" crossorigin src="./assets/main-b.js"></script>',
    '<link rel="stylesheet" crossorigin href="./assets/main-b.css">',
    '<link rel="manifest" href="./manifest.webmanifest">',
  ].join('\n');

  it('reads Workbox precache entries', () => {
    expect(precached('e.precacheAndRoute([{url:"index.html",revision:"1"},{url:"assets/main-b.js",revision:null}])')).toEqual(['index.html', 'assets/main-b.js']);
  });

  it('names each first-wave asset the worker would not keep (config and the manifest aside)', () => {
    const sw = '[{url:"index.html",revision:"1"},{url:"assets/early-a.js",revision:null},{url:"assets/main-b.js",revision:null}]';
    expect(unprecachedFirstWave(html, sw)).toEqual(['assets/main-b.css']);
    expect(unprecachedFirstWave(html, sw.replace(']', ',{url:"assets/main-b.css",revision:null}]'))).toEqual([]);
  });
});
