import type { Page } from '@playwright/test';
import { goInApp, installShell, resetSandbox, shellMessages, toast, signIn } from './app.support';
import { CPU_THROTTLE, expect, snap, test, TOASTS } from './support';

/**
 * The home portal (SPEC point 2 "Home and me", point 4 "Home and portal", point 9): the
 * widgets laid out by the domain rules, the app grid with its 更多 tile and edit mode,
 * the carousel, the OA summary, the to-do widget, the note widget, an unknown widget as
 * a frame, and the empty portal.
 */

test.beforeEach(async ({ request }) => {
  await resetSandbox(request);
});

const region = (page: Page, name: string) => page.getByRole('region', { name, exact: true });
const apps = (page: Page) => region(page, '我的应用');

async function box(page: Page, name: string) {
  const b = await region(page, name).boundingBox();
  if (!b) throw new Error(`no region ${name}`);
  return b;
}

test('a teacher sees the portal laid out by y: carousel, apps, OA, to-dos, then the note left of the unknown widget', async ({ page }) => {
  await signIn(page, 't1001');
  await expect(apps(page).getByRole('button', { name: '请假申请' })).toBeVisible();
  await expect(region(page, '审批').getByRole('tab', { name: /待审批/ })).toBeVisible();
  await expect(page.getByText('华信企业的访客预约').first()).toBeVisible();
  await snap(page, 'home');

  const carousel = await box(page, '轮播图');
  const grid = await box(page, '我的应用');
  const oa = await box(page, '审批');
  const todo = await box(page, '待办事项');
  const note = await box(page, '便签');
  const weather = await box(page, 'weather');
  expect(carousel.y).toBeLessThan(grid.y);
  expect(grid.y).toBeLessThan(oa.y);
  expect(oa.y).toBeLessThan(todo.y);
  expect(todo.y).toBeLessThan(note.y);
  // Width 2 takes the row; width 1 at x 0 is left, at x 1 right, on one row.
  expect(grid.width).toBeGreaterThan(350);
  expect(note.width).toBeLessThan(190);
  expect(Math.abs(note.y - weather.y)).toBeLessThan(2);
  expect(note.x).toBeLessThan(weather.x);
  // Carousel h 12: (12-1)*13+1 = 144 px.
  expect(Math.round(carousel.height)).toBe(144);

  // The unknown code is a sandboxed frame of its url, 200px high; the disabled widget is dropped.
  const frame = page.locator('iframe[title="门户组件 weather"]');
  await expect(frame).toHaveAttribute('src', /\/sandbox\/widgets\/weather\.html$/);
  // The one frame rule (domain/shell/framePolicy.ts): never the app's own origin.
  await expect(frame).toHaveAttribute('sandbox', 'allow-scripts allow-forms allow-popups allow-downloads');
  expect(Math.round((await frame.boundingBox())!.height)).toBe(200);
  await expect(page.locator('iframe[title="门户组件 mobile-library"]')).toHaveCount(0);
  await expect(page.frameLocator('iframe[title="门户组件 weather"]').getByText('23°C')).toBeVisible();
});

test('home asks for its layout, the built-in widgets and the carousel at once; the grid keeps its place while the apps load', async ({ page }) => {
  // Hold the layout: the other two calls must not wait for it (one round trip each).
  let releaseLayout!: () => void;
  const layoutHeld = new Promise<void>((r) => (releaseLayout = r));
  await page.route(/\/home-page\/user\?/, async (route) => {
    await layoutHeld;
    await route.continue();
  });
  let releaseApps!: () => void;
  const appsHeld = new Promise<void>((r) => (releaseApps = r));
  await page.route(/\/use-app\/my-use-app\?/, async (route) => {
    await appsHeld;
    await route.continue();
  });
  const asked = (pattern: RegExp) => page.waitForRequest((r) => pattern.test(r.url()));
  const [info, carousel] = await Promise.all([asked(/\/component\/code$/), asked(/\/carousel-image\/show-list\?/), signIn(page, 't1001')]);
  expect(JSON.parse(info.postData() ?? '[]')).toEqual(['mobile-app', 'mobile-oa', 'mobile-todo', 'mobile-note', 'mobile-carousel']);
  expect(carousel.url()).toContain('Type=1');
  releaseLayout();

  // The grid's stand-in has the loaded grid's height, so the approval widget below stays put.
  await expect(apps(page).getByRole('status')).toBeVisible();
  await snap(page, 'home-apps-loading');
  const before = await box(page, '审批');
  releaseApps();
  await expect(apps(page).getByRole('button', { name: '请假申请' })).toBeVisible();
  const after = await box(page, '审批');
  expect(Math.abs(after.y - before.y)).toBeLessThan(2);
});

test("home opened again: the first slide's picture is asked while the session check is still out, and is the one the carousel shows", async ({ page }) => {
  await signIn(page, 't1001');
  const slide = page.getByRole('region', { name: '轮播图' }).locator('img').first();
  await expect(slide).toBeVisible();
  const shown = await slide.getAttribute('src');
  expect(shown).toBeTruthy();

  // The same home opened again with the user check held: the picture does not wait for it.
  let releaseCheck!: () => void;
  const checkHeld = new Promise<void>((r) => (releaseCheck = r));
  await page.route(/\/user-info\/info/, async (route) => {
    await checkHeld;
    await route.continue();
  });
  const picture = page.waitForRequest((r) => r.resourceType() === 'image' && new URL(r.url()).pathname === new URL(shown!, page.url()).pathname);
  await page.reload();
  await picture;
  releaseCheck();
  await expect(slide).toBeVisible();
  expect(await slide.getAttribute('src')).toBe(shown);
});

test("the other slides ask for their pictures once the first slide's has come: it downloads alone", async ({ page }) => {
  let releaseFirst!: () => void;
  const firstHeld = new Promise<void>((r) => (releaseFirst = r));
  const asked: string[] = [];
  await page.route(/\/images\/carousel\/\d+\.svg$/, async (route) => {
    const name = new URL(route.request().url()).pathname.split('/').pop()!;
    asked.push(name);
    if (name === '1.svg') await firstHeld;
    await route.continue();
  });
  await signIn(page, 't1001');
  const carousel = region(page, '轮播图');
  await expect(carousel.getByRole('button')).toHaveCount(3);
  await expect.poll(() => asked.includes('1.svg')).toBe(true);
  // Drawn and named, the other slides have no picture yet, and nothing was asked for them.
  await expect(carousel.locator('img')).toHaveCount(1);
  expect(asked).toEqual(['1.svg']);
  releaseFirst();
  await expect(carousel.locator('img')).toHaveCount(3);
  await expect.poll(() => [...asked].sort()).toEqual(['1.svg', '2.svg', '3.svg']);
  for (const img of await carousel.locator('img').all()) await expect.poll(() => img.evaluate((i: HTMLImageElement) => i.complete && i.naturalWidth > 0)).toBe(true);
});

test('the app grid shows 11 common apps and 更多 (13 apps), which opens the launcher', async ({ page }) => {
  await signIn(page, 't1001');
  const grid = apps(page);
  await expect(grid.getByRole('button', { name: '请假申请' })).toBeVisible();
  const tiles = grid.getByRole('listitem');
  await expect(tiles).toHaveCount(12);
  await expect(tiles.last()).toHaveText('更多');
  await expect(grid.getByRole('button', { name: '一卡通', exact: true })).toHaveCount(0);
  // 4 columns: the fifth tile starts the second row.
  const first = await tiles.nth(0).boundingBox();
  const fourth = await tiles.nth(3).boundingBox();
  const fifth = await tiles.nth(4).boundingBox();
  expect(Math.abs(first!.y - fourth!.y)).toBeLessThan(2);
  expect(fifth!.y).toBeGreaterThan(first!.y + 20);
  expect(Math.abs(fifth!.x - first!.x)).toBeLessThan(2);

  await grid.getByRole('button', { name: '更多' }).click();
  await expect(page).toHaveURL(/\/page\/appCenter$/);
  await expect(page.getByRole('heading', { name: '全部应用' })).toBeVisible();
});

test('edit mode: the minus icon enters it, 取消 reverts, 完成 saves the deletions with 删除成功', async ({ page }) => {
  await signIn(page, 't1001');
  const grid = apps(page);
  await grid.getByRole('button', { name: '编辑常用应用' }).click();
  // Every common app shows while editing, each with its minus; 更多 goes away.
  await expect(grid.getByRole('button', { name: '移除请假申请' })).toBeVisible();
  await expect(grid.getByRole('button', { name: '一卡通', exact: true })).toBeVisible();
  await expect(grid.getByRole('button', { name: '更多' })).toHaveCount(0);
  await grid.getByRole('button', { name: '移除请假申请' }).click();
  await expect(grid.getByRole('button', { name: '请假申请' })).toHaveCount(0);
  await snap(page, 'home-edit');

  await grid.getByRole('button', { name: '取消' }).click();
  await expect(grid.getByRole('button', { name: '请假申请' })).toBeVisible();
  await expect(grid.getByRole('button', { name: /^移除/ })).toHaveCount(0);
  await expect(grid.getByRole('button', { name: '更多' })).toBeVisible();

  await grid.getByRole('button', { name: '编辑常用应用' }).click();
  await grid.getByRole('button', { name: '移除请假申请' }).click();
  await grid.getByRole('button', { name: '移除采购申请' }).click();
  const saved = page.waitForRequest((r) => r.url().includes('/use-app/remove-myuseapp') && r.method() === 'POST');
  await grid.getByRole('button', { name: '完成' }).click();
  expect((await saved).postDataJSON()).toEqual(['app-leave', 'app-purchase']);
  await expect(toast(page, '删除成功')).toBeVisible();
  await expect(grid.getByRole('button', { name: /^移除/ })).toHaveCount(0);
  // 11 apps left: all of them show, no 更多 tile, and the header links to the launcher.
  await expect(grid.getByRole('listitem')).toHaveCount(11);
  await expect(grid.getByRole('button', { name: '全部' })).toBeVisible();

  await page.reload();
  await expect(apps(page).getByRole('button', { name: '用印申请' })).toBeVisible();
  await expect(apps(page).getByRole('button', { name: '请假申请' })).toHaveCount(0);
});

test('完成 without removing anything makes no call and shows no toast', async ({ page }) => {
  await signIn(page, 't1001');
  let calls = 0;
  page.on('request', (r) => {
    if (r.url().includes('remove-myuseapp')) calls++;
  });
  await apps(page).getByRole('button', { name: '编辑常用应用' }).click();
  await apps(page).getByRole('button', { name: '完成' }).click();
  await expect(apps(page).getByRole('button', { name: '编辑常用应用' })).toBeVisible();
  await expect(page.locator(TOASTS)).toHaveCount(0);
  expect(calls).toBe(0);
});

test('a grid app opens by its type and is recorded (use-app-log): a web link in the web-view page', async ({ page }) => {
  await signIn(page, 't1001');
  const logged = page.waitForRequest((r) => /\/use-app\/app-timetable\/use-app-log\?type=1$/.test(r.url()));
  await apps(page).getByRole('button', { name: '课表查询' }).click();
  await logged;
  await expect(page).toHaveURL(/\/web-view$/);
  await expect(page.getByRole('heading', { name: '课表查询' })).toBeVisible();
});

test('inside the native shell a web-link app and a carousel link go to the shell', async ({ page }) => {
  await installShell(page);
  await signIn(page, 't1001');
  await apps(page).getByRole('button', { name: '课表查询' }).click();
  await expect.poll(async () => (await shellMessages(page)).filter((m) => m.type === 'openLink')).toEqual([
    expect.objectContaining({ type: 'openLink', url: 'https://example.com/campus/timetable', title: '课表查询' }),
  ]);
  await expect(page).not.toHaveURL(/web-view/);

  const slide = page.getByRole('button', { name: '2026 春季开学典礼' });
  await expect.poll(async () => (await slide.boundingBox())?.x ?? -1, { timeout: 20_000 * CPU_THROTTLE }).toBeGreaterThanOrEqual(0);
  await slide.click();
  await expect
    .poll(async () => (await shellMessages(page)).some((m) => m.type === 'openLink' && m.url === 'https://example.com/campus/news/opening'))
    .toBe(true);
});

test('the carousel autoplays and loops, and a slide with a jump address opens it in the web-view page', async ({ page }) => {
  await signIn(page, 't1001');
  const carousel = region(page, '轮播图');
  await expect(carousel.getByRole('button')).toHaveCount(3);
  const activeDot = () =>
    carousel.locator('.cw-carousel__dot').evaluateAll((dots) => dots.findIndex((d) => d.classList.contains('cw-carousel__dot--active')));
  const seen: number[] = [];
  await expect
    .poll(
      async () => {
        const i = await activeDot();
        if (seen[seen.length - 1] !== i) seen.push(i);
        return seen.join(',');
      },
      { timeout: 20_000 * CPU_THROTTLE, intervals: [250] },
    )
    .toContain('0,1,2,0');

  const slide = carousel.getByRole('button', { name: '2026 春季开学典礼' });
  await expect.poll(async () => (await slide.boundingBox())?.x ?? -1, { timeout: 20_000 * CPU_THROTTLE }).toBeGreaterThanOrEqual(0);
  await slide.click();
  await expect(page).toHaveURL(/\/web-view$/);
  await expect(page.getByRole('heading', { name: '2026 春季开学典礼' })).toBeVisible();
});

/** A finger drawn from (x, y) by (dx, dy) in steps, through the DevTools protocol (touches, as a phone sends them). */
async function drawFinger(page: Page, x: number, y: number, dx: number, dy: number): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  const touch = (type: 'touchStart' | 'touchMove' | 'touchEnd', px: number, py: number) =>
    cdp.send('Input.dispatchTouchEvent', { type, touchPoints: type === 'touchEnd' ? [] : [{ x: px, y: py }] });
  await touch('touchStart', x, y);
  for (let i = 1; i <= 10; i++) await touch('touchMove', x + (dx * i) / 10, y + (dy * i) / 10);
  await touch('touchEnd', x + dx, y + dy);
  await cdp.detach();
}

test('the carousel follows a finger: a swipe left brings the next slide, a swipe right from the first the last (it loops), and a swipe opens nothing', async ({ page }) => {
  await signIn(page, 't1001');
  const carousel = region(page, '轮播图');
  await expect(carousel.getByRole('button')).toHaveCount(3);
  const first = carousel.getByRole('button', { name: '2026 春季开学典礼' });
  // In view: its left edge at the carousel's (autoplay may have moved on; wait for the first).
  const inView = async (name: string) => {
    const b = await carousel.getByRole('button', { name }).boundingBox();
    const c = await carousel.boundingBox();
    return b && c ? Math.abs(b.x - c.x) < 2 : false;
  };
  const names = await carousel.getByRole('button').evaluateAll((els) => els.map((e) => e.getAttribute('aria-label') ?? ''));
  await expect.poll(() => inView(names[0]!), { timeout: 20_000 * CPU_THROTTLE }).toBe(true);
  const c = (await carousel.boundingBox())!;
  await drawFinger(page, c.x + c.width * 0.8, c.y + c.height / 2, -c.width * 0.5, 4);
  await expect.poll(() => inView(names[1]!)).toBe(true);
  await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/$/);

  // Back to the first, then once more to the right: the last comes in from the left.
  await drawFinger(page, c.x + c.width * 0.2, c.y + c.height / 2, c.width * 0.5, 4);
  await expect.poll(() => inView(names[0]!)).toBe(true);
  await drawFinger(page, c.x + c.width * 0.2, c.y + c.height / 2, c.width * 0.5, 4);
  await expect.poll(() => inView(names[2]!)).toBe(true);
  await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/$/);
  await expect(first).toHaveCount(1);
});

test('pulled down at the top, home asks for its portal again and says 刷新成功', async ({ page }) => {
  await signIn(page, 't1001');
  const apps = region(page, '我的应用');
  await expect(apps).toBeVisible();
  const asked = page.waitForRequest((r) => /\/home-page\/user\?/.test(r.url()));
  const b = (await apps.boundingBox())!;
  await drawFinger(page, b.x + 120, b.y + 10, 0, 260);
  await asked;
  await expect(page.getByText('刷新成功')).toBeVisible();
  await expect(page.getByText('刷新成功')).toBeHidden();
  await expect(apps).toBeVisible();
});

test('the OA summary: 待审批 and 待阅 with counts, a tab loads when switched to, an item opens the approval page', async ({ page }) => {
  await signIn(page, 't1001');
  const oa = region(page, '审批');
  const waiting = oa.getByRole('tab', { name: /待审批/ });
  const toRead = oa.getByRole('tab', { name: /待阅/ });
  await expect(waiting).toHaveText('待审批3');
  await expect(toRead).toHaveText('待阅2');
  await expect(oa.getByRole('list', { name: '待审批' }).getByRole('listitem')).toHaveCount(3);
  // A page shorter than 10 means no more.
  await expect(oa.getByRole('button', { name: '加载更多' })).toHaveCount(0);

  const loadsToRead = page.waitForRequest((r) => r.url().includes('/flow-run/comoinent') && r.postDataJSON()?.type === '1');
  await toRead.click();
  expect((await loadsToRead).postDataJSON()).toEqual({ pageSize: 10, type: '1' });
  await expect(oa.getByRole('list', { name: '待阅' }).getByRole('listitem')).toHaveCount(2);

  // Back to 待审批: its list is not empty, so it is not asked again.
  let again = 0;
  page.on('request', (r) => {
    if (r.url().includes('/flow-run/comoinent')) again++;
  });
  await waiting.click();
  await expect(oa.getByRole('list', { name: '待审批' })).toBeVisible();
  expect(again).toBe(0);

  // Waiting for the navigation itself: the approval page is another area's route.
  const opened = page.waitForURL(/\/page\/approvalCenter\/flowApproval\?FlowRunId=[^&]+&type=\d+&tab=0$/);
  await oa.getByRole('list', { name: '待审批' }).getByRole('button').first().click();
  await opened;
});

test('the to-do widget lists 10 to-dos; a to-do opens its page, an approval to-do the approval page', async ({ page }) => {
  await signIn(page, 't1001');
  const todos = region(page, '待办事项');
  await expect(todos.getByRole('listitem')).toHaveCount(10);
  await todos.getByRole('button', { name: /准备家长会材料/ }).click();
  await expect(page).toHaveURL(/\/page\/todo\/add\?todoId=[^&]+$/);

  await page.goBack();
  await expect(region(page, '待办事项').getByRole('listitem')).toHaveCount(10);
  const opened = page.waitForURL(/\/page\/approvalCenter\/flowApproval\?FlowRunId=[^&]+&type=\d+&tab=\d+$/);
  await region(page, '待办事项').getByRole('button', { name: /张三的学籍信息变更/ }).click();
  await opened;
});

test('the note widget keeps the user\'s short notes on the device: add, edit, delete', async ({ page }) => {
  await signIn(page, 't1001');
  const note = region(page, '便签');
  await expect(note.getByText('点击记录你的第一条便签')).toBeVisible();
  await note.getByRole('button', { name: '新建便签' }).click();
  const editor = page.getByRole('dialog', { name: '新建便签' });
  await editor.getByRole('textbox').fill('周五前提交期中教学检查表');
  await expect(editor.getByText('12/200')).toBeVisible();
  await editor.getByRole('button', { name: '保存' }).click();
  await expect(note.getByRole('button', { name: '周五前提交期中教学检查表' })).toBeVisible();
  await expect(note.getByText('1条')).toBeVisible();
  await expect(page.locator(TOASTS)).toHaveCount(0);
  await note.scrollIntoViewIfNeeded();
  await snap(page, 'home-note');

  await page.reload();
  const kept = region(page, '便签').getByRole('button', { name: '周五前提交期中教学检查表' });
  await expect(kept).toBeVisible();
  await kept.click();
  const edit = page.getByRole('dialog', { name: '编辑便签' });
  await edit.getByRole('textbox').fill('周四前提交期中教学检查表');
  await edit.getByRole('button', { name: '保存' }).click();
  await expect(region(page, '便签').getByRole('button', { name: '周四前提交期中教学检查表' })).toBeVisible();

  await region(page, '便签').getByRole('button', { name: '周四前提交期中教学检查表' }).click();
  await page.getByRole('dialog', { name: '编辑便签' }).getByRole('button', { name: '删除' }).click();
  await expect(region(page, '便签').getByText('点击记录你的第一条便签')).toBeVisible();
});

test('a user type without a portal sees 未配置门户 and the hint', async ({ page }) => {
  await signIn(page, 'e4001');
  await expect(page.getByText('未配置门户')).toBeVisible();
  await expect(page.getByText('可在PC端个人中心配置门户')).toBeVisible();
  await snap(page, 'home-empty');
});

test('a parent sees every app when there are 12 or fewer, without edit mode or 更多', async ({ page }) => {
  await signIn(page, 'p3001');
  const all = region(page, '全部应用');
  await expect(all.getByRole('listitem')).toHaveCount(5);
  await expect(all.getByRole('button', { name: '编辑常用应用' })).toHaveCount(0);
  await expect(all.getByRole('button', { name: '更多' })).toHaveCount(0);
});

test('the app centre route is reached in the app with the back bar title', async ({ page }) => {
  await signIn(page, 't1001');
  await goInApp(page, '/page/appCenter');
  await expect(page.getByRole('heading', { name: '全部应用' })).toBeVisible();
});

const fault = (page: Page, body: Record<string, unknown>) => page.request.post('sandbox/admin/fault', { data: body });

test('a failed portal load shows the server message and a retry that loads it', async ({ page }) => {
  await fault(page, { path: '/home-page/user', status: 500, message: '门户服务暂不可用' });
  await signIn(page, 't1001');
  await expect(toast(page, '门户服务暂不可用')).toBeVisible();
  await expect(page.getByText('门户加载失败')).toBeVisible();
  await page.getByRole('button', { name: '重试' }).click();
  await expect(apps(page).getByRole('button', { name: '请假申请' })).toBeVisible();
});

test('a failed 完成 shows the server message and keeps the edit, with 完成 enabled again', async ({ page }) => {
  await signIn(page, 't1001');
  await fault(page, { path: '/use-app/remove-myuseapp', status: 500, message: '保存失败，请稍后再试' });
  const grid = apps(page);
  await grid.getByRole('button', { name: '编辑常用应用' }).click();
  await grid.getByRole('button', { name: '移除请假申请' }).click();
  await grid.getByRole('button', { name: '完成' }).click();
  await expect(toast(page, '保存失败，请稍后再试')).toBeVisible();
  await expect(grid.getByRole('button', { name: '完成' })).toBeEnabled();
  await expect(grid.getByRole('button', { name: '请假申请' })).toHaveCount(0);
  await grid.getByRole('button', { name: '完成' }).click();
  await expect(toast(page, '删除成功')).toBeVisible();
});
