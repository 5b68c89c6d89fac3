/**
 * The ways into the app that are not its home page (docs/native-shell.md "Pushes and deep
 * links", "Back, edge to edge, vibration"): a push or a shared link opened cold with no
 * page behind it, signed in or not, a push while the app runs (`openRoute`), the shell's
 * hardware back, and what a success does when there is no page to go back to.
 */
import type { Page } from '@playwright/test';
import { goInApp, installShell, KEYS, mainLayout, resetSandbox, shellMessages, signIn } from './app.support';
import { card, openCentre, tab, toastText } from './approval.support';
import { expect, test } from './support';


test.beforeEach(async ({ request }) => {
  await resetSandbox(request);
});

const HOME = /127\.0\.0\.1:\d+\/$/;
const footer = (page: Page) => page.locator('.cw-ap-footer');

/** What a native shell does for the hardware back button or a push tapped while the app runs. */
const fromShell = (page: Page, message: Record<string, unknown>) =>
  page.evaluate((m) => window.postMessage(JSON.stringify({ source: 'campus-shell', v: 1, ...m }), window.location.origin), message);

const backsToShell = async (page: Page) => (await shellMessages(page)).filter((m) => m.type === 'back').length;

/**
 * What a push does on a cold start: a fresh web view (a new page of the same browser
 * profile, so the same storage) loads the address; nothing of the app is behind it.
 */
async function coldStart(page: Page, address: string, shell: boolean): Promise<Page> {
  const fresh = await page.context().newPage();
  if (shell) await installShell(fresh);
  await fresh.goto(address);
  await page.close();
  return fresh;
}

/** The address a push for 王老师的请假申请 carries (the run page of 李主任's to-do). */
async function pushAddress(page: Page): Promise<string> {
  await openCentre(page, 't1002');
  await card(page, '王老师的请假申请').getByRole('button').first().click();
  await expect(page.getByRole('region', { name: '审批记录' })).toBeVisible();
  return page.url();
}

test('a push opened cold lands on the run; after 拒绝 there is no page behind, so the user lands on 审批中心 已办理, and back there closes the app', async ({ page: first }) => {
  const page = await coldStart(first, await pushAddress(first), true);
  await expect(footer(page).getByRole('button', { name: '拒绝' })).toBeVisible();
  await footer(page).getByRole('button', { name: '拒绝' }).click();
  await page.getByRole('textbox', { name: '审批意见' }).fill('本周有公开课');
  await page.getByRole('button', { name: '确认拒绝' }).click();
  await expect(toastText(page, '操作成功')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: '审批中心' })).toBeVisible();
  await expect(page).toHaveURL(/\/page\/approvalCenter\?tab=2$/);
  await expect(tab(page, '已办理')).toHaveAttribute('aria-selected', 'true');
  await expect(card(page, '王老师的请假申请').first()).toBeVisible();

  // The centre took the place of the run: nothing of the app is behind it.
  const before = await backsToShell(page);
  await fromShell(page, { type: 'back' });
  await expect.poll(() => backsToShell(page)).toBe(before + 1);
  await expect(page.getByRole('heading', { level: 1, name: '审批中心' })).toBeVisible();
});

test('in a browser too: a shared link to a run, then 同意 from it, ends on 审批中心 and never leaves the app', async ({ page: first }) => {
  const page = await coldStart(first, await pushAddress(first), false);
  await footer(page).getByRole('button', { name: '同意' }).click();
  await expect(page.getByRole('textbox', { name: '审批意见' })).toBeVisible();
  await page.getByRole('button', { name: /^确认/ }).click();
  await expect(toastText(page, '操作成功')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: '审批中心' })).toBeVisible();
  await expect(tab(page, '已办理')).toHaveAttribute('aria-selected', 'true');
  await expect(page).toHaveURL(/\/page\/approvalCenter\?tab=2$/);
});

test('a push opened while signed out goes through the login page and lands on the run', async ({ page: first }) => {
  const address = await pushAddress(first);
  // Signed out, the school still bound (as after 退出登录).
  await first.evaluate((k) => localStorage.removeItem(k), KEYS.token);
  const page = await coldStart(first, address, true);
  await expect(page.getByRole('button', { name: '登录', exact: true })).toBeVisible();
  await page.getByRole('textbox', { name: '账号' }).fill('t1002');
  await page.getByRole('textbox', { name: '密码' }).fill('Campus2026');
  await page.getByRole('checkbox').check();
  await page.getByRole('button', { name: '登录', exact: true }).click();
  await expect(page.getByRole('region', { name: '审批记录' })).toBeVisible();
  await expect(page.getByRole('heading', { name: '王老师的请假申请' })).toBeVisible();
  expect(new URL(page.url()).pathname + new URL(page.url()).search).toBe(new URL(address).pathname + new URL(address).search);
});

test('a push tapped while the app runs (openRoute) opens its page; the hardware back returns, and on home asks the shell to close', async ({ page }) => {
  await installShell(page);
  await signIn(page, 't1001');
  await fromShell(page, { type: 'openRoute', path: '/page/todo' });
  await expect(page.getByRole('heading', { level: 1, name: '待办事项' })).toBeVisible();
  await goInApp(page, '/page/aboutMe');
  await expect(page.getByRole('heading', { level: 1, name: '关于未来校园' })).toBeVisible();

  await fromShell(page, { type: 'back' });
  await expect(page.getByRole('heading', { level: 1, name: '待办事项' })).toBeVisible();
  await fromShell(page, { type: 'back' });
  await expect(page).toHaveURL(HOME);
  await expect(mainLayout(page)).toBeVisible();
  expect(await backsToShell(page)).toBe(0);
  await fromShell(page, { type: 'back' });
  await expect.poll(() => backsToShell(page)).toBe(1);
  await expect(mainLayout(page)).toBeVisible();
});

test('a push for an address the app does not open (another site, the login page) lands home', async ({ page }) => {
  await installShell(page);
  await signIn(page, 't1001');
  await goInApp(page, '/page/aboutMe');
  await fromShell(page, { type: 'openRoute', path: '/nowhere/at/all' });
  await expect(page).toHaveURL(HOME);
  await goInApp(page, '/page/aboutMe');
  await fromShell(page, { type: 'openRoute', path: '/login' });
  await expect(page).toHaveURL(HOME);
});
