/**
 * The whole form engine in the browser (every field type, container and rule): 王老师 starts 全字段演示, a
 * flow whose form uses every field type, container and content block, at 390x844 against
 * the sandbox. She meets the initial reminder, the steps' checks (请完成下一步, 请检查输入),
 * the spec's field messages and every rule (show and require, set and lock, a data source
 * swapped through event-config/run, a value computed by an event), fills every field
 * (uploads through the real pipeline, a record chosen on the selector page, subform rows
 * with their own files added, edited, cancelled and removed), saves a draft, reloads and
 * finds everything again, then submits through the next-step chooser. The submitted data
 * is read back from the sandbox, and 李主任 sees it read-only on his phone.
 */
import type { Locator, Page } from '@playwright/test';
import { goInApp, resetSandbox, signIn } from './app.support';
import { apiAs, card, confirmWheel, openPhone, pickWheel, toastText } from './approval.support';
import { CPU_THROTTLE, expect, snap, test } from './support';

test.beforeEach(async ({ request }) => {
  await resetSandbox(request);
});

/** A PNG drawn in the page, so the upload carries real image bytes with a real size. */
async function png(page: Page, width: number, height: number): Promise<Buffer> {
  const base64 = await page.evaluate(
    ([w, h]) => {
      const canvas = document.createElement('canvas');
      canvas.width = w as number;
      canvas.height = h as number;
      const c = canvas.getContext('2d') as CanvasRenderingContext2D;
      c.fillStyle = '#4096ff';
      c.fillRect(0, 0, w as number, h as number);
      c.fillStyle = '#ffd666';
      c.fillRect((w as number) / 4, (h as number) / 4, (w as number) / 2, (h as number) / 2);
      return canvas.toDataURL('image/png').split(',')[1] as string;
    },
    [width, height],
  );
  return Buffer.from(base64, 'base64');
}

const alerts = (scope: Page | Locator) => scope.getByRole('alert');
const field = (page: Page, id: string) => page.locator(`#cw-f-${id}`);
/** A trigger button of a picker field: named by its label, then what it shows. */
const trigger = (page: Page, label: string) => page.getByRole('button', { name: new RegExp(`^${label} `) });
const sheet = (page: Page) => page.locator('.cw-fm-sheet').last();

async function closeReminder(page: Page): Promise<void> {
  const modal = page.locator('.adm-modal-body').filter({ hasText: '填写说明' });
  await expect(modal).toBeVisible();
  // While it counts down it cannot be pressed (one look: on a slow machine the count may be over by now).
  const first = await modal.getByRole('button', { name: /^开始填写/ }).evaluate((b) => ({ text: b.textContent ?? '', disabled: (b as HTMLButtonElement).disabled }));
  if (/（\ds）$/.test(first.text)) expect(first.disabled).toBe(true);
  const close = modal.getByRole('button', { name: '开始填写', exact: true });
  await expect(close).toBeEnabled({ timeout: 5_000 * CPU_THROTTLE });
  await expect(close).toHaveCSS('color', 'rgb(22, 119, 255)');
  await close.click();
  await expect(modal).toBeHidden();
}

/** Picks a path in the cascader popup on top, level by level, then 确定. */
async function pickPath(page: Page, path: string[]): Promise<void> {
  const popup = page.locator('.adm-cascader').last();
  await expect(popup).toBeVisible();
  for (const [level, name] of path.entries()) {
    // The visible item of the level on: a level just left stays in the page with its items hidden.
    await popup.locator('.adm-cascader-view-content').getByText(name, { exact: true }).locator('visible=true').click();
    // The next level is on before its name is looked for: two levels may share a name
    // (北京市, 北京市). antd's CascaderView adds the next tab at once and turns to it one
    // render later (an effect), so in between the level just left is still the visible one.
    if (level < path.length - 1) {
      await expect(popup.locator('.adm-tabs-tab')).toHaveCount(level + 2);
      await expect(popup.locator('.adm-tabs-tab').nth(level + 1)).toHaveClass(/adm-tabs-tab-active/);
    }
  }
  await popup.getByText('确定', { exact: true }).click();
  await expect(popup).toBeHidden();
}

const DAY = 86_400_000;
const dayOf = (text: string): number => Date.UTC(Number(text.slice(0, 4)), Number(text.slice(5, 7)) - 1, Number(text.slice(8, 10)));

test('全字段演示: every field, container and rule; checks; a draft over a reload; submitted and read back', async ({ page, browser, baseURL, request }) => {
  test.setTimeout(120_000 * CPU_THROTTLE);
  await signIn(page, 't1001');
  await goInApp(page, '/page/approvalCenter');
  await page.getByRole('button', { name: '发起审批' }).click();
  await page.getByRole('list', { name: '行政办公' }).getByRole('button', { name: /全字段演示/ }).click();
  await expect(page).toHaveURL(/flowLaunch\?code=all-fields$/);
  await expect(page.getByRole('heading', { name: '全字段演示' })).toBeVisible();
  await closeReminder(page);

  // Content blocks: the text at the top and the paragraph under the steps.
  await expect(page.getByText('带 * 的为必填项')).toBeVisible();
  await expect(page.locator('.cw-fm-paragraph b')).toHaveText('李主任');

  // ---- Step 1 (基本信息): a grid, input, radio, formats, number, switch, rules ----
  await page.getByRole('button', { name: '提交', exact: true }).click();
  await expect(toastText(page, '请完成下一步')).toBeVisible();
  await page.getByRole('button', { name: '下一步' }).click();
  await expect(toastText(page, '请检查输入')).toBeVisible();
  await expect(alerts(page)).toHaveText(['请选择姓名', '请选择性别', '请选择手机号']);

  await page.getByRole('textbox', { name: '姓名' }).fill('王小明');
  await page.getByRole('radiogroup', { name: '性别' }).getByText('女').click();
  const mobile = page.getByRole('textbox', { name: '手机号' });
  await mobile.fill('1380013800');
  await expect(alerts(field(page, 'demo_mobile'))).toHaveText('请输入正确的手机号');
  await mobile.fill('13800138000');
  await expect(alerts(page)).toHaveCount(0);
  await expect(mobile).toHaveAccessibleDescription('用于接收审批结果短信');

  // 17 or younger: the guardian's phone appears and is required (typed 16, then the stepper).
  const guardian = page.getByRole('textbox', { name: '监护人电话' });
  await expect(guardian).toHaveCount(0);
  await page.getByRole('spinbutton', { name: '年龄' }).fill('16');
  await page.getByRole('button', { name: '增加年龄' }).click();
  await expect(page.getByRole('spinbutton', { name: '年龄' })).toHaveValue('17');
  await expect(guardian).toHaveAttribute('aria-required', 'true');
  await guardian.fill('010-62345678');

  // 住校 shows 宿舍楼, required.
  await expect(trigger(page, '宿舍楼')).toHaveCount(0);
  await page.getByRole('switch', { name: '住校' }).click();
  await expect(trigger(page, '宿舍楼')).toHaveAttribute('aria-required', 'true');
  await trigger(page, '宿舍楼').click();
  await pickWheel(page, 0, 1);
  await confirmWheel(page);
  await expect(trigger(page, '宿舍楼')).toHaveText('2号楼');
  // hideTitle: the label is hidden from sight, not from the textbox's name.
  await page.getByRole('textbox', { name: '个人简介' }).fill('喜欢读书和跑步');
  await snap(page, 'forms-full-step1');
  await page.getByRole('button', { name: '下一步' }).click();

  // ---- Step 2 (日期与选项): tabs; dates in every mode; choices; rules ----
  await expect(page.getByRole('group', { name: '日期与选项' })).toBeVisible();
  for (const label of ['年度', '月份', '日期', '截止日期', '预约时间']) {
    await trigger(page, label).click();
    await confirmWheel(page);
  }
  await expect(trigger(page, '年度')).toHaveText(/^\d{4}$/);
  // The spec's display formats by precision.
  await expect(trigger(page, '月份')).toHaveText(/^\d{4}\/\d{2}$/);
  await expect(trigger(page, '截止日期')).toHaveText(/^\d{4}\/\d{2}\/\d{2}$/);
  await expect(trigger(page, '预约时间')).toHaveText(/^\d{4}\/\d{2}\/\d{2} \d{2}:\d{2}$/);
  // The range: its days come from event-config/run (ec-leave-days).
  await page.getByRole('button', { name: /^起止日期 开始时间/ }).click();
  await confirmWheel(page);
  await page.getByRole('button', { name: /^起止日期 结束时间/ }).click();
  await pickWheel(page, 2, 2);
  await confirmWheel(page);
  const [from, to] = await Promise.all([
    page.locator('#cw-f-demo_period-control-text').innerText(),
    page.locator('#cw-f-demo_period-control-end-text').innerText(),
  ]);
  const days = (dayOf(to.replace(/^结束时间\s*/, '')) - dayOf(from.replace(/^开始时间\s*/, ''))) / DAY + 1;
  await expect(page.getByRole('spinbutton', { name: '天数' })).toHaveValue(String(days));
  await expect(page.getByRole('spinbutton', { name: '天数' })).not.toBeEditable();

  await page.getByRole('tab', { name: '选项' }).click();
  // 信息化设备 swaps the sub-categories (event-config/run).
  await trigger(page, '类别').click();
  await pickWheel(page, 0, 1);
  await confirmWheel(page);
  await expect(trigger(page, '类别')).toHaveText('信息化设备');
  await trigger(page, '细分类别').click();
  await expect(page.locator('.adm-picker').last().getByText('计算机')).toBeVisible();
  await pickWheel(page, 0, 1);
  await confirmWheel(page);
  await expect(trigger(page, '细分类别')).toHaveText('打印机');
  // 加急 sets the priority to 紧急 and locks it.
  await page.getByRole('switch', { name: '加急' }).click();
  await expect(page.getByRole('radio', { name: '紧急' })).toBeChecked();
  await expect(page.getByRole('radio', { name: '普通' })).toBeDisabled();
  const hobbies = page.getByRole('group', { name: '兴趣爱好' });
  await hobbies.getByText('阅读').click();
  await hobbies.getByText('运动').click();
  await trigger(page, '技能').click();
  await sheet(page).getByText('钢琴').click();
  await sheet(page).getByText('编程').click();
  await sheet(page).getByRole('button', { name: '确定' }).click();
  await expect(trigger(page, '技能')).toHaveText('钢琴、编程');
  await trigger(page, '籍贯').click();
  await pickPath(page, ['浙江省', '杭州市', '西湖区']);
  await expect(trigger(page, '籍贯')).toContainText('西湖区');
  await snap(page, 'forms-full-step2');
  await page.getByRole('button', { name: '下一步' }).click();

  // ---- Step 3 (附件与明细): collapse, table, address, uploads, picker, subforms, iframe ----
  await expect(page.getByRole('group', { name: '附件与明细' })).toBeVisible();
  await page.getByRole('button', { name: '提交', exact: true }).click();
  await expect(toastText(page, '请检查输入')).toBeVisible();
  await expect(alerts(field(page, 'demo_address'))).toHaveText('请选择通讯地址');
  await expect(alerts(field(page, 'demo_photo'))).toHaveText('请上传图片');
  await expect(alerts(field(page, 'demo_items'))).toHaveText('请添加物品明细');

  await trigger(page, '通讯地址').click();
  await pickPath(page, ['北京市', '北京市', '海淀区']);
  await page.getByRole('textbox', { name: '通讯地址 请输入详细地址' }).fill('中关村大街1号');
  await expect(alerts(field(page, 'demo_address'))).toHaveCount(0);

  // Uploads through the real pipeline (hash, upload config, PUT, record).
  const photo = await png(page, 160, 120);
  await page.getByLabel('照片 上传图片').setInputFiles({ name: '证件照.png', mimeType: 'image/png', buffer: photo });
  const photoTile = page.getByRole('button', { name: '预览 证件照.png' });
  await expect(photoTile.getByRole('img')).toHaveAttribute('src', /\/sandbox\/files\//);
  await expect(alerts(field(page, 'demo_photo'))).toHaveCount(0);
  await page.getByLabel('附件 上传文件').setInputFiles({ name: '活动安排.txt', mimeType: 'text/plain', buffer: Buffer.from('活动安排：周三下午') });
  await expect(field(page, 'demo_attachment').locator('.cw-file-row--done')).toContainText('活动安排.txt');
  // A new, empty document.
  await field(page, 'demo_document').getByRole('button', { name: '新建文档' }).click();
  await page.getByLabel('文件名称').fill('活动方案');
  await page.getByRole('button', { name: '创建' }).click();
  await expect(field(page, 'demo_document').getByRole('button', { name: '预览 活动方案.docx' })).toBeVisible();

  // The table in the second panel: a record chosen on the selector page, and a number.
  await page.locator('.adm-collapse-panel-header').filter({ hasText: '关联记录' }).click();
  await page.getByRole('button', { name: '请选择关联资产' }).click();
  await expect(page.getByRole('heading', { name: '关联资产' })).toBeVisible();
  await page.getByRole('searchbox').fill('投影');
  await page.getByRole('searchbox').press('Enter');
  await page.locator('.cw-sel-item').filter({ hasText: '投影仪' }).getByRole('checkbox').check();
  await page.getByRole('button', { name: '确定', exact: true }).click();
  // Back on the same step, with everything as it was.
  await expect(page.getByRole('group', { name: '附件与明细' })).toBeVisible();
  await expect(photoTile).toBeVisible();
  await page.locator('.adm-collapse-panel-header').filter({ hasText: '关联记录' }).click();
  await expect(field(page, 'demo_asset').getByText('投影仪 CB-X06')).toBeVisible();
  await page.getByRole('spinbutton', { name: '预算（元）' }).fill('5000');

  // Subform rows: checked on 保存, files of their own, edit and cancel, maxCount, remove.
  const items = field(page, 'demo_items');
  await items.getByRole('button', { name: '添加物品明细' }).click();
  let editor = page.getByRole('dialog', { name: '物品明细' });
  await editor.getByRole('button', { name: '保存' }).click();
  await expect(alerts(editor)).toHaveText(['请选择名称', '请选择数量']);
  await editor.getByRole('textbox', { name: '名称' }).fill('投影幕布');
  await editor.getByRole('spinbutton', { name: '数量' }).fill('2');
  await editor.getByLabel('物品照片 上传图片').setInputFiles({ name: '幕布.png', mimeType: 'image/png', buffer: await png(page, 80, 60) });
  await editor.getByLabel('单据 上传文件').setInputFiles({ name: '发票.txt', mimeType: 'text/plain', buffer: Buffer.from('发票：投影幕布 2 幅') });
  await expect(editor.getByRole('button', { name: '预览 幕布.png' }).getByRole('img')).toHaveAttribute('src', /\/sandbox\/files\//);
  await expect(editor.locator('.cw-file-row--done')).toContainText('发票.txt');
  await snap(page, 'forms-full-row');
  await editor.getByRole('button', { name: '保存' }).click();
  await expect(editor).toBeHidden();
  const row1 = page.getByRole('region', { name: '物品明细 第1行' });
  await expect(row1.getByText('投影幕布')).toBeVisible();
  await expect(row1.getByRole('button', { name: '预览 幕布.png' })).toBeVisible();
  await expect(row1.getByRole('button', { name: '预览 发票.txt' })).toBeVisible();

  await row1.getByRole('button', { name: '编辑 第1行' }).click();
  editor = page.getByRole('dialog', { name: '物品明细' });
  await editor.getByRole('textbox', { name: '名称' }).fill('改过的名称');
  await editor.getByRole('button', { name: '删除 发票.txt' }).click();
  await editor.getByRole('button', { name: '取消' }).click();
  await expect(row1.getByText('投影幕布')).toBeVisible();
  await expect(row1.getByRole('button', { name: '预览 发票.txt' })).toBeVisible();

  await items.getByRole('button', { name: '添加物品明细' }).click();
  editor = page.getByRole('dialog', { name: '物品明细' });
  await editor.getByRole('textbox', { name: '名称' }).fill('白板笔');
  await editor.getByRole('spinbutton', { name: '数量' }).fill('10');
  await editor.getByRole('button', { name: '保存' }).click();
  await expect(page.getByRole('region', { name: '物品明细 第2行' })).toContainText('白板笔');
  await expect(items.getByRole('button', { name: '添加物品明细' })).toBeDisabled();
  await page.getByRole('button', { name: '删除 第2行' }).click();
  await expect(page.getByRole('region', { name: '物品明细 第2行' })).toHaveCount(0);
  await expect(items.getByRole('button', { name: '添加物品明细' })).toBeEnabled();
  // The inherited subform takes no rows here.
  const history = field(page, 'demo_history');
  await expect(history.getByText('暂无数据')).toBeVisible();
  await expect(history.getByRole('button')).toHaveCount(0);
  // The iframe is fed by a field value.
  await expect(page.locator('.cw-fm-iframe iframe')).toHaveAttribute('src', new RegExp(`title=${encodeURIComponent('王小明')}`));
  await expect(page.locator('.cw-fm-iframe iframe')).toHaveAttribute('height', '200');
  await snap(page, 'forms-full-step3');

  // ---- 保存草稿, reload: everything is back ----
  await page.getByRole('button', { name: '保存草稿' }).click();
  await expect(toastText(page, '保存成功')).toBeVisible();
  await page.reload();
  await closeReminder(page);
  await expect(page.getByRole('textbox', { name: '姓名' })).toHaveValue('王小明');
  await expect(page.getByRole('radio', { name: '女' })).toBeChecked();
  await expect(page.getByRole('textbox', { name: '手机号' })).toHaveValue('13800138000');
  await expect(page.getByRole('spinbutton', { name: '年龄' })).toHaveValue('17');
  await expect(guardian).toHaveValue('010-62345678');
  await expect(page.getByRole('switch', { name: '住校' })).toBeChecked();
  await expect(trigger(page, '宿舍楼')).toHaveText('2号楼');
  await expect(page.getByRole('textbox', { name: '个人简介' })).toHaveValue('喜欢读书和跑步');
  await page.getByRole('button', { name: '下一步' }).click();
  await expect(trigger(page, '年度')).toHaveText(/^\d{4}$/);
  await expect(page.getByRole('spinbutton', { name: '天数' })).toHaveValue(String(days));
  await page.getByRole('tab', { name: '选项' }).click();
  await expect(trigger(page, '细分类别')).toHaveText('打印机');
  await expect(page.getByRole('radio', { name: '紧急' })).toBeChecked();
  await expect(page.getByRole('radio', { name: '紧急' })).toBeDisabled();
  await expect(page.getByRole('checkbox', { name: '运动' })).toBeChecked();
  await expect(trigger(page, '技能')).toHaveText('钢琴、编程');
  await expect(trigger(page, '籍贯')).toContainText('西湖区');
  await page.getByRole('button', { name: '下一步' }).click();
  await expect(page.getByRole('textbox', { name: '通讯地址 请输入详细地址' })).toHaveValue('中关村大街1号');
  await expect(photoTile).toBeVisible();
  await expect(field(page, 'demo_attachment')).toContainText('活动安排.txt');
  await expect(field(page, 'demo_document')).toContainText('活动方案.docx');
  await expect(page.getByRole('region', { name: '物品明细 第1行' }).getByRole('button', { name: '预览 幕布.png' })).toBeVisible();
  await expect(page.getByRole('region', { name: '物品明细 第2行' })).toHaveCount(0);

  // ---- Submit through the next-step chooser ----
  await page.getByRole('button', { name: '提交', exact: true }).click();
  await expect(page.getByRole('heading', { name: '提交审批' })).toBeVisible();
  await expect(page.getByRole('region', { name: '选择下一步骤' }).getByRole('radio', { name: '审核' })).toBeChecked();
  await expect(page.getByRole('list', { name: '审批人' }).getByText('李主任')).toBeVisible();
  await page.getByRole('button', { name: '确认提交' }).click();
  await expect(toastText(page, '操作成功')).toBeVisible();

  // ---- What the sandbox stored ----
  const api = await apiAs(request, 't1001');
  const sent = (await api('v1/less-code-service/api/flow-run/list', { type: 3, titleOrNumber: '全字段演示' })) as { items: { id: string; title: string }[] };
  expect(sent.items.map((i) => i.title)).toEqual(['王老师的全字段演示']);
  const detail = (await api(`v1/less-code-service/api/flow-run/info-app?FlowRunId=${sent.items[0]!.id}`)) as {
    draftData: { mainTable: { fields: { id: string; value: unknown }[] }; subTable: { id: string; subDatas: { fields: { id: string; value: unknown }[] }[] }[] };
  };
  const main = Object.fromEntries(detail.draftData.mainTable.fields.map((f) => [f.id, f.value]));
  expect(main).toMatchObject({
    demo_name: '王小明',
    demo_gender: '2',
    demo_mobile: '13800138000',
    demo_age: 17,
    demo_guardian: '010-62345678',
    demo_boarding: true,
    demo_dorm: 'd2',
    demo_bio: '喜欢读书和跑步',
    demo_days: days,
    demo_category: 'it',
    demo_subcategory: 'printer',
    demo_urgent: true,
    demo_priority: 'high',
    demo_hobbies: ['reading', 'sports'],
    demo_skills: ['piano', 'coding'],
    demo_hometown: ['330000', '330100', '330106'],
    demo_address: { region: ['110000', '110100', '110108'], street: '中关村大街1号' },
    demo_photo: [expect.objectContaining({ name: '证件照.png', status: 'done', url: expect.stringContaining('/sandbox/files/') })],
    demo_attachment: [expect.objectContaining({ name: '活动安排.txt', status: 'done' })],
    demo_document: [expect.objectContaining({ name: '活动方案.docx', status: 'done' })],
    demo_asset: [{ id: 'asset-0005', name: '投影仪 CB-X06' }],
    demo_budget: 5000,
  });
  for (const id of ['demo_year', 'demo_month', 'demo_day', 'demo_deadline', 'demo_appointment']) expect(main[id], id).toEqual(expect.any(String));
  expect(main.demo_period).toEqual([expect.any(String), expect.any(String)]);
  const rows = detail.draftData.subTable.find((t) => t.id === 'demo_items')!.subDatas.map((r) => Object.fromEntries(r.fields.map((f) => [f.id, f.value])));
  expect(rows).toEqual([
    {
      demo_item_name: '投影幕布',
      demo_item_qty: 2,
      demo_item_photo: [expect.objectContaining({ name: '幕布.png', status: 'done' })],
      demo_item_receipt: [expect.objectContaining({ name: '发票.txt', status: 'done' })],
    },
  ]);

  // ---- 李主任 reads it on his phone: the same form, read-only ----
  const li = await openPhone(browser, baseURL);
  try {
    const p = li.page;
    await signIn(p, 't1002');
    await goInApp(p, '/page/approvalCenter');
    await card(p, '王老师的全字段演示').getByRole('button').first().click();
    await expect(p.getByRole('heading', { name: '审批详情' })).toBeVisible();
    await expect(p.getByRole('textbox', { name: '姓名' })).toHaveText('王小明');
    await expect(p.getByRole('textbox', { name: '姓名' })).not.toBeEditable();
    await expect(p.getByRole('textbox', { name: '宿舍楼' })).toHaveText('2号楼');
    await expect(p.locator('.adm-modal-body')).toHaveCount(0);
    await snap(p, 'forms-full-readonly');
    // Read-only: every step shows, one under the other, with no paging; the rows show their files, with no edit controls.
    await expect(p.getByRole('button', { name: '下一步' })).toHaveCount(0);
    await p.getByRole('tab', { name: '选项' }).click();
    await expect(p.getByRole('textbox', { name: '细分类别' })).toHaveText('打印机');
    const row = p.getByRole('region', { name: '物品明细 第1行' });
    await expect(row.getByRole('button', { name: '预览 幕布.png' })).toBeVisible();
    await expect(row.getByRole('button', { name: '编辑 第1行' })).toHaveCount(0);
    await expect(p.getByRole('button', { name: '添加物品明细' })).toHaveCount(0);
  } finally {
    await li.context.close();
  }
});
