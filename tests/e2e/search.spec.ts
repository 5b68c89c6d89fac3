import type { Page } from '@playwright/test';
import { resetSandbox, toast, signIn } from './app.support';
import { expect, snap, test } from './support';

/** The overdue deadline's colour (theme.css --cw-danger-text, 4.5:1 on white). */
const OVERDUE_RED = 'rgb(207, 31, 44)';

/**
 * Global search (/search, SPEC point 2 "Global search", point 4 "Search", point 5, point
 * 9): the bar with 取消, recent searches with the clear-all confirm, the 500 ms delay and
 * the 100-character cut, the tabs 应用 and 待办 with the default-tab rule, the highlighted
 * keyword, the to-do rows and their buttons, and 暂无相关内容.
 */

/** Opens search as a user does: the search icon of the home top bar. */
async function openSearch(page: Page, account = 't1001'): Promise<void> {
  await signIn(page, account);
  await page.getByRole('button', { name: '搜索', exact: true }).click();
  await expect(page).toHaveURL(/\/search$/);
}

const box = (page: Page) => page.getByPlaceholder('搜索应用、待办');
const results = (page: Page) => page.getByRole('region', { name: '搜索结果' });
const resultTab = (page: Page, name: '应用' | '待办') => results(page).getByRole('tab', { name, exact: true });
const todoRow = (page: Page, name: string) => results(page).getByRole('listitem', { name });
const searches = (page: Page): string[] => {
  const names: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/menu/home-search')) names.push(new URL(r.url()).searchParams.get('name') ?? '');
  });
  return names;
};

test.beforeEach(async ({ request }) => {
  await resetSandbox(request);
});

test('thousands of apps found are shown a step at a time as the user scrolls, to the last', async ({ page }) => {
  const many = Array.from({ length: 3000 }, (_, i) => ({ id: `app-${i}`, code: `app-${i}`, name: `申请${i + 1}`, useAppType: 1, content: 'https://example.com/', iconImage: '' }));
  await page.route('**/menu/home-search**', (route) => route.fulfill({ json: { menu: [], useApp: many, todoMatter: [] } }));
  await openSearch(page);
  await box(page).fill('申请');
  const found = results(page).getByRole('list', { name: '应用' }).getByRole('listitem');
  await expect(found.first()).toHaveText('申请1');
  expect(await found.count()).toBe(30);
  await expect(async () => {
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    expect(await found.count()).toBe(3000);
  }).toPass();
  await expect(found.last()).toHaveText('申请3000');
});

test('apps found: the 应用 tab opens first, names highlighted, the default icon for an app without one', async ({ page }) => {
  await openSearch(page);
  await box(page).fill('申请');
  await expect(resultTab(page, '应用')).toHaveAttribute('aria-selected', 'true');
  const apps = results(page).getByRole('list', { name: '应用' });
  await expect(apps.getByRole('button')).toHaveText(['请假申请', '采购申请', '用印申请']);
  await expect(apps.locator('mark')).toHaveText(['申请', '申请', '申请']);
  await snap(page, 'search-results');

  await box(page).fill('指南');
  await expect(results(page).getByRole('button', { name: '办事指南' })).toBeVisible();
  await expect(results(page).getByTestId('default-app-icon')).toHaveCount(1);

  // An app opens by the shared rule: a web link in the web-view page.
  await results(page).getByRole('button', { name: '办事指南' }).click();
  await expect(page).toHaveURL(/\/web-view$/);
  await expect(page.getByRole('heading', { name: '办事指南' })).toBeVisible();
});

test('only to-dos found: the 待办 tab opens first with deadline, executor, creation time and 完成待办', async ({ page }) => {
  await openSearch(page);
  await box(page).fill('家长会');
  await expect(resultTab(page, '待办')).toHaveAttribute('aria-selected', 'true');
  const row = todoRow(page, '准备家长会材料');
  await expect(row.locator('mark')).toHaveText('家长会');
  await expect(row.getByText(/^执行人：王老师$/)).toBeVisible();
  await expect(row.getByText(/^创建时间：\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/)).toBeVisible();
  await expect(row.getByText(/^完成时间/)).toHaveCount(0);

  // The apps tab of this search is empty.
  await resultTab(page, '应用').click();
  await expect(results(page).getByText('暂无相关内容').filter({ visible: true })).toBeVisible();
  await resultTab(page, '待办').click();

  // 完成待办: make-state 1, 已完成1条待办, and the row refreshes as done on the same tab.
  const made = page.waitForRequest((r) => r.url().includes('/todo-matter/make-state'));
  await row.getByRole('button', { name: '完成待办' }).click();
  expect((await made).postDataJSON()).toMatchObject({ state: 1 });
  await expect(toast(page, '已完成1条待办')).toBeVisible();
  await expect(row.getByRole('button', { name: '查看详情' })).toBeVisible();
  await expect(row.getByText(/^完成时间：\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/)).toBeVisible();
  await expect(resultTab(page, '待办')).toHaveAttribute('aria-selected', 'true');

  // 查看详情 of a plain to-do opens the to-do page.
  await row.getByRole('button', { name: '查看详情' }).click();
  await expect(page).toHaveURL(/\/page\/todo\/add\?todoId=[^&]+$/);
});

test('a timed-out to-do shows its deadline in red; a done one shows 查看详情 and its completion time', async ({ page }) => {
  await openSearch(page);
  await box(page).fill('教');
  await expect(todoRow(page, '上交教案').getByRole('button', { name: '查看详情' })).toBeVisible();
  await expect(todoRow(page, '提交期中教学检查表').getByRole('button', { name: '完成待办' })).toBeVisible();
  await snap(page, 'search-todos');

  await box(page).fill('考勤');
  const late = todoRow(page, '填报学生考勤');
  const deadline = late.getByText(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
  await expect(deadline).toHaveCSS('color', OVERDUE_RED);
  await expect(late.getByRole('button', { name: '完成待办' })).toBeVisible();

  await box(page).fill('作业');
  const done = todoRow(page, '批改作业');
  await expect(done.getByRole('button', { name: '查看详情' })).toBeVisible();
  await expect(done.getByText(/^完成时间：/)).toBeVisible();
  await expect(done.getByText(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/)).not.toHaveCSS('color', OVERDUE_RED);
});

test('an approval-type to-do offers 查看详情, which opens the approval page', async ({ page }) => {
  await openSearch(page);
  await box(page).fill('学籍');
  await resultTab(page, '待办').click();
  const row = todoRow(page, '张三的学籍信息变更');
  const opened = page.waitForURL(/\/page\/approvalCenter\/flowApproval\?FlowRunId=[^&]+&type=\d+&tab=\d+$/);
  await row.getByRole('button', { name: '查看详情' }).click();
  await opened;
});

test('nothing found: 暂无相关内容 on both tabs', async ({ page }) => {
  await openSearch(page);
  await box(page).fill('没有这样的内容');
  await expect(resultTab(page, '待办')).toHaveAttribute('aria-selected', 'true');
  await expect(results(page).getByText('暂无相关内容').filter({ visible: true })).toBeVisible();
  await resultTab(page, '应用').click();
  await expect(results(page).getByText('暂无相关内容').filter({ visible: true })).toHaveCount(1);
  await expect(resultTab(page, '应用')).toHaveAttribute('aria-selected', 'true');
  await snap(page, 'search-empty');
});

test('typing searches once, 500 ms after the last key; blanks never search; the keyword is cut to 100 characters', async ({ page }) => {
  await openSearch(page);
  const names = searches(page);
  await box(page).pressSequentially('申请', { delay: 120 });
  await expect(results(page).getByRole('button', { name: '请假申请' })).toBeVisible();
  expect(names).toEqual(['申请']);

  // Quick keys then 0.3 s: nothing asked yet; the search goes once the typing rests.
  await box(page).fill('');
  await box(page).pressSequentially('课表', { delay: 50 });
  await page.waitForTimeout(300);
  expect(names).toEqual(['申请']);
  await expect(results(page).getByRole('button', { name: '课表查询' })).toBeVisible();
  expect(names).toEqual(['申请', '课表']);

  await box(page).fill('     ');
  await page.waitForTimeout(800);
  expect(names).toEqual(['申请', '课表']);

  await box(page).fill('长'.repeat(120));
  await expect.poll(() => names.length).toBe(3);
  expect(names[2]).toBe('长'.repeat(100));
  expect((await box(page).inputValue()).length).toBe(100);
});

test('recent searches: chips after searches, a chip searches at once, clear-all asks 提示 / 确定删除所有搜索记录？', async ({ page }) => {
  await openSearch(page);
  await expect(page.getByText('暂无搜索记录')).toBeVisible();
  await box(page).fill('申请');
  await expect(results(page).getByRole('button', { name: '请假申请' })).toBeVisible();
  await box(page).fill('教学资料');
  await expect(resultTab(page, '待办')).toHaveAttribute('aria-selected', 'true');

  // Clearing the text returns to the history, newest first.
  // antd-mobile's clear control is a labelled div, not a button.
  await page.getByLabel('清除', { exact: true }).click();
  const history = page.getByRole('region', { name: '最近搜索' });
  await expect(history.getByRole('button', { name: /^(申请|教学资料)$/ })).toHaveText(['教学资料', '申请']);
  await snap(page, 'search-history');

  await history.getByRole('button', { name: '申请', exact: true }).click();
  await expect(box(page)).toHaveValue('申请');
  await expect(results(page).getByRole('button', { name: '请假申请' })).toBeVisible();

  // The history is per user and stays after leaving search.
  await page.getByRole('button', { name: '取消' }).click();
  await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/$/);
  await page.getByRole('button', { name: '搜索', exact: true }).click();
  const again = page.getByRole('region', { name: '最近搜索' });
  await expect(again.getByRole('button', { name: '申请', exact: true })).toBeVisible();

  await again.getByRole('button', { name: '清空搜索记录' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText('提示')).toBeVisible();
  await expect(dialog.getByText('确定删除所有搜索记录？')).toBeVisible();
  await dialog.getByRole('button', { name: '取消' }).click();
  await expect(again.getByRole('button', { name: '申请', exact: true })).toBeVisible();

  await again.getByRole('button', { name: '清空搜索记录' }).click();
  await page.getByRole('dialog').getByRole('button', { name: '确定' }).click();
  await expect(page.getByText('暂无搜索记录')).toBeVisible();
  await expect(again.getByRole('button', { name: '申请', exact: true })).toHaveCount(0);
});

test('取消 goes back to where search was opened', async ({ page }) => {
  await openSearch(page);
  await box(page).fill('申请');
  await page.getByRole('button', { name: '取消' }).click();
  await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/$/);
  await expect(page.getByRole('region', { name: '我的应用' })).toBeVisible();
});

test('a failed search or 完成待办 shows the server message; the button works again', async ({ page }) => {
  await openSearch(page);
  await page.request.post('sandbox/admin/fault', { data: { path: '/menu/home-search', status: 500, message: '搜索服务繁忙' } });
  await box(page).fill('家长会');
  await expect(toast(page, '搜索服务繁忙')).toBeVisible();
  await box(page).fill('家长');
  const row = todoRow(page, '准备家长会材料');
  await expect(row).toBeVisible();
  await page.request.post('sandbox/admin/fault', { data: { path: '/todo-matter/make-state', status: 500, message: '操作过于频繁' } });
  await row.getByRole('button', { name: '完成待办' }).click();
  await expect(toast(page, '操作过于频繁')).toBeVisible();
  await expect(row.getByRole('button', { name: '完成待办' })).toBeEnabled();
});
