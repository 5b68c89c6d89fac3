/**
 * The session and the hub under faults (faults): a session that ends while a
 * long form is filled (the refresh carries on; a refused refresh asks for a login and
 * then brings the user back to the form with everything in it), a refused refresh
 * that does not loop, two tabs that spend the refresh token once, and a hub that drops
 * its connection and comes back to deliver the next push.
 */
import type { Page } from '@playwright/test';
import { admin, goInApp, loginThroughUi, PASSWORD, resetSandbox, mainLayout } from './app.support';
import { choosePerson, closeReminder, fillLeave, openCentre, reminderModal } from './approval.support';
import { countRequests, REFRESH_PATH } from './faults.support';
import { CPU_THROTTLE, expect, test } from './support';


test.beforeEach(async ({ request }) => {
  await resetSandbox(request);
});

const LONG_FORM = { reason: '家中有事需请假两天', phone: '13800138000', handover: '李主任' };

/** The leave form with everything a long form has: type, period, reason, phone and a person picked on another page. */
async function fillLongForm(page: Page): Promise<void> {
  await page.getByRole('button', { name: '发起审批' }).click();
  await page.getByRole('button', { name: /请假申请/ }).click();
  await expect(reminderModal(page)).toBeVisible();
  await page.clock.runFor(5_000);
  await closeReminder(page);
  // Two days on: a leave of 1.5 days or more whatever the hour (from 12:00 to 12:59 a leave
  // to the next day counts 1 day, leave_i_short, and hides 工作交接人).
  await fillLeave(page, { reason: LONG_FORM.reason, endOffset: 2 });
  await page.getByRole('textbox', { name: /紧急联系电话/ }).fill(LONG_FORM.phone);
  await page.getByRole('group', { name: '工作交接人' }).getByRole('button', { name: '选择' }).click();
  await choosePerson(page, LONG_FORM.handover);
  await expect(page.getByRole('group', { name: '工作交接人' }).getByText(LONG_FORM.handover)).toBeVisible();
}

/** What the long form shows, field by field (the chosen type, the computed days and the period included). */
async function readForm(page: Page): Promise<Record<string, string>> {
  return {
    type: await page.getByRole('button', { name: /^请假类型/ }).innerText(),
    days: await page.getByRole('spinbutton', { name: '请假天数' }).inputValue(),
    start: await page.getByRole('button', { name: /^请假时间 开始时间/ }).innerText(),
    end: await page.getByRole('button', { name: /^请假时间 结束时间/ }).innerText(),
    reason: await page.getByRole('textbox', { name: /请假事由/ }).inputValue(),
    phone: await page.getByRole('textbox', { name: /紧急联系电话/ }).inputValue(),
    handover: await page.getByRole('group', { name: '工作交接人' }).getByRole('listitem').innerText(),
  };
}

/**
 * The long form once the user can read all of it. Back from the person selector the form
 * page may still be hidden or settling for a moment, and innerText reads '' for what is not
 * shown: a snapshot taken then would be compared with the whole form for ever.
 */
async function formSnapshot(page: Page): Promise<Record<string, string>> {
  let form: Record<string, string> = {};
  await expect
    .poll(async () => {
      form = await readForm(page);
      return Object.entries(form).filter(([, value]) => value.trim() === '').map(([name]) => name);
    })
    .toEqual([]);
  return form;
}

test.describe('a session that ends while a long form is filled', () => {
  test('the access token only: one refresh, the submit goes on, and the form is whole behind the chooser', async ({ page, request }) => {
    await page.clock.install();
    await openCentre(page, 't1001');
    await fillLongForm(page);
    const typed = await formSnapshot(page);
    expect(typed).toMatchObject({ reason: LONG_FORM.reason, phone: LONG_FORM.phone });
    const refreshes = countRequests(page, REFRESH_PATH);
    await admin(request, 'expire-tokens');

    await page.getByRole('button', { name: '提交', exact: true }).click();
    await expect(page.getByRole('heading', { name: '提交审批' })).toBeVisible();
    expect(refreshes()).toBe(1);
    await page.goBack();
    await expect.poll(() => readForm(page)).toEqual(typed);
  });

  // Seen once on a loaded machine: back from the chooser showed the leave form with 请假类型 empty.
  test('after the refresh, back from the next-step chooser shows 请假类型 as it was picked', async ({ page, request }) => {
    await page.clock.install();
    await openCentre(page, 't1001');
    await fillLongForm(page);
    // Back from the person selector the form page may still be hidden for a moment (its
    // innerText is '' then): read the type once the user can see it.
    const type = page.getByRole('button', { name: /^请假类型/ });
    await expect(type).toBeVisible();
    const picked = (await type.innerText()).trim();
    expect(picked).not.toBe('');
    expect(picked).not.toContain('请选择');
    await admin(request, 'expire-tokens');
    await page.getByRole('button', { name: '提交', exact: true }).click();
    await expect(page.getByRole('heading', { name: '提交审批' })).toBeVisible();
    await page.goBack();
    await expect(page.getByRole('button', { name: /^请假类型/ })).toHaveText(picked);
    // And it stays so: a late draft or a late load does not empty it afterwards.
    await page.getByRole('textbox', { name: /请假事由/ }).click();
    await expect(page.getByRole('button', { name: /^请假类型/ })).toHaveText(picked);
  });

  test('the refresh token too: one refresh and no loop, then the login brings the user back to the form, whole', async ({ page, request }) => {
    await page.clock.install();
    await openCentre(page, 't1001');
    await fillLongForm(page);
    const typed = await formSnapshot(page);
    const formUrl = page.url();
    const refreshes = countRequests(page, REFRESH_PATH);
    const unauthorized: string[] = [];
    page.on('response', (r) => {
      if (r.status() === 401) unauthorized.push(r.url());
    });
    await admin(request, 'expire-tokens', { refresh: true });

    await page.getByRole('button', { name: '提交', exact: true }).click();
    await expect(page).toHaveURL(/\/login$/);
    // Time passes on the login page: the refused refresh is not tried again.
    await page.clock.runFor(30_000);
    await page.waitForTimeout(500);
    expect(refreshes()).toBe(1);
    expect(unauthorized.length).toBeLessThanOrEqual(2);

    // The school is still bound: the form asks for the account and password only.
    await page.getByRole('textbox', { name: '账号' }).fill('t1001');
    await page.getByRole('textbox', { name: '密码' }).fill(PASSWORD);
    await page.getByRole('checkbox').check();
    await page.getByRole('button', { name: '登录', exact: true }).click();
    await expect(page).toHaveURL(formUrl);
    // The form comes back in steps (the draft, then the type's options from their call):
    // whole once it has settled.
    await expect.poll(() => readForm(page)).toEqual(typed);
    // And it goes through now.
    await page.getByRole('button', { name: '提交', exact: true }).click();
    await expect(page.getByRole('heading', { name: '提交审批' })).toBeVisible();
  });
});

test('two tabs that meet a 401 together spend the refresh token once', async ({ page, request, baseURL }) => {
  await loginThroughUi(page, 't1001');
  const second = await page.context().newPage();
  await second.goto(baseURL ?? './');
  await expect(mainLayout(second)).toBeVisible();
  await Promise.all([page, second].map((p) => p.waitForLoadState('networkidle')));
  const refreshes = countRequests(page, REFRESH_PATH);

  // Both tabs open the approval centre with a dead access token; the refresh is slow,
  // so the second tab's 401 comes in while the first tab is refreshing.
  await admin(request, 'fault', { path: REFRESH_PATH, delayMs: 1_500, times: 2 });
  await admin(request, 'expire-tokens');
  await Promise.all([goInApp(page, '/page/approvalCenter'), goInApp(second, '/page/approvalCenter')]);
  for (const p of [page, second]) await expect(p.locator('.cw-ap-card').first()).toBeVisible();
  expect(refreshes()).toBe(1);
  // Both tabs go on with the one new token.
  const tokens = await Promise.all([page, second].map((p) => p.evaluate(() => localStorage.getItem('campus.token'))));
  expect(tokens[0]).toBe(tokens[1]);
  await expect(page.getByRole('heading', { name: '审批中心' })).toBeVisible();
  await expect(second.getByRole('heading', { name: '审批中心' })).toBeVisible();
});

test('a dropped hub connection comes back on its own and the next push arrives, once', async ({ page, request }) => {
  await page.clock.install();
  await loginThroughUi(page, 't1001');
  await page.goto('./?tab=message');
  const row = page.locator('.cw-msg__tab').filter({ has: page.locator('.cw-msg__tab-name', { hasText: '系统通知' }) });
  await expect(row).toBeVisible();
  const connections = async () => ((await (await request.get('sandbox/admin/hub')).json()) as { byAccount: Record<string, number> }).byAccount['t1001'] ?? 0;
  await expect.poll(connections, { timeout: 15_000 * CPU_THROTTLE }).toBe(1);

  // The sandbox drops the socket without a word and, like a restarting server, refuses the first reconnect.
  await admin(request, 'fault', { path: '/messagehub/message-hub/negotiate', status: 503, times: 1 });
  expect(await admin(request, 'hub-drop')).toEqual({ dropped: 1 });
  expect(await connections()).toBe(0);
  // Reconnect attempts every 5 s (SPEC point 9), on the page clock.
  await expect
    .poll(
      async () => {
        await page.clock.runFor(1_000);
        return connections();
      },
      { timeout: 30_000 * CPU_THROTTLE, intervals: [100] },
    )
    .toBe(1);

  const delivered = (await admin(request, 'notify', { account: 't1001', title: '断线后的推送', context: '<p>断线重连后收到的消息</p>' })) as { delivered: number };
  expect(delivered.delivered).toBe(1);
  await expect(row).toContainText('断线重连后收到的消息');
});
