/**
 * The profile pages and the profile edit (SPEC point 2 "Student registration" info
 * pages, "Account and security", points 4 "Masked value reveal", 5, 6, 8, 9):
 * /teacher, /student, /parent, /other and page/personInfo with masked phone and email
 * revealed by the eye through the verification flow, 编辑资料; page/profile with the bio
 * (说点什么吧, at most 30, counter, 暂无简介) and the avatar (pick, crop 1:1, upload,
 * 头像上传成功 / 头像上传失败, 重新上传).
 */
import type { APIRequestContext, Page, Request } from '@playwright/test';
import { goInApp, signIn, resetSandbox, toast } from './app.support';
import { expect, snap, test } from './support';

test.beforeEach(async ({ request }) => {
  await resetSandbox(request);
});

/** The value shown on the row labelled `label`. */
const row = (page: Page, label: string) => page.locator('.adm-list-item').filter({ has: page.locator('.adm-list-item-content-main', { hasText: new RegExp(`^${label}$`) }) });
const value = (page: Page, label: string) => row(page, label).locator('.adm-list-item-content-extra');

async function smsCode(request: APIRequestContext, phone: string): Promise<string> {
  let code: string | undefined;
  await expect
    .poll(async () => {
      const list = (await (await request.get('sandbox/admin/sms')).json()) as Array<{ phone: string; code: string }>;
      code = list.find((s) => s.phone === phone)?.code;
      return code;
    })
    .toBeTruthy();
  return code as string;
}

test.describe('the profile pages', () => {
  test('/teacher: the fields, masked phone and email, the eye through the security page, 编辑资料', async ({ page }) => {
    await signIn(page, 't1001');
    await goInApp(page, '/?tab=me');
    await page.getByRole('button', { name: '个人资料' }).click();
    await expect(page).toHaveURL(/\/teacher$/);
    await expect(page.getByRole('heading', { name: '个人信息' })).toBeVisible();
    const hero = page.getByRole('region', { name: '王老师' });
    await expect(hero.getByText('教书育人，静待花开')).toBeVisible();
    await expect(hero.getByText('教职工')).toBeVisible();
    const expected: Array<[string, string]> = [
      ['姓名', '王老师'],
      ['性别', '女'],
      ['工号', 'T1001'],
      ['所属组织', '信息工程学院'],
      ['手机号', '138****1234'],
      ['邮箱', 'wa****@demo.edu.cn'],
      ['职位', '辅导员'],
      ['入职日期', '2015-09-01'],
    ];
    for (const [label, text] of expected) await expect(value(page, label)).toHaveText(text);
    await expect(page.getByRole('button', { name: '编辑资料' })).toBeVisible();
    await snap(page, 'profile-teacher');

    // The school asks 王老师 to verify: the eye goes to the security page first.
    await page.getByRole('button', { name: '查看手机号' }).click();
    await expect(page).toHaveURL(/\/page\/security\?userType=1$/);
    await page.getByPlaceholder('请输入登录密码').fill('Campus2026');
    const [decrypt] = await Promise.all([
      page.waitForRequest((r: Request) => r.url().endsWith('/user-info/decrypt-data')),
      page.getByRole('button', { name: '确定' }).click(),
    ]);
    expect((decrypt.postDataJSON() as { data: string[] }).data).toHaveLength(1);
    await expect(page).toHaveURL(/\/teacher$/);
    await expect(value(page, '手机号')).toHaveText('13812341234');

    // The eye hides it again; the email, within the fresh verification, reveals at once.
    await page.getByRole('button', { name: '隐藏手机号' }).click();
    await expect(value(page, '手机号')).toHaveText('138****1234');
    await page.getByRole('button', { name: '查看邮箱' }).click();
    await expect(value(page, '邮箱')).toHaveText('wanglaoshi@demo.edu.cn');
    await expect(page).toHaveURL(/\/teacher$/);

    await page.getByRole('button', { name: '编辑资料' }).click();
    await expect(page).toHaveURL(/\/page\/profile$/);
  });

  test('leaving the security page without verifying reveals nothing', async ({ page }) => {
    await signIn(page, 't1001');
    await goInApp(page, '/teacher');
    await page.getByRole('button', { name: '查看手机号' }).click();
    await expect(page).toHaveURL(/\/page\/security/);
    await page.getByRole('button', { name: '返回' }).click();
    await expect(page).toHaveURL(/\/teacher$/);
    await expect(value(page, '手机号')).toHaveText('138****1234');
    await expect(page.getByRole('button', { name: '查看手机号' })).toBeVisible();
  });

  test('a school that does not ask for verification reveals at once', async ({ page }) => {
    await signIn(page, 't1003');
    await goInApp(page, '/teacher');
    await expect(value(page, '手机号')).toHaveText('137****9999');
    await page.getByRole('button', { name: '查看手机号' }).click();
    await expect(value(page, '手机号')).toHaveText('13712349999');
    await expect(page).toHaveURL(/\/teacher$/);
  });

  test('/student: sex, organisation / major / class from describe, enrollment date, family members; SMS verification reveals', async ({ page, request }) => {
    await signIn(page, 's2001');
    await goInApp(page, '/student');
    const expected: Array<[string, string]> = [
      ['姓名', '张三'],
      ['性别', '男'],
      ['学号', '2026010001'],
      ['所属组织', '信息工程学院'],
      ['专业', '软件工程'],
      ['班级', '软件2601班'],
      ['手机号', '150****0001'],
      ['邮箱', 'zh****@stu.demo.edu.cn'],
    ];
    for (const [label, text] of expected) await expect(value(page, label)).toHaveText(text);
    await expect(value(page, '入学日期')).toHaveText(/^\d{4}-\d{2}-\d{2}$/);
    await expect(page.getByText('暂无简介')).toBeVisible();
    const family = page.locator('.cw-profile__family');
    await expect(family.getByText('张建国')).toBeVisible();
    await expect(family.getByText('父亲')).toBeVisible();
    await expect(family.getByText('136****1111')).toBeVisible();
    await expect(family.getByText('刘芳')).toBeVisible();
    await expect(family.getByText('母亲')).toBeVisible();
    await snap(page, 'profile-student');

    // 张三's default method is SMS: a code to his phone, then the family member's phone.
    await page.getByRole('button', { name: '查看张建国手机号' }).click();
    await expect(page).toHaveURL(/\/page\/security\?userType=2$/);
    await page.getByRole('button', { name: '下一步' }).click();
    const code = await smsCode(request, '15012340001');
    await page.getByRole('group', { name: '验证码' }).locator('.adm-passcode-input').click();
    await page.keyboard.type(code);
    await expect(page).toHaveURL(/\/student$/);
    await expect(family.getByText('13600001111')).toBeVisible();
  });

  test('page/personInfo shows the signed-in user the same way', async ({ page }) => {
    await signIn(page, 's2001');
    await goInApp(page, '/page/personInfo');
    await expect(value(page, '专业')).toHaveText('软件工程');
    await expect(page.locator('.cw-profile__family').getByText('张建国')).toBeVisible();
  });

  for (const [account, route, name, phone] of [
    ['p3001', '/parent', '陈家长', '135****3001'],
    ['o5001', '/other', '访客刘', '188****5001'],
  ] as const) {
    test(`${route}: name, masked phone with the eye, 编辑资料`, async ({ page }) => {
      await signIn(page, account);
      await goInApp(page, route);
      await expect(value(page, '姓名')).toHaveText(name);
      await expect(value(page, '手机号')).toHaveText(phone);
      await expect(page.getByRole('button', { name: '查看手机号' })).toBeVisible();
      await page.getByRole('button', { name: '编辑资料' }).click();
      await expect(page).toHaveURL(/\/page\/profile$/);
    });
  }
});

/** A PNG of the given size drawn in the page (a gradient with a circle, like a photo). */
async function pngOf(page: Page, width: number, height: number): Promise<Buffer> {
  const base64 = await page.evaluate(
    ([w, h]) => {
      const canvas = document.createElement('canvas');
      canvas.width = w as number;
      canvas.height = h as number;
      const c = canvas.getContext('2d') as CanvasRenderingContext2D;
      const g = c.createLinearGradient(0, 0, w as number, h as number);
      g.addColorStop(0, '#69b1ff');
      g.addColorStop(1, '#0958d9');
      c.fillStyle = g;
      c.fillRect(0, 0, w as number, h as number);
      c.fillStyle = '#ffd666';
      c.beginPath();
      c.arc((w as number) / 2, (h as number) / 2, Math.min(w as number, h as number) / 4, 0, Math.PI * 2);
      c.fill();
      return canvas.toDataURL('image/png').split(',')[1] as string;
    },
    [width, height],
  );
  return Buffer.from(base64, 'base64');
}

test.describe('page/profile', () => {
  test('the rows, and the bio: 说点什么吧, at most 30 with a counter, 保存成功; empty shows 暂无简介', async ({ page }) => {
    await signIn(page, 't1001');
    await goInApp(page, '/teacher');
    await goInApp(page, '/page/profile');
    await expect(page.getByRole('heading', { name: '编辑资料' })).toBeVisible();
    await expect(page.getByText('头像', { exact: true })).toBeVisible();
    await expect(value(page, '姓名')).toHaveText('王老师');
    await expect(value(page, '手机号')).toHaveText('138****1234');
    await expect(page.getByText('修改密码', { exact: true })).toBeVisible();

    const bio = page.getByRole('textbox', { name: '个人简介' });
    await expect(bio).toHaveAttribute('placeholder', '说点什么吧');
    await expect(bio).toHaveValue('教书育人，静待花开');
    await expect(page.getByText('9/30')).toBeVisible();
    await snap(page, 'profile-edit');

    await bio.fill('一二三四五六七八九十'.repeat(4));
    await expect(bio).toHaveValue('一二三四五六七八九十'.repeat(3));
    await expect(page.getByText('30/30')).toBeVisible();
    await bio.fill('热爱生活，热爱教育');
    const [req] = await Promise.all([
      page.waitForRequest((r: Request) => r.method() === 'PUT' && r.url().endsWith('/user-info/profile-summary')),
      page.getByRole('button', { name: '保存' }).click(),
    ]);
    expect(req.postDataJSON()).toEqual({ profileSummary: '热爱生活，热爱教育' });
    await expect(toast(page, '保存成功')).toBeVisible();
    await page.getByRole('button', { name: '返回' }).click();
    await expect(page).toHaveURL(/\/teacher$/);
    await expect(page.getByRole('region', { name: '王老师' }).getByText('热爱生活，热爱教育')).toBeVisible();

    await goInApp(page, '/page/profile');
    await page.getByRole('textbox', { name: '个人简介' }).fill('');
    await page.getByRole('button', { name: '保存' }).click();
    await expect(toast(page, '保存成功')).toBeVisible();
    await page.getByRole('button', { name: '返回' }).click();
    await expect(page.getByRole('region', { name: '王老师' }).getByText('暂无简介')).toBeVisible();
  });

  test('the avatar: pick, crop 1:1 at 90% width, 确定 uploads: 头像上传成功 and the new picture everywhere', async ({ page }) => {
    await signIn(page, 't1001');
    await goInApp(page, '/page/profile');
    await page.getByLabel('更换头像').last().setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: await pngOf(page, 800, 600) });
    const dialog = page.getByRole('dialog', { name: '裁剪头像' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('button', { name: '重新上传' })).toBeVisible();
    // The crop area is square and starts at 90% of the image's width or height, whichever is shorter (600 -> 540 px).
    const area = dialog.locator('.reactEasyCrop_CropArea');
    await expect(area).toBeVisible();
    const box = await area.boundingBox();
    expect(Math.abs((box?.width ?? 0) - (box?.height ?? 0))).toBeLessThan(2);
    await page.waitForTimeout(300);
    await snap(page, 'profile-crop');

    const [head] = await Promise.all([
      page.waitForRequest((r: Request) => r.method() === 'PUT' && r.url().endsWith('/account/user-head')),
      dialog.getByRole('button', { name: '确定' }).click(),
    ]);
    const body = head.postDataJSON() as { userObject: string; userPath: string };
    expect(body.userPath).toMatch(/\/sandbox\/files\//);
    expect(body.userObject).not.toBe('');
    await expect(toast(page, '头像上传成功')).toBeVisible();
    await expect(dialog).toBeHidden();
    const avatar = row(page, '头像').locator('img');
    await expect(avatar).toHaveAttribute('src', body.userPath);
    const natural = await avatar.evaluate((el: HTMLImageElement) => (el.complete ? [el.naturalWidth, el.naturalHeight] : null));
    expect(natural).toEqual([512, 512]);
  });

  test('重新上传 drops the image and opens the picker again', async ({ page }) => {
    await signIn(page, 't1001');
    await goInApp(page, '/page/profile');
    await page.getByLabel('更换头像').last().setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: await pngOf(page, 400, 400) });
    const dialog = page.getByRole('dialog', { name: '裁剪头像' });
    await expect(dialog).toBeVisible();
    const [chooser] = await Promise.all([page.waitForEvent('filechooser'), dialog.getByRole('button', { name: '重新上传' }).click()]);
    await expect(dialog).toBeHidden();
    await chooser.setFiles({ name: 'other.png', mimeType: 'image/png', buffer: await pngOf(page, 300, 500) });
    await expect(dialog).toBeVisible();
  });

  test('an upload failure says 头像上传失败 and keeps the crop open', async ({ page, request }) => {
    await signIn(page, 't1001');
    await goInApp(page, '/page/profile');
    await request.post('sandbox/admin/fault', { data: { path: '/upload-file/obs-config', status: 500, times: 1 } });
    await page.getByLabel('更换头像').last().setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: await pngOf(page, 400, 300) });
    const dialog = page.getByRole('dialog', { name: '裁剪头像' });
    await dialog.getByRole('button', { name: '确定' }).click();
    await expect(toast(page, '头像上传失败')).toBeVisible();
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('button', { name: '确定' })).toBeEnabled();
  });

  test('an image narrower than 100 px cannot be confirmed', async ({ page }) => {
    await signIn(page, 't1001');
    await goInApp(page, '/page/profile');
    await page.getByLabel('更换头像').last().setInputFiles({ name: 'tiny.png', mimeType: 'image/png', buffer: await pngOf(page, 80, 80) });
    const dialog = page.getByRole('dialog', { name: '裁剪头像' });
    await expect(dialog.getByText('裁剪区域宽度不能小于100像素')).toBeVisible();
    await expect(dialog.getByRole('button', { name: '确定' })).toBeDisabled();
  });
});
