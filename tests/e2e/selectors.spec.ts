/**
 * The selector pages (SPEC point 2 page/picker, page/listPicker, selectors; point 4
 * "Selector"; point 5 "items with type not 0 are disabled when the tab is not
 * selectable"; point 6 dataPower; point 9 page sizes 30 and 10) against the sandbox's
 * select components, signed in through the UI as 王老师 (t1001). The pages are opened as
 * a picker field or the next-step chooser opens them: a key in the address, the request
 * in the selection channel, or (opened by a link, as here) in the query.
 */
import type { Page, Request } from '@playwright/test';
import { goInApp, PASSWORD, resetSandbox, SCHOOL } from './app.support';
import { expect, snap, test } from './support';

test.beforeEach(async ({ request }) => {
  await resetSandbox(request);
});

const row = (page: Page, name: string) => page.locator('.cw-sel-item').filter({ hasText: name });
const runBody = (r: Request) => (r.postDataJSON() ?? {}) as { id?: string; pageCount?: number; maxResultCount?: number; eventConfigSelect?: boolean; dataJson?: { eventConfigFields?: { key: string; value: string }[] } };
const field = (r: Request, key: string) => runBody(r).dataJson?.eventConfigFields?.find((f) => f.key === key)?.value;
const isRun = (r: Request) => r.method() === 'POST' && r.url().includes('/event-config/run');

async function open(page: Page, path: string): Promise<void> {
  // A fresh browser has no school yet: bind it in the popup, then sign in.
  await page.goto('login');
  const code = page.getByRole('textbox', { name: '识别码' });
  await expect(code).toBeVisible();
  await code.fill(SCHOOL);
  await page.getByRole('button', { name: '确定' }).click();
  await expect(code).toBeHidden();
  await page.getByRole('textbox', { name: '账号' }).fill('t1001');
  await page.getByRole('textbox', { name: '密码' }).fill(PASSWORD);
  await page.getByRole('checkbox').check();
  await page.getByRole('button', { name: '登录', exact: true }).click();
  await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/$/);
  await goInApp(page, path);
}

test('people picker: tabs, disabled levels, drill down and back, select all, search, confirm', async ({ page }) => {
  const first = page.waitForRequest(isRun);
  await open(page, '/page/picker?key=e2e-people&code=people&dataPower=0');
  await expect(page.getByRole('heading', { name: '选择人员' })).toBeVisible();
  const req = await first;
  expect(runBody(req)).toMatchObject({ id: 'ec-people-org', pageCount: 1, maxResultCount: 30, eventConfigSelect: false });
  expect(field(req, 'parentId')).toBe('00000000-0000-0000-0000-000000000000');
  expect(field(req, 'dataPower')).toBe('0');

  // Tabs from selectComponentExtendSets; the switched-off 群组 tab is left out.
  await expect(page.getByRole('tab')).toHaveText(['组织架构', '教职工', '学生']);
  // Organisation levels cannot be chosen on this tab (type not 0, tab not selectable).
  await expect(row(page, '高一年级').getByRole('checkbox')).toBeDisabled();

  await row(page, '高一年级').getByRole('button', { name: '下级 高一年级' }).click();
  await row(page, '高一(1)班').getByRole('button', { name: '下级 高一(1)班' }).click();
  await expect(page.getByRole('navigation')).toContainText('高一年级');
  await expect(page.getByRole('navigation')).toContainText('高一(1)班');
  await expect(page.locator('.cw-sel-item')).toHaveText([/张三/, /李四/]);

  await page.getByRole('checkbox', { name: '全选' }).check();
  await expect(page.getByRole('button', { name: '已选择2项' })).toBeVisible();
  await snap(page, 'selector-picker');

  // Back one level, then search the whole tab (10 a page).
  await page.getByRole('button', { name: '返回' }).click();
  await expect(page.locator('.cw-sel-item')).toHaveText([/高一\(1\)班/, /高一\(2\)班/]);
  const searched = page.waitForRequest((r) => isRun(r) && runBody(r).eventConfigSelect === true);
  await page.getByRole('searchbox').fill('王');
  await page.getByRole('searchbox').press('Enter');
  const search = await searched;
  expect(runBody(search)).toMatchObject({ id: 'ec-people-search', maxResultCount: 10 });
  expect(field(search, 'filter')).toBe('王');
  await row(page, '王老师').getByRole('checkbox').check();
  await expect(page.getByRole('button', { name: '已选择3项' })).toBeVisible();

  // The chosen list can be reviewed and trimmed.
  await page.getByRole('button', { name: '已选择3项' }).click();
  await page.getByRole('button', { name: '移除 李四' }).click();
  await page.locator('.adm-mask').click({ position: { x: 20, y: 20 } });
  await expect(page.getByRole('button', { name: '已选择2项' })).toBeVisible();

  await page.getByRole('button', { name: '确定' }).click();
  await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/$/);
});

test('another tab (students); single choice replaces the choice', async ({ page }) => {
  await open(page, '/page/picker?key=e2e-single&code=people&multiple=0');
  await page.getByRole('tab', { name: '学生' }).click();
  await row(page, '高一年级').getByRole('button', { name: '下级 高一年级' }).click();
  await row(page, '高一(1)班').getByRole('button', { name: '下级 高一(1)班' }).click();
  await row(page, '张三').getByRole('checkbox').check();
  await row(page, '李四').getByRole('checkbox').check();
  await expect(row(page, '张三').getByRole('checkbox')).not.toBeChecked();
  await expect(page.getByRole('button', { name: '已选择1项' })).toBeVisible();
  await expect(page.getByRole('checkbox', { name: '全选' })).toHaveCount(0);
});

test('dataPower 1 narrows the staff selector to the user’s own department', async ({ page }) => {
  const first = page.waitForRequest(isRun);
  await open(page, '/page/picker?key=e2e-power&code=staff&dataPower=1');
  expect(field(await first, 'dataPower')).toBe('1');
  await expect(page.getByRole('heading', { name: '选择教职工' })).toBeVisible();
  await expect(page.locator('.cw-sel-item')).toHaveText([/李主任/, /王老师/]);
});

test('contacts-style list picker with search (page/listPicker)', async ({ page }) => {
  const first = page.waitForRequest(isRun);
  await open(page, '/page/listPicker?key=e2e-list&code=people');
  expect(runBody(await first)).toMatchObject({ id: 'ec-people-search', maxResultCount: 10, eventConfigSelect: true });
  await expect(page.locator('.cw-sel-item')).toHaveCount(9);
  await expect(page.getByRole('navigation')).toHaveCount(0);
  await page.getByRole('searchbox').fill('李');
  await page.getByRole('searchbox').press('Enter');
  await expect(page.locator('.cw-sel-item')).toHaveText([/李主任/, /李四/]);
  await row(page, '李主任').getByRole('checkbox').check();
  await snap(page, 'selector-list-picker');
  await page.getByRole('button', { name: '确定' }).click();
  await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/$/);
});

test('keyed selection page and its errors: 未找到对应组件, 获取失败，请稍后重试', async ({ page }) => {
  await open(page, '/selectors/e2e-keyed?code=asset');
  await expect(page.getByRole('heading', { name: '选择资产' })).toBeVisible();
  await row(page, '信息化设备').getByRole('button', { name: '下级 信息化设备' }).click();
  await row(page, '计算机').getByRole('button', { name: '下级 计算机' }).click();
  // A scrapped asset is disabled by the server.
  await expect(row(page, '旧台式机').getByRole('checkbox')).toBeDisabled();

  await goInApp(page, '/page/picker?key=e2e-none');
  await expect(page.getByText('未找到对应组件')).toBeVisible();
  await goInApp(page, '/page/picker?key=e2e-bad&code=nope');
  await expect(page.getByText('获取失败，请稍后重试')).toBeVisible();
  await expect(page.getByRole('button', { name: '返回' }).last()).toBeVisible();
  await snap(page, 'selector-error');
});
