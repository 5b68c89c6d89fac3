/**
 * `npm run screens`: refreshes the screenshot gallery in docs/screens/ (shown by
 * docs/screens.md) on purpose. A plain test run writes its shots to test-results/screens/
 * and leaves the tracked gallery alone (snap() in tests/e2e/support.ts).
 *
 * Builds the app (`vite build`, into $DIST_DIR when set, as the browser tests read it),
 * runs the browser tests with SCREENS_DIR set to a fresh temporary folder and, only when
 * every test passed, copies the shots into docs/screens/ and rewrites docs/screens.md
 * (scripts/screens-doc.mjs). A failed run leaves the gallery as it was and says where its
 * shots are.
 *
 *   npm run screens                          every browser test; shots no test takes any more are removed
 *   npm run screens -- tests/e2e/about.spec.ts   those tests only; only their shots are replaced
 *
 * Arguments go to `playwright test`. SCREENS_SKIP_BUILD=1 tests the build already in $DIST_DIR.
 */
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, unlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const ROOT = resolve(import.meta.dirname, '..');
export const GALLERY = join(ROOT, 'docs', 'screens');

function pngs(dir: string): string[] {
  return existsSync(dir) ? readdirSync(dir).filter((f) => f.endsWith('.png')).sort() : [];
}

export interface GalleryUpdate {
  /** Shots copied into the gallery (new or replaced). */
  written: string[];
  /** Shots removed from the gallery because the run took them no more (prune only). */
  removed: string[];
}

/**
 * Copies every .png of `shots` into `gallery`; with `prune` (a run of every test) also
 * removes the gallery's .png files the run did not take. Other files are left alone.
 */
export function updateGallery(shots: string, gallery: string, prune: boolean): GalleryUpdate {
  const taken = pngs(shots);
  mkdirSync(gallery, { recursive: true });
  for (const f of taken) copyFileSync(join(shots, f), join(gallery, f));
  const removed = prune ? pngs(gallery).filter((f) => !taken.includes(f)) : [];
  for (const f of removed) unlinkSync(join(gallery, f));
  return { written: taken, removed };
}

function run(command: string, args: readonly string[], env: NodeJS.ProcessEnv = process.env): number {
  console.log(`> ${command} ${args.join(' ')}`);
  const r = spawnSync(command, args, { cwd: ROOT, stdio: 'inherit', env });
  if (r.error) console.error(r.error.message);
  return r.status ?? 1;
}

export function main(argv: readonly string[] = process.argv.slice(2)): number {
  const distDir = process.env.DIST_DIR;
  if (process.env.SCREENS_SKIP_BUILD !== '1') {
    const built = run('npx', ['vite', 'build', ...(distDir ? ['--outDir', distDir] : [])]);
    if (built !== 0) return built;
  }
  // Outside test-results/: Playwright empties that folder when any run starts.
  const shots = mkdtempSync(join(tmpdir(), 'campus-screens-'));
  const tested = run('npx', ['playwright', 'test', ...argv], { ...process.env, SCREENS_DIR: shots });
  if (tested !== 0) {
    console.error(`screens: the browser tests failed; docs/screens/ is unchanged (this run's shots: ${shots})`);
    return tested;
  }
  if (pngs(shots).length === 0) {
    console.error('screens: the tests took no screenshots; docs/screens/ is unchanged');
    rmSync(shots, { recursive: true, force: true });
    return 1;
  }
  const { written, removed } = updateGallery(shots, GALLERY, argv.length === 0);
  rmSync(shots, { recursive: true, force: true });
  console.log(`screens: ${written.length} shots written to docs/screens/${removed.length > 0 ? `; removed (no test takes them): ${removed.join(', ')}` : ''}`);
  return run(process.execPath, [join('scripts', 'screens-doc.mjs')]);
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) process.exit(main());
