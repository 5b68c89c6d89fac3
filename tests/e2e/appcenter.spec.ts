import type { Page } from '@playwright/test';
import { admin, goInApp, installShell, resetSandbox, shellMessages, toast, signIn } from './app.support';
import { CPU_THROTTLE, expect, snap, test } from './support';

/**
 * The application launcher (page/appCenter, SPEC point 2 "Application launcher", point 9):
 * search box, category tabs scrolling to anchors (offset 124, debounce 150 ms, anchor
 * lock 500 ms), the 4-column grid, the search-results group, 暂无应用 / 暂无搜索结果, and
 * opening an app by its useAppType with use-app-log.
 */

async function openLauncher(page: Page, account = 't1001'): Promise<void> {
  await signIn(page, account);
  await goInApp(page, '/page/appCenter');
  await expect(page.getByRole('heading', { name: '全部应用' })).toBeVisible();
  await expect(page.getByRole('region', { name: '办公审批' })).toBeVisible();
}

const tab = (page: Page, name: string) => page.getByRole('navigation', { name: '应用分类' }).getByRole('tab', { name });
const search = (page: Page) => page.getByPlaceholder('搜索应用');
const sectionTop = (page: Page, name: string) => page.getByRole('region', { name }).evaluate((el) => Math.round(el.getBoundingClientRect().top));

test.beforeEach(async ({ request }) => {
  await resetSandbox(request);
});

test('the launcher lists the categories as tabs and each as a 4-column grid', async ({ page }) => {
  await openLauncher(page);
  const tabs = page.getByRole('navigation', { name: '应用分类' }).getByRole('tab');
  await expect(tabs).toHaveText(['办公审批', '教学服务', '校园生活']);
  await expect(tab(page, '办公审批')).toHaveAttribute('aria-selected', 'true');
  const office = page.getByRole('region', { name: '办公审批' });
  await expect(office.getByRole('listitem')).toHaveCount(6);
  const cells = await office.getByRole('listitem').evaluateAll((els) => els.map((e) => e.getBoundingClientRect()).map((r) => ({ x: Math.round(r.x), y: Math.round(r.y) })));
  expect(new Set(cells.slice(0, 4).map((c) => c.y)).size).toBe(1);
  expect(cells[4]!.y).toBeGreaterThan(cells[0]!.y);
  expect(cells[4]!.x).toBe(cells[0]!.x);
  await expect(page.getByRole('region', { name: '校园生活' }).getByRole('listitem')).toHaveCount(7);
  await snap(page, 'appcenter');
});

test('a tab scrolls its category under the header (offset 124) and the scroll does not move the tab for 500 ms', async ({ page }) => {
  await openLauncher(page);
  // Record which tab is selected every few ms from the tap on.
  await page.evaluate(() => {
    const w = window as unknown as { __selected: string[] };
    w.__selected = [];
    const started = performance.now();
    const tick = () => {
      const t = document.querySelector('[aria-label="应用分类"] [role="tab"][aria-selected="true"]');
      w.__selected.push(t?.textContent ?? '');
      if (performance.now() - started < 700) requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  });
  await tab(page, '校园生活').click();
  await expect(tab(page, '校园生活')).toHaveAttribute('aria-selected', 'true');
  await expect.poll(() => sectionTop(page, '校园生活')).toBe(124);
  await page.waitForTimeout(800);
  const selected = await page.evaluate(() => (window as unknown as { __selected: string[] }).__selected);
  // Passing 教学服务 on the way never selected it: the tap locks the tabs.
  expect(selected.filter((s) => s === '教学服务')).toEqual([]);
  await expect(tab(page, '校园生活')).toHaveAttribute('aria-selected', 'true');

  await tab(page, '教学服务').click();
  await expect.poll(() => sectionTop(page, '教学服务')).toBe(124);
  await expect(tab(page, '教学服务')).toHaveAttribute('aria-selected', 'true');
});

test('scrolling moves the active tab after the scroll settles (150 ms debounce)', async ({ page }) => {
  await openLauncher(page);
  const top = await page.getByRole('region', { name: '教学服务' }).evaluate((el) => el.getBoundingClientRect().top + window.scrollY);
  await page.evaluate((y) => window.scrollTo(0, y - 124 + 4), top);
  // Not at once: the handler waits for the scroll to rest.
  expect(await tab(page, '办公审批').getAttribute('aria-selected')).toBe('true');
  await expect(tab(page, '教学服务')).toHaveAttribute('aria-selected', 'true');
  await page.evaluate(() => window.scrollTo(0, 0));
  await expect(tab(page, '办公审批')).toHaveAttribute('aria-selected', 'true');
});

test('search: a results group by name, 暂无搜索结果 when nothing matches, the categories again when cleared', async ({ page }) => {
  await openLauncher(page);
  await search(page).fill('申请');
  const results = page.getByRole('region', { name: '搜索结果' });
  await expect(results.getByRole('button')).toHaveText(['请假申请', '采购申请', '用印申请']);
  await expect(page.getByRole('navigation', { name: '应用分类' })).toHaveCount(0);
  await snap(page, 'appcenter-search');

  await search(page).fill('不存在的应用');
  await expect(page.getByText('暂无搜索结果')).toBeVisible();

  await search(page).fill('   ');
  await expect(page.getByRole('region', { name: '办公审批' })).toBeVisible();
  await expect(tab(page, '办公审批')).toBeVisible();
});

test('5,000 categories from the backend: the first drawn at once, the rest as the user scrolls or taps their tab', async ({ page, request }) => {
  // 30,000 tiles drawn in the end: the wait for them below is longer than a test's usual minute.
  test.setTimeout(150_000 * CPU_THROTTLE);
  await signIn(page, 't1001');
  // Home's own call for the apps is done first: the fault is for the launcher's.
  await expect(page.locator('.cw-widget--apps .cw-app-grid:not(.cw-app-grid--placeholder)').first()).toBeVisible();
  // One answer: the launcher asks once (its last tab, 教学服务, is the 5,000th copy's name).
  await admin(request, 'fault', { path: 'use-app/my-use-app', answer: 'hugeLists', times: 1 });
  await goInApp(page, '/page/appCenter');
  const tabs = page.getByRole('navigation', { name: '应用分类' }).getByRole('tab');
  await expect(tabs).toHaveCount(5000);
  const sections = page.locator('.cw-appcenter__group');
  await expect(sections.first().locator('.cw-app-tile').first()).toBeVisible();
  const first = await sections.count();
  expect(first).toBeGreaterThan(3);
  expect(first).toBeLessThan(100);

  // Near the end of what is drawn, more is drawn.
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await expect.poll(() => sections.count()).toBeGreaterThan(first);

  // The last tab: chosen at once, then its group is drawn and scrolled under the header
  // (offset 124). Drawing 5,000 groups of six apps takes seconds on a slow machine, but the
  // tap is not held for it: the tab shows as chosen first.
  await tabs.last().click();
  await expect(tabs.last()).toHaveAttribute('aria-selected', 'true');
  await expect(sections).toHaveCount(5000, { timeout: 60_000 * CPU_THROTTLE });
  await expect.poll(() => sections.last().evaluate((el) => Math.round(el.getBoundingClientRect().top))).toBe(124);
  // The scroll to the end, still settling when the tab was tapped, did not choose a tab over it.
  await expect(tabs.last()).toHaveAttribute('aria-selected', 'true');
});

test('a tab tapped while a fling still settles stays chosen, also when its group is drawn only after the tap', async ({ page }) => {
  const groups = Array.from({ length: 1000 }, (_, g) => ({
    id: `g${g}`,
    name: `分类${g + 1}`,
    useAppTree: Array.from({ length: 6 }, (_, i) => ({ id: `a${g}-${i}`, name: `应用${g + 1}-${i + 1}`, useAppType: 1, content: 'https://example.com/', iconImage: '' })),
  }));
  await page.route('**/use-app/my-use-app**', (route) => route.fulfill({ json: { commonList: [], useList: groups } }));
  await signIn(page, 't1001');
  await goInApp(page, '/page/appCenter');
  await expect(page.getByRole('region', { name: '分类1', exact: true })).toBeVisible();
  // The fling and the tap in one moment: the scroll's event comes after the tap, and its
  // debounce (150 ms) ends while the groups up to the tapped one are still being drawn.
  await page.evaluate(() => {
    window.scrollTo(0, 3000);
    const tabs = document.querySelectorAll<HTMLElement>('.cw-appcenter__tabs [role="tab"]');
    tabs[tabs.length - 1]?.click();
  });
  const last = page.getByRole('region', { name: '分类1000', exact: true });
  await expect.poll(() => last.evaluate((el) => Math.round(el.getBoundingClientRect().top))).toBe(124);
  await expect(tab(page, '分类1000')).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('navigation', { name: '应用分类' }).getByRole('tab', { selected: true })).toHaveCount(1);
});

test('a search that finds thousands of apps shows them a step at a time', async ({ page }) => {
  const many = Array.from({ length: 3000 }, (_, i) => ({ id: `app-${i}`, name: `应用${i + 1}`, useAppType: 1, content: 'https://example.com/', iconImage: '' }));
  await page.route('**/use-app/my-use-app**', (route) => route.fulfill({ json: { commonList: [], useList: [{ id: 'g', name: '全部', useAppTree: many }] } }));
  await signIn(page, 't1001');
  await goInApp(page, '/page/appCenter');
  await expect(page.getByRole('region', { name: '全部' })).toBeVisible();
  await search(page).fill('应用');
  const found = page.getByRole('region', { name: '搜索结果' }).locator('.cw-app-tile');
  await expect(found.first()).toHaveText('应用1');
  expect(await found.count()).toBe(120);
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await expect.poll(() => found.count()).toBeGreaterThan(120);
  // To the end, a step at a time.
  await expect(async () => {
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    expect(await found.count()).toBe(3000);
  }).toPass();
  await expect(found.last()).toHaveText('应用3000');
});

test('search ignores case and 暂无应用 shows when the user has no app', async ({ page }) => {
  let empty = false;
  await page.route('**/use-app/my-use-app**', async (route) => {
    const body = empty
      ? { commonList: [], useList: [] }
      : {
          commonList: [],
          useList: [{ id: 'g', name: '办公', useAppTree: [{ id: 'app-wps', name: 'WPS 文档', useAppType: 1, content: 'https://example.com/wps', iconImage: '' }] }],
        };
    await route.fulfill({ json: body });
  });
  await signIn(page, 't1001');
  await goInApp(page, '/page/appCenter');
  await expect(page.getByRole('region', { name: '办公' })).toBeVisible();
  await search(page).fill('wps');
  await expect(page.getByRole('region', { name: '搜索结果' }).getByRole('button', { name: 'WPS 文档' })).toBeVisible();

  empty = true;
  await goInApp(page, '/');
  await goInApp(page, '/page/appCenter');
  await expect(page.getByText('暂无应用')).toBeVisible();
});

test('opening apps by type, each recorded with use-app-log', async ({ page }) => {
  await openLauncher(page);
  const logs: string[] = [];
  page.on('request', (r) => {
    const m = /\/use-app\/([^/]+)\/use-app-log\?type=1$/.exec(r.url());
    if (m && r.method() === 'POST') logs.push(m[1]!);
  });

  // Web link: the web-view page with the app's title.
  await page.getByRole('region', { name: '教学服务' }).getByRole('button', { name: '课表查询' }).click();
  await expect(page).toHaveURL(/\/web-view$/);
  await expect(page.getByRole('heading', { name: '课表查询' })).toBeVisible();
  await page.goBack();

  // Approval app without a flow: 未开通审批流程, and it stays.
  await page.getByRole('button', { name: '会议室预约' }).click();
  await expect(toast(page, '未开通审批流程')).toBeVisible();
  await expect(page).toHaveURL(/\/page\/appCenter$/);

  // Approval app with a flow: the approval centre on its flow.
  const toFlow = page.waitForURL(/\/page\/approvalCenter\?flowId=[^&]+&code=leave$/);
  await page.getByRole('button', { name: '请假申请' }).click();
  await toFlow;
  await goInApp(page, '/page/appCenter');

  // Built-in approval centre.
  const toCentre = page.waitForURL(/\/page\/approvalCenter$/);
  await page.getByRole('button', { name: '审批中心' }).click();
  await toCentre;
  await goInApp(page, '/page/appCenter');

  // Teacher student report outside the shell: the scanner page, back to the report page.
  const toScanner = page.waitForURL((url) => url.pathname.endsWith('/scanner') && url.searchParams.get('redirect') === '/page/student/report');
  await page.getByRole('button', { name: '报到核验' }).click();
  await toScanner;

  await expect.poll(() => logs).toEqual(['app-timetable', 'app-noflow', 'app-leave', 'app-approval', 'app-teareport']);
});

test('inside the native shell: a web link goes to the shell and the teacher report scans natively', async ({ page }) => {
  await installShell(page, { scanText: '110101200803151234' });
  await openLauncher(page);
  await page.getByRole('button', { name: '校历' }).click();
  await expect
    .poll(async () => (await shellMessages(page)).find((m) => m.type === 'openLink'))
    .toMatchObject({ url: 'https://example.com/campus/calendar', title: '校历' });
  await expect(page).toHaveURL(/\/page\/appCenter$/);

  const toReport = page.waitForURL(/\/page\/student\/report\?idCard=110101200803151234$/);
  await page.getByRole('button', { name: '报到核验' }).click();
  await toReport;
  expect((await shellMessages(page)).some((m) => m.type === 'scan')).toBe(true);
});

test('a failed flow lookup shows the server message and stays on the launcher', async ({ page }) => {
  await openLauncher(page);
  await page.request.post('sandbox/admin/fault', { data: { path: '/flow-run/flowid-by-appcode', status: 500, message: '审批服务暂不可用' } });
  await page.getByRole('button', { name: '采购申请' }).click();
  await expect(toast(page, '审批服务暂不可用')).toBeVisible();
  await expect(page).toHaveURL(/\/page\/appCenter$/);
});
