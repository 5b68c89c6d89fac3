import { goInApp, loginThroughUi, resetSandbox } from './app.support';
import { expect, test } from './support';

test('scratch: detail', async ({ page, request }) => {
  await resetSandbox(request);
  await loginThroughUi(page, 't1002');
  await goInApp(page, '/page/approvalCenter');
  await page.getByRole('article', { name: '王老师的请假申请' }).getByRole('button').first().click();
  await page.waitForTimeout(1500);
  await page.screenshot({ path: '/tmp/apx/detail.png', fullPage: true });
  await page.getByRole('button', { name: '同意', exact: true }).click();
  await page.waitForTimeout(1500);
  await page.screenshot({ path: '/tmp/apx/pass.png', fullPage: true });
  await page.getByRole('button', { name: '流程图' }).click().catch(() => undefined);
});
