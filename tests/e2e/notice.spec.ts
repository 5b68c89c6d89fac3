import type { APIRequestContext, Page } from '@playwright/test';
import { signIn } from './app.support';
import { EVENT } from '../../sandbox/seed/messages';
import { CAMPUS_EAST, CAMPUS_MAIN } from '../../sandbox/seed/ids';
import { expect, snap, test, TOASTS } from './support';

/**
 * The notice list of a message tab (page/notice?id=&name=, SPEC points 2, 4, 8, 9):
 * 30 a page with load-more at 80% scroll, title and time with seconds, HTML sanitised
 * (the sandbox seeds a hostile notice), and link data followed (OA, TodoMatter, campus
 * switching with 该校区不存在, downloadPath, linkUrl).
 */

/** Signs in through the login page (school code demo by ?code=, then the form). */
const resetSandbox = async (request: APIRequestContext): Promise<void> => {
  await request.post('sandbox/admin/reset');
  await request.delete('sandbox/admin/fault');
};

/**
 * Moves inside the app as the app does (pushState, which wouter observes). A full load
 * of a nested path is avoided: the build's asset paths are relative (see the report).
 */
const goInApp = (page: Page, path: string) => page.evaluate((p) => window.history.pushState(null, '', p), path);

/** antd-mobile toasts: the text the user reads. */
const toast = (page: Page, text: string) => page.locator(TOASTS).getByText(text, { exact: true });

/** In-app navigation: a full load of a nested path is not used (relative asset paths, see the report). */
const openTab = (page: Page, id: string, name: string) => goInApp(page, `/page/notice?id=${id}&name=${encodeURIComponent(name)}`);
const card = (page: Page, title: string) => page.getByRole('article', { name: title, exact: true });

/** Every address the page showed, same-document navigations included. */
function recordUrls(page: Page): string[] {
  const urls: string[] = [];
  page.on('framenavigated', (f) => {
    if (f === page.mainFrame()) urls.push(decodeURIComponent(f.url()));
  });
  return urls;
}

test.beforeEach(async ({ request }) => {
  await resetSandbox(request);
});

test('notices load 30 at a time and the next page at 80% scroll; each shows its title and time with seconds', async ({ page }) => {
  await signIn(page, 't1001');
  await openTab(page, EVENT.campus, '校园通知');
  await expect(page.getByRole('heading', { name: '校园通知' })).toBeVisible();
  const first = card(page, '关于2026年春季学期开学安排的通知');
  await expect(first).toBeVisible();
  await expect(first.locator('time')).toHaveText(/^\s*\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
  await expect(first.getByRole('table')).toBeVisible();
  await expect(page.getByRole('article')).toHaveCount(30);
  await snap(page, 'notice');

  // Just past 80% of the content: the second page (14 more) arrives.
  await page.evaluate(() => {
    const el = document.scrollingElement!;
    const scrollers = [el, ...Array.from(document.querySelectorAll<HTMLElement>('*')).filter((e) => e.scrollHeight > e.clientHeight && /(auto|scroll)/.test(getComputedStyle(e).overflowY))];
    for (const s of scrollers) s.scrollTop = s.scrollHeight * 0.82 - s.clientHeight;
    window.dispatchEvent(new Event('scroll'));
  });
  await expect(page.getByRole('article')).toHaveCount(44);
  await page.getByText('没有更多了').scrollIntoViewIfNeeded();
  await expect(page.getByText('没有更多了')).toBeVisible();
  await expect(card(page, '校园简报 第1期')).toBeVisible();
});

test('the hostile notice is sanitised: no script runs, no handler or javascript: link survives', async ({ page }) => {
  const dialogs: string[] = [];
  page.on('dialog', async (d) => {
    dialogs.push(d.message());
    await d.dismiss();
  });
  await signIn(page, 't1001');
  await openTab(page, EVENT.campus, '校园通知');
  const hostile = card(page, '【安全提醒】请勿点击不明链接');
  await expect(hostile).toBeVisible();
  await expect(hostile.getByText('请各位老师同学注意核对以下内容。')).toBeVisible();
  await expect(hostile.getByText('红色提示文字')).toBeVisible();
  await expect(hostile.getByRole('link', { name: '安全须知' })).toHaveAttribute('href', 'https://example.com/campus/safety');

  const body = hostile.locator('.cw-notice__body');
  await expect(body.locator('script, iframe, svg, object, embed, style')).toHaveCount(0);
  const leftovers = await page.evaluate(() => {
    const found: string[] = [];
    for (const el of Array.from(document.querySelectorAll('.cw-notice__body *'))) {
      for (const a of Array.from(el.attributes)) {
        if (/^on/i.test(a.name)) found.push(`${el.tagName} ${a.name}`);
        if (/^\s*(javascript|data|vbscript):/i.test(a.value)) found.push(`${el.tagName} ${a.name}=${a.value}`);
      }
    }
    return found;
  });
  expect(leftovers).toEqual([]);
  await expect(page.locator('a[href^="javascript:" i]')).toHaveCount(0);

  // The former javascript: link is plain text now; tapping it does nothing harmful.
  await hostile.getByText('点此领取奖品').click();
  await page.waitForTimeout(500);
  expect(await page.evaluate(() => (window as unknown as { __xss?: unknown }).__xss)).toBeUndefined();
  expect(dialogs).toEqual([]);
  await expect(page).toHaveURL(/\/page\/notice\?/);
});

test('a download notice opens the file page, a link notice the web view', async ({ page }) => {
  await signIn(page, 't1001');
  const urls = recordUrls(page);
  await openTab(page, EVENT.campus, '校园通知');
  await card(page, '2026春季校历发布').getByRole('button', { name: '查看详情' }).click();
  await expect.poll(() => urls.find((u) => u.includes('/page/file?'))).toMatch(/\/page\/file\?url=http:\/\/127\.0\.0\.1:\d+\/sandbox\/files\/.+&name=2026春季校历\.pdf/);

  await openTab(page, EVENT.campus, '校园通知');
  await card(page, '图书馆延长开放时间').click();
  await expect.poll(() => urls.some((u) => /\/web-view$/.test(u))).toBe(true);
  expect(await page.evaluate(() => JSON.stringify(history.state))).toContain('https://example.com/campus/news/library');
});

test('an OA notice opens the approval page with FlowRunId, type and tab', async ({ page }) => {
  await signIn(page, 't1002');
  const urls = recordUrls(page);
  await openTab(page, EVENT.approval, '审批提醒');
  const first = page.getByRole('article').first();
  await expect(first).toBeVisible();
  await first.click();
  await expect
    .poll(() => urls.find((u) => u.includes('/page/approvalCenter/flowApproval?')))
    .toMatch(/\/page\/approvalCenter\/flowApproval\?FlowRunId=[^&]+&type=\d&tab=\d/);
});

test('to-do notices: same campus opens the to-do, another campus of the user switches and reloads, an unknown one says 该校区不存在', async ({ page }) => {
  await signIn(page, 't1001');
  // The campus in effect is 主校区 (stored, or the first of the list when none is).
  const storedCampus = () => page.evaluate(() => localStorage.getItem('campus.campusId'));
  const campusInEffect = async () => (await storedCampus()) ?? CAMPUS_MAIN;
  expect(await campusInEffect()).toBe(CAMPUS_MAIN);
  const urls = recordUrls(page);

  await openTab(page, EVENT.todo, '待办提醒');
  await card(page, '已撤销校区的待办提醒').click();
  await expect(toast(page, '该校区不存在')).toBeVisible();
  await expect(page).toHaveURL(/\/page\/notice\?/);
  expect(await campusInEffect()).toBe(CAMPUS_MAIN);

  await card(page, '您有一条待办即将到期').click();
  await expect.poll(() => urls.find((u) => u.includes('/page/todo/add?'))).toMatch(/\/page\/todo\/add\?todoId=.+/);
  expect(await campusInEffect()).toBe(CAMPUS_MAIN);

  await openTab(page, EVENT.todo, '待办提醒');
  const reload = page.waitForRequest((r) => r.resourceType() === 'document' && decodeURIComponent(r.url()).includes('/page/todo/add?todoId='));
  await card(page, '东校区待办提醒').click();
  await reload;
  expect(await storedCampus()).toBe(CAMPUS_EAST);
});
