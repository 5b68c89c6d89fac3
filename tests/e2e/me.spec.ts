import { createHash } from 'node:crypto';
import { signIn } from './app.support';
import type { APIRequestContext, Page } from '@playwright/test';
import { CAMPUS_MAIN } from '../../sandbox/seed/ids';
import { ID_CARDS } from '../../sandbox/seed/users';
import { expect, snap, test } from './support';

/**
 * The me tab (SPEC point 2 "Home and me", point 6): the user card with the edit button
 * for types 1, 2, 3 and 5, the parents' bound-students card (edit / done, unbind confirm
 * 解绑学生 / 此操作将解绑该学生！, add while fewer than 5), rows 关于未来校园 and 设置与隐私.
 */

const PASSWORD = 'Campus2026';

/** Signs in through the login page (school code demo by ?code=, then the form). */
const resetSandbox = async (request: APIRequestContext): Promise<void> => {
  await request.post('sandbox/admin/reset');
  await request.delete('sandbox/admin/fault');
};

async function apiToken(request: APIRequestContext, account: string): Promise<string> {
  const res = await request.post('v1/saas-identity-service/api/account/mobile-login', {
    data: { account, password: createHash('md5').update(PASSWORD).digest('hex'), tenantCode: 'demo' },
  });
  return ((await res.json()) as { encryptedAccessToken: string }).encryptedAccessToken;
}

const openMe = (page: Page) => page.goto('./?tab=me');

/**
 * Every address the page showed, same-document navigations included: the profile and
 * binding pages belong to other areas, and an address without its page yet redirects
 * to the base, so the test checks where the button went, not what rendered there.
 */
function recordUrls(page: Page): string[] {
  const urls: string[] = [];
  page.on('framenavigated', (f) => {
    if (f === page.mainFrame()) urls.push(new URL(f.url()).pathname);
  });
  return urls;
}
const wentTo = (urls: string[], path: string) => expect.poll(() => urls.includes(path)).toBe(true);
const students = (page: Page) => page.getByRole('region', { name: '我的学生' });

test.beforeEach(async ({ request }) => {
  await resetSandbox(request);
});

test('a teacher sees the card (name, type, number and organisation), the edit button to /teacher and the two rows', async ({ page }) => {
  await signIn(page, 't1001');
  await openMe(page);
  const card = page.getByRole('region', { name: '王老师' });
  await expect(card.getByRole('heading', { name: '王老师' })).toBeVisible();
  await expect(card.locator('.cw-me-card__type')).toHaveText('教职工');
  await expect(card.locator('.cw-me-card__line')).not.toBeEmpty();
  await expect(students(page)).toHaveCount(0);
  await expect(page.getByText('关于未来校园')).toBeVisible();
  await expect(page.getByText('设置与隐私')).toBeVisible();
  await snap(page, 'me');

  const urls = recordUrls(page);
  await card.getByRole('button', { name: '个人资料' }).click();
  await wentTo(urls, '/teacher');

  await openMe(page);
  await page.getByText('关于未来校园').click();
  await expect(page).toHaveURL(/\/page\/aboutMe$/);
  await openMe(page);
  await page.getByText('设置与隐私').click();
  await expect(page).toHaveURL(/\/page\/systemSetting$/);
});

test.describe('the 个人资料 button follows the user type', () => {
  for (const [account, name, label, route] of [
    ['s2001', '张三', '学生', '/student'],
    ['p3001', '陈家长', '家长', '/parent'],
    ['o5001', '访客刘', '其他', '/other'],
  ] as const) {
    test(`${account} (${label}) goes to ${route}`, async ({ page }) => {
      await signIn(page, account);
      await openMe(page);
      const card = page.getByRole('region', { name });
      await expect(card.locator('.cw-me-card__type')).toHaveText(label);
      const urls = recordUrls(page);
      await card.getByRole('button', { name: '个人资料' }).click();
      await wentTo(urls, route);
    });
  }

  test('an enterprise user (type 4) has no 个人资料 button; the avatar shows the last two characters of the name', async ({ page }) => {
    await signIn(page, 'e4001');
    await openMe(page);
    const card = page.getByRole('region', { name: '华信企业' });
    await expect(card.locator('.cw-me-card__type')).toHaveText('企业');
    await expect(card.getByRole('button', { name: '个人资料' })).toHaveCount(0);
    await expect(card.getByRole('img', { name: '华信企业' })).toHaveText('企业');
    await expect(students(page)).toHaveCount(0);
  });
});

test('a parent manages the bound students: edit / done, unbind after 解绑学生 / 此操作将解绑该学生！, add entry', async ({ page }) => {
  await signIn(page, 'p3001');
  await openMe(page);
  const card = students(page);
  await expect(card.getByText('张三')).toBeVisible();
  await expect(card.getByText('陈小雨')).toBeVisible();
  await expect(card.getByRole('button', { name: '添加绑定学生' })).toBeVisible();
  await snap(page, 'me-parent');

  await card.getByRole('button', { name: '编辑' }).click();
  await expect(card.getByRole('button', { name: '完成' })).toBeVisible();
  await expect(card.getByRole('button', { name: '解绑张三' })).toBeVisible();
  await expect(card.getByRole('button', { name: '添加绑定学生' })).toHaveCount(0);

  await card.getByRole('button', { name: '解绑张三' }).click();
  let dialog = page.getByRole('dialog');
  await expect(dialog.getByText('解绑学生')).toBeVisible();
  await expect(dialog.getByText('此操作将解绑该学生！')).toBeVisible();
  await dialog.getByRole('button', { name: '取消' }).click();
  await expect(dialog).toBeHidden();
  await expect(card.getByText('张三')).toBeVisible();

  await card.getByRole('button', { name: '解绑张三' }).click();
  dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: '确定' }).click();
  await expect(page.getByText('操作成功')).toBeVisible();
  await expect(card.getByText('张三')).toHaveCount(0);
  await expect(card.getByText('陈小雨')).toBeVisible();

  await card.getByRole('button', { name: '完成' }).click();
  await expect(card.getByRole('button', { name: '编辑' })).toBeVisible();
  const urls = recordUrls(page);
  await card.getByRole('button', { name: '添加绑定学生' }).click();
  await wentTo(urls, '/page/bindStudent');
});

test('with 5 bound students the add entry is gone', async ({ page, request }) => {
  const token = await apiToken(request, 'p3001');
  for (const [studentName, studentIdCard] of [
    ['李四', ID_CARDS.s2002],
    ['周小北', ID_CARDS.zhouXiaobei],
    ['吴小南', ID_CARDS.wuXiaonan],
  ]) {
    const res = await request.post('v1/saas-home-school-service/api/student-parent-binding', {
      headers: { Authorization: `Bearer ${token}` },
      data: { campusId: CAMPUS_MAIN, studentName, studentIdCard, type: 1, idType: '1' },
    });
    expect(res.status()).toBe(200);
  }
  await signIn(page, 'p3001');
  await openMe(page);
  const card = students(page);
  await expect(card.getByRole('listitem')).toHaveCount(5);
  await expect(card.getByRole('button', { name: '添加绑定学生' })).toHaveCount(0);
});
