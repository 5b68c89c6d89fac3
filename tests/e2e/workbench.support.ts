/**
 * Sign-in for the to-do and files browser tests: the login page as a user fills it in
 * (school code first when the device has none, account, password, the agreement).
 */
import type { Page } from '@playwright/test';
import { PASSWORD, SCHOOL } from './app.support';
import { expect } from './support';

export async function signIn(page: Page, account: string, password = PASSWORD): Promise<void> {
  await page.goto('login');
  const code = page.getByRole('textbox', { name: '识别码' });
  await expect(page.getByRole('textbox', { name: '账号' })).toBeVisible();
  // A new device has no school yet: the bind-school popup opens by itself (or from 去绑定).
  const unbound = page.getByRole('button', { name: /尚未绑定学校/ });
  if ((await unbound.isVisible()) || (await code.isVisible())) {
    if (!(await code.waitFor({ state: 'visible', timeout: 5000 }).then(() => true, () => false))) await unbound.click();
    await code.fill(SCHOOL);
    await page.getByRole('button', { name: '确定' }).click();
    await expect(code).toBeHidden();
  }
  await page.getByRole('textbox', { name: '账号' }).fill(account);
  await page.getByRole('textbox', { name: '密码' }).fill(password);
  // The agreement: a checkbox role when the page exposes one, else its label text.
  const agree = page.getByRole('checkbox');
  if ((await agree.count()) > 0) await agree.first().check();
  else await page.getByText('我已阅读并同意').click();
  await page.getByRole('button', { name: '登录', exact: true }).click();
  await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/$/);
  await expect(page.getByText('工作台').first()).toBeVisible();
}
