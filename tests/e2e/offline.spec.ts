/**
 * Networks as they are: a lost network is told apart from the server's refusal. While
 * the phone is offline a banner says so; what fails to load says 网络不可用 with 重试 in
 * place; back online the banner goes and 重试 loads.
 */
import { goInApp, resetSandbox, signIn } from './app.support';
import { watchToasts } from './approval.support';
import { expect, snap, test } from './support';

test.beforeEach(async ({ request }) => {
  await resetSandbox(request);
});

const OFFLINE = '网络不可用，请检查网络后重试';

test('offline: the banner shows, a list that fails says why with 重试; online again the banner goes and 重试 loads', async ({ page, context }) => {
  await signIn(page, 't1001');
  await goInApp(page, '/page/todo');
  await expect(page.getByRole('article', { name: '提交期中教学检查表', exact: true })).toBeVisible();
  const banner = page.getByRole('status').filter({ hasText: '当前网络不可用' });
  await expect(banner).toHaveCount(0);

  await context.setOffline(true);
  await expect(banner).toBeVisible();
  const toasts = await watchToasts(page);
  await page.getByRole('tab', { name: '我已处理' }).click();
  await expect.poll(() => toasts.seen()).toContain(OFFLINE);
  const foot = page.locator('.cw-todo-list__foot').filter({ hasText: '加载失败' });
  await expect(foot).toBeVisible();
  await snap(page, 'offline-todo-list');

  await context.setOffline(false);
  await expect(banner).toHaveCount(0);
  await foot.getByRole('button', { name: '重试' }).click();
  await expect(foot).toHaveCount(0);
  await expect(page.getByRole('article').first()).toBeVisible();
});

test('offline on a main tab: the banner sits above the tab bar and goes when the network is back', async ({ page, context }) => {
  await signIn(page, 't1001');
  await expect(page.getByRole('region', { name: '我的应用', exact: true })).toBeVisible();
  await context.setOffline(true);
  const banner = page.getByRole('navigation', { name: 'main' }).getByRole('status');
  await expect(banner).toHaveText('当前网络不可用');
  // The banner is drawn above the tabs, inside the fixed bar, never over the content's end.
  const [bannerBox, tabsBox] = await Promise.all([banner.boundingBox(), page.locator('.cw-tabbar').boundingBox()]);
  expect(bannerBox!.y + bannerBox!.height).toBeLessThanOrEqual(tabsBox!.y + 1);
  await context.setOffline(false);
  await expect(banner).toHaveCount(0);
});
