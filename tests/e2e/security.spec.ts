/**
 * Security verification, change password and change phone (SPEC point 2 "Account and
 * security", points 4 "Phone change", 5, 8, 9): page/security with 账户密码 or 短信验证
 * by the settings call, page/editPassword with the school's policy, page/editPhone with
 * its three steps, the auto-submitted code and the 60 s resend countdown (00:SS). SMS
 * codes are read from the sandbox's admin route.
 */
import type { APIRequestContext, Page, Request } from '@playwright/test';
import { createHash } from 'node:crypto';
import { goInApp, signIn, resetSandbox, smsCode, toast, typeCode } from './app.support';
import { expect, snap, test } from './support';

test.beforeEach(async ({ request }) => {
  await resetSandbox(request);
});

const md5 = (text: string) => createHash('md5').update(text).digest('hex');

async function sentTimes(request: APIRequestContext, phone: string): Promise<string[]> {
  const list = (await (await request.get('sandbox/admin/sms')).json()) as Array<{ phone: string; sentAt: string }>;
  return list.filter((s) => s.phone === phone).map((s) => s.sentAt);
}

const methodRadio = (page: Page, name: string) => page.getByRole('radio', { name });

test.describe('page/security', () => {
  test('password by default (passwordVerification 1): 请输入密码, 密码错误, then type 1 goes to editPassword', async ({ page }) => {
    await signIn(page, 't1001');
    await goInApp(page, '/page/profile');
    await page.getByText('修改密码', { exact: true }).click();
    await expect(page).toHaveURL(/\/page\/security\?type=1&userType=1$/);
    await expect(page.getByRole('heading', { name: '安全验证' })).toBeVisible();
    await expect(methodRadio(page, '账户密码')).toBeChecked();
    await expect(methodRadio(page, '短信验证')).not.toBeChecked();
    await snap(page, 'security');

    const confirm = page.getByRole('button', { name: '确定' });
    await confirm.click();
    await expect(toast(page, '请输入密码')).toBeVisible();

    const password = page.getByRole('textbox', { name: '账户密码' }).or(page.getByPlaceholder('请输入登录密码'));
    await password.fill('wrong-password');
    const [check] = await Promise.all([page.waitForRequest((r: Request) => r.url().endsWith('/user-info/check-password')), confirm.click()]);
    expect(check.postDataJSON()).toEqual({ password: md5('wrong-password') });
    await expect(toast(page, '密码错误')).toBeVisible();
    await expect(confirm).toBeEnabled();

    await password.fill('Campus2026');
    await confirm.click();
    await expect(page).toHaveURL(/\/page\/editPassword\?userType=1$/);
    await expect(page.getByRole('heading', { name: '修改密码' })).toBeVisible();
    // The security page was replaced: back goes to the profile edit.
    await page.getByRole('button', { name: '返回' }).click();
    await expect(page).toHaveURL(/\/page\/profile$/);
  });

  test('SMS by default (passwordVerification 0): 下一步 sends a code, the code auto-submits, type 2 goes to editPhone step 2', async ({ page, request }) => {
    await signIn(page, 's2001');
    await goInApp(page, '/page/security?type=2&userType=2');
    await expect(methodRadio(page, '短信验证')).toBeChecked();
    await expect(page.getByText('验证码将发送至 150****0001')).toBeVisible();
    await page.getByRole('button', { name: '下一步' }).click();
    await expect(page.getByText('验证码已发送至 150****0001')).toBeVisible();
    await expect(page.getByText(/^00:(60|5\d) 后可重新发送$/)).toBeVisible();

    // A wrong code: the server's string, the cells cleared.
    const code = await smsCode(request, '15012340001');
    const wrong = code === '000000' ? '111111' : '000000';
    await typeCode(page, wrong);
    await expect(toast(page, '验证码错误')).toBeVisible();

    const [verify] = await Promise.all([page.waitForRequest((r: Request) => r.url().endsWith('/user-info/verify')), typeCode(page, code)]);
    expect(verify.postDataJSON()).toEqual({ code, verifyType: 1 });
    await expect(page).toHaveURL(/\/page\/editPhone\?nowStep=2&type=2&userType=2$/);
    await expect(page.getByRole('heading', { name: '修改手机号' })).toBeVisible();
    await expect(page.getByRole('textbox', { name: '请输入新手机号' })).toBeVisible();
  });

  test('the method can be switched; SMS needs a bound phone (请先绑定手机号)', async ({ page }) => {
    await signIn(page, 's2003');
    await goInApp(page, '/page/security?type=1&userType=2');
    await expect(methodRadio(page, '短信验证')).toBeChecked();
    await expect(page.getByText('未绑定手机号')).toBeVisible();
    await page.getByRole('button', { name: '下一步' }).click();
    await expect(toast(page, '请先绑定手机号')).toBeVisible();
    await methodRadio(page, '账户密码').click();
    await expect(page.getByRole('button', { name: '确定' })).toBeVisible();
    await page.getByPlaceholder('请输入登录密码').fill('Campus2026');
    await page.getByRole('button', { name: '确定' }).click();
    await expect(page).toHaveURL(/\/page\/editPassword/);
  });
});

test.describe('page/editPassword', () => {
  async function open(page: Page): Promise<void> {
    await signIn(page, 't1001');
    await goInApp(page, '/page/profile');
    await goInApp(page, '/page/editPassword');
    await expect(page.getByRole('heading', { name: '修改密码' })).toBeVisible();
  }
  const fill = async (page: Page, oldPassword: string, newPassword: string, confirm: string) => {
    await page.getByRole('textbox', { name: '原密码' }).fill(oldPassword);
    await page.getByRole('textbox', { name: '新密码' }).fill(newPassword);
    await page.getByRole('textbox', { name: '确认密码' }).fill(confirm);
    await page.getByRole('button', { name: '确认修改' }).click();
  };

  test('the policy hint and every rule, in order', async ({ page }) => {
    await open(page);
    // The sandbox school: at least 8 characters, digits and letters (mask 3).
    await expect(page.getByText('登录密码由8-32位， 包含数字、字母组成')).toBeVisible();
    await snap(page, 'edit-password');
    const cases: Array<[string, string, string, string]> = [
      ['', '', '', '请输入原密码'],
      ['Campus2026', '', '', '请输入新密码'],
      ['Campus2026', 'abc12345', '', '请输入确认密码'],
      ['Campus2026', 'abc12345', 'abc123456', '两次输入的密码不一致'],
      ['Campus2026', 'abc123', 'abc123', '密码长度必须在8-32位之间'],
      ['Campus2026', '12345678', '12345678', '密码必须包含字母'],
      ['Campus2026', 'abcdefgh', 'abcdefgh', '密码必须包含数字'],
    ];
    for (const [oldPassword, newPassword, confirm, message] of cases) {
      await fill(page, oldPassword, newPassword, confirm);
      await expect(toast(page, message)).toBeVisible();
      await expect(toast(page, message)).toBeHidden();
    }
    // At most 32 characters can be typed.
    await page.getByRole('textbox', { name: '新密码' }).fill('a1'.repeat(20));
    await expect(page.getByRole('textbox', { name: '新密码' })).toHaveValue('a1'.repeat(16));
  });

  test('a wrong old password is the server message; success sends hashes, says 修改成功 and goes back', async ({ page, request }) => {
    await open(page);
    await fill(page, 'NotMyPassword1', 'Better2027', 'Better2027');
    await expect(toast(page, '原密码错误')).toBeVisible();
    await expect(page.getByRole('textbox', { name: '新密码' })).toHaveValue('Better2027');

    const [req] = await Promise.all([
      page.waitForRequest((r: Request) => r.url().endsWith('/user-info/password')),
      fill(page, 'Campus2026', 'Better2027', 'Better2027'),
    ]);
    expect(req.postDataJSON()).toEqual({ oldPassword: md5('Campus2026'), newPassword: md5('Better2027') });
    expect(req.postData()).not.toContain('Better2027');
    await expect(toast(page, '修改成功')).toBeVisible();
    await expect(page).toHaveURL(/\/page\/profile$/);

    const login = await request.post('v1/saas-identity-service/api/account/mobile-login', {
      data: { account: 't1001', password: md5('Better2027'), tenantCode: 'demo' },
    });
    expect(login.ok()).toBeTruthy();
  });
});

test.describe('page/editPhone', () => {
  test('three steps: 安全验证 with the current phone, 修改手机号 with the new one, the code auto-submits; 修改成功', async ({ page, request }) => {
    // 赵校长's school does not ask him to verify: step 1 leads straight to step 2.
    await signIn(page, 't1003');
    await goInApp(page, '/page/profile');
    await page.getByText('手机号', { exact: true }).click();
    await expect(page).toHaveURL(/\/page\/editPhone\?phoneNum=137\*\*\*\*9999&userType=1$/);
    await expect(page.getByRole('heading', { name: '安全验证' })).toBeVisible();
    await expect(page.getByText('当前绑定的手机号')).toBeVisible();
    await expect(page.getByText('137****9999')).toBeVisible();
    await page.getByRole('button', { name: '下一步' }).click();

    await expect(page.getByRole('heading', { name: '修改手机号' })).toBeVisible();
    const input = page.getByRole('textbox', { name: '请输入新手机号' });
    await input.fill('1234');
    await page.getByRole('button', { name: '下一步' }).click();
    await expect(toast(page, '请输入正确的手机号')).toBeVisible();
    // A phone another account uses: the server's string as a toast.
    await input.fill('13912345678');
    await page.getByRole('button', { name: '下一步' }).click();
    await expect(toast(page, '该手机号已被其他账号绑定')).toBeVisible();
    await expect(input).toHaveValue('13912345678');

    await input.fill('13700001234');
    await page.getByRole('button', { name: '下一步' }).click();
    await expect(page.getByText('验证码已发送至 13700001234')).toBeVisible();
    await expect(page.getByText(/^00:(60|5\d) 后可重新发送$/)).toBeVisible();
    await expect(toast(page, '该手机号已被其他账号绑定')).toBeHidden();
    await snap(page, 'edit-phone');

    const code = await smsCode(request, '13700001234');
    await typeCode(page, code === '000000' ? '111111' : '000000');
    await expect(toast(page, '验证码错误')).toBeVisible();
    const [req] = await Promise.all([page.waitForRequest((r: Request) => r.url().includes('/user-info/verify-code')), typeCode(page, code)]);
    const url = new URL(req.url());
    expect([url.searchParams.get('phoneNum'), url.searchParams.get('code')]).toEqual(['13700001234', code]);
    await expect(toast(page, '修改成功')).toBeVisible();
    await expect(page).toHaveURL(/\/page\/profile$/);
    await expect(page.getByText('137****1234')).toBeVisible();
  });

  test('the resend countdown runs 60 s as 00:SS, then 重新发送 sends another code', async ({ page, request }) => {
    await page.clock.install();
    await signIn(page, 't1003');
    await goInApp(page, '/page/editPhone?nowStep=2&userType=1');
    await page.getByRole('textbox', { name: '请输入新手机号' }).fill('13700005678');
    // Time stands still from here; only runFor moves it.
    await page.clock.pauseAt(Date.now() + 2000);
    await page.getByRole('button', { name: '下一步' }).click();
    await expect(page.getByText('00:60 后可重新发送')).toBeVisible();
    await page.clock.runFor(1000);
    await expect(page.getByText('00:59 后可重新发送')).toBeVisible();
    await page.clock.runFor(50_000);
    await expect(page.getByText('00:09 后可重新发送')).toBeVisible();
    await expect(page.getByRole('button', { name: '重新发送' })).toHaveCount(0);
    await page.clock.runFor(9_000);
    await expect(page.getByRole('button', { name: '重新发送' })).toBeVisible();

    // The sandbox keeps its own 60 s window between codes.
    const before = await sentTimes(request, '13700005678');
    expect(before).toHaveLength(1);
    await request.post('sandbox/admin/clock', { data: { advanceMs: 61_000 } });
    const [sent] = await Promise.all([
      page.waitForRequest((r: Request) => r.url().includes('/send-verify-code?')),
      page.getByRole('button', { name: '重新发送' }).click(),
    ]);
    expect(new URL(sent.url()).searchParams.get('phoneNum')).toBe('13700005678');
    await expect(page.getByText('00:60 后可重新发送')).toBeVisible();
    await expect.poll(async () => (await sentTimes(request, '13700005678')).some((t) => !before.includes(t))).toBe(true);
  });

  test('a second code within the server window shows its string', async ({ page }) => {
    await signIn(page, 't1003');
    await goInApp(page, '/page/editPhone?nowStep=2&userType=1');
    const input = page.getByRole('textbox', { name: '请输入新手机号' });
    await input.fill('13700009999');
    await page.getByRole('button', { name: '下一步' }).click();
    await expect(page.getByText('验证码已发送至 13700009999')).toBeVisible();
    // Back to step 2 on a fresh page and again at once: 验证码发送过于频繁，请稍后再试.
    await goInApp(page, '/page/profile');
    await expect(page.getByRole('heading', { name: '编辑资料' })).toBeVisible();
    await goInApp(page, '/page/editPhone?nowStep=2&userType=1');
    await page.getByRole('textbox', { name: '请输入新手机号' }).fill('13700009999');
    await page.getByRole('button', { name: '下一步' }).click();
    await expect(toast(page, '验证码发送过于频繁，请稍后再试')).toBeVisible();
    await expect(page.getByRole('textbox', { name: '请输入新手机号' })).toHaveValue('13700009999');
  });

  test('when a verification is required, step 1 goes to the security page, which continues at step 2', async ({ page }) => {
    await signIn(page, 't1001');
    await goInApp(page, '/page/profile');
    await goInApp(page, '/page/editPhone?userType=1');
    await expect(page.getByText('138****1234')).toBeVisible();
    await page.getByRole('button', { name: '下一步' }).click();
    await expect(page).toHaveURL(/\/page\/security\?type=2&userType=1$/);
    await page.getByPlaceholder('请输入登录密码').fill('Campus2026');
    await page.getByRole('button', { name: '确定' }).click();
    await expect(page).toHaveURL(/\/page\/editPhone\?nowStep=2&type=2&userType=1$/);
    await expect(page.getByRole('textbox', { name: '请输入新手机号' })).toBeVisible();
    // Both the step-1 page and the security page were replaced: back goes to the profile edit.
    await page.getByRole('button', { name: '返回' }).click();
    await expect(page).toHaveURL(/\/page\/profile$/);
  });

  test('no phone bound: 修改手机号 and 未绑定手机号', async ({ page }) => {
    await signIn(page, 's2003');
    await goInApp(page, '/page/editPhone?userType=2');
    await expect(page.getByRole('heading', { name: '修改手机号' })).toBeVisible();
    await expect(page.getByText('未绑定手机号')).toBeVisible();
  });
});
