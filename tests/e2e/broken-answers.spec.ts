/**
 * Whatever the backend sends (issue "Whatever the backend sends"): each main screen's own
 * call answered broken, one kind at a time (sandbox/core/brokenAnswers.ts: HTML 500 and
 * 502 pages, an empty 200, bad JSON, 204, nulls, missing fields, numbers as strings,
 * wrong types, 5,000-item lists), and the boot's user-info the same. Every time: no
 * uncaught error, no white screen, no trip to the login page, the token still stored,
 * nothing wider than the phone; the screen shows its content (read liberally) or says
 * that it failed, with 重试.
 */
import type { Locator, Page } from '@playwright/test';
import { EVENT } from '../../sandbox/seed/messages';
import { admin, goInApp, KEYS, mainLayout, resetSandbox, signIn, storageValue } from './app.support';
import { expect, test } from './support';

test.beforeEach(async ({ request }) => {
  await resetSandbox(request);
});

const KINDS = ['html500', 'html502', 'empty200', 'badJson', 'noContent', 'nulls', 'missingFields', 'numbersAsStrings', 'wrongTypes', 'hugeLists'] as const;
/** Answers that cannot be read at all: the screen must say it failed, never show an empty list. */
const UNREADABLE: ReadonlySet<string> = new Set(['html500', 'html502', 'empty200', 'badJson']);

interface Screen {
  readonly name: string;
  readonly route: string;
  /** The screen's own call (a part of its path). */
  readonly call: string;
  /** What the screen shows when it could read the answer. */
  readonly ready: (page: Page) => Locator;
  /** What it shows when the answer says there is nothing (null for a screen without one). */
  readonly empty: ((page: Page) => Locator) | null;
  /** Done once the route is open, before the fault is set (the list a detail is opened from). */
  readonly before?: (page: Page) => Promise<void>;
  /** What makes the screen ask its call, once the fault is set (a tap, a search typed). */
  readonly enter?: (page: Page) => Promise<void>;
}

const SCREENS: readonly Screen[] = [
  { name: 'home', route: '/', call: 'use-app/my-use-app', ready: (p) => p.locator('.cw-widget--apps .cw-app-grid:not(.cw-app-grid--placeholder)').first(), empty: (p) => p.locator('.cw-widget__empty') },
  { name: 'message centre', route: '/?tab=message', call: 'message-group/app-tabs', ready: (p) => p.locator('.cw-msg__tab').first(), empty: (p) => p.locator('.cw-msg__empty') },
  { name: 'approval centre', route: '/page/approvalCenter', call: '/flow-run/list', ready: (p) => p.locator('.cw-ap-card').first(), empty: (p) => p.getByText('暂无审批', { exact: true }) },
  { name: 'to-do list', route: '/page/todo', call: '/todo-matter?', ready: (p) => p.locator('.cw-todo-card').first(), empty: (p) => p.getByText('暂无待办', { exact: true }) },
  { name: 'registration', route: '/page/student/report?code=2026010001', call: 'stumatter-by-num', ready: (p) => p.getByRole('heading', { name: '张三' }), empty: null },
  {
    name: 'notices',
    route: `/page/notice?id=${EVENT.campus}&name=${encodeURIComponent('校园通知')}`,
    call: 'send-user-message/by-eventid',
    ready: (p) => p.locator('article.cw-notice').first(),
    empty: (p) => p.getByText('暂无通知', { exact: true }),
  },
  {
    name: 'app centre',
    route: '/page/appCenter',
    call: 'use-app/my-use-app',
    ready: (p) => p.locator('.cw-app-tile').first(),
    empty: (p) => p.getByText('暂无应用', { exact: true }),
  },
  {
    name: 'approval detail',
    route: '/page/approvalCenter',
    call: '/flow-run/info-app',
    ready: (p) => p.getByRole('region', { name: '审批记录' }),
    empty: null,
    before: (p) => expect(p.locator('.cw-ap-card').first()).toBeVisible(),
    enter: (p) => p.locator('.cw-ap-card').first().getByRole('button').first().click(),
  },
  {
    name: 'to-do form',
    route: '/page/todo',
    call: '/todo-matter/',
    // A to-do that cannot be read says why and goes back to the list (SPEC point 8).
    ready: (p) => p.getByRole('textbox', { name: '待办名称' }).or(p.getByRole('article', { name: '提交期中教学检查表', exact: true })),
    empty: null,
    before: (p) => expect(p.getByRole('article', { name: '提交期中教学检查表', exact: true })).toBeVisible(),
    enter: (p) => p.getByRole('article', { name: '提交期中教学检查表', exact: true }).getByRole('button').first().click(),
  },
  {
    name: 'search',
    route: '/search',
    call: 'menu/home-search',
    ready: (p) => p.getByRole('region', { name: '搜索结果' }),
    empty: (p) => p.getByText('暂无相关内容', { exact: true }),
    enter: async (p) => {
      await p.getByRole('searchbox').fill('请假');
      await p.getByRole('searchbox').press('Enter');
    },
  },
];

/** Records what must never happen while the screen is open. */
function watch(page: Page): { errors: string[] } {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  return { errors };
}

async function expectStanding(page: Page, errors: string[]): Promise<void> {
  expect(errors).toEqual([]);
  await expect(page).not.toHaveURL(/\/login/);
  expect(await storageValue(page, KEYS.token)).not.toBeNull();
  // Something is drawn (no white screen), and nothing is wider than the phone.
  expect(await page.locator('#root').innerText()).not.toBe('');
  const wide = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(wide).toBeLessThanOrEqual(1);
}

for (const screen of SCREENS) {
  test.describe(`${screen.name}, its call answered broken`, () => {
    for (const answer of KINDS) {
      test(answer, async ({ page, request }) => {
        await signIn(page, 't1001');
        const { errors } = watch(page);
        if (screen.before) {
          await goInApp(page, screen.route);
          await screen.before(page);
          await admin(request, 'fault', { path: screen.call, answer, times: 1 });
        } else {
          await admin(request, 'fault', { path: screen.call, answer, times: 1 });
          await goInApp(page, screen.route);
        }
        await screen.enter?.(page);
        const retry = page.getByRole('button', { name: '重试' }).first();
        const empty = screen.empty ? screen.empty(page) : null;
        if (UNREADABLE.has(answer) && screen.empty) {
          // A failure is said as one: 重试, never "nothing here".
          await expect(screen.ready(page).or(retry).first()).toBeVisible();
          await expect(empty!).toHaveCount(0);
        } else {
          await expect((empty ? screen.ready(page).or(retry).or(empty) : screen.ready(page).or(retry)).first()).toBeVisible();
        }
        await expectStanding(page, errors);
        // Where it failed, 重试 brings the screen (the fault was for one answer only).
        if (await retry.isVisible()) {
          await retry.click();
          await expect(screen.ready(page)).toBeVisible();
          await expectStanding(page, errors);
        }
      });
    }
  });
}

test.describe('the boot, user-info answered broken', () => {
  for (const answer of KINDS) {
    test(answer, async ({ page, request }) => {
      await signIn(page, 't1001');
      const { errors } = watch(page);
      await admin(request, 'fault', { path: 'user-info/info', answer, times: 1 });
      await goInApp(page, '/?tab=me');
      const retry = page.getByRole('button', { name: '重试' });
      await expect(mainLayout(page).or(retry).first()).toBeVisible();
      await expectStanding(page, errors);
      if (await retry.isVisible()) {
        await retry.click();
        await expect(mainLayout(page)).toBeVisible();
        await expectStanding(page, errors);
      }
    });
  }
});
