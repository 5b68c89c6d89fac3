import { goInApp, loginThroughUi } from './app.support';
import { test } from './support';
test('debug', async ({ page }) => {
  await loginThroughUi(page, 'p3001');
  await goInApp(page, '/page/bindStudent');
  await page.getByRole('button', { name: '与学生关系' }).click();
  await page.waitForTimeout(800);
  const picker = page.locator('.adm-picker:visible');
  await picker.getByText('妈妈', { exact: true }).click();
  await page.waitForTimeout(800);
  console.log(await picker.locator('.adm-picker-view-column-item-active').textContent());
  await picker.getByText('外婆', { exact: true }).click({ force: true });
  await page.waitForTimeout(800);
  console.log(await picker.locator('.adm-picker-view-column-item-active').textContent());
});
