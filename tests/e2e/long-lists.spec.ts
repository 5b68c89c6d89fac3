/**
 * Long lists stay light: the approval list, the to-do list, the notices and a
 * selector list each load 1,000 extra rows through their own paging (infinite scroll by
 * 10, 20 or 30; the notices at 80% scroll), and the page never holds more than a bounded
 * number of rows (presentation/shared/VirtualList) while every row, the last one
 * included, can be scrolled to. The rows come from the sandbox's bulk route
 * (POST /sandbox/admin/bulk, sandbox/seed/bulk.ts). Frame times are in `npm run bench`
 * (bench/scrollBench.ts), not here.
 */
import type { Page } from '@playwright/test';
import { EVENT } from '../../sandbox/seed/messages';
import { admin, goInApp, loginThroughUi, resetSandbox } from './app.support';
import { CPU_THROTTLE, expect, test } from './support';

const BULK = 1000;
/** Rows in the page at any time: what one screen shows plus the overscan, far below the 1,000 loaded. */
const MAX_DOM_ROWS = 60;

test.describe.configure({ timeout: 240_000 * CPU_THROTTLE });

test.beforeEach(async ({ request }) => {
  await resetSandbox(request);
});

interface Progress {
  loaded: number;
  rows: number;
  end: boolean;
}

/** The loaded count (the list's data-count), the rows in the page, and whether the footer says 没有更多了. */
const progress = (page: Page): Promise<Progress> =>
  page.evaluate(() => ({
    loaded: Number(document.querySelector('.cw-vlist')?.getAttribute('data-count') ?? 0),
    rows: document.querySelectorAll('.cw-vlist__row').length,
    end: document.body.innerText.includes('没有更多了'),
  }));

/**
 * Scrolls to the end again and again, as a user flicking down would, until the list says
 * there is no more; returns the most rows the page held on the way.
 */
async function loadToEnd(page: Page): Promise<{ loaded: number; maxRows: number }> {
  let maxRows = 0;
  for (let step = 0; step < 400; step += 1) {
    const before = await progress(page);
    maxRows = Math.max(maxRows, before.rows);
    if (before.end) return { loaded: before.loaded, maxRows };
    // Poll with a scroll each time: the next page is asked for once the footer is near the screen.
    await page.waitForFunction(
      (loaded) => {
        window.scrollTo(0, document.documentElement.scrollHeight);
        const now = Number(document.querySelector('.cw-vlist')?.getAttribute('data-count') ?? 0);
        return now > loaded || document.body.innerText.includes('没有更多了');
      },
      before.loaded,
      { timeout: 15_000 * CPU_THROTTLE, polling: 100 },
    );
  }
  throw new Error('the list never ended');
}

/** Scrolls through the whole list a screen at a time; returns the most rows seen. */
async function sweep(page: Page): Promise<number> {
  return page.evaluate(async () => {
    const frame = () => new Promise((r) => requestAnimationFrame(() => r(null)));
    let most = 0;
    window.scrollTo(0, 0);
    for (let y = 0; y <= document.documentElement.scrollHeight; y += window.innerHeight * 0.9) {
      window.scrollTo(0, y);
      await frame();
      await frame();
      most = Math.max(most, document.querySelectorAll('.cw-vlist__row').length);
    }
    return most;
  });
}

/** Row n of the list (0-based), by its place in the list rather than its text. */
const rowAt = (page: Page, index: number) => page.locator(`.cw-vlist__row[data-index="${index}"]`);

async function checkLongList(page: Page, bulkLabel: string): Promise<void> {
  const { loaded, maxRows } = await loadToEnd(page);
  expect(loaded).toBeGreaterThanOrEqual(BULK);
  expect(maxRows).toBeLessThan(MAX_DOM_ROWS);
  await expect(page.locator('.cw-vlist[data-windowed]')).toHaveCount(1);

  // The last row is reachable and on screen at the end.
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await expect(rowAt(page, loaded - 1)).toBeInViewport();
  await expect(rowAt(page, loaded - 1)).toContainText(bulkLabel);
  expect((await progress(page)).rows).toBeLessThan(MAX_DOM_ROWS);

  // Every screen on the way back up stays bounded, and the top comes back.
  expect(await sweep(page)).toBeLessThan(MAX_DOM_ROWS);
  await page.evaluate(() => window.scrollTo(0, 0));
  await expect(rowAt(page, 0)).toBeInViewport();
}

test('approval list (已发起, 10 a page): 1,000 more runs, a bounded page, the last run reachable', async ({ page, request }) => {
  await admin(request, 'bulk', { kind: 'approval', count: BULK, account: 't1001' });
  await loginThroughUi(page, 't1001');
  await goInApp(page, '/page/approvalCenter');
  await page.getByRole('tab', { name: /^已发起/ }).click();
  await expect(page.locator('.cw-ap-card').first()).toBeVisible();
  await checkLongList(page, `批量申请 第${BULK}条`);
});

test('to-do list (待我处理, 20 a page): 1,000 more to-dos, a bounded page, the last one reachable', async ({ page, request }) => {
  await admin(request, 'bulk', { kind: 'todo', count: BULK, account: 't1001' });
  await loginThroughUi(page, 't1001');
  await goInApp(page, '/page/todo');
  await expect(page.locator('.cw-todo-card').first()).toBeVisible();
  await checkLongList(page, `批量待办 第${BULK}条`);
});

test('notices (系统通知, 30 a page at 80% scroll): 1,000 more notices, a bounded page, the last one reachable', async ({ page, request }) => {
  await admin(request, 'bulk', { kind: 'notice', count: BULK, account: 't1001' });
  await loginThroughUi(page, 't1001');
  await goInApp(page, `/page/notice?id=${EVENT.system}&name=${encodeURIComponent('系统通知')}`);
  await expect(page.getByRole('article').first()).toBeVisible();
  await checkLongList(page, `批量通知 第${BULK}条`);
});

test('selector list (资产, 30 a page): 1,000 assets in one category, a bounded page, the last one reachable', async ({ page, request }) => {
  await admin(request, 'bulk', { kind: 'asset', count: BULK });
  await loginThroughUi(page, 't1001');
  await goInApp(page, '/selectors/long-list?code=asset');
  await page.getByRole('button', { name: '下级 批量资产' }).click();
  await expect(page.locator('.cw-sel-item').first()).toBeVisible();
  await checkLongList(page, '批量资产');
});
