/**
 * 批量处理 in 我的待办 at 390x844 against the sandbox: 李主任 chooses runs (全选, one by
 * one, the count), agrees to a batch of ten in one go, meets runs handled elsewhere in
 * between (each reported with the server's message, the rest done), rejects a batch with
 * one opinion (required), and loses the network half way: what failed stays chosen, and
 * tapping again handles each run once (the sandbox's history says so).
 */
import type { APIRequestContext, Page, Request } from '@playwright/test';
import { oneDayLeaveFormData } from '../../sandbox/testkit';
import { resetSandbox } from './app.support';
import { apiAs, cards, openCentre, openCentreWithOutbox, tab, toastText } from './approval.support';
import { FLOW_RUN, loseNextAnswer } from './faults.support';
import { expect, snap, test } from './support';

test.beforeEach(async ({ request }) => {
  await resetSandbox(request);
});

/** `count` one-day leave requests by 王老师, waiting for 李主任 at 部门审批; their ids. */
async function startLeaves(request: APIRequestContext, count: number, reason: string): Promise<string[]> {
  const api = await apiAs(request, 't1001');
  const ids: string[] = [];
  for (let i = 0; i < count; i += 1) {
    const out = (await api(`${FLOW_RUN}/initiate`, {
      code: 'leave',
      isInitiate: 1,
      formData: oneDayLeaveFormData(`${reason}${i}`),
    })) as { id: string };
    ids.push(out.id);
  }
  return ids;
}

/** 李主任's handlings of a run as the sandbox's history has them (agreed, rejected, returned). */
async function handlings(request: APIRequestContext, runId: string): Promise<Array<{ state: number; mark: string }>> {
  const api = await apiAs(request, 't1001');
  const info = (await api(`${FLOW_RUN}/info-app?FlowRunId=${encodeURIComponent(runId)}&Type=1`)) as {
    flowRunNodeDtos: Array<{ flowRunDetailsDtos: Array<{ userName: string; state: number; type: number; mark: string | null }> }>;
  };
  return info.flowRunNodeDtos
    .flatMap((n) => n.flowRunDetailsDtos)
    .filter((d) => d.userName === '李主任' && d.type === 1 && [0, 1, 2].includes(d.state))
    .map((d) => ({ state: d.state, mark: d.mark ?? '' }));
}

const quickHandlings = (page: Page): Request[] => {
  const sent: Request[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST' && r.url().includes('/flow-run/quick-handling')) sent.push(r);
  });
  return sent;
};

const chooser = (page: Page) => page.getByRole('checkbox', { name: /^选择 / });
const batchSheet = (page: Page, name: RegExp) => page.getByRole('dialog', { name });

async function enterBatch(page: Page): Promise<void> {
  await page.getByRole('button', { name: '批量处理' }).click();
  await expect(page.getByText('已选0条')).toBeVisible();
}

test('a batch of ten agreed in one go, with one opinion: each run handled once, each with its own key', async ({ page, request }) => {
  const ids = await startLeaves(request, 12, '批量事由');
  const sent = quickHandlings(page);
  await openCentre(page, 't1002');
  await expect(tab(page, '我的待办')).toContainText('15');
  await expect(cards(page)).toHaveCount(10);
  await enterBatch(page);
  // The mode: a box on every card, no card buttons, no add button; the footer's actions wait for a choice.
  await expect(cards(page).getByRole('button', { name: '同意', exact: true })).toHaveCount(0);
  await expect(page.getByRole('button', { name: '发起审批' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: '批量同意' })).toBeDisabled();
  await chooser(page).first().click();
  await expect(page.getByText('已选1条')).toBeVisible();
  await expect(chooser(page).first()).toHaveAttribute('aria-checked', 'true');
  await chooser(page).first().click();
  await expect(page.getByText('已选0条')).toBeVisible();
  await page.getByRole('checkbox', { name: '全选' }).click();
  await expect(page.getByText('已选10条')).toBeVisible();
  // The footer's actions have come out of their disabled look.
  await expect(page.getByRole('button', { name: '批量同意' })).toHaveCSS('opacity', '1');
  await snap(page, 'approval-batch');

  await page.getByRole('button', { name: '批量同意' }).click();
  const sheet = batchSheet(page, /^批量同意（10条）$/);
  await expect(sheet).toBeVisible();
  await sheet.getByRole('textbox', { name: '审批意见' }).fill('同意，请做好课程安排');
  await snap(page, 'approval-batch-sheet');
  await sheet.getByRole('button', { name: '确认同意' }).click();
  await expect(toastText(page, '已处理10条')).toBeVisible();
  await expect(sheet).toBeHidden();
  await expect(tab(page, '我的待办')).toContainText('5');
  await expect(page.getByText('已选0条')).toBeVisible();

  expect(sent).toHaveLength(10);
  const keys = sent.map((r) => r.headers()['idempotency-key']);
  expect(new Set(keys).size).toBe(10);
  // The ten newest (the page's ten): all among the twelve started, each sent once.
  const handled = new Set(sent.map((r) => (r.postDataJSON() as { flowRunId: string }).flowRunId));
  expect(handled.size).toBe(10);
  expect(ids.filter((id) => handled.has(id))).toHaveLength(10);
  for (const id of ids) expect(await handlings(request, id)).toEqual(handled.has(id) ? [{ state: 0, mark: '同意，请做好课程安排' }] : []);

  // 完成 ends the mode: the cards' own buttons are back.
  await page.getByRole('button', { name: '完成' }).click();
  await expect(cards(page).first().getByRole('button', { name: '同意', exact: true })).toBeVisible();
});

test('two runs handled elsewhere in between: both reported with the server\'s message, the rest done, nothing doubled', async ({ page, request }) => {
  const ids = await startLeaves(request, 10, '并发事由');
  await openCentre(page, 't1002');
  await expect(cards(page)).toHaveCount(10);
  await enterBatch(page);
  await page.getByRole('checkbox', { name: '全选' }).click();
  await expect(page.getByText('已选10条')).toBeVisible();
  // Meanwhile, on the computer, 李主任 handles two of them.
  const desk = await apiAs(request, 't1002');
  for (const id of [ids[1], ids[4]]) await desk(`${FLOW_RUN}/quick-handling`, { flowRunId: id, type: 1 });

  await page.getByRole('button', { name: '批量同意' }).click();
  await batchSheet(page, /^批量同意（10条）$/).getByRole('button', { name: '确认同意' }).click();
  const result = page.getByRole('dialog', { name: '处理结果' });
  await expect(result).toBeVisible();
  await expect(result.getByRole('status')).toHaveText('已处理8条，失败2条');
  await expect(result.getByRole('listitem')).toHaveCount(2);
  for (const item of await result.getByRole('listitem').all()) await expect(item).toContainText('当前流程不在您的办理节点');
  await snap(page, 'approval-batch-result');
  await result.getByRole('button', { name: '知道了' }).click();
  await expect(result).toBeHidden();
  // Both left 我的待办 (handled elsewhere), so nothing stays chosen.
  await expect(page.getByText('已选0条')).toBeVisible();
  for (const id of ids) expect(await handlings(request, id)).toHaveLength(1);
});

test('a batch rejection needs its one opinion, then rejects every run with it', async ({ page, request }) => {
  const ids = await startLeaves(request, 3, '拒绝事由');
  await openCentre(page, 't1002');
  await enterBatch(page);
  for (const i of [0, 1, 2]) await chooser(page).nth(i).click();
  await expect(page.getByText('已选3条')).toBeVisible();
  await page.getByRole('button', { name: '批量拒绝' }).click();
  const sheet = batchSheet(page, /^批量拒绝（3条）$/);
  await sheet.getByRole('button', { name: '确认拒绝' }).click();
  await expect(sheet.getByRole('alert')).toHaveText('请填写审批意见！');
  await sheet.getByRole('textbox', { name: '审批意见' }).fill('材料不全，请补充后重新提交');
  await expect(sheet.getByRole('alert')).toHaveCount(0);
  await sheet.getByRole('button', { name: '确认拒绝' }).click();
  await expect(toastText(page, '已处理3条')).toBeVisible();
  for (const id of ids.slice(0, 3)) expect(await handlings(request, id)).toEqual([{ state: 1, mark: '材料不全，请补充后重新提交' }]);
  await tab(page, '已发起').click();
  await expect(page.getByRole('button', { name: '完成' })).toHaveCount(0);
});

test('the network drops half way: what failed stays chosen, and tapping again handles each run once', async ({ page, request }) => {
  const ids = await startLeaves(request, 6, '断网事由');
  const sent = quickHandlings(page);
  await openCentre(page, 't1002');
  await enterBatch(page);
  for (const i of [0, 1, 2, 3, 4, 5]) await chooser(page).nth(i).click();
  await expect(page.getByText('已选6条')).toBeVisible();
  // The first run is handled by the server, then the phone goes offline before its answer.
  const lost = await loseNextAnswer(page, '**/flow-run/quick-handling');
  await page.getByRole('button', { name: '批量同意' }).click();
  await batchSheet(page, /^批量同意（6条）$/).getByRole('button', { name: '确认同意' }).click();
  await lost.used;
  const result = page.getByRole('dialog', { name: '处理结果' });
  await expect(result).toBeVisible();
  await expect(result.getByText('网络不可用，请检查网络后重试').first()).toBeVisible();
  await result.getByRole('button', { name: '知道了' }).click();
  // Nothing came back, so the list still shows them, and the failed runs are still chosen.
  const failed = await page.getByText(/^已选\d+条$/).innerText();
  expect(Number(failed.replace(/\D/g, ''))).toBeGreaterThan(0);

  await lost.online();
  await page.getByRole('button', { name: '批量同意' }).click();
  await page.getByRole('dialog', { name: /^批量同意/ }).getByRole('button', { name: '确认同意' }).click();
  await expect(toastText(page, `已处理${failed.replace(/\D/g, '')}条`)).toBeVisible();
  for (const id of ids) expect(await handlings(request, id)).toHaveLength(1);
  // The lost run was asked twice, with the same key: the server answered its first result.
  const first = sent[0];
  const again = sent.filter((r) => (r.postDataJSON() as { flowRunId: string }).flowRunId === (first?.postDataJSON() as { flowRunId: string }).flowRunId);
  expect(again.length).toBe(2);
  expect(again[1]?.headers()['idempotency-key']).toBe(again[0]?.headers()['idempotency-key']);
});

test('a run the server will not handle from the list is reported and stays chosen, to be opened', async ({ page, request }) => {
  await startLeaves(request, 1, '限制事由');
  await openCentre(page, 't1002');
  await enterBatch(page);
  // The seeded 采购申请 can be chosen (its card offers 同意) but the server will not handle it from the list.
  const purchase = page.getByRole('article', { name: '王老师的采购申请' });
  await purchase.getByRole('checkbox').click();
  await page.getByRole('button', { name: '批量同意' }).click();
  await page.getByRole('dialog', { name: /^批量同意/ }).getByRole('button', { name: '确认同意' }).click();
  const result = page.getByRole('dialog', { name: '处理结果' });
  await expect(result.getByRole('listitem')).toContainText('此审批需进入详情办理');
  await result.getByRole('button', { name: '知道了' }).click();
  // It stays on the list, and stays chosen, to be opened.
  await expect(purchase.getByRole('checkbox')).toHaveAttribute('aria-checked', 'true');
});

test('批量同意 with the network off: the chosen runs wait with 待发送, are not chosen again, and each is handled once when the network is back', async ({ page, request, context }) => {
  const ids = await startLeaves(request, 2, '离线事由');
  const sent = quickHandlings(page);
  await openCentreWithOutbox(page, 't1002');
  await enterBatch(page);
  await chooser(page).nth(0).click();
  await chooser(page).nth(1).click();
  await expect(page.getByText('已选2条')).toBeVisible();

  await context.setOffline(true);
  await page.getByRole('button', { name: '批量同意' }).click();
  const sheet = batchSheet(page, /^批量同意（2条）$/);
  await sheet.getByRole('textbox', { name: '审批意见' }).fill('地铁上批的');
  await sheet.getByRole('button', { name: '确认同意' }).click();
  await expect(toastText(page, '网络不可用，已存入待发送，联网后自动发送')).toBeVisible();
  await expect(sheet).toBeHidden();
  await expect(page.getByText('已选0条')).toBeVisible();
  // Not chosen again: each card says why, and 全选 leaves them out.
  const kept = cards(page).filter({ hasText: '此审批已存入待发送' });
  await expect(kept).toHaveCount(2);
  await expect(kept.getByRole('checkbox')).toHaveCount(0);
  await page.getByRole('checkbox', { name: '全选' }).click();
  await expect(page.getByText(/^已选[1-9]\d*条$/)).toBeVisible();
  await expect(kept.and(page.locator('.cw-ap-card--chosen'))).toHaveCount(0);
  await page.getByRole('button', { name: '完成' }).click();
  await expect(cards(page).getByRole('status').filter({ hasText: '待发送' })).toHaveCount(2);
  await snap(page, 'batch-offline-kept');
  expect(sent).toHaveLength(0);

  await context.setOffline(false);
  await expect(toastText(page, '2 项待发送的操作已发送')).toBeVisible();
  for (const id of ids) expect(await handlings(request, id)).toEqual([{ state: 0, mark: '地铁上批的' }]);
  expect(sent).toHaveLength(2);
});
