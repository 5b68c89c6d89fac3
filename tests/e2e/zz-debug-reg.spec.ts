import { goInApp, loginThroughUi } from './app.support';
import { test } from './support';
test('debug', async ({ page }) => {
  await loginThroughUi(page, 't1001');
  await goInApp(page, '/page/security?type=1&userType=1');
  await page.waitForTimeout(2000);
  console.log(await page.locator('.cw-security').innerHTML());
  console.log(JSON.stringify(await page.accessibility?.snapshot?.() ?? null).slice(0, 3000));
});
