/**
 * Every width and text size (edge to edge on a notched phone): the main screens on
 * Playwright's own phone descriptors from 320 to 430 px, with the browser's safe-area
 * insets of a notched phone (47 px top, 34 px bottom, Chromium's own emulation), and
 * the system text at 100%, 130% and 200% (as a native shell reports it). Each screen
 * fails on sideways scrolling, on a cut label or number, on two texts overlapping and
 * on a bar's content in the notch (tests/e2e/fit.support.ts).
 */
import { devices, type Page } from '@playwright/test';
import { goInApp, installShell, resetSandbox, signIn } from './app.support';
import { fitProblemsBothEnds } from './fit.support';
import { CPU_THROTTLE, expect, snap, test } from './support';

test.describe.configure({ mode: 'parallel', timeout: 180_000 * CPU_THROTTLE });

test.beforeEach(async ({ request }) => {
  await resetSandbox(request);
});

const SAFE = { top: 47, bottom: 34 };

/**
 * Boxes that may cut their text with an ellipsis or a clamp: the text is a title or a
 * preview of something the user opens to read whole (a run, a to-do, a message, a
 * notice, an app's name under its icon), never a name, a number, a state, an amount or
 * a button's label.
 */
const MAY_CLAMP = [
  '.cw-ap-card__title',
  '.cw-ap-card__summary',
  '.cw-todo-card__name',
  '.cw-todo-card__desc',
  '.cw-oa__item-title',
  '.cw-todo-widget__name',
  '.cw-app-tile__name',
  '.cw-note__text',
  '.cw-carousel',
  '.cw-msg-card__text',
];

type Screen = readonly [name: string, open: (page: Page) => Promise<void>];

const teacherScreens: readonly Screen[] = [
  [
    'home',
    async (page) => {
      await goInApp(page, '/');
      await expect(page.getByRole('region', { name: '我的应用', exact: true }).getByRole('button', { name: '请假申请' })).toBeVisible();
      await expect(page.getByRole('region', { name: '审批', exact: true }).getByRole('tab', { name: /待审批/ })).toBeVisible();
    },
  ],
  [
    'me',
    async (page) => {
      await goInApp(page, '/?tab=me');
      await expect(page.getByRole('region', { name: '王老师' }).getByRole('button', { name: '个人资料' })).toBeVisible();
    },
  ],
  [
    'approval-list',
    async (page) => {
      await goInApp(page, '/page/approvalCenter');
      await expect(page.locator('.cw-ap-card').first()).toBeVisible();
    },
  ],
  [
    'approval-detail',
    async (page) => {
      await page.locator('.cw-ap-card').first().getByRole('button').first().click();
      await expect(page.getByRole('region', { name: '审批记录' })).toBeVisible();
      await expect(page.locator('.cw-ap-footer').getByRole('button', { name: '同意' })).toBeVisible();
    },
  ],
  [
    'action',
    async (page) => {
      await page.locator('.cw-ap-footer').getByRole('button', { name: '同意' }).click();
      await expect(page.getByRole('textbox', { name: '审批意见' })).toBeVisible();
    },
  ],
  [
    'approval-batch',
    async (page) => {
      await goInApp(page, '/page/approvalCenter');
      await page.getByRole('button', { name: '批量处理' }).click();
      await page.getByRole('checkbox', { name: '全选' }).click();
      await expect(page.getByText(/^已选[1-9]\d*条$/)).toBeVisible();
      await expect(page.getByRole('button', { name: '批量同意' })).toBeEnabled();
    },
  ],
  [
    'todo-list',
    async (page) => {
      await goInApp(page, '/page/todo');
      await expect(page.getByRole('article', { name: '提交期中教学检查表', exact: true })).toBeVisible();
    },
  ],
  [
    'todo-form',
    async (page) => {
      await page.getByRole('article', { name: '提交期中教学检查表', exact: true }).getByRole('button').first().click();
      await expect(page.getByRole('textbox', { name: '待办名称' })).toHaveValue('提交期中教学检查表');
      await expect(page.getByRole('button', { name: '保存', exact: true })).toBeVisible();
    },
  ],
  [
    'registration',
    async (page) => {
      await goInApp(page, '/page/student/report?code=2026010001');
      await expect(page.getByRole('heading', { name: '张三' })).toBeVisible();
      await expect(page.getByRole('heading', { name: /^事项办理情况/ })).toBeVisible();
    },
  ],
  [
    'settings',
    async (page) => {
      await goInApp(page, '/page/systemSetting');
      await expect(page.getByRole('switch', { name: '大字模式' })).toBeVisible();
    },
  ],
  [
    'security',
    async (page) => {
      await goInApp(page, '/page/security?type=1&userType=1');
      await expect(page.getByRole('radio', { name: '账户密码' })).toBeVisible();
    },
  ],
];

const studentScreens: readonly Screen[] = [
  [
    'student-me',
    async (page) => {
      await goInApp(page, '/?tab=me');
      await expect(page.getByRole('region', { name: '张三' }).getByRole('button', { name: '个人资料' })).toBeVisible();
    },
  ],
  [
    'student-registration',
    async (page) => {
      await goInApp(page, '/page/student/report');
      await expect(page.getByRole('button', { name: '我的二维码' }).or(page.getByText('我的二维码')).first()).toBeVisible();
    },
  ],
];

/** The phones and text sizes whose shots make the gallery (docs/screens.md "Every width and text size"). */
const GALLERY = new Set(['320-100', '320-200', '375-130', '430-200']);

/** Opens each screen in turn and gathers what does not fit, by screen. */
async function walk(page: Page, screens: readonly Screen[], label: string): Promise<Record<string, string[]>> {
  const found: Record<string, string[]> = {};
  for (const [name, open] of screens) {
    await open(page);
    const problems = await fitProblemsBothEnds(page, { mayClamp: MAY_CLAMP, safe: SAFE });
    if (problems.length > 0) found[name] = problems;
    if (GALLERY.has(label)) await snap(page, `fit-${label}-${name}`);
  }
  return found;
}

/** A notched phone's insets, through the browser (viewport-fit=cover makes env() report them). */
async function notch(page: Page): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setSafeAreaInsetsOverride', {
    insets: { top: SAFE.top, topMax: SAFE.top, bottom: SAFE.bottom, bottomMax: SAFE.bottom, left: 0, leftMax: 0, right: 0, rightMax: 0 },
  });
}

const rootFontSize = (page: Page) => page.evaluate(() => parseFloat(getComputedStyle(document.documentElement).fontSize));

const PHONES: ReadonlyArray<readonly [descriptor: string, scales: readonly number[]]> = [
  ['iPhone SE', [1, 1.3, 2]],
  ['Galaxy S8', [1]],
  ['iPhone X', [1, 1.3, 2]],
  ['iPhone XR', [1]],
  ['iPhone 14 Pro Max', [1, 1.3, 2]],
];

for (const [name, scales] of PHONES) {
  const d = devices[name]!;
  test.describe(`${name}, ${d.viewport.width} px`, () => {
    test.use({
      viewport: d.viewport,
      // One device pixel per CSS pixel: layout is what is checked, and the gallery stays small.
      deviceScaleFactor: 1,
      isMobile: d.isMobile,
      hasTouch: d.hasTouch,
      userAgent: d.userAgent,
    });
    for (const scale of scales) {
      const label = `${d.viewport.width}-${Math.round(scale * 100)}`;
      test(`text at ${Math.round(scale * 100)}%: every main screen fits, nothing cut, overlapping or in the notch`, async ({ page }) => {
        await notch(page);
        if (scale !== 1) await installShell(page, { textScale: scale });
        await signIn(page, 't1001');
        await expect.poll(() => rootFontSize(page)).toBeCloseTo(16 * scale, 1);
        const teacher = await walk(page, teacherScreens, label);

        await page.context().clearCookies();
        await signIn(page, 's2001');
        await expect.poll(() => rootFontSize(page)).toBeCloseTo(16 * scale, 1);
        const student = await walk(page, studentScreens, label);
        expect({ ...teacher, ...student }).toEqual({});
      });
    }
  });
}
