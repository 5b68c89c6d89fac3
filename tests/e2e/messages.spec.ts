import { createHash } from 'node:crypto';
import { signIn } from './app.support';
import type { APIRequestContext, Page } from '@playwright/test';
import { EVENT } from '../../sandbox/seed/messages';
import { CPU_THROTTLE, expect, snap, test } from './support';

/**
 * The message centre (SPEC point 2 "Home and me", point 4, point 9 "99+"): 消息中心 with
 * grouped app tabs and unread badges, the bottom tab badge, the clear-all-read confirm,
 * live refresh from the hub, failures logged only, and the notification entry.
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

type Tab = { id: string; name: string; noReadNum: number; msgContext?: string };
async function appTabs(request: APIRequestContext, token: string): Promise<{ name: string; messageEventAppTabsDtos: Tab[] }[]> {
  const res = await request.get('v1/message-service/api/message-group/app-tabs', { headers: { Authorization: `Bearer ${token}` } });
  return (await res.json()) as { name: string; messageEventAppTabsDtos: Tab[] }[];
}

const notify = (request: APIRequestContext, data: Record<string, unknown>) => request.post('sandbox/admin/notify', { data });

/** The message tab of the bottom bar and its badge. */
const bottomTab = (page: Page) => page.getByRole('navigation', { name: 'main' }).getByRole('button', { name: /消息/ });
const bottomBadge = (page: Page) => bottomTab(page).locator('.cw-tabbar__badge');
/** The row of one app tab in the message centre. */
const row = (page: Page, name: string) => page.locator('.cw-msg__tab').filter({ has: page.locator('.cw-msg__tab-name', { hasText: name }) });

test.beforeEach(async ({ request }) => {
  await resetSandbox(request);
});

test('消息中心 shows the groups, each tab with its last message, time and unread badge, and the total on the bottom tab', async ({ page, request }) => {
  await signIn(page, 't1001');
  await page.goto('./?tab=message');
  await expect(page.getByRole('heading', { name: '消息中心' })).toBeVisible();
  await expect(page.getByRole('button', { name: '全部已读' })).toBeVisible();

  const groups = await appTabs(request, await apiToken(request, 't1001'));
  const total = groups.flatMap((g) => g.messageEventAppTabsDtos).reduce((n, t) => n + t.noReadNum, 0);
  expect(total).toBeGreaterThan(0);
  for (const group of groups) {
    const section = page.getByRole('region', { name: group.name });
    await expect(section).toBeVisible();
    for (const tab of group.messageEventAppTabsDtos) {
      const r = row(page, tab.name);
      await expect(r).toBeVisible();
      if (tab.noReadNum > 0) await expect(r.locator('.adm-badge-content')).toHaveText(String(tab.noReadNum));
      else await expect(r.locator('.adm-badge-content')).toHaveCount(0);
    }
  }
  const campus = row(page, '校园通知');
  await expect(campus).toContainText('2026年春季学期开学安排');
  await expect(campus.locator('.cw-msg__time')).toHaveText(/\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
  await expect(bottomBadge(page)).toHaveText(String(total));
  await snap(page, 'messages');
});

test('more than 99 unread shows 99+ on the tab and on the bottom bar', async ({ page, request }) => {
  for (let i = 0; i < 100; i++) await notify(request, { account: 't1001', title: `批量消息${i}` });
  await signIn(page, 't1001');
  await page.goto('./?tab=message');
  await expect(row(page, '系统通知').locator('.adm-badge-content')).toHaveText('99+');
  await expect(bottomBadge(page)).toHaveText('99+');
});

test('a message pushed by the hub updates the list and the badge without a reload', async ({ page, request }) => {
  await signIn(page, 't1001');
  await page.goto('./?tab=message');
  await expect(row(page, '系统通知')).toBeVisible();
  await expect(row(page, '系统通知').locator('.adm-badge-content')).toHaveCount(0);
  const before = Number(await bottomBadge(page).textContent());
  await page.evaluate(() => ((window as unknown as { __sameDocument: boolean }).__sameDocument = true));

  // Wait until the hub delivered to this page's connection (it starts during the gate).
  await expect.poll(async () => ((await (await notify(request, { account: 't1001', title: '实时推送测试', context: '<p>实时推送的消息内容</p>' })).json()) as { delivered: number }).delivered, { timeout: 15_000 * CPU_THROTTLE }).toBeGreaterThan(0);

  await expect(row(page, '系统通知')).toContainText('实时推送的消息内容');
  const unreadNow = await row(page, '系统通知').locator('.adm-badge-content').textContent();
  expect(Number(unreadNow)).toBeGreaterThanOrEqual(1);
  await expect(bottomBadge(page)).toHaveText(String(before + Number(unreadNow)));
  expect(await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true);
});

test('the clear-all-read icon asks 确认标记所有消息为已读？ and, confirmed, clears every badge', async ({ page }) => {
  await signIn(page, 't1001');
  await page.goto('./?tab=message');
  await expect(bottomBadge(page)).toBeVisible();

  await page.getByRole('button', { name: '全部已读' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText('确认标记所有消息为已读？')).toBeVisible();
  await dialog.getByRole('button', { name: '取消' }).click();
  await expect(dialog).toBeHidden();
  await expect(bottomBadge(page)).toBeVisible();
  await expect(row(page, '校园通知').locator('.adm-badge-content')).toBeVisible();

  await page.getByRole('button', { name: '全部已读' }).click();
  await page.getByRole('dialog').getByRole('button', { name: '确定' }).click();
  await expect(page.locator('.cw-msg__tab .adm-badge-content')).toHaveCount(0);
  await expect(bottomBadge(page)).toHaveCount(0);
});

test('a failing message fetch is only logged, with no toast; the page says it failed (never 暂无消息) and 重试 brings the groups', async ({ page, request }) => {
  await signIn(page, 't1001');
  const warnings: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'warning') warnings.push(m.text());
  });
  await request.post('sandbox/admin/fault', { data: { path: '/message-group/app-tabs', status: 500, message: '模拟故障', times: -1 } });
  await page.goto('./?tab=message');
  await expect(page.getByRole('heading', { name: '消息中心' })).toBeVisible();
  await expect(page.getByText('加载失败')).toBeVisible();
  await expect(page.getByText('暂无消息')).toHaveCount(0);
  await expect(page.getByText('模拟故障')).toHaveCount(0);
  expect(warnings.some((w) => w.includes('[messages]'))).toBe(true);
  await request.delete('sandbox/admin/fault');
  await page.getByRole('button', { name: '重试' }).click();
  await expect(row(page, '教务通知')).toBeVisible();
  await expect(page.getByText('加载失败')).toHaveCount(0);
});

test('tapping a tab opens its notices; the notification entry ?tab=message&page= opens a page over the message centre', async ({ page }) => {
  await signIn(page, 't1001');
  await page.goto('./?tab=message');
  await row(page, '教务通知').click();
  await expect(page).toHaveURL(/\/page\/notice\?id=.+&name=%E6%95%99%E5%8A%A1%E9%80%9A%E7%9F%A5/);
  await expect(page.getByRole('heading', { name: '教务通知' })).toBeVisible();
  await expect(page.getByText('期中教学检查安排')).toBeVisible();

  const target = `/page/notice?id=${EVENT.campus}&name=校园通知`;
  await page.goto(`./?tab=message&page=${encodeURIComponent(target)}`);
  await expect(page.getByRole('heading', { name: '校园通知' })).toBeVisible();
  await expect(page).toHaveURL(/\/page\/notice\?id=/);
  await page.getByLabel('返回').click();
  await expect(page.getByRole('heading', { name: '消息中心' })).toBeVisible();
  await expect(page).toHaveURL(/\?tab=message$/);

  // Anything that would leave the app is ignored.
  await page.goto(`./?tab=message&page=${encodeURIComponent('//evil.example/x')}`);
  await expect(page.getByRole('heading', { name: '消息中心' })).toBeVisible();
  await expect(page).toHaveURL(/\?tab=message&page=/);
});

test('thousands of groups are drawn a step at a time as the user scrolls, and a pushed message keeps what was drawn', async ({ page, request }) => {
  let latest = '第一条消息';
  const groups = (latest: string) =>
    Array.from({ length: 2000 }, (_, i) => ({
      name: `分组${i + 1}`,
      messageEventAppTabsDtos: [{ id: `tab-${i}`, name: `应用${i + 1}`, noReadNum: 0, msgContext: i === 0 ? latest : `消息${i + 1}`, msgDateTime: '2026-11-20T08:00:00' }],
    }));
  await page.route('**/message-group/app-tabs**', (route) => route.fulfill({ json: groups(latest) }));
  await signIn(page, 't1001');
  await page.goto('./?tab=message');
  const rows = page.locator('.cw-msg__tab');
  const first = page.getByRole('region', { name: '分组1', exact: true });
  await expect(first).toContainText('第一条消息');
  expect(await rows.count()).toBe(30);

  // Scrolled down, the steps follow until at least 120 rows are drawn.
  await expect(async () => {
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    expect(await rows.count()).toBeGreaterThanOrEqual(120);
  }).toPass();
  const drawn = await rows.count();
  const scrolled = await page.evaluate(() => window.scrollY);

  // A message pushed by the hub brings the list again: the rows drawn stay drawn, the page where it was.
  latest = '推送后的消息';
  await expect.poll(async () => ((await (await notify(request, { account: 't1001', title: '分步推送' })).json()) as { delivered: number }).delivered, { timeout: 15_000 * CPU_THROTTLE }).toBeGreaterThan(0);
  await expect(first).toContainText('推送后的消息');
  expect(await rows.count()).toBeGreaterThanOrEqual(drawn);
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThanOrEqual(scrolled);

  // And on to the last group.
  await expect(async () => {
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    expect(await rows.count()).toBe(2000);
  }).toPass({ timeout: 60_000 * CPU_THROTTLE });
  await expect(page.getByRole('region', { name: '分组2000', exact: true })).toContainText('应用2000');
});
