import { defineConfig } from '@playwright/test';

// Debian's Chromium: no browser download is possible on these machines.
const executablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
// A slow phone (tests/e2e/support.ts CPU_THROTTLE): the same waits, on what the user sees, given more time.
const slow = Math.max(1, Number(process.env.E2E_CPU_THROTTLE ?? 1) || 1);

export default defineConfig({
  testDir: 'tests/e2e',
  timeout: 60_000 * slow,
  expect: { timeout: 10_000 * slow },
  // Each worker has its own sandbox (tests/e2e/support.ts), so files run side by side.
  fullyParallel: false,
  workers: Number(process.env.E2E_WORKERS ?? 2),
  retries: process.env.CI ? 1 : 0,
  reporter: [['list']],
  outputDir: 'test-results',
  use: {
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
    locale: 'zh-CN',
    timezoneId: 'Asia/Shanghai',
    trace: 'off',
    actionTimeout: 30_000 * slow,
    navigationTimeout: 30_000 * slow,
    screenshot: 'only-on-failure',
    // The app's service worker would answer page loads from its cache and hide them from
    // page.route; the specs about it allow it (tests/e2e/app-worker.spec.ts).
    serviceWorkers: 'block',
    launchOptions: {
      executablePath,
      // A phone's browser blocks a window opened without a tap; Playwright turns that off by
      // default, and a hostile page that opens itself again (sandbox/hostile/pages.ts) then
      // filled the context with hundreds of windows and slowed every test after it.
      ignoreDefaultArgs: ['--disable-popup-blocking'],
      headless: true,
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-quic', '--no-first-run'],
    },
  },
});
