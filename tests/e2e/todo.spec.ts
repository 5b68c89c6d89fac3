/**
 * To-dos (SPEC point 2 "To-do list and form", points 4, 5, 8, 9) against the sandbox in
 * the mobile viewport: signed in through the UI as 王老师 (t1001, 20+ open to-dos, a few
 * approval to-dos) and moved around inside the app as the app itself does.
 */
import type { Page, Request } from '@playwright/test';
import { goInApp, installShell, signIn, resetSandbox, shellMessages, toast, mainLayout } from './app.support';
import { expect, snap, test, TOASTS } from './support';

test.beforeEach(async ({ request }) => {
  await resetSandbox(request);
});

const card = (page: Page, name: string) => page.getByRole('article', { name, exact: true });
const cards = (page: Page) => page.locator('.cw-todo-card');

/** The next list request (GET todo-matter with a State) after `action`. */
async function listRequestAfter(page: Page, action: () => Promise<unknown>): Promise<URL> {
  const [req] = await Promise.all([
    page.waitForRequest((r: Request) => r.method() === 'GET' && /\/todo-matter\?/.test(r.url()) && new URL(r.url()).searchParams.has('State')),
    action(),
  ]);
  return new URL(req.url());
}

async function openList(page: Page, account = 't1001'): Promise<void> {
  await signIn(page, account);
  await goInApp(page, '/page/todo');
  await expect(page.getByRole('heading', { name: '待办事项' })).toBeVisible();
  await expect(cards(page).first()).toBeVisible();
}

async function pickDeadline(page: Page): Promise<void> {
  await page.getByRole('button', { name: '截止时间' }).click();
  const picker = page.locator('.adm-picker');
  await expect(picker).toBeVisible();
  await picker.getByText('确定', { exact: true }).click();
  await expect(picker).toBeHidden();
}

test.describe('the list', () => {
  test('search box, tabs with the unread count, sort and category dropdowns, add button', async ({ page, request }) => {
    await openList(page);
    await expect(page.getByPlaceholder('搜索待办名称')).toBeVisible();
    const tabs = page.getByRole('tablist');
    await expect(tabs.getByRole('tab', { name: /待我处理/ })).toBeVisible();
    await expect(tabs.getByRole('tab', { name: '我已处理' })).toBeVisible();
    await expect(tabs.getByRole('tab', { name: '我创建的' })).toBeVisible();
    // The unread count is the tab-count call's noReadNum of 待我处理.
    const token = await page.evaluate(() => JSON.parse(localStorage.getItem('campus.token') ?? '{}').encryptedAccessToken as string);
    const counts = (await (await request.get('v1/saas-system-service/api/todo-matter/tabs-num', { headers: { Authorization: `Bearer ${token}` } })).json()) as Array<{ noReadNum: number }>;
    expect(counts[0]!.noReadNum).toBeGreaterThan(0);
    await expect(tabs.getByRole('tab', { name: /待我处理/ }).locator('.adm-badge')).toHaveText(String(counts[0]!.noReadNum));

    // Default sort: creation time descending; the category default 全部分类.
    await expect(page.locator('.adm-dropdown-item-title').nth(0)).toHaveText('创建时间降序');
    await expect(page.locator('.adm-dropdown-item-title').nth(1)).toHaveText('全部分类');
    await expect(cards(page)).toHaveCount(20);
    await expect(page.getByRole('button', { name: '新建待办' })).toBeVisible();
    await snap(page, 'todo-list');

    await page.locator('.adm-dropdown-item-title').nth(0).click();
    for (const label of ['截止时间升序', '截止时间降序', '创建时间升序', '创建时间降序', '更新时间升序', '更新时间降序']) {
      await expect(page.locator('.adm-dropdown-popup').getByText(label, { exact: true })).toBeVisible();
    }
    await page.locator('.adm-dropdown-item-title').nth(0).click();
    await page.locator('.adm-dropdown-item-title').nth(1).click();
    for (const label of ['全部分类', '个人待办', '审批待办', '抄送待阅']) {
      await expect(page.locator('.adm-dropdown-popup').getByText(label, { exact: true })).toBeVisible();
    }
  });

  test('loads 20 at a time: scrolling to the end loads the next page, then 没有更多了', async ({ page }) => {
    await openList(page);
    await expect(cards(page)).toHaveCount(20);
    const next = await listRequestAfter(page, () => page.locator('.adm-infinite-scroll').scrollIntoViewIfNeeded());
    expect(next.searchParams.get('SkipCount')).toBe('20');
    expect(next.searchParams.get('MaxResultCount')).toBe('20');
    await expect(page.getByText('没有更多了')).toBeVisible();
    expect(await cards(page).count()).toBeGreaterThan(20);
  });

  test('the first page asks State 0, CreationTime desc, 20 items; search narrows by name', async ({ page }) => {
    await signIn(page, 't1001');
    // Home's to-do widget asks the same call (10 a page): its items are on screen before the list is opened.
    await expect(page.getByRole('region', { name: '待办事项' }).getByRole('listitem').first()).toBeVisible();
    const first = await listRequestAfter(page, () => goInApp(page, '/page/todo'));
    expect(Object.fromEntries(first.searchParams)).toMatchObject({ State: '0', SkipCount: '0', MaxResultCount: '20', Sorting: 'CreationTime desc' });
    await expect(cards(page)).toHaveCount(20);

    const search = page.getByPlaceholder('搜索待办名称');
    await search.fill('  家长会 ');
    const searched = await listRequestAfter(page, () => search.press('Enter'));
    expect(searched.searchParams.get('Filter')).toBe('家长会');
    await expect(cards(page)).toHaveCount(1);
    await expect(card(page, '准备家长会材料')).toBeVisible();

    await search.fill('没有这样的待办');
    await search.press('Enter');
    await expect(page.getByText('暂无待办')).toBeVisible();
  });

  test('sorting by deadline ascending and filtering by category ask the server for them', async ({ page }) => {
    await openList(page);
    await page.locator('.adm-dropdown-item-title').nth(0).click();
    const sorted = await listRequestAfter(page, () => page.locator('.adm-dropdown-popup').getByText('截止时间升序', { exact: true }).click());
    expect(sorted.searchParams.get('Sorting')).toBe('EndTime asc');
    await expect(page.locator('.adm-dropdown-item-title').nth(0)).toHaveText('截止时间升序');
    // The earliest deadline first: the overdue 填报学生考勤 (deadline yesterday).
    await expect(cards(page).first()).toHaveAttribute('aria-label', '填报学生考勤');

    await page.locator('.adm-dropdown-item-title').nth(1).click();
    const filtered = await listRequestAfter(page, () => page.locator('.adm-dropdown-popup').getByText('审批待办', { exact: true }).click());
    expect(filtered.searchParams.get('type')).toBe('1');
    await expect(page.locator('.adm-dropdown-item-title').nth(1)).toHaveText('审批待办');
    await expect(card(page, '张三的学籍信息变更')).toBeVisible();
    const tags = await cards(page).locator('.cw-todo-card__tag').allTextContents();
    expect(tags.length).toBeGreaterThan(0);
    expect(tags.every((t) => t === '审批')).toBe(true);
  });

  test('tabs: 我已处理 lists done items (State 1), 我创建的 mine (State 2)', async ({ page }) => {
    await openList(page);
    const done = await listRequestAfter(page, () => page.getByRole('tab', { name: '我已处理' }).click());
    expect(done.searchParams.get('State')).toBe('1');
    await expect(card(page, '批改作业')).toBeVisible();
    await expect(card(page, '批改作业').getByRole('checkbox')).toBeChecked();
    const mine = await listRequestAfter(page, () => page.getByRole('tab', { name: '我创建的' }).click());
    expect(mine.searchParams.get('State')).toBe('2');
    await expect(card(page, '准备家长会材料')).toBeVisible();
  });

  test('checking an item completes it (已完成1条待办) and reloads; unchecking restores it (已恢复1条待办)', async ({ page }) => {
    await openList(page);
    const item = card(page, '准备家长会材料');
    const reload = listRequestAfter(page, () => item.getByRole('checkbox', { name: '完成 准备家长会材料' }).click());
    await expect(toast(page, '已完成1条待办')).toBeVisible();
    expect((await reload).searchParams.get('SkipCount')).toBe('0');
    await expect(item).toBeHidden();

    await page.getByRole('tab', { name: '我已处理' }).click();
    await expect(card(page, '准备家长会材料')).toBeVisible();
    await card(page, '准备家长会材料').getByRole('checkbox', { name: '恢复 准备家长会材料' }).click();
    await expect(toast(page, '已恢复1条待办')).toBeVisible();
    await expect(card(page, '准备家长会材料')).toBeHidden();
    await page.getByRole('tab', { name: /待我处理/ }).click();
    await expect(card(page, '准备家长会材料')).toBeVisible();
  });

  test('an approval-type item opens the approval page (FlowRunId, type, tab from its data) instead of toggling', async ({ page }) => {
    await openList(page);
    await page.getByPlaceholder('搜索待办名称').fill('学籍信息变更');
    await page.getByPlaceholder('搜索待办名称').press('Enter');
    const item = card(page, '张三的学籍信息变更');
    await expect(item).toBeVisible();
    let madeState = false;
    page.on('request', (r) => {
      if (r.url().includes('make-state')) madeState = true;
    });
    await item.getByRole('checkbox', { name: '办理 张三的学籍信息变更' }).click();
    await expect(page).toHaveURL(/\/page\/approvalCenter\/flowApproval\?FlowRunId=3a11f000-0000-4000-8000-000000000088&type=1&tab=0$/);
    expect(madeState).toBe(false);

    // Tapping its body leads there too.
    await goInApp(page, '/page/todo');
    await page.getByPlaceholder('搜索待办名称').fill('学籍信息变更');
    await page.getByPlaceholder('搜索待办名称').press('Enter');
    await card(page, '张三的学籍信息变更').getByRole('button').first().click();
    await expect(page).toHaveURL(/flowApproval\?FlowRunId=3a11f000-0000-4000-8000-000000000088&type=1&tab=0$/);
  });

  test('pull to refresh reloads page 1 and the tab counts', async ({ page }) => {
    await openList(page);
    const cdp = await page.context().newCDPSession(page);
    const touch = (type: 'touchStart' | 'touchMove' | 'touchEnd', y: number) =>
      cdp.send('Input.dispatchTouchEvent', { type, touchPoints: type === 'touchEnd' ? [] : [{ x: 195, y }] });
    const tabsCall = page.waitForRequest((r) => r.url().includes('/todo-matter/tabs-num'));
    const reload = listRequestAfter(page, async () => {
      await touch('touchStart', 260);
      for (let y = 280; y <= 560; y += 20) await touch('touchMove', y);
      await touch('touchEnd', 560);
    });
    expect((await reload).searchParams.get('SkipCount')).toBe('0');
    await tabsCall;
    await expect(cards(page)).toHaveCount(20);
  });
});

test.describe('the form', () => {
  test('add: 请输入待办名称, name max 20, the deadline picker, reminder rules, saved with minute precision', async ({ page }) => {
    await openList(page);
    await page.getByRole('button', { name: '新建待办' }).click();
    await expect(page).toHaveURL(/\/page\/todo\/add$/);
    await expect(page.getByRole('heading', { name: '新建待办' })).toBeVisible();
    await expect(page.getByRole('button', { name: '保存' })).toBeVisible();
    await expect(page.getByRole('button', { name: '删除' })).toHaveCount(0);

    await page.getByRole('button', { name: '保存' }).click();
    await expect(page.getByRole('alert').filter({ hasText: '请输入待办名称' })).toBeVisible();

    const name = page.getByRole('textbox', { name: '待办名称' });
    await name.fill('一二三四五六七八九十一二三四五六七八九十多出的字');
    await expect(name).toHaveValue('一二三四五六七八九十一二三四五六七八九十');
    await name.fill('家访安排');
    await expect(page.getByRole('alert')).toHaveCount(0);
    await page.getByRole('textbox', { name: '待办描述' }).fill('周五下午走访三位学生家庭。');
    await expect(page.getByText('13/2000')).toBeVisible();

    // No deadline: neither the switch nor the minutes.
    await expect(page.getByRole('switch', { name: '截止提醒' })).toHaveCount(0);
    await pickDeadline(page);
    const reminder = page.getByRole('switch', { name: '截止提醒' });
    await expect(reminder).toBeVisible();
    await expect(reminder).toHaveAttribute('aria-checked', 'false');
    await expect(page.getByRole('spinbutton')).toHaveCount(0);
    await reminder.click();
    const minutes = page.getByRole('spinbutton');
    await expect(minutes).toHaveValue('15');
    await minutes.fill('1');
    await minutes.blur();
    await expect(minutes).toHaveValue('5');
    await minutes.fill('99999');
    await minutes.blur();
    await expect(minutes).toHaveValue('2880');
    await minutes.fill('30');
    await minutes.blur();

    // Clearing the deadline turns the reminder off; a new deadline starts with it off.
    await page.getByRole('button', { name: '清除截止时间' }).click();
    await expect(page.getByRole('switch', { name: '截止提醒' })).toHaveCount(0);
    await pickDeadline(page);
    await expect(page.getByRole('switch', { name: '截止提醒' })).toHaveAttribute('aria-checked', 'false');
    await page.getByRole('switch', { name: '截止提醒' }).click();
    await expect(page.getByRole('spinbutton')).toHaveValue('30');
    await page.locator('input[type=file]').setInputFiles({
      name: '家访记录表.docx',
      mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      buffer: Buffer.alloc(23 * 1024, 7),
    });
    await expect(page.getByRole('list', { name: 'files' }).getByText('23KB')).toBeVisible();
    await expect(page.locator(TOASTS)).toHaveCount(0);
    await snap(page, 'todo-add');

    const [create] = await Promise.all([
      page.waitForRequest((r) => r.method() === 'POST' && /\/todo-matter$/.test(new URL(r.url()).pathname)),
      page.getByRole('button', { name: '保存' }).click(),
    ]);
    const body = create.postDataJSON() as { name: string; endTime: string; remindNum: number | null; matterDescribe: string; files: Array<{ name: string; size: number }> };
    expect(body).toMatchObject({ name: '家访安排', matterDescribe: '周五下午走访三位学生家庭。', remindNum: 30 });
    expect(body.files).toMatchObject([{ name: '家访记录表.docx', size: 23 * 1024 }]);
    expect(body.endTime).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:00$/);
    await expect(toast(page, '保存成功')).toBeVisible();
    await expect(page).toHaveURL(/\/page\/todo$/);
    await expect(card(page, '家访安排')).toBeVisible();
  });

  test('the reminder switched off sends null minutes', async ({ page }) => {
    await openList(page);
    await page.getByRole('button', { name: '新建待办' }).click();
    await page.getByRole('textbox', { name: '待办名称' }).fill('不提醒的待办');
    await pickDeadline(page);
    await page.getByRole('switch', { name: '截止提醒' }).click();
    await page.getByRole('switch', { name: '截止提醒' }).click();
    const [create] = await Promise.all([
      page.waitForRequest((r) => r.method() === 'POST' && /\/todo-matter$/.test(new URL(r.url()).pathname)),
      page.getByRole('button', { name: '保存' }).click(),
    ]);
    expect(create.postDataJSON()).toMatchObject({ name: '不提醒的待办', remindNum: null });
    await expect(toast(page, '保存成功')).toBeVisible();
  });

  test('a failed save shows the server message, keeps the input and re-enables 保存; the draft survives a reload', async ({ page, request }) => {
    await openList(page);
    await page.getByRole('button', { name: '新建待办' }).click();
    await page.getByRole('textbox', { name: '待办名称' }).fill('草稿中的待办');
    await page.getByRole('textbox', { name: '待办描述' }).fill('还没写完');
    await request.post('sandbox/admin/fault', { data: { path: '/todo-matter', method: 'POST', status: 500, message: '服务器开小差了' } });
    await page.getByRole('button', { name: '保存' }).click();
    await expect(toast(page, '服务器开小差了')).toBeVisible();
    await expect(page.getByRole('textbox', { name: '待办名称' })).toHaveValue('草稿中的待办');
    await expect(page.getByRole('button', { name: '保存' })).toBeEnabled();

    // A reload of the app: the add form comes back with the draft.
    await page.goto('./');
    await expect(mainLayout(page)).toBeVisible();
    await goInApp(page, '/page/todo/add');
    await expect(page.getByRole('textbox', { name: '待办名称' })).toHaveValue('草稿中的待办');
    await expect(page.getByRole('textbox', { name: '待办描述' })).toHaveValue('还没写完');
    await page.getByRole('button', { name: '保存' }).click();
    await expect(toast(page, '保存成功')).toBeVisible();
    // Saved: the next add form starts empty.
    await goInApp(page, '/page/todo/add');
    await expect(page.getByRole('heading', { name: '新建待办' })).toBeVisible();
    await expect(page.getByRole('textbox', { name: '待办名称' })).toHaveValue('');
  });

  test('attachments upload with progress; a failure shows 上传失败 and 重试; rename, online edit and delete', async ({ page, request }) => {
    await openList(page);
    await page.getByRole('button', { name: '新建待办' }).click();
    await page.getByRole('textbox', { name: '待办名称' }).fill('带附件的待办');
    // 添加附件 opens the picker, and the hash's worker starts while the user chooses.
    const md5Workers: string[] = [];
    page.on('worker', (w) => {
      if (/\/assets\/md5\.worker-[\w-]+\.js$/.test(w.url())) md5Workers.push(w.url());
    });
    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: '添加附件' }).click();
    await expect.poll(() => md5Workers.length).toBe(1);
    await (await chooser).setFiles({ name: '会议纪要.txt', mimeType: 'text/plain', buffer: Buffer.from('会议纪要：\n1. 期中考试安排\n'.repeat(40)) });
    const input = page.locator('input[type=file]');
    const files = page.getByRole('list', { name: 'files' });
    await expect(files.getByText('会议纪要.txt')).toBeVisible();
    await expect(files.getByText(/^\d+KB$/)).toBeVisible();

    await request.post('sandbox/admin/fault', { data: { path: '/upload-file/obs-config', status: 500 } });
    await input.setInputFiles({ name: '失败的文件.txt', mimeType: 'text/plain', buffer: Buffer.from('will fail once') });
    await expect(files.getByText('上传失败')).toBeVisible();
    await expect(toast(page, '上传失败')).toBeVisible();
    await files.getByRole('button', { name: '重试' }).click();
    await expect(files.getByText('上传失败')).toBeHidden();
    await expect(files.getByText('失败的文件.txt')).toBeVisible();

    // 修改文件名: required, not blank, at most 40; the extension is kept.
    await page.getByRole('button', { name: '更多操作 会议纪要.txt' }).click();
    await page.getByText('修改文件名', { exact: true }).click();
    const dialog = page.getByRole('dialog');
    const box = dialog.getByRole('textbox', { name: '文件名' });
    await expect(box).toHaveValue('会议纪要');
    await expect(dialog.getByText('.txt')).toBeVisible();
    await box.fill('');
    await dialog.getByRole('button', { name: '确定' }).click();
    await expect(dialog.getByRole('alert')).toHaveText('请输入文件名');
    await box.fill('   ');
    await dialog.getByRole('button', { name: '确定' }).click();
    await expect(dialog.getByRole('alert')).toHaveText('文件名不能为空');
    await box.fill('名'.repeat(41));
    await dialog.getByRole('button', { name: '确定' }).click();
    await expect(dialog.getByRole('alert')).toHaveText('文件名不能超过40个字符');
    await box.fill('期中会议纪要');
    await dialog.getByRole('button', { name: '确定' }).click();
    await expect(files.getByText('期中会议纪要.txt')).toBeVisible();

    // Delete: 确认删除 / 是否删除此文件？, then 删除成功.
    await page.getByRole('button', { name: '更多操作 失败的文件.txt' }).click();
    await page.getByText('删除', { exact: true }).click();
    const confirm = page.getByRole('dialog');
    await expect(confirm.getByText('确认删除')).toBeVisible();
    await expect(confirm.getByText('是否删除此文件？')).toBeVisible();
    await confirm.getByRole('button', { name: '确定' }).click();
    await expect(toast(page, '删除成功')).toBeVisible();
    await expect(files.getByText('失败的文件.txt')).toBeHidden();

    const [create] = await Promise.all([
      page.waitForRequest((r) => r.method() === 'POST' && /\/todo-matter$/.test(new URL(r.url()).pathname)),
      page.getByRole('button', { name: '保存' }).click(),
    ]);
    const sent = create.postDataJSON() as { files: Array<{ name: string; url: string }> };
    expect(sent.files.map((f) => f.name)).toEqual(['期中会议纪要.txt']);
    await expect(toast(page, '保存成功')).toBeVisible();

    // The saved item shows it; online edit opens page/onlineEditing with the editor in a frame.
    await card(page, '带附件的待办').getByRole('button').first().click();
    await expect(page.getByRole('heading', { name: '编辑待办' })).toBeVisible();
    await page.getByRole('button', { name: '更多操作 期中会议纪要.txt' }).click();
    await page.getByText('在线编辑', { exact: true }).click();
    await expect(page).toHaveURL(/\/page\/onlineEditing\?url=/);
    await expect(page.locator('iframe.cw-file-frame')).toHaveAttribute('src', /\/sandbox\/preview\?mode=edit/);
  });

  test('detail of an open item: edit and save, 完成 makes it read-only with only 删除 and 恢复, 恢复 reopens it', async ({ page }) => {
    await openList(page);
    await card(page, '提交期中教学检查表').getByRole('button').first().click();
    await expect(page).toHaveURL(/\/page\/todo\/add\?todoId=/);
    await expect(page.getByRole('heading', { name: '编辑待办' })).toBeVisible();
    await expect(page.getByRole('textbox', { name: '待办名称' })).toHaveValue('提交期中教学检查表');
    await expect(page.getByRole('switch', { name: '截止提醒' })).toHaveAttribute('aria-checked', 'true');
    await expect(page.getByRole('spinbutton')).toHaveValue('30');
    await expect(page.getByRole('list', { name: 'files' }).getByText('期中教学检查表.txt')).toBeVisible();
    for (const label of ['删除', '完成', '保存']) await expect(page.getByRole('button', { name: label, exact: true })).toBeVisible();

    await page.getByRole('textbox', { name: '待办描述' }).fill('按教务处模板填写后，周三前提交。');
    const [put] = await Promise.all([
      page.waitForRequest((r) => r.method() === 'PUT' && r.url().includes('/todo-matter/')),
      page.getByRole('button', { name: '保存', exact: true }).click(),
    ]);
    expect(put.postDataJSON()).toMatchObject({ name: '提交期中教学检查表', matterDescribe: '按教务处模板填写后，周三前提交。', remindNum: 30 });
    await expect(toast(page, '保存成功')).toBeVisible();
    await expect(page).toHaveURL(/\/page\/todo$/);

    await card(page, '提交期中教学检查表').getByRole('button').first().click();
    await page.getByRole('button', { name: '完成', exact: true }).click();
    await expect(toast(page, '已完成1条待办')).toBeVisible();
    await expect(page.getByRole('heading', { name: '待办详情' })).toBeVisible();
    await expect(page.getByText('已完成', { exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: '保存', exact: true })).toHaveCount(0);
    await expect(page.getByRole('button', { name: '完成', exact: true })).toHaveCount(0);
    await expect(page.getByRole('button', { name: '删除', exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: '恢复', exact: true })).toBeVisible();
    await expect(page.getByRole('textbox', { name: '待办名称' })).toHaveAttribute('readonly', '');
    await expect(page.getByRole('button', { name: '添加附件' })).toHaveCount(0);
    await expect(page.getByText('30 分钟')).toBeVisible();
    await expect(toast(page, '已完成1条待办')).toBeHidden();
    await snap(page, 'todo-detail');

    await page.getByRole('button', { name: '恢复', exact: true }).click();
    await expect(toast(page, '已恢复1条待办')).toBeVisible();
    await expect(page.getByRole('heading', { name: '编辑待办' })).toBeVisible();
    await expect(page.getByRole('button', { name: '保存', exact: true })).toBeVisible();
  });

  test('an overtime item is read-only with only 删除 and 恢复', async ({ page }) => {
    await openList(page);
    await card(page, '填报学生考勤').getByRole('button').first().click();
    await expect(page.getByRole('heading', { name: '待办详情' })).toBeVisible();
    await expect(page.getByText('已超时', { exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: '删除', exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: '恢复', exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: '保存', exact: true })).toHaveCount(0);
    await expect(page.getByLabel('待办描述')).toHaveText('-');
    await expect(page.getByRole('textbox', { name: '待办名称' })).toHaveAttribute('readonly', '');
  });

  test('delete asks first, then 删除成功 and back to the list without the item', async ({ page }) => {
    await openList(page);
    await card(page, '教研室例会').getByRole('button').first().click();
    await page.getByRole('button', { name: '删除', exact: true }).click();
    const confirm = page.getByRole('dialog');
    await expect(confirm.getByText('是否删除此待办？')).toBeVisible();
    await confirm.getByRole('button', { name: '确定' }).click();
    await expect(toast(page, '删除成功')).toBeVisible();
    await expect(page).toHaveURL(/\/page\/todo$/);
    await expect(card(page, '教研室例会')).toHaveCount(0);
  });

  test('a detail that fails to load shows the message and goes back', async ({ page }) => {
    await openList(page);
    await goInApp(page, '/page/todo/add?todoId=00000000-0000-4000-8000-00000000dead');
    await expect(toast(page, '待办不存在')).toBeVisible();
    await expect(page).toHaveURL(/\/page\/todo$/);
  });

  test('an approval-type item opened by id goes to its approval page', async ({ page, request }) => {
    await openList(page);
    const token = await page.evaluate(() => JSON.parse(localStorage.getItem('campus.token') ?? '{}').encryptedAccessToken as string);
    const list = (await (
      await request.get('v1/saas-system-service/api/todo-matter?State=0&type=1&MaxResultCount=50', { headers: { Authorization: `Bearer ${token}` } })
    ).json()) as { items: Array<{ id: string; name: string }> };
    const approval = list.items.find((i) => i.name === '张三的学籍信息变更')!;
    await goInApp(page, `/page/todo/add?todoId=${approval.id}`);
    await expect(page).toHaveURL(/flowApproval\?FlowRunId=3a11f000-0000-4000-8000-000000000088&type=1&tab=0$/);
  });
});

test.describe('attachments inside the native shell', () => {
  test('下载文件 from the list hands the file to the shell (openFile)', async ({ page }) => {
    await installShell(page);
    await openList(page);
    await card(page, '提交期中教学检查表').getByRole('button').first().click();
    await page.getByRole('button', { name: '更多操作 期中教学检查表.txt' }).click();
    await page.getByText('下载文件', { exact: true }).click();
    await expect.poll(async () => (await shellMessages(page)).filter((m) => m.type === 'openFile')).toHaveLength(1);
    const [message] = (await shellMessages(page)).filter((m) => m.type === 'openFile');
    expect(message).toMatchObject({ source: 'campus-shell', v: 1, type: 'openFile', name: '期中教学检查表.txt' });
    expect(String(message!.url)).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/sandbox\/files\//);
    await expect(page).toHaveURL(/\/page\/todo\/add\?todoId=/);
  });

  test('in a browser 下载文件 from the list opens page/file', async ({ page }) => {
    await openList(page);
    await card(page, '提交期中教学检查表').getByRole('button').first().click();
    await page.getByRole('button', { name: '更多操作 期中教学检查表.txt' }).click();
    await page.getByText('下载文件', { exact: true }).click();
    await expect(page).toHaveURL(/\/page\/file\?url=.*&name=%E6%9C%9F%E4%B8%AD/);
    await expect(page.getByRole('heading', { name: '期中教学检查表.txt' })).toBeVisible();
  });
});
