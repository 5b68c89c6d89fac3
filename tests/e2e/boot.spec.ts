import { expect, snap, test } from './support';

test('the built app opens in a 390x844 viewport, lands on the login page and asks for the school first', async ({ page }) => {
  await page.goto('./');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('heading', { name: '欢迎登录' })).toBeVisible();
  await expect(page.getByRole('button', { name: '登录', exact: true })).toBeVisible();
  // No school bound yet: the bind-school popup is open.
  await expect(page.getByRole('heading', { name: '绑定学校' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: '识别码' })).toHaveAttribute('placeholder', '请输入识别码');
  expect(page.viewportSize()).toEqual({ width: 390, height: 844 });
  await snap(page, 'login-bind-school');
});
