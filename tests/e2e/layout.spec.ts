import { admin, goInApp, installShell, KEYS, signIn, resetSandbox, shellMessages, storageValue, mainLayout } from './app.support';
import type { Page } from '@playwright/test';
import { expect, snap, test, TOASTS } from './support';

test.beforeEach(async ({ request }) => {
  await resetSandbox(request);
});

const HOME = /127\.0\.0\.1:\d+\/$/;

/** Holds every request to `url` until the returned release is called. */
async function holdRoute(page: Page, url: string | RegExp): Promise<() => void> {
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(url, async (route) => {
    await held;
    await route.continue();
  });
  return () => release();
}

test.describe('initialisation gate', () => {
  test('a skeleton shows until user info, campuses and the hub are ready', async ({ page }) => {
    await signIn(page, 't1001');
    // Hold the user info back: the gate must wait for it.
    const release = await holdRoute(page, '**/user-info/info');
    await page.reload();
    const gate = page.getByRole('status', { name: '加载中…' });
    await expect(gate).toBeVisible();
    await expect(mainLayout(page)).toBeHidden();
    await snap(page, 'init-gate');
    release();
    await expect(gate).toBeHidden();
    await expect(mainLayout(page)).toBeVisible();
  });

  test('an inner page opened directly shows its back bar and title over the skeleton, then the page', async ({ page }) => {
    await signIn(page, 't1001');
    const release = await holdRoute(page, '**/user-info/info');
    await page.goto('page/approvalCenter');
    const gate = page.getByRole('status', { name: '加载中…' });
    await expect(gate).toBeVisible();
    await expect(gate.getByRole('heading', { name: '审批中心' })).toBeVisible();
    await expect(page.getByRole('tab', { name: /我的待办/ })).toBeHidden();
    await snap(page, 'init-gate-page');
    release();
    await expect(gate).toBeHidden();
    await expect(page.getByRole('tab', { name: /我的待办/ })).toBeVisible();
    await expect(page.getByRole('heading', { name: '审批中心' })).toHaveCount(1);
  });

  test('under the skeleton the page is drawn but not seen, heard or reached until the hub is ready', async ({ page }) => {
    await signIn(page, 't1001');
    // The hub's negotiate is held: user info and campuses answer, the hub does not yet.
    const release = await holdRoute(page, '**/message-hub/negotiate**');
    const list = page.waitForRequest(/\/flow-run\/list$/);
    await page.goto('page/approvalCenter');
    // The page's own data is asked for while the gate still waits for the hub.
    await list;
    await expect(page.getByRole('status', { name: '加载中…' })).toBeVisible();
    await expect(page.getByRole('tab', { name: /我的待办/ })).toBeHidden();
    const stage = page.locator('.cw-gate-stage');
    await expect(stage).toHaveAttribute('aria-hidden', 'true');
    await expect(stage).toHaveAttribute('inert', '');
    release();
    await expect(page.getByRole('tab', { name: /我的待办/ })).toBeVisible();
    await expect(stage).not.toHaveAttribute('inert');
  });

  test("the approval centre's first page is asked beside the session check, once", async ({ page }) => {
    await signIn(page, 't1001');
    // User info is held: the gate cannot know who is signed in, nor mount the page.
    const release = await holdRoute(page, '**/user-info/info');
    const lists: string[] = [];
    page.on('request', (r) => {
      if (/\/flow-run\/list$/.test(r.url())) lists.push(r.postData() ?? '');
    });
    await page.goto('page/approvalCenter');
    // The boot asked the list's first page (to-do tab, page 1) while user info travels.
    await expect.poll(() => lists.length).toBe(1);
    expect(JSON.parse(lists[0]!)).toMatchObject({ type: 0, skipCount: 0, maxResultCount: 10 });
    await expect(page.getByRole('tab', { name: /我的待办/ })).toBeHidden();
    release();
    await expect(page.getByRole('tab', { name: /我的待办/ })).toBeVisible();
    await expect(page.locator('.cw-ap-card').first()).toBeVisible();
    // The list took that answer instead of asking again.
    expect(lists).toHaveLength(1);
    // Pull to refresh and other tabs ask the server as always.
    await page.getByRole('tab', { name: /已发起/ }).click();
    await expect.poll(() => lists.length).toBe(2);
  });

  test('a failed start keeps the session: the gate says why with 重试, and 重试 opens the page where the user was', async ({ page, request }) => {
    await signIn(page, 't1001');
    await goInApp(page, '/?tab=me');
    await admin(request, 'fault', { path: 'school-campus/user', status: 500, times: 1, message: '服务暂不可用' });
    await page.reload();
    await expect(page.getByText('服务暂不可用')).toBeVisible();
    expect(await storageValue(page, KEYS.token)).not.toBeNull();
    await expect(page).toHaveURL(/\?tab=me$/);
    await page.getByRole('button', { name: '重试' }).click();
    await expect(mainLayout(page)).toBeVisible();
    await expect(page).toHaveURL(/\?tab=me$/);
  });

  for (const answer of ['html502', 'empty200', 'badJson', 'nulls'] as const) {
    test(`a start answered with ${answer} keeps the session and says so with 重试`, async ({ page, request }) => {
      await signIn(page, 't1001');
      await admin(request, 'fault', { path: 'user-info/info', answer, times: 1 });
      await page.reload();
      await expect(page.getByRole('button', { name: '重试' })).toBeVisible();
      expect(await storageValue(page, KEYS.token)).not.toBeNull();
      await page.getByRole('button', { name: '重试' }).click();
      await expect(mainLayout(page)).toBeVisible();
    });
  }

  test('a session the server no longer accepts (refresh refused) is cleared and ends on /login', async ({ page, request }) => {
    await signIn(page, 't1001');
    // The refusal is in place before the tokens expire: a home widget still loading could
    // otherwise get its 401 in between and refresh the session successfully.
    await admin(request, 'fault', { path: 'refreshtoken-app', status: 400, times: 1, message: '登录已过期，请重新登录' });
    await admin(request, 'expire-tokens');
    // Any call now gets a 401 and a refused refresh (the home tab's own calls may get there first).
    await goInApp(page, '/?tab=message');
    await expect(page).toHaveURL(/\/login$/);
    expect(await storageValue(page, KEYS.token)).toBeNull();
    await expect(page.getByRole('button', { name: /未来校园示范学校/ })).toBeVisible();
  });

  for (const [screen, path, next] of [
    ['the message centre', '/page/todo', '/?tab=message'],
    ['the to-do list', '/page/approvalCenter', '/page/todo'],
    ['the approval centre', '/?tab=message', '/page/approvalCenter'],
    ['a to-do form being saved', '/page/todo/add', null],
  ] as const) {
    test(`a session that ends on ${screen} shows the login page, with no error toast`, async ({ page, request }) => {
      // Every toast that is ever drawn is recorded, however briefly it shows, in every document.
      await page.addInitScript((selector) => {
        const w = window as unknown as { __toasts: string[] };
        w.__toasts = [];
        document.addEventListener('DOMContentLoaded', () => {
          new MutationObserver(() => {
            for (const el of Array.from(document.querySelectorAll(selector))) w.__toasts.push(el.textContent ?? '');
          }).observe(document.body, { childList: true, subtree: true, characterData: true });
        });
      }, TOASTS);
      await signIn(page, 't1001');
      await goInApp(page, path);
      // On a slow phone the form is still on its way: the session ends once the user has it.
      if (next === null) await expect(page.getByRole('textbox', { name: '待办名称' })).toBeVisible();
      await admin(request, 'fault', { path: 'refreshtoken-app', status: 400, times: -1, message: '登录已过期，请重新登录' });
      await admin(request, 'expire-tokens');
      if (next === null) {
        await page.getByRole('textbox', { name: '待办名称' }).fill('会话结束前填写');
        await page.getByRole('button', { name: '保存', exact: true }).click();
      } else {
        // The next screen's own calls meet the ended session.
        await goInApp(page, next);
      }
      await expect(page).toHaveURL(/\/login$/);
      await expect(page.getByRole('button', { name: /未来校园示范学校/ })).toBeVisible();
      const toasts = await page.evaluate(() => (window as unknown as { __toasts?: string[] }).__toasts ?? []);
      expect(toasts).toEqual([]);
    });
  }

  test('a deep link opened without a session goes through the login page and lands on its page', async ({ page }) => {
    // A school is bound on this phone (a push or a shared link on a phone that signed out).
    await page.goto('login?code=demo');
    await expect(page.getByRole('button', { name: /切换学校/ })).toBeVisible();
    await page.goto('page/todo');
    await expect(page).toHaveURL(/\/login$/);
    await page.getByRole('textbox', { name: '账号' }).fill('t1001');
    await page.getByRole('textbox', { name: '密码' }).fill('Campus2026');
    await page.getByRole('checkbox').check();
    await page.getByRole('button', { name: '登录', exact: true }).click();
    await expect(page).toHaveURL(/\/page\/todo$/);
    await expect(page.getByRole('heading', { name: '待办事项' })).toBeVisible();
  });

  test('without a session the gate sends every page to /login', async ({ page }) => {
    await page.goto('./');
    await expect(page).toHaveURL(/\/login$/);
    await page.goto('search');
    await expect(page).toHaveURL(/\/login$/);
  });

  test('an unknown path redirects to the base', async ({ page }) => {
    await signIn(page, 't1001');
    await page.goto('nosuchpage');
    await expect(page).toHaveURL(HOME);
    await goInApp(page, '/definitely-not-a-route');
    await expect(page).toHaveURL(HOME);
    await expect(mainLayout(page)).toBeVisible();
  });
});

test.describe('main layout', () => {
  test('tabs message / home / me; home is the default and its parameter is removed', async ({ page }) => {
    await signIn(page, 't1001');
    const tabs = page.getByRole('navigation', { name: 'main' });
    await expect(tabs.getByText('消息')).toBeVisible();
    await expect(tabs.getByText('工作台')).toBeVisible();
    await expect(tabs.getByText('我的')).toBeVisible();
    await expect(tabs.locator('[aria-current="page"]')).toHaveText(/工作台/);
    await snap(page, 'home-layout');

    await tabs.getByText('消息').click();
    await expect(page).toHaveURL(/\?tab=message$/);
    await expect(tabs.locator('[aria-current="page"]')).toHaveText(/消息/);
    await tabs.getByText('我的').click();
    await expect(page).toHaveURL(/\?tab=me$/);
    await tabs.getByText('工作台').click();
    await expect(page).toHaveURL(HOME);

    await goInApp(page, '/?tab=home');
    await expect(page).toHaveURL(HOME);
    await goInApp(page, '/?tab=home&x=1');
    await expect(page).toHaveURL(/\/\?x=1$/);
  });

  test('the top bar: initials for a user without an image, the search icon opens search', async ({ page }) => {
    await signIn(page, 't1002');
    const me = page.getByRole('button', { name: '李主任' });
    await expect(me).toBeVisible();
    await expect(me.getByRole('img', { name: '李主任' })).toHaveText('主任');
    await page.getByRole('button', { name: '搜索' }).click();
    await expect(page).toHaveURL(/\/search$/);
  });

  test('a tap on the campus before the menu code is here opens the menu once it arrives', async ({ page }) => {
    const release = await holdRoute(page, /\/assets\/CampusMenu-[\w-]+\.js$/);
    await signIn(page, 't1001');
    await page.getByRole('button', { name: /^切换校区：/ }).click();
    await expect(page.locator('.adm-popover-menu-item')).toHaveCount(0);
    release();
    await expect(page.locator('.adm-popover-menu-item').first()).toBeVisible();
  });

  test('the campus dropdown lists the campuses; switching stores the campus and reloads', async ({ page }) => {
    await signIn(page, 't1001');
    const stored = await storageValue(page, KEYS.campusId);
    expect(stored).not.toBeNull();
    const dropdown = page.getByRole('button', { name: /^切换校区：/ });
    await expect(dropdown).toBeVisible();
    const current = ((await dropdown.getAttribute('aria-label')) ?? '').replace('切换校区：', '');
    await dropdown.click();
    const options = page.locator('.adm-popover-menu-item');
    await expect(options.first()).toBeVisible();
    expect(await options.count()).toBeGreaterThan(1);
    await snap(page, 'home-campus-dropdown');
    const other = options.filter({ hasNotText: current }).first();
    const otherName = (await other.innerText()).trim();
    await page.evaluate(() => ((window as unknown as { __beforeReload: boolean }).__beforeReload = true));
    await other.click();
    await expect(page.getByRole('button', { name: `切换校区：${otherName}` })).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { __beforeReload?: boolean }).__beforeReload)).toBeUndefined();
    expect(await storageValue(page, KEYS.campusId)).not.toBe(stored);
  });
});

test.describe('back bar', () => {
  test('the title comes from the route state, else the route title; back goes one step back', async ({ page }) => {
    await signIn(page, 't1001');
    await goInApp(page, '/page/aboutMe');
    await expect(page.getByRole('heading', { level: 1, name: '关于未来校园' })).toBeVisible();
    await goInApp(page, '/page/aboutMe', { title: '关于我们' });
    await expect(page.getByRole('heading', { level: 1, name: '关于我们' })).toBeVisible();
    await page.getByRole('button', { name: '返回' }).click();
    await expect(page.getByRole('heading', { level: 1, name: '关于未来校园' })).toBeVisible();
    await page.getByRole('button', { name: '返回' }).click();
    await expect(page).toHaveURL(HOME);
  });

  test('on the first page opened, back goes to the native shell', async ({ page }) => {
    await installShell(page);
    await signIn(page, 't1001');
    // A fresh load of a page: it is the first one this app opened.
    await page.goto('iframe?url=' + encodeURIComponent('https://example.edu/notice.html'));
    await expect(page.getByRole('button', { name: '返回' })).toBeVisible();
    await page.getByRole('button', { name: '返回' }).click();
    await expect.poll(async () => (await shellMessages(page)).map((m) => m.type)).toContain('back');
    await expect(page).toHaveURL(/\/iframe\?/);
  });

  test('outside the shell, back on the first page opened goes home instead of leaving the app', async ({ page }) => {
    await signIn(page, 't1001');
    await page.goto('iframe?url=' + encodeURIComponent('https://example.edu/notice.html'));
    await page.getByRole('button', { name: '返回' }).click();
    await expect(page).toHaveURL(HOME);
  });
});
