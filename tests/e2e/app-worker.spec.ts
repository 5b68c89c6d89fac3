/**
 * The installable app and its service worker (vite-plugin-pwa, Workbox): after one visit
 * with a network, the app opens with the network switched off (its shell and the chunks
 * opened come from the phone), an action kept in the outbox survives a reload made
 * offline and is sent once when the network is back; a new version is announced on the
 * main tabs (新版本可用) and applied when 更新 is tapped.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Page } from '@playwright/test';
import { goInApp, mainLayout, resetSandbox, signIn } from './app.support';
import { card, openCentre } from './approval.support';
import { expect, snap, test } from './support';

test.use({ serviceWorkers: 'allow' });

const OFFLINE = '网络不可用，请检查网络后重试';

test.beforeEach(async ({ request }) => {
  await resetSandbox(request);
});

/** Waits until the page is controlled by the app's worker (the first visit installs it; a reload puts the page under it). */
async function underWorker(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  if (!(await page.evaluate(() => navigator.serviceWorker.controller !== null))) {
    await page.reload();
    await expect(mainLayout(page)).toBeVisible();
  }
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
}

test('the manifest names the app with its icons and theme colour', async ({ page, request }) => {
  await page.goto('./');
  const href = await page.locator('link[rel="manifest"]').getAttribute('href');
  expect(href).toBeTruthy();
  const manifest = (await (await request.get(href!.replace(/^\.\//, ''))).json()) as Record<string, unknown>;
  expect(manifest).toMatchObject({ name: '未来校园', short_name: '未来校园', display: 'standalone', theme_color: '#1677ff', start_url: './' });
  const icons = manifest.icons as Array<{ src: string; sizes: string }>;
  expect(icons.map((i) => i.sizes)).toEqual(expect.arrayContaining(['192x192', '512x512']));
  for (const icon of icons) expect((await request.get(icon.src)).ok(), icon.src).toBe(true);
});

test('after one visit the app opens with the network off, and an action kept offline survives a reload and is sent once', async ({ page, context }) => {
  await signIn(page, 't1002');
  await underWorker(page);
  // The centre opened once with a network: its code is on the phone.
  await openCentre(page);
  await goInApp(page, '/');
  await expect(mainLayout(page)).toBeVisible();

  await context.setOffline(true);
  await page.reload();
  // The shell comes from the phone: the page is the app's, not the browser's error page.
  // Without the user's data kept on the phone the start says the network is missing, with 重试.
  await expect(page.getByText(OFFLINE)).toBeVisible();
  await snap(page, 'offline-cold-open');
  await context.setOffline(false);
  await page.getByRole('button', { name: '重试' }).click();
  await expect(mainLayout(page)).toBeVisible();

  await openCentre(page);
  const answered: string[] = [];
  page.on('response', (r) => {
    if (r.url().includes('/flow-run/quick-handling') && r.ok()) answered.push(r.url());
  });
  await expect(card(page, '王老师的请假申请')).toBeVisible();
  await context.setOffline(true);
  await card(page, '王老师的请假申请').getByRole('button', { name: '同意' }).click();
  const sheet = page.getByRole('dialog', { name: '同意' });
  await sheet.getByRole('textbox', { name: '审批意见' }).fill('断网时批的');
  await sheet.getByRole('button', { name: '确认同意' }).click();
  await expect(sheet).toBeHidden();
  // A reload with no network: the app opens from the phone, the entry still on it.
  await page.reload();
  await expect(page.getByText(OFFLINE)).toBeVisible();
  expect(answered).toHaveLength(0);
  // The network is back: 重试 starts the app, and the entry goes, once.
  await context.setOffline(false);
  await page.getByRole('button', { name: '重试' }).click();
  await expect(page.getByRole('heading', { name: '审批中心' })).toBeVisible();
  await expect.poll(() => answered.length).toBe(1);
  await page.waitForTimeout(500);
  expect(answered).toHaveLength(1);
});

test('a new version is announced on the main tabs and applied on 更新', async ({ page }) => {
  await signIn(page, 't1002');
  await underWorker(page);
  // The server gets a new build: its worker differs by a byte (the build under test,
  // put back afterwards; the other specs block service workers).
  const sw = join(resolve(process.env.DIST_DIR ?? 'dist'), 'sw.js');
  const built = readFileSync(sw, 'utf8');
  try {
    writeFileSync(sw, `${built}\n// the next build\n`);
    await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.getRegistration();
      await registration?.update();
    });
    const prompt = page.getByRole('status').filter({ hasText: '新版本可用' });
    await expect(prompt).toBeVisible();
    await snap(page, 'app-update');
    const reloaded = page.waitForEvent('load');
    await prompt.getByRole('button', { name: '更新' }).click();
    await reloaded;
    await expect(mainLayout(page)).toBeVisible();
    await expect(prompt).toHaveCount(0);
    // The page is under the new worker.
    expect(await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.waiting ?? null)).toBeNull();
  } finally {
    writeFileSync(sw, built);
  }
});
