import { goInApp, installShell, signIn, resetSandbox, shellMessages, toast } from './app.support';
import { expect, snap, test } from './support';

test.beforeEach(async ({ request }) => {
  await resetSandbox(request);
});

test('about: logo, product name, version 1.5.8, terms and privacy; no core version outside the shell', async ({ page }) => {
  await signIn(page, 't1001');
  await goInApp(page, '/page/aboutMe');
  await expect(page.getByRole('heading', { level: 1, name: '关于未来校园' })).toBeVisible();
  await expect(page.getByRole('img', { name: '未来校园' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: '未来校园' })).toBeVisible();
  await expect(page.getByText('版本 1.5.8')).toBeVisible();
  await expect(page.getByText('内核版本')).toHaveCount(0);
  await snap(page, 'about');

  await page.getByText('服务条款', { exact: true }).click();
  await expect(page).toHaveURL(/\/web-view$/);
  await expect(page.getByRole('heading', { level: 1, name: '服务条款' })).toBeVisible();
  await page.getByRole('button', { name: '返回' }).click();
  await page.getByText('隐私政策', { exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: '隐私政策' })).toBeVisible();
});

test('inside the shell: the core version; more than 15 taps in 5 s rest the eyes, more than 25 enable developer mode', async ({ page }) => {
  await installShell(page, { coreVersion: '2.3.1' });
  await signIn(page, 't1001');
  await goInApp(page, '/page/aboutMe');
  const core = page.getByText('内核版本');
  await expect(core).toBeVisible();
  await expect(page.getByText('2.3.1')).toBeVisible();
  await snap(page, 'about-shell');

  // A quick thumb: the taps come as fast as the page takes them (one Playwright click per
  // tap takes longer than 5 s for 26 taps on a slow CPU, which no user is).
  const tap = (n: number) => core.evaluate((el, times) => {
    for (let i = 0; i < times; i++) (el as HTMLElement).click();
  }, n);
  await tap(15);
  await expect(toast(page, '眺望远方，休息一下')).toHaveCount(0);
  await core.click();
  await expect(toast(page, '眺望远方，休息一下')).toBeVisible();
  expect((await shellMessages(page)).some((m) => m.type === 'developerMode')).toBe(false);
  await tap(10);
  await expect.poll(async () => (await shellMessages(page)).filter((m) => m.type === 'developerMode').length).toBe(1);
});

test('taps spread over more than 5 s never count up', async ({ page }) => {
  await installShell(page, { coreVersion: '2.3.1' });
  await page.clock.install();
  await signIn(page, 't1001');
  await goInApp(page, '/page/aboutMe');
  const core = page.getByText('内核版本');
  await expect(core).toBeVisible();
  for (let i = 0; i < 20; i++) {
    await core.click();
    await page.clock.runFor(400);
  }
  await expect(toast(page, '眺望远方，休息一下')).toHaveCount(0);
});
