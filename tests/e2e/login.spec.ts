import { createHash } from 'node:crypto';
import { installShell, KEYS, pushedPaths, recordPushes, loginThroughUi, PASSWORD, resetSandbox, shellMessages, storageValue, toast, mainLayout } from './app.support';
import { CPU_THROTTLE, expect, snap, test, TOASTS } from './support';

const md5 = (s: string) => createHash('md5').update(s, 'utf8').digest('hex');

test.beforeEach(async ({ request }) => {
  await resetSandbox(request);
});

test.describe('bind-school popup', () => {
  test('manual code: 请输入识别码 when empty, the server Msg for an unknown code, then the school is bound', async ({ page }) => {
    await page.goto('login');
    const code = page.getByRole('textbox', { name: '识别码' });
    await expect(code).toBeVisible();
    await page.getByRole('button', { name: '确定' }).click();
    await expect(toast(page, '请输入识别码')).toBeVisible();

    await code.fill('no-such-school');
    await page.getByRole('button', { name: '确定' }).click();
    // The sandbox lookup answers { Result: false, Msg: '识别码不存在' }: its Msg is shown.
    await expect(toast(page, '识别码不存在')).toBeVisible();
    await expect(code).toHaveValue('no-such-school');

    await code.fill('  demo ');
    await page.getByRole('button', { name: '确定' }).click();
    await expect(code).toBeHidden();
    await expect(page.getByRole('button', { name: /未来校园示范学校/ })).toBeVisible();
    expect(JSON.parse((await storageValue(page, KEYS.school)) ?? '{}')).toMatchObject({ code: 'demo', tenantCode: 'demo' });
    await expect(page.locator(TOASTS)).toHaveCount(0, { timeout: 5000 * CPU_THROTTLE });
    await page.getByRole('textbox', { name: '账号' }).fill('t1001');
    await snap(page, 'login');
  });

  test('识别码无效 when the lookup answers no Result and no Msg', async ({ page }) => {
    await page.route('**/sandbox/school-lookup?**', (route) => route.fulfill({ json: { Result: false, Data: null, Msg: '' } }));
    await page.goto('login');
    await page.getByRole('textbox', { name: '识别码' }).fill('whatever');
    await page.getByRole('button', { name: '确定' }).click();
    await expect(toast(page, '识别码无效')).toBeVisible();
  });

  test('a school for the native app only gives 请使用小渔未来校园App outside the shell', async ({ page }) => {
    await page.goto('login');
    await page.getByRole('textbox', { name: '识别码' }).fill('pc-only');
    await page.getByRole('button', { name: '确定' }).click();
    await expect(toast(page, '请使用小渔未来校园App')).toBeVisible();
    await snap(page, 'login-use-native-app');
  });

  test('inside the shell the same school binds, and scanning uses the native scanner', async ({ page }) => {
    await installShell(page, { scanText: 'pc-only' });
    await page.goto('login');
    await page.getByRole('button', { name: '扫码绑定' }).click();
    await expect(page.getByRole('textbox', { name: '识别码' })).toBeHidden();
    await expect(page.getByRole('button', { name: /未来校园电脑端学校/ })).toBeVisible();
    const sent = await shellMessages(page);
    expect(sent.some((m) => m.type === 'scan')).toBe(true);
  });

  test('outside the shell, scanning opens the scanner page, which comes back with ?code=', async ({ page }) => {
    await recordPushes(page);
    await page.goto('login');
    await page.getByRole('button', { name: '扫码绑定' }).click();
    await expect.poll(() => pushedPaths(page)).toContainEqual(expect.stringMatching(/^\/scanner\?/));
    const scanner = (await pushedPaths(page)).find((p) => p.startsWith('/scanner?')) ?? '';
    expect(new URLSearchParams(scanner.split('?')[1]).get('redirect')).toBe('/login');
    // What the scanner page does after a scan: back to the login page with the code.
    await page.goto('login?code=demo');
    await expect(page.getByRole('button', { name: /未来校园示范学校/ })).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
  });

  test('the popup can be reopened to switch school', async ({ page }) => {
    await page.goto('login?code=demo');
    await page.getByRole('button', { name: /切换学校/ }).click();
    await expect(page.getByRole('heading', { name: '绑定学校' })).toBeVisible();
  });
});

test.describe('account and password', () => {
  test('the agreement, account and password messages, in that order', async ({ page }) => {
    await page.goto('login?code=demo');
    const submit = page.getByRole('button', { name: '登录', exact: true });
    await submit.click();
    await expect(toast(page, '请先阅读并同意《服务条款》和《隐私政策》')).toBeVisible();

    await page.getByRole('checkbox').check();
    await page.getByRole('textbox', { name: '账号' }).fill('   ');
    await submit.click();
    await expect(toast(page, '账号不能为空')).toBeVisible();

    await page.getByRole('textbox', { name: '账号' }).fill('t1001');
    await page.getByRole('textbox', { name: '密码' }).fill('  ');
    await submit.click();
    await expect(toast(page, '密码不能为空')).toBeVisible();
  });

  test('a wrong password shows the server message, keeps the input and re-enables the button', async ({ page }) => {
    await page.goto('login?code=demo');
    await page.getByRole('textbox', { name: '账号' }).fill('t1001');
    await page.getByRole('textbox', { name: '密码' }).fill('wrong-password');
    await page.getByRole('checkbox').check();
    const submit = page.getByRole('button', { name: '登录', exact: true });
    await submit.click();
    await expect(toast(page, '账号或密码错误')).toBeVisible();
    await expect(submit).toBeEnabled();
    await expect(page.getByRole('textbox', { name: '账号' })).toHaveValue('t1001');
    await expect(page.getByRole('textbox', { name: '密码' })).toHaveValue('wrong-password');
    await expect(page).toHaveURL(/\/login$/);
  });

  test('inputs are trimmed and the password travels hashed; success stores the session and goes home', async ({ page }) => {
    await page.goto('login?code=demo');
    await page.getByRole('textbox', { name: '账号' }).fill('  t1001 ');
    await page.getByRole('textbox', { name: '密码' }).fill(` ${PASSWORD}  `);
    await page.getByRole('button', { name: '显示密码' }).click();
    await expect(page.getByRole('textbox', { name: '密码' })).toHaveAttribute('type', 'text');
    await page.getByRole('checkbox').check();
    const request = page.waitForRequest('**/account/mobile-login');
    await page.getByRole('button', { name: '登录', exact: true }).click();
    const body = (await request).postDataJSON() as Record<string, string>;
    expect(body).toEqual({ account: 't1001', password: md5(PASSWORD), tenantCode: 'demo' });
    expect(JSON.stringify(body)).not.toContain(PASSWORD);
    await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/$/);
    await expect(mainLayout(page)).toBeVisible();
    expect(JSON.parse((await storageValue(page, KEYS.token)) ?? '{}')).toHaveProperty('encryptedAccessToken');
  });

  test('already signed in for the same school: the login page goes straight home', async ({ page }) => {
    await loginThroughUi(page, 't1001');
    await page.goto('login');
    await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/$/);
    // The same school's code (a QR link) also goes home; another school drops the session.
    await page.goto('login?code=demo');
    await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/$/);
    await expect(mainLayout(page)).toBeVisible();
  });

  test('terms of service and privacy policy open in the web-view page', async ({ page }) => {
    await page.goto('login?code=demo');
    await page.getByRole('button', { name: '《服务条款》' }).click();
    await expect(page).toHaveURL(/\/web-view$/);
    await expect(page.getByRole('heading', { name: '服务条款' })).toBeVisible();
    const frame = page.locator('iframe');
    await expect(frame).toHaveAttribute('sandbox', /allow-scripts/);
    await expect(page.frameLocator('iframe').getByRole('heading', { name: '未来校园服务条款' })).toBeVisible();
    await snap(page, 'web-view-terms');
    await page.getByRole('button', { name: '返回' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await page.getByRole('button', { name: '《隐私政策》' }).click();
    await expect(page.getByRole('heading', { name: '隐私政策' })).toBeVisible();
    await expect(page.frameLocator('iframe').getByRole('heading', { name: '未来校园隐私政策' })).toBeVisible();
  });
});
