/**
 * Student registration (SPEC point 2 "Student registration", points 4, 5, 6, 8, 9)
 * against the sandbox in the mobile viewport: the verifier 王老师 (t1001) looks students
 * up and passes matters, the students 张三 (s2001, open matters), 李四 (s2002, all
 * done) and 王五 (s2003, outside the period) see their own page, the parent 陈家长
 * (p3001) the waiting message; the QR code page and its errors; the teacher entry with a
 * simulated native shell.
 */
import type { APIRequestContext, Page, Request } from '@playwright/test';
import { createHash } from 'node:crypto';
import { ID_CARDS } from '../../sandbox/seed/users';
import { admin, goInApp, installShell, signIn, resetSandbox, shellMessages, toast } from './app.support';
import { expect, snap, test } from './support';

test.beforeEach(async ({ request }) => {
  await resetSandbox(request);
});

const ZHANG_SAN = '2026010001';
const LI_SI = '2026010002';
const WANG_WU = '2026010003';

const section = (page: Page, name: string | RegExp) => page.getByRole('region', { name });
const progress = (page: Page) => page.getByRole('heading', { name: /^事项办理情况（\d+ \/ \d+）$/ });

async function openReport(page: Page, account: string, path = '/page/student/report'): Promise<void> {
  await signIn(page, account);
  await goInApp(page, path);
}

async function tokenOf(request: APIRequestContext, account: string): Promise<string> {
  const res = await request.post('v1/saas-identity-service/api/account/mobile-login', {
    data: { account, password: createHash('md5').update('Campus2026').digest('hex'), tenantCode: 'demo' },
  });
  return ((await res.json()) as { encryptedAccessToken: string }).encryptedAccessToken;
}

/** Passes a matter through the API, as another verifier's phone would. */
async function passByApi(request: APIRequestContext, number: string, matterId: string, extra: Record<string, string> = {}): Promise<void> {
  const token = await tokenOf(request, 't1001');
  const res = await request.post('v1/saas-student-service/api/student/defining-matter', {
    headers: { Authorization: `Bearer ${token}` },
    data: { number, matterId, ...extra },
  });
  expect(res.ok()).toBeTruthy();
}

const FEE = '3a11e400-0000-4000-8000-000000000002';
const DORM = '3a11e400-0000-4000-8000-000000000004';

async function lookUp(page: Page, number: string): Promise<void> {
  const box = page.getByRole('searchbox').or(page.getByPlaceholder('请输入学号或身份证号')).first();
  await box.fill(number);
  await box.press('Enter');
}

test.describe('the verifier (userType 1)', () => {
  test('finds a student by number: the card, the current matter with 核验通过, 事项办理情况（done / total） with 刷新状态', async ({ page }) => {
    await openReport(page, 't1001');
    await expect(page.getByRole('heading', { name: '迎新报到' })).toBeVisible();
    await expect(page.getByText('输入学号、身份证号或扫描学生的报到二维码，查看并核验报到事项')).toBeVisible();

    await lookUp(page, ZHANG_SAN);
    await expect(page).toHaveURL(/\/page\/student\/report\?code=2026010001$/);
    const card = section(page, '张三');
    await expect(card.getByRole('heading', { name: '张三' })).toBeVisible();
    await expect(card.getByText('男', { exact: true })).toBeVisible();
    await expect(card.getByText(`学号 ${ZHANG_SAN}`)).toBeVisible();
    await expect(card.getByText('信息工程学院 · 软件工程 · 软件2601班')).toBeVisible();

    const current = section(page, '当前事项');
    await expect(current.getByText('缴费确认')).toBeVisible();
    await expect(current.getByText('必办')).toBeVisible();
    await expect(current.getByRole('button', { name: '核验通过' })).toBeVisible();

    await expect(progress(page)).toHaveText('事项办理情况（1 / 5）');
    const list = section(page, '事项办理情况（1 / 5）');
    await expect(list.getByRole('button', { name: '刷新状态' })).toBeVisible();
    for (const name of ['信息确认', '缴费确认', '领取物品', '宿舍入住', '绿色通道']) await expect(list.getByText(name, { exact: true })).toBeVisible();
    await expect(list.getByText('已办理')).toHaveCount(1);
    await expect(list.getByText('未办理')).toHaveCount(4);
    await snap(page, 'registration-verifier');
  });

  test('an ID number finds the same student; an unknown one shows the server message', async ({ page }) => {
    await openReport(page, 't1001', `/page/student/report?idCard=${ID_CARDS.s2001}`);
    await expect(section(page, '张三').getByRole('heading', { name: '张三' })).toBeVisible();
    await lookUp(page, '9999999999');
    await expect(toast(page, '未找到该学生')).toBeVisible();
  });

  test('刷新状态 and pull to refresh show a pass made elsewhere', async ({ page, request }) => {
    await openReport(page, 't1001', `/page/student/report?code=${ZHANG_SAN}`);
    await expect(progress(page)).toHaveText('事项办理情况（1 / 5）');

    await passByApi(request, ZHANG_SAN, FEE, { fillSubMatters: '学费', fillSubBeType: '现金' });
    const refreshed = page.waitForRequest((r) => r.url().includes('/stumatter-by-num'));
    await page.getByRole('button', { name: '刷新状态' }).click();
    await refreshed;
    await expect(progress(page)).toHaveText('事项办理情况（2 / 5）');
    await expect(section(page, '当前事项').getByText('领取物品')).toBeVisible();

    await passByApi(request, ZHANG_SAN, DORM);
    const cdp = await page.context().newCDPSession(page);
    const touch = (type: 'touchStart' | 'touchMove' | 'touchEnd', y: number) =>
      cdp.send('Input.dispatchTouchEvent', { type, touchPoints: type === 'touchEnd' ? [] : [{ x: 195, y }] });
    const pulled = page.waitForRequest((r) => r.url().includes('/stumatter-by-num'));
    await touch('touchStart', 200);
    for (let y = 220; y <= 520; y += 20) await touch('touchMove', y);
    await touch('touchEnd', 520);
    await pulled;
    await expect(progress(page)).toHaveText('事项办理情况（3 / 5）');
  });

  test('核验通过 goes through selectTypeRemarks: 请选择项目, 请选择类型, then 核验成功 and the list refreshes', async ({ page }) => {
    await openReport(page, 't1001', `/page/student/report?code=${ZHANG_SAN}`);
    await section(page, '当前事项').getByRole('button', { name: '核验通过' }).click();
    await expect(page).toHaveURL(new RegExp(`/checkFee/selectTypeRemarks\\?idCard=${ZHANG_SAN}&id=${FEE}&backCount=1$`));
    await expect(page.getByRole('heading', { name: '事项核验' })).toBeVisible();
    await expect(page.getByText('办理项目')).toBeVisible();
    await expect(page.getByText('办理类型')).toBeVisible();
    // 缴费确认's remark is optional (mode 1).
    await expect(page.getByText('（选填）')).toBeVisible();

    const pass = page.getByRole('button', { name: '核验通过' });
    await pass.click();
    await expect(toast(page, '请选择项目')).toBeVisible();
    await page.getByText('学费', { exact: true }).click();
    await page.getByText('住宿费', { exact: true }).click();
    await pass.click();
    await expect(toast(page, '请选择类型')).toBeVisible();
    await page.getByText('刷卡', { exact: true }).click();
    await page.getByRole('textbox', { name: '备注' }).fill('现场刷卡');
    await expect(toast(page, '请选择类型')).toBeHidden();
    await snap(page, 'registration-remarks');

    const [req] = await Promise.all([page.waitForRequest((r: Request) => r.url().endsWith('/defining-matter')), pass.click()]);
    expect(req.postDataJSON()).toEqual({ number: ZHANG_SAN, matterId: FEE, fillSubMatters: '学费,住宿费', fillSubBeType: '刷卡', fillSubBeRemark: '现场刷卡' });
    await expect(toast(page, '核验成功')).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/page/student/report\\?code=${ZHANG_SAN}$`));
    await expect(progress(page)).toHaveText('事项办理情况（2 / 5）');
    await expect(section(page, '当前事项').getByText('领取物品')).toBeVisible();
  });

  test('a required remark (mode 2): 请填写备注, at most 500 characters', async ({ page, request }) => {
    await passByApi(request, ZHANG_SAN, FEE, { fillSubMatters: '学费', fillSubBeType: '现金' });
    await openReport(page, 't1001', `/page/student/report?code=${ZHANG_SAN}`);
    await expect(section(page, '当前事项').getByText('领取物品')).toBeVisible();
    await section(page, '当前事项').getByRole('button', { name: '核验通过' }).click();
    await expect(page.getByText('办理项目')).toBeVisible();
    await expect(page.getByText('办理类型')).toHaveCount(0);
    await expect(page.getByText('（选填）')).toHaveCount(0);
    await page.getByText('校园卡', { exact: true }).click();
    await page.getByRole('button', { name: '核验通过' }).click();
    await expect(toast(page, '请填写备注')).toBeVisible();
    const remark = page.getByRole('textbox', { name: '备注' });
    await remark.fill('备'.repeat(520));
    await expect(remark).toHaveValue('备'.repeat(500));
    await expect(page.getByText('500/500')).toBeVisible();
    await remark.fill('校园卡已领取');
    await page.getByRole('button', { name: '核验通过' }).click();
    await expect(toast(page, '核验成功')).toBeVisible();
    await expect(progress(page)).toHaveText('事项办理情况（3 / 5）');
  });

  test('checkFee: header, content, state block, 核验通过 without a form for a matter that asks nothing, then 已办理 by 王老师', async ({ page, request }) => {
    await passByApi(request, ZHANG_SAN, FEE, { fillSubMatters: '学费', fillSubBeType: '现金' });
    await openReport(page, 't1001', `/page/student/report?code=${ZHANG_SAN}`);
    // 宿舍入住 has no content (无事项内容) and asks for nothing: it passes at once.
    await section(page, /^事项办理情况/).getByText('宿舍入住', { exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/checkFee\\?idCard=${ZHANG_SAN}&id=${DORM}$`));
    await expect(page.getByRole('heading', { name: '事项详情' })).toBeVisible();
    await expect(page.getByRole('heading', { name: /宿舍入住/ })).toBeVisible();
    await expect(page.getByText('办理宿舍入住登记')).toBeVisible();
    await expect(page.getByText('必办')).toBeVisible();
    await expect(section(page, '事项说明').getByText('无事项内容')).toBeVisible();
    const [req] = await Promise.all([
      page.waitForRequest((r: Request) => r.url().endsWith('/defining-matter')),
      page.getByRole('button', { name: '核验通过' }).click(),
    ]);
    expect(req.postDataJSON()).toEqual({ number: ZHANG_SAN, matterId: DORM });
    await expect(toast(page, '核验成功')).toBeVisible();
    const state = section(page, '办理状态');
    await expect(state.getByText('已办理')).toBeVisible();
    await expect(state.getByText('王老师')).toBeVisible();
    await expect(page.getByRole('button', { name: '核验通过' })).toHaveCount(0);
  });

  test('checkFee of a handled matter shows what was chosen; a blocked one its message', async ({ page }) => {
    await openReport(page, 't1001', `/page/student/report?code=${LI_SI}`);
    await expect(progress(page)).toHaveText('事项办理情况（5 / 5）');
    await expect(section(page, '当前事项').getByText('该学生暂无可核验的事项')).toBeVisible();
    await section(page, /^事项办理情况/).getByText('缴费确认', { exact: true }).click();
    await expect(section(page, '事项说明').getByText('已在线缴费的同学请出示缴费凭证')).toBeVisible();
    const chosen = section(page, '办理内容');
    for (const text of ['学费', '住宿费', '教材费', '线上支付', '已线上缴清']) await expect(chosen.getByText(text, { exact: true })).toBeVisible();
    await expect(section(page, '办理状态').getByText('已办理')).toBeVisible();
    await snap(page, 'checkfee');

    await goInApp(page, `/page/student/report?code=${ZHANG_SAN}`);
    await section(page, /^事项办理情况/).getByText('宿舍入住', { exact: true }).click();
    await expect(section(page, '办理状态').getByText('请先完成「缴费确认」')).toBeVisible();
    await expect(page.getByRole('button', { name: '核验通过' })).toHaveCount(0);
    await goInApp(page, `/page/student/report?code=${ZHANG_SAN}`);
    await section(page, /^事项办理情况/).getByText('绿色通道', { exact: true }).click();
    await expect(section(page, '办理状态').getByText('当前事项无法办理')).toBeVisible();
  });

  test('a student outside the period: 当前不在报到时间范围', async ({ page }) => {
    await openReport(page, 't1001', `/page/student/report?code=${WANG_WU}`);
    await expect(section(page, '王五').getByRole('heading', { name: '王五' })).toBeVisible();
    await expect(page.getByText('当前不在报到时间范围')).toBeVisible();
  });

  test('inside the native shell the scan button uses the native scanner', async ({ page }) => {
    await installShell(page, { scanText: ID_CARDS.s2001 });
    await openReport(page, 't1001');
    await page.getByRole('button', { name: '扫码查找学生' }).first().click();
    await expect(section(page, '张三').getByRole('heading', { name: '张三' })).toBeVisible();
    expect((await shellMessages(page)).some((m) => m.type === 'scan')).toBe(true);
    await expect(page).toHaveURL(new RegExp(`report\\?code=${ID_CARDS.s2001}$`));
  });

  test('in a browser the scan button opens the scanner page, whose manual entry comes back with the student', async ({ page }) => {
    await openReport(page, 't1001');
    await page.getByRole('button', { name: '扫码查找学生' }).first().click();
    await expect(page).toHaveURL(/\/scanner\?/);
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByText('查找学生')).toBeVisible();
    await dialog.getByRole('textbox').fill(ZHANG_SAN);
    await dialog.getByRole('button', { name: '确定' }).click();
    await expect(page).toHaveURL(new RegExp(`/page/student/report\\?code=${ZHANG_SAN}$`));
    await expect(section(page, '张三').getByRole('heading', { name: '张三' })).toBeVisible();
  });
});

test.describe('the teacher entry (报到核验 app)', () => {
  test('inside the shell it scans natively and opens the report for the scanned ID number', async ({ page }) => {
    await installShell(page, { scanText: ID_CARDS.s2001 });
    await signIn(page, 't1001');
    await goInApp(page, '/page/appCenter');
    await page.getByText('报到核验', { exact: true }).first().click();
    await expect(page).toHaveURL(new RegExp(`/page/student/report\\?idCard=${ID_CARDS.s2001}$`));
    await expect(section(page, '张三').getByRole('heading', { name: '张三' })).toBeVisible();
    expect((await shellMessages(page)).filter((m) => m.type === 'scan')).toHaveLength(1);
  });

  test('inside the shell a closed scanner leaves the user where they were', async ({ page }) => {
    await installShell(page, { scanText: null });
    await signIn(page, 't1001');
    await goInApp(page, '/page/appCenter');
    await page.getByText('报到核验', { exact: true }).first().click();
    await expect.poll(async () => (await shellMessages(page)).filter((m) => m.type === 'scan').length).toBe(1);
    await expect(page).toHaveURL(/\/page\/appCenter$/);
  });

  test('in a browser it opens the scanner page asking for a student number or ID number', async ({ page }) => {
    await signIn(page, 't1001');
    await goInApp(page, '/page/appCenter');
    await page.getByText('报到核验', { exact: true }).first().click();
    await expect(page).toHaveURL(/\/scanner\?modalTitle=/);
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByText('查找学生')).toBeVisible();
    await expect(dialog.getByPlaceholder('请输入学号或身份证号')).toBeVisible();
    await dialog.getByRole('textbox').fill(ID_CARDS.s2002);
    await dialog.getByRole('button', { name: '确定' }).click();
    await expect(section(page, '李四').getByRole('heading', { name: '李四' })).toBeVisible();
  });
});

test.describe('the student (userType 2) and others', () => {
  test('张三: 我的二维码, 下一步骤 with 请先办理此步骤, the progress list', async ({ page }) => {
    await openReport(page, 's2001');
    await expect(page.getByRole('button', { name: /我的二维码/ })).toBeVisible();
    const next = section(page, '下一步骤');
    await expect(next.getByText('缴费确认')).toBeVisible();
    await expect(next.getByText('请先办理此步骤')).toBeVisible();
    await expect(progress(page)).toHaveText('事项办理情况（1 / 5）');
    await expect(page.getByRole('searchbox')).toHaveCount(0);
    await expect(page.getByRole('button', { name: '核验通过' })).toHaveCount(0);
    await snap(page, 'registration-student');

    // The student reads a matter but cannot pass it.
    await next.getByText('缴费确认').click();
    await expect(page).toHaveURL(new RegExp(`/checkFee\\?id=${FEE}$`));
    await expect(section(page, '办理状态').getByText('请先办理此步骤')).toBeVisible();
    await expect(page.getByRole('button', { name: '核验通过' })).toHaveCount(0);
  });

  test('李四: 恭喜，您的所有事项已办理完成', async ({ page }) => {
    await openReport(page, 's2002');
    await expect(page.getByText('恭喜，您的所有事项已办理完成')).toBeVisible();
    await expect(progress(page)).toHaveText('事项办理情况（5 / 5）');
  });

  test('王五: 当前不在报到时间范围', async ({ page }) => {
    await openReport(page, 's2003');
    await expect(page.getByText('当前不在报到时间范围')).toBeVisible();
    await expect(page.getByText('下一步骤')).toHaveCount(0);
  });

  test('a parent (userType 0 on this page) sees the waiting message', async ({ page }) => {
    await openReport(page, 'p3001');
    await expect(page.getByText('该事项等待办理中，请耐心等待')).toBeVisible();
  });

  test('the 迎新报到 app opens the page', async ({ page }) => {
    await signIn(page, 's2001');
    await goInApp(page, '/page/appCenter');
    await page.getByText('迎新报到', { exact: true }).first().click();
    await expect(page).toHaveURL(/\/page\/student\/report$/);
    await expect(section(page, '下一步骤')).toBeVisible();
  });
});

test.describe('page/student/qrcode', () => {
  test('the QR code of the ID number, rendered 380 wide and shown at 190', async ({ page }) => {
    await openReport(page, 's2001');
    await page.getByRole('button', { name: /我的二维码/ }).click();
    await expect(page).toHaveURL(new RegExp(`/page/student/qrcode\\?idCard=${ID_CARDS.s2001}$`));
    await expect(page.getByRole('heading', { name: '我的二维码' })).toBeVisible();
    const img = page.getByRole('img', { name: '报到二维码' });
    await expect(img).toBeVisible();
    const size = await img.evaluate((el: HTMLImageElement) => ({ natural: el.naturalWidth, shown: el.getBoundingClientRect().width }));
    expect(size).toEqual({ natural: 380, shown: 190 });
    await expect(page.getByText('报到时请向工作人员出示此二维码')).toBeVisible();
    await snap(page, 'qrcode');
  });

  test('the renderer errors: no input text, and data too big for a QR code', async ({ page }) => {
    // 王老师 has no QR code of his own.
    await openReport(page, 't1001', '/page/student/qrcode');
    await expect(page.getByText('No input text')).toBeVisible();
    await goInApp(page, `/page/student/qrcode?idCard=${'9'.repeat(3000)}`);
    await expect(page.getByText('The amount of data is too big to be stored in a QR Code')).toBeVisible();
    await expect(page.getByRole('img', { name: '报到二维码' })).toHaveCount(0);
  });
});

test("a backend's 5,000 matters are drawn 30 at a time, a step more each time the user scrolls to the end", async ({ page, request }) => {
  await signIn(page, 't1001');
  await admin(request, 'fault', { path: 'stumatter-by-num', answer: 'hugeLists', times: 1 });
  await goInApp(page, '/page/student/report?code=2026010001');
  const rows = page.locator('.cw-reg-list .adm-list-item');
  await expect(rows.first()).toBeVisible();
  expect(await rows.count()).toBe(30);
  for (const drawn of [60, 90]) {
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await expect.poll(() => rows.count()).toBeGreaterThanOrEqual(drawn);
  }
  expect(await rows.count()).toBeLessThan(5000);
});
