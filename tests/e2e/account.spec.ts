/**
 * Student binding (SPEC point 2 "Account and security", points 3, 5, 6, 8, 9): the
 * parent 陈家长 (p3001, two bound students) binds more on page/bindStudent: campus,
 * name, ID number and relationship (家长 … 外婆), all required (项目均为必填项,
 * 请将项目信息填写完整), at most 5, 确认绑定 then 绑定成功.
 */
import type { APIRequestContext, Page, Request } from '@playwright/test';
import { createHash } from 'node:crypto';
import { CAMPUS_EAST, CAMPUS_MAIN } from '../../sandbox/seed/ids';
import { ID_CARDS } from '../../sandbox/seed/users';
import { goInApp, pickOption as pick, signIn, resetSandbox, toast } from './app.support';
import { expect, snap, test } from './support';

test.beforeEach(async ({ request }) => {
  await resetSandbox(request);
});

async function tokenOf(request: APIRequestContext, account: string): Promise<string> {
  const res = await request.post('v1/saas-identity-service/api/account/mobile-login', {
    data: { account, password: createHash('md5').update('Campus2026').digest('hex'), tenantCode: 'demo' },
  });
  return ((await res.json()) as { encryptedAccessToken: string }).encryptedAccessToken;
}

async function api(request: APIRequestContext, account: string) {
  const headers = { Authorization: `Bearer ${await tokenOf(request, account)}` };
  return {
    user: async () => (await (await request.get('v1/saas-basic-data-service/api/user-info/info', { headers })).json()) as { tenantId: string },
    bound: async () =>
      (await (await request.get('v1/saas-home-school-service/api/student-parent-binding/bind-student-list', { headers })).json()) as Array<{ name: string }>,
    bind: async (studentName: string, studentIdCard: string, campusId: string) => {
      const res = await request.post('v1/saas-home-school-service/api/student-parent-binding', {
        headers,
        data: { campusId, studentName, studentIdCard, type: 1, idType: '1', schoolId: '' },
      });
      expect(res.ok()).toBeTruthy();
    },
  };
}

async function openBinding(page: Page): Promise<void> {
  await signIn(page, 'p3001');
  await goInApp(page, '/page/bindStudent');
  await expect(page.getByRole('heading', { name: '绑定学生' })).toBeVisible();
}

const submit = (page: Page) => page.getByRole('button', { name: '确认绑定' });

test('the form: campus (the current one by default), name, ID number, relationship, 项目均为必填项 and 确认绑定', async ({ page }) => {
  await openBinding(page);
  await expect(page.getByRole('button', { name: '所在校区' })).toHaveText('主校区');
  await expect(page.getByRole('textbox', { name: '学生姓名' })).toHaveAttribute('placeholder', '请输入学生姓名');
  await expect(page.getByRole('textbox', { name: '身份证号' })).toHaveAttribute('placeholder', '请输入学生身份证号');
  await expect(page.getByRole('button', { name: '与学生关系' })).toHaveText('请选择关系');
  await expect(page.getByText('项目均为必填项')).toBeVisible();
  await expect(submit(page)).toBeVisible();

  // The relationship options, in the spec's order.
  await page.getByRole('button', { name: '与学生关系' }).click();
  const picker = page.locator('.adm-picker:visible');
  await expect(picker.locator('.adm-picker-view-column-item')).toHaveText(['家长', '爸爸', '妈妈', '爷爷', '奶奶', '外公', '外婆']);
  await picker.getByText('取消', { exact: true }).click();
  await expect(picker).toBeHidden();

  await page.getByRole('textbox', { name: '学生姓名' }).fill('李四');
  await page.getByRole('textbox', { name: '身份证号' }).fill(ID_CARDS.s2002);
  await pick(page, '与学生关系', '妈妈');
  await expect(page.getByRole('button', { name: '与学生关系' })).toHaveText('妈妈');
  await snap(page, 'bind-student');
});

test('missing fields: 请将项目信息填写完整 and nothing is sent; a failed submit keeps the input', async ({ page }) => {
  await openBinding(page);
  let posted = 0;
  page.on('request', (r) => {
    if (r.method() === 'POST' && r.url().endsWith('/student-parent-binding')) posted += 1;
  });
  await submit(page).click();
  await expect(toast(page, '请将项目信息填写完整')).toBeVisible();
  await page.getByRole('textbox', { name: '学生姓名' }).fill('李四');
  await page.getByRole('textbox', { name: '身份证号' }).fill(ID_CARDS.s2002);
  await submit(page).click();
  await expect(toast(page, '请将项目信息填写完整')).toBeVisible();
  expect(posted).toBe(0);

  // A name that does not match the ID number: the server's message; the form keeps what was typed.
  await page.getByRole('textbox', { name: '学生姓名' }).fill('李五');
  await pick(page, '与学生关系', '家长');
  await submit(page).click();
  await expect(toast(page, '未找到该学生，请核对姓名和证件号')).toBeVisible();
  await expect(page.getByRole('textbox', { name: '学生姓名' })).toHaveValue('李五');
  await expect(submit(page)).toBeEnabled();
});

test('确认绑定 sends the payload (idType "1", the tenant as schoolId) and shows 绑定成功; the student is bound', async ({ page, request }) => {
  const parent = await api(request, 'p3001');
  const tenantId = (await parent.user()).tenantId;
  await signIn(page, 'p3001');
  await goInApp(page, '/?tab=me');
  await expect(page.getByRole('region', { name: '我的学生' })).toBeVisible();
  await goInApp(page, '/page/bindStudent');
  await pick(page, '所在校区', '东校区');
  await page.getByRole('textbox', { name: '学生姓名' }).fill('王五');
  await page.getByRole('textbox', { name: '身份证号' }).fill(ID_CARDS.s2003);
  await pick(page, '与学生关系', '外婆');
  const [req] = await Promise.all([
    page.waitForRequest((r: Request) => r.method() === 'POST' && r.url().endsWith('/student-parent-binding')),
    submit(page).click(),
  ]);
  expect(req.postDataJSON()).toEqual({ campusId: CAMPUS_EAST, studentName: '王五', studentIdCard: ID_CARDS.s2003, type: 6, idType: '1', schoolId: tenantId });
  await expect(toast(page, '绑定成功')).toBeVisible();
  await expect(page).toHaveURL(/\/\?tab=me$/);
  expect((await parent.bound()).map((s) => s.name)).toContain('王五');
  await expect(page.getByRole('region', { name: '我的学生' }).getByRole('img', { name: '王五' })).toBeVisible();
});

test('at most 5 bound students: the sixth is refused before anything is sent', async ({ page, request }) => {
  const parent = await api(request, 'p3001');
  await parent.bind('李四', ID_CARDS.s2002, CAMPUS_MAIN);
  await parent.bind('王五', ID_CARDS.s2003, CAMPUS_EAST);
  await parent.bind('周小北', ID_CARDS.zhouXiaobei, CAMPUS_EAST);
  expect(await parent.bound()).toHaveLength(5);

  await openBinding(page);
  let posted = 0;
  page.on('request', (r) => {
    if (r.method() === 'POST' && r.url().endsWith('/student-parent-binding')) posted += 1;
  });
  await page.getByRole('textbox', { name: '学生姓名' }).fill('吴小南');
  await page.getByRole('textbox', { name: '身份证号' }).fill(ID_CARDS.wuXiaonan);
  await pick(page, '与学生关系', '爸爸');
  await submit(page).click();
  await expect(toast(page, '最多绑定5个学生')).toBeVisible();
  expect(posted).toBe(0);
});

test('the parent profile leads to the binding page', async ({ page }) => {
  await signIn(page, 'p3001');
  await goInApp(page, '/parent');
  await page.getByText('绑定学生', { exact: true }).click();
  await expect(page).toHaveURL(/\/page\/bindStudent$/);
});
