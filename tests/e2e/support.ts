import { test as base, expect, type BrowserContext, type Page } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { startSandbox } from '../../sandbox/server';
import { startForeignSite } from '../../sandbox/hostile/foreignSite';

/**
 * Where snap() writes: test-results/screens/ (untracked) unless SCREENS_DIR names another
 * folder. A test run leaves the tracked gallery in docs/screens/ alone; `npm run screens`
 * (scripts/screens.ts) refreshes it on purpose.
 */
export const screensDir = resolve(process.env.SCREENS_DIR || 'test-results/screens');

/** A screenshot of the viewport as <screensDir>/<name>.png. */
export async function snap(page: Page, name: string): Promise<void> {
  mkdirSync(screensDir, { recursive: true });
  await page.screenshot({ path: join(screensDir, `${name}.png`), fullPage: false });
}

/** The production build under test (DIST_DIR lets parallel runs build side by side). */
const distDir = resolve(process.env.DIST_DIR ?? 'dist');

/**
 * A slow phone (E2E_CPU_THROTTLE=4: Chromium's CPU throttling, `npm run test:e2e:slow`):
 * every page of the test, the first and any the test opens, runs that many times slower.
 */
/**
 * A toast on screen: antd-mobile's, or the page's plain one, drawn when the toast code
 * could not load (offline before the phone was idle enough to fetch it ahead:
 * presentation/shared/toast.ts). A check for a toast, or for none, looks for both.
 */
export const TOASTS = '.adm-toast-main, .cw-plain-toast';

export const CPU_THROTTLE = Math.max(1, Number(process.env.E2E_CPU_THROTTLE ?? 1) || 1);

async function throttle(context: BrowserContext, page: Page): Promise<void> {
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_THROTTLE });
}

/**
 * Each Playwright worker gets its own sandbox, in memory and fresh from the seed, serving
 * the built app; tests reset it through its admin route. Workers never share state, so
 * the suite can run in parallel.
 */
export const test = base.extend<object, { sandboxUrl: string; foreignUrl: string }>({
  /** Another origin (another port) with hostile pages and a redirect (sandbox/hostile/foreignSite.ts). */
  foreignUrl: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const site = await startForeignSite();
      await use(site.url);
      await site.close();
    },
    { scope: 'worker' },
  ],
  sandboxUrl: [
    async ({ foreignUrl }, use) => {
      // The foreign site is plain http: its pages may be framed as a school's listed app host's would.
      const sandbox = await startSandbox({ port: 0, dataFile: null, quiet: true, distDir, frameSources: [foreignUrl] });
      await use(sandbox.url);
      await sandbox.close();
    },
    { scope: 'worker' },
  ],
  baseURL: async ({ sandboxUrl }, use) => {
    await use(`${sandboxUrl}/`);
  },
  context: async ({ context }, use) => {
    if (CPU_THROTTLE > 1) context.on('page', (p) => void throttle(context, p).catch(() => undefined));
    await use(context);
  },
  page: async ({ context, page }, use) => {
    if (CPU_THROTTLE > 1) await throttle(context, page);
    await use(page);
  },
});
export { expect };
