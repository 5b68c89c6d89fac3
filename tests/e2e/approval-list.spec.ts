/**
 * The approval centre list (SPEC point 2 "Approval centre list", points 4, 5, 8, 9)
 * against the sandbox: tabs and counts, search, the 筛选 popup and its rules, read marks,
 * quick handling, revoking, paging by 10 and the empty and error states.
 */
import type { APIRequestContext, Page, Request } from '@playwright/test';
import { goInApp, signIn, resetSandbox, mainLayout } from './app.support';
import { apiAs, card, cards, choosePerson, openCentre, tab, toastText } from './approval.support';
import { expect, snap, test } from './support';

test.beforeEach(async ({ request }) => {
  await resetSandbox(request);
});

type ListBody = Record<string, unknown>;

const isList = (r: Request) => r.method() === 'POST' && r.url().includes('/flow-run/list');

async function listAfter(page: Page, action: () => Promise<unknown>): Promise<ListBody> {
  const [req] = await Promise.all([page.waitForRequest(isList), action()]);
  return req.postDataJSON() as ListBody;
}

/** `count` one-day leave requests started by `account` through the API, their reasons numbered after `reason`. */
async function startLeaves(request: APIRequestContext, account: string, count: number, reason: string): Promise<void> {
  const api = await apiAs(request, account);
  for (let i = 0; i < count; i += 1) {
    await api('v1/less-code-service/api/flow-run/initiate', {
      code: 'leave',
      isInitiate: 1,
      formData: { leave_type: 'leave-1', leave_days: 1, leave_period: ['2026/03/02 08:30', '2026/03/02 17:30'], leave_reason: `${reason}${i}`, leave_sub_need: false },
    });
  }
}

test.describe('tabs, cards and search', () => {
  test('four tabs with their counts, cards with state badges and the buttons of each tab', async ({ page }) => {
    await signIn(page, 't1002');
    const first = await listAfter(page, () => goInApp(page, '/page/approvalCenter'));
    expect(first).toMatchObject({ type: 0, skipCount: 0, maxResultCount: 10 });
    await expect(tab(page, '我的待办')).toContainText('3');
    for (const name of ['我收到的', '已办理', '已发起']) await expect(tab(page, name)).toBeVisible();
    await expect(cards(page)).toHaveCount(3);
    const leave = card(page, '王老师的请假申请');
    await expect(leave.getByText('审批中')).toBeVisible();
    await expect(leave.getByRole('button', { name: '拒绝' })).toBeVisible();
    await expect(leave.getByRole('button', { name: '同意' })).toBeVisible();
    // The state filter is not offered on the to-do tab, so there is no received switch either.
    await expect(page.getByRole('checkbox', { name: '仅看未读' })).toHaveCount(0);
    await snap(page, 'approval-list');

    const handled = await listAfter(page, () => tab(page, '已办理').click());
    expect(handled.type).toBe(2);
    await expect(cards(page).first()).toBeVisible();
    await expect(cards(page).getByRole('button')).toHaveCount(await cards(page).count());
    const sent = await listAfter(page, () => tab(page, '已发起').click());
    expect(sent.type).toBe(3);
  });

  test('the search bar narrows by title or number, trimmed; nothing found says so', async ({ page }) => {
    await openCentre(page, 't1001');
    await tab(page, '已发起').click();
    await expect(cards(page).first()).toBeVisible();
    const search = page.getByPlaceholder('搜索标题');
    await search.fill('  采购 ');
    const body = await listAfter(page, () => search.press('Enter'));
    expect(body).toMatchObject({ type: 3, titleOrNumber: '采购' });
    await expect(cards(page)).toHaveCount(2);
    await search.fill('没有这样的审批');
    await search.press('Enter');
    await expect(page.getByText('暂无审批')).toBeVisible();
  });

  test('the received tab: 仅看未读 and 全部标记为已读', async ({ page }) => {
    await openCentre(page, 't1001');
    // The tab's own first page goes out first (the list asks for it a moment after the switch).
    const received = page.waitForRequest((r) => isList(r) && (r.postDataJSON() as ListBody).type === 1);
    await tab(page, '我收到的').click();
    await received;
    await expect(tab(page, '我收到的')).toContainText('2');
    const unreadOnly = page.getByRole('checkbox', { name: '仅看未读' });
    await expect(unreadOnly).toBeVisible();
    const body = await listAfter(page, () => unreadOnly.click());
    expect(body).toMatchObject({ type: 1, isNotRead: true });
    await expect(cards(page)).toHaveCount(2);
    await expect(cards(page).getByRole('img', { name: '未读' })).toHaveCount(2);

    await page.getByRole('button', { name: '全部标记为已读' }).click();
    await expect(toastText(page, '操作成功')).toBeVisible();
    await expect(page.getByText('暂无审批')).toBeVisible();
    await expect(tab(page, '我收到的').locator('.adm-badge')).toHaveCount(0);
    await unreadOnly.click();
    await expect(cards(page).first()).toBeVisible();
    await expect(cards(page).getByRole('img', { name: '未读' })).toHaveCount(0);
  });

  test('the add button opens the launchable flows', async ({ page }) => {
    await openCentre(page, 't1001');
    await page.getByRole('button', { name: '发起审批' }).click();
    await expect(page.getByRole('heading', { name: '发起审批' })).toBeVisible();
    await expect(page.getByPlaceholder('搜索')).toBeVisible();
  });

  test('no 发起审批 where the user can start nothing: a student in the centre of the purchase flow (staff only); staff see it', async ({ page }) => {
    await signIn(page, 's2001');
    await goInApp(page, '/page/approvalCenter?code=purchase');
    await expect(page.getByRole('heading', { name: '采购申请' })).toBeVisible();
    await expect(page.getByRole('tab', { name: /^我的待办/ })).toBeVisible();
    await expect(page.getByRole('button', { name: '发起审批' })).toHaveCount(0);
    await goInApp(page, '/page/approvalCenter');
    await expect(page.getByRole('button', { name: '发起审批' })).toBeVisible();
  });

  test('the add button steps aside while the list scrolls down and comes back when it stops; the list ends with room under the last card', async ({ page, request }) => {
    await startLeaves(request, 't1001', 9, '滚动事由');
    await openCentre(page, 't1001');
    await tab(page, '已发起').click();
    await expect(cards(page)).toHaveCount(10);
    const fab = page.getByRole('button', { name: '发起审批' });
    await expect(fab).toBeVisible();
    // Whether it stepped aside at any moment: it is back 250 ms after the scroll stops, which a
    // look from the test may miss on a slow machine, so the page notes each change of its class.
    await page.evaluate(() => {
      const el = document.querySelector('.cw-ap-fab') as HTMLElement & { wentAside?: boolean };
      new MutationObserver(() => {
        if (el.classList.contains('cw-ap-fab--aside')) el.wentAside = true;
      }).observe(el, { attributes: true, attributeFilter: ['class'] });
    });
    await page.mouse.move(195, 500);
    await page.mouse.wheel(0, 120);
    await page.mouse.wheel(0, 120);
    await expect.poll(() => page.locator('.cw-ap-fab').evaluate((el) => (el as HTMLElement & { wentAside?: boolean }).wentAside === true)).toBe(true);
    // Stopped: back.
    await expect(fab).toBeVisible();
    await page.mouse.wheel(0, -200);
    await expect(fab).toBeVisible();
    // At the very end (every page loaded), the last card is wholly above the add button.
    await expect
      .poll(async () => {
        await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
        return page.getByText('没有更多了').isVisible();
      })
      .toBe(true);
    await expect(fab).toBeVisible();
    // At the bottom (again: rows measured late on a slow machine may have grown the page),
    // the last card ends above the button.
    await expect
      .poll(() =>
        page.evaluate(() => {
          window.scrollTo(0, document.documentElement.scrollHeight);
          const cardsShown = document.querySelectorAll('.cw-ap-card');
          const last = cardsShown[cardsShown.length - 1]?.getBoundingClientRect();
          const fabEl = document.querySelector('.cw-ap-fab');
          const button = fabEl?.getBoundingClientRect();
          // Measured where it rests, not while it has stepped aside.
          return last && button && !fabEl?.classList.contains('cw-ap-fab--aside') ? last.bottom <= button.top : false;
        }),
      )
      .toBe(true);
  });
});

test.describe('the 筛选 popup', () => {
  test('its fields, the user type before the initiator, 查询 and 重置', async ({ page }) => {
    await openCentre(page, 't1002');
    await page.getByRole('button', { name: '筛选' }).click();
    const popup = page.getByRole('dialog', { name: '筛选' });
    await expect(popup.getByRole('heading', { name: '筛选' })).toBeVisible();
    // Not on the to-do tab: 状态.
    await expect(popup.getByText('状态', { exact: true })).toHaveCount(0);
    for (const label of ['流程', '用户类型', '发起人', '标题/流水号', '表单字段', '发起开始时间', '发起结束时间', '完成开始时间', '完成结束时间']) {
      await expect(popup.getByText(label, { exact: true })).toBeVisible();
    }
    await expect(popup.getByRole('button', { name: '重置' })).toBeVisible();
    await expect(popup.getByRole('button', { name: '查询' })).toBeVisible();
    await popup.getByRole('button', { name: '取消' }).click();

    await tab(page, '已办理').click();
    await expect(cards(page).first()).toBeVisible();
    await page.getByRole('button', { name: '筛选' }).click();
    await expect(popup.getByText('状态', { exact: true })).toBeVisible();

    // 发起人 needs a user type first.
    await popup.getByRole('button', { name: '发起人', exact: true }).click();
    await expect(toastText(page, '请先选择用户类型')).toBeVisible();
    await popup.getByText('教职工', { exact: true }).click();
    await popup.getByRole('button', { name: '发起人', exact: true }).click();
    await expect(page.getByRole('heading', { name: '发起人' })).toBeVisible();
    await choosePerson(page, '王老师');
    // Back on the list with the popup still open and the choice in it.
    await expect(popup.getByRole('button', { name: '发起人', exact: true })).toContainText('王老师');

    await popup.getByText('审批通过', { exact: true }).click();
    await popup.getByRole('button', { name: '流程' }).click();
    await page.locator('.adm-picker').last().getByText('确定', { exact: true }).click();
    await popup.getByRole('textbox', { name: '标题/流水号' }).fill('请假');
    await popup.getByRole('button', { name: '发起开始时间', exact: true }).click();
    await page.locator('.adm-picker').last().getByText('确定', { exact: true }).click();
    await expect(popup.getByRole('button', { name: '发起开始时间', exact: true })).toHaveText(/\d{4}-\d{2}-\d{2} \d{2}:\d{2}/);
    await popup.getByRole('button', { name: '清除发起开始时间' }).click();
    await popup.locator('.cw-ap-filter__body').evaluate((el) => el.scrollTo(0, 0));
    await snap(page, 'approval-filter');

    const body = await listAfter(page, () => popup.getByRole('button', { name: '查询' }).click());
    expect(body).toMatchObject({ type: 2, state: 1, userType: 1, titleOrNumber: '请假', flowId: expect.any(String), initiateUser: [expect.any(String)] });
    expect(body.createdDateStart).toBeUndefined();
    await expect(popup).toBeHidden();
    await expect(page.getByRole('button', { name: '筛选（已筛选）' })).toBeVisible();
    await expect(cards(page).first()).toBeVisible();
    const titles = await cards(page).evaluateAll((els) => els.map((e) => e.getAttribute('aria-label')));
    expect(titles.every((t) => t === '王老师的请假申请')).toBe(true);
    await expect(cards(page).getByText('审批中')).toHaveCount(0);

    // Changing the user type drops the chosen initiators; 重置 clears everything.
    await page.getByRole('button', { name: '筛选（已筛选）' }).click();
    await popup.getByText('学生', { exact: true }).click();
    await expect(popup.getByRole('button', { name: '发起人', exact: true })).toHaveText('请选择发起人');
    const reset = await listAfter(page, () => popup.getByRole('button', { name: '重置' }).click());
    expect(Object.keys(reset).sort()).toEqual(['maxResultCount', 'skipCount', 'type']);
    await expect(popup.getByRole('textbox', { name: '标题/流水号' })).toHaveValue('');
  });

  test('dates go as YYYY-MM-DDTHH:mm and form fields as text', async ({ page }) => {
    await openCentre(page, 't1001');
    await tab(page, '已发起').click();
    await page.getByRole('button', { name: '筛选' }).click();
    const popup = page.getByRole('dialog', { name: '筛选' });
    await popup.getByRole('textbox', { name: '表单字段' }).fill('腰椎');
    await popup.getByRole('button', { name: '完成结束时间', exact: true }).click();
    await page.locator('.adm-picker').last().getByText('确定', { exact: true }).click();
    const body = await listAfter(page, () => popup.getByRole('button', { name: '查询' }).click());
    expect(body).toMatchObject({ type: 3, formData: '腰椎' });
    expect(body.overDateEnd).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/);
    await expect(cards(page)).toHaveCount(1);
    await expect(cards(page).first()).toContainText('腰椎间盘突出');
  });
});

test.describe('card actions', () => {
  test('同意 on a quick step opens its sheet: an opinion with a quick opinion, 确认同意, 操作成功, the list refreshes and the run keeps the opinion; a step that needs the page opens it', async ({ page }) => {
    await openCentre(page, 't1002');
    const leave = card(page, '王老师的请假申请');
    await leave.getByRole('button', { name: '同意' }).click();
    const sheet = page.getByRole('dialog', { name: '同意' });
    await expect(sheet.getByText('王老师的请假申请')).toBeVisible();
    // Nothing is sent before 确认同意: the card is still there.
    await expect(leave).toHaveCount(1);
    // A tap above the sheet, on the mask, closes it and sends nothing; 同意 opens it again.
    await page.locator('.cw-sheet__mask').click({ position: { x: 195, y: 40 } });
    await expect(sheet).toBeHidden();
    await expect(leave).toHaveCount(1);
    await leave.getByRole('button', { name: '同意' }).click();
    await expect(sheet.getByText('王老师的请假申请')).toBeVisible();
    const opinion = sheet.getByRole('textbox', { name: '审批意见' });
    await opinion.fill('课已调好');
    await sheet.getByRole('group', { name: '常用意见' }).getByRole('button').first().click();
    const typed = await opinion.inputValue();
    expect(typed.startsWith('课已调好')).toBe(true);
    expect(typed.length).toBeGreaterThan('课已调好'.length);
    await expect(sheet.getByText(`${Array.from(typed).length}/200`)).toBeVisible();
    await snap(page, 'approval-quick-agree');
    await sheet.getByRole('button', { name: '确认同意' }).click();
    await expect(toastText(page, '操作成功')).toBeVisible();
    await expect(sheet).toBeHidden();
    await expect(leave).toHaveCount(0);
    await expect(tab(page, '我的待办')).toContainText('2');
    // The sandbox kept the opinion: the run's history shows it.
    await tab(page, '已办理').click();
    await card(page, '王老师的请假申请').getByRole('button').first().click();
    await expect(page.getByRole('region', { name: '审批记录' }).getByText(typed)).toBeVisible();
    await page.goBack();
    await tab(page, '我的待办').click();

    // The countersign asks an opinion and a budget code: not quick, the run opens.
    await card(page, '王老师的采购申请').getByRole('button', { name: '同意' }).click();
    await page.getByRole('dialog', { name: '同意' }).getByRole('button', { name: '确认同意' }).click();
    await expect(page.getByRole('heading', { name: '审批详情' })).toBeVisible();
    await expect(page).toHaveURL(/flowApproval\?FlowRunId=.+&type=1&tab=0/);
  });

  test('拒绝 from a card opens the run (a rejection always needs an opinion)', async ({ page }) => {
    await openCentre(page, 't1002');
    await card(page, '王老师的请假申请').getByRole('button', { name: '拒绝' }).click();
    await expect(page.getByRole('heading', { name: '审批详情' })).toBeVisible();
    await expect(page.getByRole('heading', { name: '王老师的请假申请' })).toBeVisible();
  });

  test('撤销申请 asks 确认撤销 / 此操作将撤销当前流程！ and says 撤销成功', async ({ page }) => {
    await openCentre(page, 't1001');
    await tab(page, '已发起').click();
    const waiting = card(page, '王老师的请假申请').filter({ hasText: '回老家办理房产手续' });
    await expect(waiting.getByText('审批中')).toBeVisible();
    // Only runs still 审批中 can be revoked.
    await expect(card(page, '王老师的请假申请').filter({ hasText: '腰椎间盘突出' }).getByRole('button', { name: '撤销申请' })).toHaveCount(0);

    await waiting.getByRole('button', { name: '撤销申请' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByText('确认撤销')).toBeVisible();
    await expect(dialog.getByText('此操作将撤销当前流程！')).toBeVisible();
    await dialog.getByRole('button', { name: '取消' }).click();
    await expect(waiting.getByText('审批中')).toBeVisible();

    await waiting.getByRole('button', { name: '撤销申请' }).click();
    await page.getByRole('dialog').getByRole('button', { name: '确定' }).click();
    await expect(toastText(page, '撤销成功')).toBeVisible();
    await expect(waiting.getByText('已撤销')).toBeVisible();
    await expect(waiting.getByRole('button', { name: '撤销申请' })).toHaveCount(0);
  });
});

test.describe('paging, refresh and failures', () => {
  test('loads 10 at a time with skipCount (page-1)*10 and stops when fewer than 10 come back', async ({ page, request }) => {
    // Eleven more runs of hers, so 已发起 spans two pages.
    await startLeaves(request, 't1001', 11, '批量事由');
    await openCentre(page, 't1001');
    await expect(cards(page)).toHaveCount(3);
    const first = await listAfter(page, () => tab(page, '已发起').click());
    expect(first).toMatchObject({ type: 3, skipCount: 0, maxResultCount: 10 });
    await expect(cards(page)).toHaveCount(10);
    const second = await listAfter(page, () => page.locator('.adm-infinite-scroll').scrollIntoViewIfNeeded());
    expect(second).toMatchObject({ type: 3, skipCount: 10, maxResultCount: 10 });
    await expect(cards(page)).toHaveCount(20);
    await page.locator('.adm-infinite-scroll').scrollIntoViewIfNeeded();
    await expect(page.getByText('没有更多了')).toBeVisible();
    // Her seeded runs plus the eleven: two full pages and what is left on the third.
    expect(await cards(page).count()).toBeGreaterThanOrEqual(20);
  });

  test('pull to refresh reloads page 1', async ({ page }) => {
    await openCentre(page, 't1002');
    await expect(cards(page)).toHaveCount(3);
    const box = (await page.locator('.cw-ap-list__items').boundingBox())!;
    // antd's PullToRefresh follows touches only: a finger drawn down through the DevTools protocol.
    const cdp = await page.context().newCDPSession(page);
    const touch = (type: 'touchStart' | 'touchMove' | 'touchEnd', y: number) =>
      cdp.send('Input.dispatchTouchEvent', { type, touchPoints: type === 'touchEnd' ? [] : [{ x: box.x + 120, y: box.y + y }] });
    const body = await listAfter(page, async () => {
      await touch('touchStart', 20);
      for (let y = 40; y <= 260; y += 20) await touch('touchMove', y);
      await touch('touchEnd', 260);
    });
    expect(body).toMatchObject({ skipCount: 0 });
    await expect(cards(page)).toHaveCount(3);
  });

  test('a failed page shows the message and a retry', async ({ page, request }) => {
    await signIn(page, 't1002');
    await request.post('sandbox/admin/fault', { data: { path: '/flow-run/list', status: 500, message: '服务繁忙' } });
    await goInApp(page, '/page/approvalCenter');
    await expect(toastText(page, '服务繁忙')).toBeVisible();
    await page.getByRole('button', { name: '重试' }).click();
    await expect(cards(page)).toHaveCount(3);
  });

  test('an app with no flow: 未开通审批流程 with a back button', async ({ page }) => {
    await signIn(page, 't1001');
    await goInApp(page, '/page/approvalCenter?code=unconfigured');
    await expect(page.getByText('未开通审批流程')).toBeVisible();
    await page.getByRole('button', { name: '返回' }).last().click();
    await expect(mainLayout(page)).toBeVisible();
  });
});
