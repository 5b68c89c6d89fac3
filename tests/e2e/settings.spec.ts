import { goInApp, installShell, KEYS, signIn, resetSandbox, shellMessages, storageValue, toast } from './app.support';
import { expect, snap, test } from './support';

test.beforeEach(async ({ request }) => {
  await resetSandbox(request);
});

test('设置与隐私: 注销账号 shows the support phone and the 24-hour reply', async ({ page }) => {
  await signIn(page, 't1001');
  await goInApp(page, '/page/systemSetting');
  await expect(page.getByRole('heading', { level: 1, name: '设置与隐私' })).toBeVisible();
  await expect(page.getByText('注销账号')).toBeVisible();
  await expect(page.getByRole('button', { name: '退出登录' })).toBeVisible();
  // Outside the shell there is no vibration switch; 大字模式 is everyone's.
  await expect(page.getByRole('switch', { name: '消息震动提醒' })).toHaveCount(0);
  await expect(page.getByRole('switch', { name: '大字模式' })).toHaveAttribute('aria-checked', 'false');
  await expect(page.getByText('账号与安全')).toBeVisible();
  await snap(page, 'settings');
  await page.getByText('注销账号').click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText(/400-800-1234/)).toBeVisible();
  // The number is kept whole on one line (a number broken across lines is misdialled).
  const number = dialog.locator('.cw-nowrap', { hasText: '400-800-1234' });
  await expect(number).toBeVisible();
  expect((await number.evaluate((el) => el.getClientRects().length))).toBe(1);
  await expect(dialog.getByText(/24小时内/)).toBeVisible();
  await page.waitForTimeout(400); // the dialog's fade-in
  await snap(page, 'settings-cancel-account');
  await dialog.getByText('我知道了').click();
  await expect(dialog).toBeHidden();
});

test('inside the shell the vibration switch shows the shell setting and sends changes to it', async ({ page }) => {
  await installShell(page, { vibration: true });
  await signIn(page, 't1001');
  await goInApp(page, '/page/systemSetting');
  const toggle = page.getByRole('switch', { name: '消息震动提醒' });
  await expect(toggle).toBeVisible();
  await expect(toggle).toHaveAttribute('aria-checked', 'true');
  await snap(page, 'settings-shell');
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-checked', 'false');
  await expect.poll(async () => (await shellMessages(page)).filter((m) => m.type === 'setVibration')).toEqual([
    { source: 'campus-shell', v: 1, type: 'setVibration', enabled: false },
  ]);
});

test('退出登录 asks first, then clears the session, drafts and search history and goes to login', async ({ page }) => {
  await signIn(page, 't1001');
  await page.evaluate(() => {
    window.localStorage.setItem('campus.draft.leave', '{"a":1}');
    window.localStorage.setItem('formDraft:not-me:flow:leave', '{"b":2}');
    window.localStorage.setItem('other.app.key', 'kept');
  });
  // A search term recorded through the real search page keeps the format its store owns.
  await page.getByRole('button', { name: '搜索' }).click();
  await page.getByRole('searchbox').fill('请假');
  await page.getByRole('searchbox').press('Enter');
  await expect.poll(() => storageValue(page, KEYS.history)).toContain('请假');
  await goInApp(page, '/page/systemSetting');

  await page.getByRole('button', { name: '退出登录' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText('确定要退出登录吗？')).toBeVisible();
  await dialog.getByRole('button', { name: '取消', exact: true }).click();
  await expect(page).toHaveURL(/\/page\/systemSetting$/);

  await page.getByRole('button', { name: '退出登录' }).click();
  await page.getByRole('dialog').getByRole('button', { name: '确定', exact: true }).click();
  await expect(page).toHaveURL(/\/login$/);
  expect(await storageValue(page, KEYS.token)).toBeNull();
  expect(await storageValue(page, 'campus.draft.leave')).toBeNull();
  // Another user's form draft on this device is not this user's to forget.
  expect(await storageValue(page, 'formDraft:not-me:flow:leave')).toBe('{"b":2}');
  expect(await storageValue(page, KEYS.history) ?? '').not.toContain('请假');
  expect(await storageValue(page, 'other.app.key')).toBe('kept');
  // The school stays bound: the next user of this device signs in directly.
  await expect(page.getByRole('button', { name: /未来校园示范学校/ })).toBeVisible();
  await page.goBack();
  await expect(page).toHaveURL(/\/login$/);
});

test('the vibration switch keeps its state over a reload, and the shell hears each change', async ({ page }) => {
  await installShell(page, { vibration: true });
  await signIn(page, 't1001');
  await goInApp(page, '/page/systemSetting');
  const toggle = page.getByRole('switch', { name: '消息震动提醒' });
  await expect(toggle).toHaveAttribute('aria-checked', 'true');
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-checked', 'false');
  await page.reload();
  await expect(page.getByRole('switch', { name: '消息震动提醒' })).toHaveAttribute('aria-checked', 'false');
});

test('大字模式 draws all text at 130%, is kept for the user over a reload, and goes with the user', async ({ page }) => {
  await signIn(page, 't1001');
  await goInApp(page, '/page/systemSetting');
  const rootSize = () => page.evaluate(() => parseFloat(getComputedStyle(document.documentElement).fontSize));
  const titleSize = () => page.getByRole('heading', { level: 1, name: '设置与隐私' }).evaluate((el) => parseFloat(getComputedStyle(el).fontSize));
  expect(await rootSize()).toBe(16);
  const normal = await titleSize();
  const toggle = page.getByRole('switch', { name: '大字模式' });
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-checked', 'true');
  await expect.poll(rootSize).toBeCloseTo(20.8, 1);
  expect(await titleSize()).toBeCloseTo(normal * 1.3, 0);
  await snap(page, 'settings-large-text');
  await page.reload();
  await expect(page.getByRole('switch', { name: '大字模式' })).toHaveAttribute('aria-checked', 'true');
  await expect.poll(rootSize).toBeCloseTo(20.8, 1);
  // Signed out, the login page is drawn at the normal size: the choice is the user's.
  await page.getByRole('button', { name: '退出登录' }).click();
  await page.getByRole('dialog').getByRole('button', { name: '确定', exact: true }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect.poll(rootSize).toBe(16);
});

test('账号与安全 in 设置 for an enterprise user (type 4, no profile page): 修改密码 through the verification', async ({ page }) => {
  await signIn(page, 'e4001');
  await goInApp(page, '/?tab=me');
  await page.getByText('设置与隐私').click();
  await expect(page).toHaveURL(/\/page\/systemSetting$/);
  await page.getByText('修改密码', { exact: true }).click();
  await expect(page).toHaveURL(/\/page\/security\?type=1&userType=4$/);
  await page.getByRole('radio', { name: '账户密码' }).click();
  await page.getByPlaceholder('请输入登录密码').fill('Campus2026');
  await page.getByRole('button', { name: '确定' }).click();
  await expect(page).toHaveURL(/\/page\/editPassword\?userType=4$/);
  await page.getByRole('textbox', { name: '原密码' }).fill('Campus2026');
  await page.getByRole('textbox', { name: '新密码' }).fill('Better2027');
  await page.getByRole('textbox', { name: '确认密码' }).fill('Better2027');
  await page.getByRole('button', { name: '确认修改' }).click();
  await expect(toast(page, '修改成功')).toBeVisible();
  // Back where the user started: 设置.
  await expect(page).toHaveURL(/\/page\/systemSetting$/);
});

test('账号与安全 leads to 更换手机号 for every user type', async ({ page }) => {
  await signIn(page, 'e4001');
  await goInApp(page, '/page/systemSetting');
  await page.getByText('更换手机号', { exact: true }).click();
  await expect(page).toHaveURL(/\/page\/editPhone\?/);
  await expect(page.getByRole('heading', { name: /安全验证|修改手机号/ })).toBeVisible();
});
