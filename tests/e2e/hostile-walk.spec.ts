/**
 * Whatever the backend sends: the sandbox in hostile mode (sandbox/hostile/seed.ts: every
 * text, link, picture and HTML field of the seed hostile or odd) walked as each user type
 * through every main screen, tapping every link inside server HTML (notices, form
 * paragraphs, registration matters). Throughout:
 * - no script runs at the app's origin (a `__pwned` setter on every window, installed
 *   before the app, records any: tests/e2e/links-frames.support.ts), no dialog shows;
 * - the app's window never leaves its origin;
 * - no page grows wider than the phone, and every action and dialog stays on screen
 *   (tests/e2e/fit.support.ts, scope 'width');
 * - under the production Content-Security-Policy that the sandbox serves (docs/deploy.md),
 *   no violation is reported (tests/e2e/csp.support.ts).
 */
import type { Locator, Page } from '@playwright/test';
import { HOSTILE_HTML } from '../../sandbox/hostile/seed';
import { MATTER } from '../../sandbox/seed/registration';
import { admin, goInApp, mainLayout, resetSandbox, signIn } from './app.support';
import { recordViolations } from './csp.support';
import { fitProblemsBothEnds } from './fit.support';
import { watchScripts } from './links-frames.support';
import { CPU_THROTTLE, expect, snap, test } from './support';

test.describe.configure({ mode: 'parallel', timeout: 300_000 * CPU_THROTTLE });

/** The hostile HTML with a link of every kind (a route, same-origin files and pages, foreign pages, script). */
const LINKED_HTML = HOSTILE_HTML[0]!;
/** The links of it that survive sanitising and lead somewhere or nowhere: at least these. */
const LINK_KINDS = 5;

/** Where server HTML is shown: a notice's body, a form's paragraph, a registration matter. */
const SERVER_HTML = '.cw-notice__body, .cw-fm-paragraph, .cw-reg-detail__content';

/** Anything still loading: skeletons, spinners, a list's loading foot. */
const LOADING = '.adm-skeleton, .adm-dot-loading, .adm-spin-loading, [class*="__skeleton"], .cw-ap-skeleton';

/** The screen has drawn what it loads (every skeleton and spinner gone). */
async function settled(page: Page): Promise<void> {
  // The web view shows its loader until the page inside has loaded, and a hostile page
  // may never finish (it is paused, or it spins): that is what the user sees there.
  if (new URL(page.url()).pathname.endsWith('/web-view')) return;
  // Each one still shown is named by its class, its place and its parent's class: a
  // failure under load once said only "1 element", and it could not be found again.
  const shown = () =>
    page.locator(LOADING).evaluateAll((els) =>
      els
        .filter((e) => {
          const r = e.getBoundingClientRect();
          return r.width > 0 && r.height > 0 && getComputedStyle(e).visibility !== 'hidden';
        })
        .map((e) => `${e.className} at y ${Math.round(e.getBoundingClientRect().top)} of ${window.innerHeight}, in ${e.parentElement?.className ?? '?'}`),
    );
  await expect.poll(shown, 'loading indicators still shown').toEqual([]);
}

interface Walk {
  readonly page: Page;
  readonly account: string;
  /** What did not fit, by screen. */
  readonly found: Record<string, string[]>;
  /** Screens looked at. */
  readonly seen: string[];
}

/** Looks at the screen as it is: does it fit the phone, with every action and dialog on screen? */
async function look(walk: Walk, name: string): Promise<void> {
  await settled(walk.page);
  const problems = await fitProblemsBothEnds(walk.page, { mayClamp: [], safe: { top: 0, bottom: 0 }, scope: 'width' });
  if (problems.length > 0) walk.found[name] = problems;
  walk.seen.push(name);
}

/** Follows a link the way the link policy says the app will: anything but these moves to another page. */
const stays = (href: string): boolean => href.startsWith('#') || /^(mailto|tel|javascript|vbscript|data):/i.test(href.trim());

/**
 * Taps the i-th link and answers its address, both of one element: the list under it may
 * be drawn again meanwhile (back from a link, the list's page asked again), and a second
 * look by index could read one link and tap another. A link drawn away before the tap is
 * looked for again.
 */
async function tapLink(links: Locator, i: number): Promise<string> {
  for (let attempt = 0; ; attempt += 1) {
    const link = await links.nth(i).elementHandle();
    if (!link) throw new Error(`link ${i} is gone`);
    const href = (await link.getAttribute('href')) ?? '';
    try {
      await link.scrollIntoViewIfNeeded();
      await link.click();
      return href;
    } catch (e) {
      if (attempt >= 2 || !/not attached/i.test(String(e))) throw e;
    } finally {
      await link.dispose().catch(() => undefined);
    }
  }
}

/**
 * Taps every link inside server HTML on the screen, one at a time: each one that leads
 * somewhere is followed (a route in the app, or the sandboxed web view), looked at, and
 * left with the browser's back.
 */
async function tapEveryLink(walk: Walk, surface: string): Promise<number> {
  const { page } = walk;
  const links = page.locator(SERVER_HTML).locator('a[href]');
  const count = await links.count();
  for (let i = 0; i < count; i += 1) {
    const before = page.url();
    const href = await tapLink(links, i);
    if (stays(href)) {
      expect(page.url(), `${surface}: ${href}`).toBe(before);
      continue;
    }
    await expect.poll(() => page.url(), `${surface}: ${href} leads somewhere`).not.toBe(before);
    await look(walk, `${surface} → ${href.slice(0, 80)}`);
    await page.goBack();
    await expect.poll(() => page.url()).toBe(before);
    await expect(page.locator(SERVER_HTML).first()).toBeAttached();
    await settled(page);
  }
  return count;
}

/** The message centre, then each notice list in it, tapping every link of each. */
async function messages(walk: Walk): Promise<void> {
  const { page } = walk;
  await goInApp(page, '/?tab=message');
  await expect(page.getByRole('heading', { name: '消息中心' })).toBeVisible();
  await look(walk, 'messages');
  const rows = page.locator('.cw-msg__tab');
  const count = await rows.count();
  expect(count, 'message tabs').toBeGreaterThan(0);
  let tapped = 0;
  for (let i = 0; i < count; i += 1) {
    await rows.nth(i).click();
    await expect(page).toHaveURL(/\/page\/notice\?/);
    await look(walk, `notices ${i + 1}`);
    tapped += await tapEveryLink(walk, `notices ${i + 1}`);
    await page.goBack();
    await expect(page.getByRole('heading', { name: '消息中心' })).toBeVisible();
  }
  // Each user was sent a notice with a link of every kind (below): they were tapped.
  expect(tapped, 'links tapped in notices').toBeGreaterThanOrEqual(LINK_KINDS);
}

async function home(walk: Walk): Promise<void> {
  await goInApp(walk.page, '/');
  await expect(mainLayout(walk.page)).toBeVisible();
  await look(walk, 'home');
  await snap(walk.page, `hostile-${walk.account}-home`);
}

async function me(walk: Walk): Promise<void> {
  await goInApp(walk.page, '/?tab=me');
  await expect(walk.page.getByRole('heading', { name: '我的', exact: true })).toBeVisible();
  await expect(walk.page.locator('.cw-me-card')).toBeVisible();
  await look(walk, 'me');
  await snap(walk.page, `hostile-${walk.account}-me`);
}

async function pageAt(walk: Walk, name: string, path: string, heading: string): Promise<void> {
  await goInApp(walk.page, path);
  await expect(walk.page.getByRole('heading', { name: heading, exact: true })).toBeVisible();
  await look(walk, name);
}

/** The approval centre, each of its tabs, a run's detail and its action screen. */
async function approvals(walk: Walk, handles: boolean): Promise<void> {
  const { page } = walk;
  await pageAt(walk, 'approval-list', '/page/approvalCenter', '审批中心');
  const tabs = page.locator('.cw-ap-list__tabs').getByRole('tab');
  const count = await tabs.count();
  for (let i = count - 1; i >= 0; i -= 1) {
    await tabs.nth(i).click();
    await look(walk, `approval-list tab ${i + 1}`);
  }
  const card = page.locator('.cw-ap-card').first();
  if ((await card.count()) === 0) return;
  await card.getByRole('button').first().click();
  await expect(page.getByRole('region', { name: '审批记录' })).toBeVisible();
  await look(walk, 'approval-detail');
  await snap(page, `hostile-${walk.account}-approval-detail`);
  await tapEveryLink(walk, 'approval-detail');
  if (!handles) return;
  const agree = page.locator('.cw-ap-footer').getByRole('button', { name: '同意' });
  if ((await agree.count()) === 0) return;
  await agree.click();
  await expect(page.getByRole('textbox', { name: '审批意见' })).toBeVisible();
  await look(walk, 'action');
}

/** A launch form: its reminder dialog (when it has one), its fields, its paragraph's links. */
async function launch(walk: Walk, code: string, closeText: string): Promise<void> {
  const { page } = walk;
  await goInApp(page, `/page/approvalCenter/flowLaunch?code=${code}`);
  await expect(page.getByRole('button', { name: '提交', exact: true })).toBeVisible();
  {
    // Its title is hostile text: the modal is found by its place.
    const reminder = page.locator('.adm-modal-body');
    await expect(reminder).toBeVisible();
    await look(walk, `launch ${code} reminder`);
    await snap(page, `hostile-${walk.account}-launch-${code}-reminder`);
    const read = reminder.getByRole('button', { name: closeText, exact: true });
    await expect(read).toBeEnabled({ timeout: 15_000 * CPU_THROTTLE });
    await read.click();
    await expect(reminder).toBeHidden();
  }
  await look(walk, `launch ${code}`);
  await snap(page, `hostile-${walk.account}-launch-${code}`);
  await tapEveryLink(walk, `launch ${code}`);
}

async function todos(walk: Walk): Promise<void> {
  const { page } = walk;
  await pageAt(walk, 'todo-list', '/page/todo', '待办事项');
  await snap(page, `hostile-${walk.account}-todo-list`);
  // A to-do of the user's own (the list's first may be an approval's, which opens the approval).
  const own = page.locator('article.cw-todo-card').filter({ hasNot: page.locator('.cw-todo-card__tag--approval') }).first();
  if ((await own.count()) > 0) {
    await own.locator('.cw-todo-card__body').click();
    await expect(page.getByRole('textbox', { name: '待办名称' }).or(page.getByRole('region', { name: '审批记录' }))).toBeVisible();
    await look(walk, 'todo-open');
  }
  await goInApp(page, '/page/todo/add');
  await expect(page.getByRole('textbox', { name: '待办名称' })).toBeVisible();
  await look(walk, 'todo-form');
}

/** Registration: the report, then each matter's detail with its content's links. */
async function registration(walk: Walk, report: string, matterPath: (id: string) => string): Promise<void> {
  const { page } = walk;
  await goInApp(page, report);
  await expect(page.getByRole('heading', { name: /^事项办理情况/ })).toBeVisible();
  await look(walk, 'registration');
  await snap(page, `hostile-${walk.account}-registration`);
  let tapped = 0;
  for (const id of Object.values(MATTER)) {
    await goInApp(page, matterPath(id));
    await expect(page.getByRole('heading', { name: '事项详情' })).toBeVisible();
    await look(walk, `matter ${id.slice(-1)}`);
    tapped += await tapEveryLink(walk, `matter ${id.slice(-1)}`);
  }
  expect(tapped, 'links tapped in registration matters').toBeGreaterThan(0);
}

async function search(walk: Walk): Promise<void> {
  const { page } = walk;
  await goInApp(page, '/search');
  const box = page.getByRole('searchbox');
  await box.fill('W');
  await box.press('Enter');
  await expect(page.getByRole('tab').first()).toBeVisible();
  await look(walk, 'search');
}

async function settings(walk: Walk, userType: number): Promise<void> {
  await pageAt(walk, 'settings', '/page/systemSetting', '设置与隐私');
  await goInApp(walk.page, `/page/security?type=1&userType=${userType}`);
  await expect(walk.page.getByRole('radio').first()).toBeVisible();
  await look(walk, 'security');
  await goInApp(walk.page, '/page/personInfo');
  await expect(walk.page.getByRole('heading', { name: '个人信息' })).toBeVisible();
  await look(walk, 'profile');
  await snap(walk.page, `hostile-${walk.account}-profile`);
}

const ZHANG_SAN = '2026010001';

// Staff see the most: their walk is in two parts, so the two run side by side.
const USERS: ReadonlyArray<{ account: string; type: string; walk: (w: Walk) => Promise<void> }> = [
  {
    account: 't1001',
    type: 'staff (1), home to approvals',
    walk: async (w) => {
      await home(w);
      await me(w);
      await messages(w);
      await approvals(w, true);
    },
  },
  {
    account: 't1001',
    type: 'staff (1), forms to settings',
    walk: async (w) => {
      await launch(w, 'leave', '我已阅读');
      await launch(w, 'all-fields', '开始填写');
      await todos(w);
      await pageAt(w, 'app-centre', '/page/appCenter', '全部应用');
      await search(w);
      await registration(w, `/page/student/report?code=${ZHANG_SAN}`, (id) => `/page/student/report/checkFee?idCard=${ZHANG_SAN}&id=${id}`);
      await settings(w, 1);
    },
  },
  {
    account: 's2001',
    type: 'student (2)',
    walk: async (w) => {
      await home(w);
      await me(w);
      await messages(w);
      await approvals(w, false);
      await todos(w);
      await registration(w, '/page/student/report', (id) => `/page/student/report/checkFee?id=${id}`);
      await settings(w, 2);
    },
  },
  {
    account: 'p3001',
    type: 'parent (3)',
    walk: async (w) => {
      await home(w);
      await me(w);
      await messages(w);
      await pageAt(w, 'bind-student', '/page/bindStudent', '绑定学生');
      await approvals(w, false);
      await settings(w, 3);
    },
  },
  {
    account: 'e4001',
    type: 'enterprise (4)',
    walk: async (w) => {
      await home(w);
      await me(w);
      await messages(w);
      await settings(w, 4);
    },
  },
  {
    account: 'o5001',
    type: 'other (5)',
    walk: async (w) => {
      await home(w);
      await me(w);
      await messages(w);
      await approvals(w, false);
      await settings(w, 5);
    },
  },
];

for (const user of USERS) {
  test(`${user.account}, ${user.type}: every main screen on the hostile seed fits, runs no script, shows no dialog, stays home, reports no violation`, async ({
    page,
    request,
    baseURL,
    foreignUrl,
  }) => {
    await resetSandbox(request);
    await admin(request, 'hostile', { foreign: foreignUrl });
    const appOrigin = new URL(baseURL!).origin;
    // A notice with a link of every kind for this user, whatever the hostile seed gave them.
    const html = LINKED_HTML.replaceAll('{foreign}', foreignUrl).replaceAll('{app}', appOrigin);
    await admin(request, 'notify', { account: user.account, title: `${'通知'.repeat(2000)}`, context: html, groupName: '系统消息' });
    const watch = await watchScripts(page);
    const violations = await recordViolations(page);
    const away: string[] = [];
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame() && new URL(frame.url()).origin !== appOrigin) away.push(frame.url());
    });

    await signIn(page, user.account);
    const walk: Walk = { page, account: user.account, found: {}, seen: [] };
    await user.walk(walk);

    expect(walk.found, `screens that do not fit (of ${walk.seen.length} looked at)`).toEqual({});
    expect(watch.at(appOrigin), 'script runs at the app origin').toEqual([]);
    expect(watch.dialogs, 'dialogs').toEqual([]);
    expect(away, 'the app window left its origin').toEqual([]);
    expect(await violations.read(), 'CSP violations').toEqual([]);
  });
}
