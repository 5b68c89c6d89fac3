import { DEMO_ACCOUNTS } from '../../sandbox/seed/accounts';
import { loginThroughUi, resetSandbox, mainLayout } from './app.support';
import { expect, test } from './support';

test.beforeEach(async ({ request }) => {
  await resetSandbox(request);
});

// Each demo account can log in through the real login call.
for (const account of DEMO_ACCOUNTS) {
  test(`demo account ${account.account} (${account.name}) logs in through the login page`, async ({ page }) => {
    const login = page.waitForResponse('**/account/mobile-login');
    await loginThroughUi(page, account.account, account.password);
    expect((await login).status()).toBe(200);
    await expect(mainLayout(page)).toBeVisible();
    await page.getByText('我的', { exact: true }).click();
    await expect(page.getByText(account.name).first()).toBeVisible();
  });
}
