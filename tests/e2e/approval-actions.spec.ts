/**
 * The run page and the action screen (SPEC point 2 "Flow approval detail", "Approval
 * action screen", "Signature sheet"; points 4, 5, 8, 9): stamps and footers by tab, type
 * and state, the history, reject, return and resubmit, countersign and or-sign steps,
 * signing, the opinion rules and attachments.
 */
import type { Locator, Page } from '@playwright/test';
import { signIn, resetSandbox, mainLayout } from './app.support';
import { apiAs, card, cards, chartNodes, openCentre, openPhone, tab, toastText } from './approval.support';
import { CPU_THROTTLE, expect, snap, test } from './support';


test.beforeEach(async ({ request }) => {
  await resetSandbox(request);
});

const open = async (c: Locator) => c.getByRole('button').first().click();
const history = (page: Page) => page.getByRole('region', { name: '审批记录' });
const footer = (page: Page) => page.locator('.cw-ap-footer');

/** A flowing signature across the canvas with the mouse (signature_pad follows pointer events). */
async function sign(page: Page, canvas: Locator): Promise<void> {
  const box = (await canvas.boundingBox())!;
  const at = (x: number, y: number): [number, number] => [box.x + box.width * x, box.y + box.height * y];
  // Two strokes: a looping cursive line and an underline flourish.
  const loops: Array<[number, number]> = [];
  for (let i = 0; i <= 60; i += 1) {
    const t = i / 60;
    loops.push([0.12 + 0.7 * t + 0.05 * Math.sin(t * Math.PI * 8), 0.45 - 0.18 * Math.cos(t * Math.PI * 8) * (1 - t * 0.4)]);
  }
  const underline: Array<[number, number]> = [];
  for (let i = 0; i <= 20; i += 1) {
    const t = i / 20;
    underline.push([0.2 + 0.65 * t, 0.75 - 0.06 * Math.sin(t * Math.PI)]);
  }
  for (const stroke of [loops, underline]) {
    const [first, ...rest] = stroke;
    await page.mouse.move(...at(...first!));
    await page.mouse.down();
    for (const [x, y] of rest) await page.mouse.move(...at(x, y), { steps: 2 });
    await page.mouse.up();
  }
}

test.describe('the run page', () => {
  test('stamps for approved, rejected, revoked and returned runs; the initiator revokes one still 审批中', async ({ page }) => {
    await openCentre(page, 't1001');
    await tab(page, '已发起').click();
    await expect(cards(page).first()).toBeVisible();

    const cases: Array<[string, string]> = [
      ['腰椎间盘突出', '审批通过'],
      ['参加亲戚婚礼', '审批不通过'],
      ['调休半天', '已撤销'],
    ];
    for (const [text, stamp] of cases) {
      await open(cards(page).filter({ hasText: text }));
      await expect(page.getByRole('img', { name: stamp })).toBeVisible();
      await expect(footer(page)).toHaveCount(0);
      await page.getByRole('button', { name: '返回' }).first().click();
    }
    // Returned to her: the returned icon; on 已发起 she only reads it.
    await open(cards(page).filter({ hasText: '教研室办公用品' }));
    await expect(page.getByRole('img', { name: '已退回' })).toBeVisible();
    await expect(page.locator('.cw-ap-detail__head').getByText('已退回')).toBeVisible();
    await page.getByRole('button', { name: '返回' }).first().click();

    await open(cards(page).filter({ hasText: '回老家办理房产手续' }));
    await expect(page.getByText(/^#QJ\d{12}$/)).toBeVisible();
    await expect(footer(page).getByRole('button')).toHaveText(['撤销']);
    await footer(page).getByRole('button', { name: '撤销' }).click();
    await expect(page.getByRole('dialog').getByText('此操作将撤销当前流程！')).toBeVisible();
    await page.getByRole('dialog').getByRole('button', { name: '确定' }).click();
    await expect(toastText(page, '撤销成功')).toBeVisible();
    await expect(page.getByRole('img', { name: '已撤销' })).toBeVisible();
    await expect(history(page).getByRole('listitem', { name: '撤销申请' })).toBeVisible();
    await expect(footer(page)).toHaveCount(0);
  });

  test('history: modes, copies read with their time or 未读, opinions and signatures', async ({ page }) => {
    await openCentre(page, 't1001');
    // 李主任's notice: her copy read; the student the principal added has not read it.
    await tab(page, '已办理').click();
    await open(card(page, '李主任的通知发文'));
    const h = history(page);
    const sign = h.getByRole('listitem', { name: '签发' });
    await expect(sign.getByText('同意发布')).toBeVisible();
    await expect(sign.getByRole('img', { name: '赵校长签名' })).toBeVisible();
    const copies = h.getByRole('listitem', { name: /抄送/ });
    await expect(copies.filter({ hasText: '王老师' }).getByText('已读')).toBeVisible();
    await expect(copies.filter({ hasText: '王老师' }).getByText(/\d{4}-\d{2}-\d{2} \d{2}:\d{2}/)).toBeVisible();
    await expect(copies.filter({ hasText: '张三' }).getByText('未读')).toBeVisible();
    // Received runs are only read here: no footer.
    await expect(footer(page)).toHaveCount(0);
  });

  test('a history of thousands of nodes is drawn a step at a time as the user scrolls, to the last', async ({ page }) => {
    await openCentre(page, 't1001');
    await tab(page, '已办理').click();
    // The backend answers 1,200 nodes of one person each (the run's own first node copied).
    await page.route('**/flow-run/info-app**', async (route) => {
      const res = await route.fetch();
      const body = (await res.json()) as { flowRunNodeDtos: { id: string; name: string; flowRunDetailsDtos: unknown[] }[] };
      const node = body.flowRunNodeDtos[0]!;
      body.flowRunNodeDtos = Array.from({ length: 1200 }, (_, i) => ({ ...node, id: `${node.id}-${i}`, name: `节点${i + 1}`, flowRunDetailsDtos: node.flowRunDetailsDtos.slice(0, 1) }));
      await route.fulfill({ response: res, json: body });
    });
    await open(card(page, '李主任的通知发文'));
    const nodes = history(page).locator('.cw-ap-history__node');
    await expect(nodes.first()).toHaveAttribute('aria-label', '节点1');
    expect(await nodes.count()).toBe(30);
    await expect(async () => {
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      expect(await nodes.count()).toBe(1200);
    }).toPass({ timeout: 30_000 * CPU_THROTTLE });
    await expect(nodes.last()).toHaveAttribute('aria-label', '节点1200');
  });

  test('a run the user has no part in shows the server message with a way back', async ({ page }) => {
    await openCentre(page, 't1002');
    await open(card(page, '王老师的请假申请'));
    const url = page.url();
    await page.evaluate(() => localStorage.removeItem('campus.token'));
    await signIn(page, 's2003');
    await page.evaluate((u) => window.history.pushState(null, '', u), url);
    await expect(page.getByText('您无权查看该流程')).toBeVisible();
    await expect(page.getByRole('heading', { name: '王老师的请假申请' })).toHaveCount(0);
    await page.getByRole('main').getByRole('button', { name: '返回' }).click();
    await expect(mainLayout(page)).toBeVisible();
  });
});

test.describe('the action screen', () => {
  test('拒绝: 确认拒绝 in red, the opinion required (请填写审批意见！), whitespace stripped, back two entries', async ({ page }) => {
    await openCentre(page, 't1002');
    await open(card(page, '王老师的请假申请'));
    await footer(page).getByRole('button', { name: '拒绝' }).click();
    await expect(page.getByRole('heading', { name: '拒绝', exact: true })).toBeVisible();
    await expect(page.getByRole('region', { name: '选择下一步骤' })).toHaveCount(0);
    const confirm = page.getByRole('button', { name: '确认拒绝' });
    await expect(confirm).toHaveClass(/adm-button-danger/);
    await confirm.click();
    await expect(page.getByRole('alert').filter({ hasText: '请填写审批意见！' })).toBeVisible();
    const opinion = page.getByRole('textbox', { name: '审批意见' });
    await opinion.fill('本周 有 公开课');
    await expect(opinion).toHaveValue('本周有公开课');
    await confirm.click();
    await expect(toastText(page, '操作成功')).toBeVisible();
    await expect(page.getByRole('heading', { name: '审批中心' })).toBeVisible();
    await expect(card(page, '王老师的请假申请')).toHaveCount(0);
  });

  test('a failed confirm keeps the opinion and enables the button again; a reload brings the opinion back', async ({ page, request }) => {
    await openCentre(page, 't1002');
    await open(card(page, '王老师的请假申请'));
    await footer(page).getByRole('button', { name: '拒绝' }).click();
    const opinion = page.getByRole('textbox', { name: '审批意见' });
    await opinion.fill('时间冲突请改期');
    await request.post('sandbox/admin/fault', { data: { path: '/flow-run/handling', status: 500, message: '审批服务繁忙', delayMs: 400 } });
    const confirm = page.getByRole('button', { name: '确认拒绝' });
    await confirm.click();
    await expect(confirm).toBeDisabled();
    await expect(toastText(page, '审批服务繁忙')).toBeVisible();
    await expect(confirm).toBeEnabled();
    await expect(opinion).toHaveValue('时间冲突请改期');

    // A reload (a full page load) finds the screen and the opinion as they were.
    await page.goto('./');
    await expect(mainLayout(page)).toBeVisible();
    await page.evaluate(() => window.history.pushState({ title: '拒绝' }, '', 'page/approvalCenter/approvalPass?backCount=2'));
    await expect(page.getByRole('heading', { name: '拒绝', exact: true })).toBeVisible();
    await expect(page.getByRole('textbox', { name: '审批意见' })).toHaveValue('时间冲突请改期');
  });

  test('the opinion holds 200 characters with its count; a quick opinion that would pass 200 is not added', async ({ page }) => {
    await openCentre(page, 't1002');
    await open(card(page, '王老师的请假申请'));
    await footer(page).getByRole('button', { name: '拒绝' }).click();
    const opinion = page.getByRole('textbox', { name: '审批意见' });
    await opinion.fill('意'.repeat(250));
    await expect(opinion).toHaveValue('意'.repeat(200));
    await expect(page.getByText('200/200')).toBeVisible();
    await opinion.fill('意'.repeat(198));
    // 不同意 would make 201.
    const quick = page.getByRole('group', { name: '常用意见' }).getByRole('button', { name: '不同意' });
    await quick.click();
    await expect(opinion).toHaveValue('意'.repeat(198));
    await opinion.fill('');
    await quick.click();
    await expect(opinion).toHaveValue('不同意');
  });

  test('退回 from 更多: its only step (发起人) chosen already, the opinion required; the applicant edits and resubmits', async ({ page, browser, baseURL }) => {
    test.setTimeout(120_000 * CPU_THROTTLE);
    await openCentre(page, 't1002');
    await open(card(page, '王老师的请假申请'));
    await footer(page).getByRole('button', { name: '更多' }).click();
    await page.getByRole('button', { name: '退回' }).click();
    await expect(page.getByRole('heading', { name: '退回', exact: true })).toBeVisible();
    const confirm = page.getByRole('button', { name: '确认退回' });
    await expect(confirm).toHaveClass(/adm-button-danger/);
    // One step to return to: chosen already, nothing to pick.
    await expect(page.getByRole('radio', { name: '发起人' })).toBeChecked();
    await confirm.click();
    await expect(page.getByRole('alert').filter({ hasText: '请填写审批意见！' })).toBeVisible();
    await expect(page.getByRole('alert').filter({ hasText: '请选择退回节点！' })).toHaveCount(0);
    await page.getByRole('textbox', { name: '审批意见' }).fill('请补充调课安排');
    await confirm.click();
    await expect(toastText(page, '操作成功')).toBeVisible();
    await expect(page.getByRole('heading', { name: '审批中心' })).toBeVisible();

    const wang = await openPhone(browser, baseURL);
    try {
      const p = wang.page;
      await openCentre(p, 't1001');
      const mine = card(p, '王老师的请假申请');
      await expect(mine.getByText('已退回')).toBeVisible();
      // Her own step needs the form: no quick buttons.
      await expect(mine.getByRole('button', { name: '同意' })).toHaveCount(0);
      await open(mine);
      await expect(p.getByRole('img', { name: '已退回' })).toBeVisible();
      await expect(history(p).getByText('请补充调课安排')).toBeVisible();
      await expect(footer(p).getByRole('button')).toHaveText(['提交']);
      const reason = p.getByRole('textbox', { name: /请假事由/ });
      await expect(reason).toBeEditable();
      // The initial reminder is for starting a flow, not for a resubmission.
      await expect(p.locator('.adm-modal-body')).toBeHidden();
      await reason.fill('回老家办理房产手续（已补充调课安排）');
      await p.getByRole('button', { name: '流程图' }).click();
      await expect(chartNodes(p).filter({ hasText: '发起人' })).toHaveText('发起人：当前节点');
      await p.getByRole('button', { name: '返回' }).first().click();
      // What she typed is still there after the trip to the chart.
      await expect(reason).toHaveValue('回老家办理房产手续（已补充调课安排）');
      await footer(p).getByRole('button', { name: '提交' }).click();
      await expect(p).toHaveURL(/selectNode\?flowLaunchType=1&flowRunPrcsId=/);
      await expect(p.getByRole('radio', { name: '部门审批' })).toBeChecked();
      await p.getByRole('button', { name: '确认提交' }).click();
      await expect(toastText(p, '操作成功')).toBeVisible();
      // Back two: her list.
      await expect(p.getByRole('heading', { name: '审批中心' })).toBeVisible();
      await tab(p, '已发起').click();
      await expect(card(p, '王老师的请假申请').filter({ hasText: '已补充调课安排' }).getByText('审批中')).toBeVisible();
    } finally {
      await wang.context.close();
    }
  });

  test('会签: the approver fills the field the step opens, the opinion is required; the next signs with a signature', async ({ page, browser, baseURL }) => {
    test.setTimeout(150_000 * CPU_THROTTLE);
    await openCentre(page, 't1002');
    await open(card(page, '王老师的采购申请').filter({ hasText: '录播教室设备更新' }));
    const dept = history(page).getByRole('listitem', { name: '部门会签' });
    await expect(dept.locator('.cw-ap-history__mode')).toHaveText('会签 · 2人');
    await expect(dept.getByText('已同意')).toBeVisible();
    await expect(dept.getByText('办理中')).toBeVisible();
    // The step opens the budget code (filled by the principal) and requires it: 同意 checks the form.
    const budget = page.getByRole('textbox', { name: /预算编号/ });
    await expect(budget).toBeEditable();
    await expect(budget).toHaveValue('YS202502');
    await budget.fill('');
    await footer(page).getByRole('button', { name: '同意' }).click();
    await expect(toastText(page, '请检查输入')).toBeVisible();
    await budget.fill('YS202599');
    await footer(page).getByRole('button', { name: '同意' }).click();
    await expect(page.getByRole('heading', { name: '同意' })).toBeVisible();
    await expect(page.getByRole('radio', { name: '校长签批' })).toBeChecked();
    await page.getByRole('button', { name: '确认同意' }).click();
    await expect(page.getByRole('alert').filter({ hasText: '请填写审批意见！' })).toBeVisible();
    await page.getByRole('textbox', { name: '审批意见' }).fill('同意，预算已核');
    await page.getByRole('button', { name: '确认同意' }).click();
    await expect(toastText(page, '操作成功')).toBeVisible();

    const zhao = await openPhone(browser, baseURL);
    try {
      const p = zhao.page;
      await openCentre(p, 't1003');
      await open(card(p, '王老师的采购申请').filter({ hasText: '录播教室设备更新' }));
      await footer(p).getByRole('button', { name: '同意' }).click();
      await expect(p.getByText('该步骤需要手写签名')).toBeVisible();
      // The copy node after the signing step: its recipient is preset and stays.
      const recipients = p.getByRole('list', { name: '抄送人' });
      await expect(recipients.getByText('王老师')).toBeVisible();
      await expect(recipients.getByText('预设')).toBeVisible();
      await expect(recipients.getByRole('button', { name: '移除 王老师' })).toHaveCount(0);

      await p.getByRole('button', { name: '确认同意' }).click();
      const sheet = p.getByRole('dialog', { name: '手写签名' });
      await expect(sheet).toBeVisible();
      await expect(sheet.getByText('请在此处签名')).toBeVisible();
      const confirm = sheet.getByRole('button', { name: '确认签名' });
      await expect(confirm).toBeDisabled();
      // A dot is not a signature (100 pixels or fewer).
      const canvas = sheet.locator('canvas');
      const box = (await canvas.boundingBox())!;
      await p.mouse.click(box.x + 20, box.y + 20);
      await expect(confirm).toBeDisabled();
      await sheet.getByRole('button', { name: '清除签名' }).click();
      await sign(p, canvas);
      await expect(confirm).toBeEnabled();
      await expect(sheet.getByText('请在此处签名')).toHaveCount(0);
      await snap(p, 'signature');
      await sheet.getByRole('button', { name: '清除签名' }).click();
      await expect(confirm).toBeDisabled();

      // Full screen, phone held sideways: 完成 brings the drawing back to the sheet.
      await sheet.getByRole('button', { name: '全屏签名' }).click();
      const full = p.getByRole('dialog', { name: '全屏签名' });
      await expect(full).toBeVisible();
      await sign(p, full.locator('canvas'));
      await full.getByRole('button', { name: '完成' }).click();
      await expect(full).toHaveCount(0);
      await expect(confirm).toBeEnabled();

      const [upload] = await Promise.all([p.waitForRequest((r) => r.url().includes('/obs-config')), confirm.click()]);
      expect(upload.postDataJSON()).toMatchObject({ contentType: 'image/png' });
      await expect(toastText(p, '操作成功')).toBeVisible();
      await tab(p, '已办理').click();
      await open(card(p, '王老师的采购申请').filter({ hasText: '录播教室设备更新' }));
      await expect(history(p).getByRole('listitem', { name: '校长签批' }).getByRole('img', { name: '赵校长签名' })).toBeVisible();
    } finally {
      await zhao.context.close();
    }
  });

  test('或签: one approver is enough, the other has nothing left to do; attachments go with the opinion', async ({ page, request, browser, baseURL }) => {
    test.setTimeout(120_000 * CPU_THROTTLE);
    const api = await apiAs(request, 't1001');
    await api('v1/less-code-service/api/flow-run/initiate', {
      code: 'seal',
      isInitiate: 1,
      formData: {
        seal_types: ['official'],
        seal_copies: 1,
        seal_usage: 'internal',
        seal_takeout: false,
        seal_remark: '或签测试',
        seal_document: [{ uid: 'seed-file-checklist', name: '学籍证明.docx', domain: '', path: 'seed/期中教学检查表.txt', size: 75, userFileId: 'seed-file-checklist', status: 'done', url: '/sandbox/files/seed/期中教学检查表.txt' }],
      },
    });
    await openCentre(page, 't1002');
    const seal = card(page, '王老师的用印申请');
    await open(seal);
    await expect(history(page).getByRole('listitem', { name: '用印审批' }).locator('.cw-ap-history__mode')).toHaveText('或签 · 2人');
    // A steps form is read whole and agreed without paging (tests/e2e/approval-readonly.spec.ts).
    await footer(page).getByRole('button', { name: '同意' }).click();
    await page.getByRole('textbox', { name: '审批意见' }).fill('同意用印');
    await page.getByLabel('添加附件').setInputFiles({ name: '用印说明.txt', mimeType: 'text/plain', buffer: Buffer.from('用印说明：学籍证明一份') });
    const files = page.getByRole('region', { name: '附件' });
    await expect(files.getByText('用印说明.txt')).toBeVisible();
    await expect(files.getByText('上传中')).toHaveCount(0);
    await page.getByRole('button', { name: '确认同意' }).click();
    await expect(toastText(page, '操作成功')).toBeVisible();

    const zhao = await openPhone(browser, baseURL);
    try {
      const p = zhao.page;
      await openCentre(p, 't1003');
      // 或签: the principal's part went with 李主任's agreement; he now has the signing step.
      const node = async () => {
        await open(card(p, '王老师的用印申请').filter({ hasText: '公章' }));
        return history(p).getByRole('listitem', { name: '用印审批' });
      };
      const orSign = await node();
      await expect(orSign.getByText('李主任')).toBeVisible();
      await expect(orSign.getByText('已同意')).toBeVisible();
      await expect(orSign.getByText('无需办理')).toBeVisible();
      await expect(orSign.getByText('用印说明.txt')).toBeVisible();
    } finally {
      await zhao.context.close();
    }
  });
});
