import { expect, snap, test } from './support';

test('the built app opens in a 390x844 viewport and shows the login page', async ({ page }) => {
  await page.goto('./');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('heading', { name: '欢迎登录' })).toBeVisible();
  await expect(page.getByRole('button', { name: '登录' })).toBeVisible();
  expect(page.viewportSize()).toEqual({ width: 390, height: 844 });
  await snap(page, 'login');
});
