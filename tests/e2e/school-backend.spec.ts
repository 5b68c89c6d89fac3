/**
 * Any school's backend (docs/config.md `calls`, `smsCodeLength`; docs/decided-calls.md):
 * the calls the spec leaves unnamed answer where config.json says, a backend without
 * one degrades the feature instead of failing, and SMS codes may have 4 to 8 digits.
 * The sandbox stands for such a backend (POST /sandbox/admin/variant moves its routes,
 * sets the code length); config.json is the build's with the test's keys on top.
 */
import type { Page, Request } from '@playwright/test';
import { admin, goInApp, resetSandbox, signIn, smsCode, toast, typeCode } from './app.support';
import { expect, snap, test } from './support';

const DECIDED = {
  todoCategories: '/v1/saas-system-service/api/todo-matter/category',
  securitySettings: '/v1/saas-system-service/api/user-info/security-setting',
  checkPassword: '/v1/saas-system-service/api/user-info/check-password',
};

test.beforeEach(async ({ request }) => {
  await resetSandbox(request);
});
// The variant lives until a reset: the next file of this worker finds the decided backend.
test.afterEach(async ({ request }) => {
  await resetSandbox(request);
});

/** config.json as the build has it, with `extra` on top. */
async function serveConfig(page: Page, extra: Record<string, unknown>): Promise<void> {
  await page.route('**/config.json', async (route) => {
    const response = await route.fetch();
    await route.fulfill({ response, json: { ...((await response.json()) as object), ...extra } });
  });
}

const cells = (page: Page) => page.getByRole('group', { name: '验证码' }).locator('.adm-passcode-input');

const dropdownTitles = (page: Page) => page.locator('.cw-todo-list__filters .adm-dropdown-item-title');
const methodRadio = (page: Page, name: string) => page.getByRole('radio', { name });

async function openTodoList(page: Page): Promise<void> {
  await goInApp(page, '/page/todo');
  await expect(page.getByRole('heading', { name: '待办事项' })).toBeVisible();
  await expect(page.locator('.cw-todo-card').first()).toBeVisible();
}

test('a config.json that moves the to-do categories and the security settings: the app asks there and works', async ({ page, request }) => {
  const moved = { todoCategories: '/api/school-x/todo/categories', securitySettings: '/api/school-x/account/security' };
  await admin(request, 'variant', {
    moves: [
      { from: DECIDED.todoCategories, to: moved.todoCategories },
      { from: DECIDED.securitySettings, to: moved.securitySettings },
    ],
  });
  await serveConfig(page, { calls: moved });
  const asked: string[] = [];
  page.on('request', (r: Request) => asked.push(new URL(r.url()).pathname));
  await signIn(page, 't1001');

  // The category dropdown reads the moved call and filters by it.
  await openTodoList(page);
  await expect(dropdownTitles(page)).toHaveCount(2);
  await expect(dropdownTitles(page).nth(1)).toHaveText('全部分类');
  await dropdownTitles(page).nth(1).click();
  for (const label of ['全部分类', '个人待办', '审批待办', '抄送待阅']) {
    await expect(page.locator('.adm-dropdown-popup').getByText(label, { exact: true })).toBeVisible();
  }
  const [filtered] = await Promise.all([
    page.waitForRequest((r) => /\/todo-matter\?/.test(r.url()) && new URL(r.url()).searchParams.get('type') === '1'),
    page.locator('.adm-dropdown-popup').getByText('审批待办', { exact: true }).click(),
  ]);
  expect(filtered.method()).toBe('GET');
  await expect(dropdownTitles(page).nth(1)).toHaveText('审批待办');
  await snap(page, 'school-backend-moved-categories');

  // 王老师's school asks for the password first (passwordVerification 1): read at the moved path.
  await goInApp(page, '/page/profile');
  await page.getByText('修改密码', { exact: true }).click();
  await expect(page).toHaveURL(/\/page\/security\?type=1&userType=1$/);
  await expect(methodRadio(page, '账户密码')).toBeChecked();
  await page.getByPlaceholder('请输入登录密码').fill('Campus2026');
  await page.getByRole('button', { name: '确定' }).click();
  await expect(page).toHaveURL(/\/page\/editPassword\?userType=1$/);

  expect(asked).toContain(moved.todoCategories);
  expect(asked).toContain(moved.securitySettings);
  expect(asked).not.toContain(DECIDED.todoCategories);
  expect(asked).not.toContain(DECIDED.securitySettings);
});

test('a backend without the categories, the security settings and the password check: no category dropdown, and SMS verification gets through', async ({ page, request }) => {
  // Two calls at paths this backend does not have (404), the password check not implemented (501).
  await serveConfig(page, { calls: { todoCategories: '/api/school-y/todo/categories', securitySettings: '/api/school-y/account/security' } });
  await admin(request, 'fault', { path: '/user-info/check-password', status: 501, times: -1, message: '未实现' });
  await signIn(page, 't1001');

  // Only the sort dropdown: no 全部分类 alone.
  await openTodoList(page);
  await expect(dropdownTitles(page)).toHaveCount(1);
  await expect(dropdownTitles(page).first()).toHaveText('创建时间降序');
  await expect(page.getByText('全部分类')).toHaveCount(0);
  await snap(page, 'school-backend-no-categories');

  // The settings call is missing: 短信验证 first, 账户密码 still offered until its check turns out missing too.
  await goInApp(page, '/page/profile');
  await page.getByText('修改密码', { exact: true }).click();
  await expect(page).toHaveURL(/\/page\/security\?type=1&userType=1$/);
  await expect(methodRadio(page, '短信验证')).toBeChecked();
  await methodRadio(page, '账户密码').click();
  await page.getByPlaceholder('请输入登录密码').fill('Campus2026');
  await page.getByRole('button', { name: '确定' }).click();
  await expect(toast(page, '暂不支持账户密码验证，请使用短信验证')).toBeVisible();
  await expect(methodRadio(page, '账户密码')).toHaveCount(0);
  await expect(methodRadio(page, '短信验证')).toBeChecked();
  await snap(page, 'school-backend-sms-only');

  await page.getByRole('button', { name: '下一步' }).click();
  await expect(page.getByText('验证码已发送至 138****1234')).toBeVisible();
  await typeCode(page, await smsCode(request, '13812341234'));
  await expect(page).toHaveURL(/\/page\/editPassword\?userType=1$/);

  // Another visit in the same session offers 短信验证 alone from the start.
  await goInApp(page, '/page/security?type=1&userType=1');
  await expect(methodRadio(page, '短信验证')).toBeChecked();
  await expect(methodRadio(page, '账户密码')).toHaveCount(0);
});

test.describe('a 4-digit SMS code (config.json smsCodeLength 4)', () => {
  test.beforeEach(async ({ page, request }) => {
    await admin(request, 'variant', { smsCodeLength: 4 });
    await serveConfig(page, { smsCodeLength: 4 });
    await signIn(page, 's2001');
  });

  test('filling the four cells submits the code', async ({ page, request }) => {
    await goInApp(page, '/page/security?type=2&userType=2');
    await expect(methodRadio(page, '短信验证')).toBeChecked();
    await page.getByRole('button', { name: '下一步' }).click();
    await expect(page.getByText('验证码已发送至 150****0001')).toBeVisible();
    await expect(cells(page).locator('.adm-passcode-input-cell')).toHaveCount(4);
    const confirm = page.getByRole('button', { name: '确定' });
    await expect(confirm).toBeDisabled();
    await snap(page, 'school-backend-sms-4');

    const code = await smsCode(request, '15012340001');
    expect(code).toMatch(/^\d{4}$/);
    const [verify] = await Promise.all([page.waitForRequest((r: Request) => r.url().endsWith('/user-info/verify')), typeCode(page, code)]);
    expect(verify.postDataJSON()).toEqual({ code, verifyType: 1 });
    await expect(page).toHaveURL(/\/page\/editPhone\?nowStep=2&type=2&userType=2$/);
  });

  test('确定 sends a full code only, and sends it again after the network lost the first try', async ({ page, request }) => {
    await goInApp(page, '/page/editPhone?nowStep=2&userType=2');
    await page.getByRole('textbox', { name: '请输入新手机号' }).fill('13700004444');
    await page.getByRole('button', { name: '下一步' }).click();
    await expect(page.getByText('验证码已发送至 13700004444')).toBeVisible();
    const code = await smsCode(request, '13700004444');
    expect(code).toMatch(/^\d{4}$/);

    const sent: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/user-info/verify-code')) sent.push(new URL(r.url()).searchParams.get('code') ?? '');
    });
    const confirm = page.getByRole('button', { name: '确定' });
    await typeCode(page, code.slice(0, 3));
    await expect(confirm).toBeDisabled();
    expect(sent).toEqual([]);

    // The fourth digit submits; the network drops that request: the code stays for 确定.
    await page.route('**/user-info/verify-code**', (route) => route.abort('internetdisconnected'), { times: 1 });
    await page.keyboard.type(code.slice(3));
    await expect(toast(page, '网络不可用，请检查网络后重试')).toBeVisible();
    await expect(confirm).toBeEnabled();
    const [again] = await Promise.all([page.waitForRequest((r) => r.url().includes('/user-info/verify-code')), confirm.click()]);
    expect(new URL(again.url()).searchParams.get('code')).toBe(code);
    await expect(toast(page, '修改成功')).toBeVisible();
    expect(sent).toEqual([code, code]);
  });
});
