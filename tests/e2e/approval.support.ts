/**
 * Helpers of the approval browser tests: a second phone for a second user, the leave
 * form filled through its controls, the selector pages, and the sandbox's own view of
 * a run (for assertions the screen cannot make, like what was sent).
 */
import type { APIRequestContext, Browser, BrowserContext, Locator, Page } from '@playwright/test';
import { goInApp, signIn, PASSWORD } from './app.support';
import { expect, TOASTS } from './support';

/** A second phone: a new context with the same mobile settings as the configured one. */
export async function openPhone(browser: Browser, baseURL: string | undefined): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    baseURL,
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
    locale: 'zh-CN',
    timezoneId: 'Asia/Shanghai',
  });
  return { context, page: await context.newPage() };
}

export async function openCentre(page: Page, account?: string): Promise<void> {
  if (account) await signIn(page, account);
  await goInApp(page, '/page/approvalCenter');
  await expect(page.getByRole('heading', { name: '审批中心' })).toBeVisible();
}

/**
 * openCentre, and then the outbox's code on the phone: the centre starts its outbox once
 * its first cards are drawn (application/approval/centerModel.ts listDrawn), so a test
 * that takes the network away right after the cards show waits for that code first, as a
 * page opened online has it a moment later.
 */
export async function openCentreWithOutbox(page: Page, account?: string): Promise<void> {
  await openCentre(page, account);
  await outboxStoreCodeIn(page);
}

/** The outbox's store code is on the phone: fetched now or earlier in this page (the page's resource timings keep it). */
export async function outboxStoreCodeIn(page: Page): Promise<void> {
  await page.waitForFunction(() => performance.getEntriesByType('resource').some((e) => /\/idbOutboxStore-[^/]*\.js$/.test(e.name)));
}

export const card = (page: Page, title: string): Locator => page.getByRole('article', { name: title, exact: true });
export const cards = (page: Page): Locator => page.locator('.cw-ap-card');
export const tab = (page: Page, name: string): Locator => page.getByRole('tab', { name: new RegExp(`^${name}`) });

/**
 * The antd picker on top: moves a column `steps` items down through the wheel's own
 * accessible buttons (选择下一项：…), as a screen reader user would.
 */
export async function pickWheel(page: Page, column: number, steps: number): Promise<void> {
  const picker = page.locator('.adm-picker').last();
  await expect(picker).toBeVisible();
  const col = picker.locator('.adm-picker-view-column').nth(column);
  const current = col.locator('[aria-label^="当前选择的是："]');
  for (let i = 0; i < steps; i += 1) {
    const shown = await current.getAttribute('aria-label');
    // The buttons are for screen readers only (no size on screen), so the click is dispatched.
    await col.getByRole('button', { name: /^选择下一项：/ }).dispatchEvent('click');
    // One step at a time: the wheel has moved before the next tap (a slow phone lags behind the taps).
    await expect(current).not.toHaveAttribute('aria-label', shown ?? '');
  }
}

export async function confirmWheel(page: Page): Promise<void> {
  const picker = page.locator('.adm-picker').last();
  await picker.getByText('确定', { exact: true }).click();
  await expect(picker).toBeHidden();
}

/** antd's Modal has no dialog role: found by its class and its title. */
export const reminderModal = (page: Page): Locator => page.locator('.adm-modal-body').filter({ hasText: '请假须知' });

/** Closes the leave form's initial reminder (请假须知, 我已阅读 after a 5 s countdown). */
export async function closeReminder(page: Page): Promise<void> {
  const dialog = reminderModal(page);
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: '我已阅读', exact: true }).click({ timeout: 10_000 });
  await expect(dialog).toBeHidden();
}

export interface LeaveFill {
  reason: string;
  /** Days after the start the leave ends: the day column's item offset (0 = the same day). */
  endOffset?: number;
}

/** Fills the staff leave form: type (the first kind after the placeholder), period, reason. */
export async function fillLeave(page: Page, fill: LeaveFill): Promise<void> {
  await page.getByRole('button', { name: /请假类型/ }).click();
  await pickWheel(page, 0, 1);
  await confirmWheel(page);
  await page.getByRole('button', { name: /开始时间/ }).click();
  await confirmWheel(page);
  await page.getByRole('button', { name: /结束时间/ }).click();
  if (fill.endOffset) await pickWheel(page, 2, fill.endOffset);
  await confirmWheel(page);
  await page.getByRole('textbox', { name: /请假事由/ }).fill(fill.reason);
}

/** On a selector page: search a name, tick it, 确定; ends back where the selector was opened from. */
export async function choosePerson(page: Page, name: string): Promise<void> {
  const search = page.getByRole('searchbox').or(page.getByPlaceholder('搜索')).first();
  await search.fill(name.slice(0, 1));
  await search.press('Enter');
  await page.getByRole('checkbox', { name: new RegExp(name) }).first().click();
  await page.getByRole('button', { name: '确定', exact: true }).click();
}

export const toastText = (page: Page, text: string): Locator => page.locator(TOASTS).getByText(text, { exact: true });

/**
 * Every toast text the page shows from now on, noted by the page itself: a toast is gone
 * after 2 s, which a look from the test may miss on a slow machine. `seen()` answers the
 * texts so far (poll it).
 */
export async function watchToasts(page: Page): Promise<{ seen: () => Promise<string[]> }> {
  await page.evaluate((selector) => {
    const w = window as unknown as { cwToasts?: string[] };
    if (w.cwToasts) return;
    const seen: string[] = [];
    w.cwToasts = seen;
    new MutationObserver(() => {
      // antd-mobile's toast, or the page's plain one when its code could not load (offline
      // before the phone was ever idle enough to fetch it: presentation/shared/toast.ts).
      for (const el of document.querySelectorAll(selector)) {
        const text = (el.textContent ?? '').trim();
        if (text !== '' && seen.at(-1) !== text) seen.push(text);
      }
    }).observe(document.body, { childList: true, subtree: true, characterData: true });
  }, TOASTS);
  return { seen: () => page.evaluate(() => [...((window as unknown as { cwToasts?: string[] }).cwToasts ?? [])]) };
}

/** The sandbox's own answer for a user (to check what the screens sent). */
export async function apiAs(request: APIRequestContext, account: string): Promise<(path: string, body?: unknown) => Promise<unknown>> {
  const md5 = (await import('node:crypto')).createHash('md5').update(PASSWORD).digest('hex');
  const login = await request.post('v1/saas-identity-service/api/account/mobile-login', { data: { account, password: md5, tenantCode: 'demo' } });
  const { encryptedAccessToken } = (await login.json()) as { encryptedAccessToken: string };
  const campuses = (await (await request.get('v1/saas-basic-data-service/api/school-campus/user', { headers: { Authorization: `Bearer ${encryptedAccessToken}` } })).json()) as Array<{ id: string }>;
  const headers = { Authorization: `Bearer ${encryptedAccessToken}`, Campus: campuses[0]?.id ?? '' };
  return async (path: string, body?: unknown) => {
    const res = body === undefined ? await request.get(path, { headers }) : await request.post(path, { headers, data: body });
    return res.json();
  };
}

/** Node shades as the chart states them for screen readers (FlowChartPanel). */
export const chartNodes = (page: Page): Locator => page.getByRole('list', { name: '流程节点' }).getByRole('listitem');
export const chartEdges = (page: Page): Locator => page.getByRole('list', { name: '流程连线' }).getByRole('listitem');
