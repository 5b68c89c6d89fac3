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

test('after one visit the app opens cold with the network off: home, the approval centre and a run, from the device', async ({ page, context }) => {
  await signIn(page, 't1002');
  await underWorker(page);
  // One visit with a network: home, the centre, a run.
  await expect(page.getByRole('region', { name: '审批' }).getByText('王老师的请假申请')).toBeVisible();
  await openCentre(page);
  await expect(card(page, '王老师的请假申请')).toBeVisible();
  await card(page, '王老师的请假申请').getByRole('button').first().click();
  await expect(page.getByRole('heading', { name: '王老师的请假申请' })).toBeVisible();
  await expect(page.getByRole('region', { name: '审批记录' })).toBeVisible();
  const runUrl = page.url();
  await goInApp(page, '/');
  await expect(mainLayout(page)).toBeVisible();

  await context.setOffline(true);
  await page.reload();
  // Home as it was last seen, saying when.
  await expect(mainLayout(page)).toBeVisible();
  const banner = page.getByRole('status').filter({ hasText: '当前网络不可用' });
  await expect(banner).toContainText(/更新于 (\d\d-\d\d )?\d\d:\d\d/);
  await expect(page.getByRole('region', { name: '审批' }).getByText('王老师的请假申请')).toBeVisible();
  await snap(page, 'offline-cold-open');
  await openCentre(page);
  await expect(card(page, '王老师的请假申请')).toBeVisible();
  await card(page, '王老师的请假申请').getByRole('button').first().click();
  await expect(page.getByRole('heading', { name: '王老师的请假申请' })).toBeVisible();
  await expect(page.getByRole('region', { name: '审批记录' })).toBeVisible();
  expect(page.url()).toBe(runUrl);
  await snap(page, 'offline-run');
});

test('an approval and a to-do done offline survive a reload made offline and are each answered once when the network is back', async ({ page, context }) => {
  await signIn(page, 't1002');
  await underWorker(page);
  // Once with a network: the to-do list and the centre (their code and answers on the phone).
  await goInApp(page, '/page/todo');
  const check = page.getByRole('checkbox', { name: /^完成 / }).first();
  await expect(check).toBeVisible();
  const todoName = ((await check.getAttribute('aria-label')) ?? '').replace(/^完成 /, '');
  await openCentre(page);
  await expect(card(page, '王老师的请假申请')).toBeVisible();
  const answered = { quick: 0, makeState: 0 };
  page.on('response', (r) => {
    if (!r.ok() || r.request().method() !== 'POST') return;
    if (r.url().includes('/flow-run/quick-handling')) answered.quick += 1;
    if (r.url().includes('/todo-matter/make-state')) answered.makeState += 1;
  });

  await context.setOffline(true);
  await card(page, '王老师的请假申请').getByRole('button', { name: '同意' }).click();
  const sheet = page.getByRole('dialog', { name: '同意' });
  await sheet.getByRole('textbox', { name: '审批意见' }).fill('断网时批的');
  await sheet.getByRole('button', { name: '确认同意' }).click();
  await expect(sheet).toBeHidden();
  await goInApp(page, '/page/todo');
  await page.getByRole('checkbox', { name: `完成 ${todoName}` }).click();
  await expect(page.getByRole('article', { name: todoName, exact: true }).getByRole('status')).toHaveText('待发送');

  // A reload with no network: the list opens from the phone, both actions still waiting.
  await page.reload();
  await expect(page.getByRole('article', { name: todoName, exact: true }).getByRole('status')).toHaveText('待发送');
  await expect(page.getByRole('status').filter({ hasText: '当前网络不可用' })).toContainText('2 项待发送');
  await goInApp(page, '/page/approvalCenter');
  await expect(card(page, '王老师的请假申请').getByRole('status')).toHaveText('待发送');
  expect(answered).toEqual({ quick: 0, makeState: 0 });

  // The network is back: both go, once each.
  await context.setOffline(false);
  await expect(card(page, '王老师的请假申请')).toHaveCount(0);
  await expect.poll(() => answered.makeState).toBe(1);
  expect(answered.quick).toBe(1);
  await page.reload();
  await expect(page.getByRole('heading', { name: '审批中心' })).toBeVisible();
  await expect(page.locator('.cw-ap-card').first()).toBeVisible();
  expect(answered).toEqual({ quick: 1, makeState: 1 });
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
