/**
 * The flow chart (SPEC point 2 "Flow chart" and the route table, points 4 and 9): the
 * chart of the run on screen from the shared state, a loading state without one, the
 * legend, shading as the run moves, a failed load, and cytoscape loaded only with a chart.
 */
import { goInApp, signIn, resetSandbox } from './app.support';
import { card, chartEdges, chartNodes, openCentre, tab } from './approval.support';
import { expect, test } from './support';


test.beforeEach(async ({ request }) => {
  await resetSandbox(request);
});

test('without a run in the shared state the page stays in its loading state', async ({ page }) => {
  await signIn(page, 't1001');
  await goInApp(page, '/page/approvalCenter/flowChart');
  await expect(page.getByRole('heading', { name: '流程图' })).toBeVisible();
  // The spinner appears after the 200 ms loading delay.
  await expect(page.getByRole('status', { name: '流程图加载中…' })).toBeVisible();
  await expect(page.getByText('流程图加载中…')).toBeVisible();
  await expect(page.getByRole('img', { name: '流程图' })).toHaveCount(0);
  await expect(page.getByText('已办理的节点')).toBeVisible();
  await expect(page.getByText('当前节点', { exact: true })).toBeVisible();
});

test('cytoscape loads with the first chart, not before', async ({ page }) => {
  const chunks: string[] = [];
  page.on('request', (r) => {
    if (/FlowChartView-[\w-]+\.js$/.test(r.url())) chunks.push(r.url());
  });
  await openCentre(page, 't1002');
  await card(page, '王老师的请假申请').getByRole('button').first().click();
  await expect(page.getByRole('heading', { name: '王老师的请假申请' })).toBeVisible();
  expect(chunks).toEqual([]);
  await page.getByRole('button', { name: '流程图' }).click();
  await expect(page.getByRole('img', { name: '流程图' })).toBeVisible();
  await expect.poll(() => chunks.length).toBe(1);
  // Drawn on a canvas, with every node kind.
  await expect(page.locator('.cw-chart__canvas canvas').first()).toBeVisible();
  const kinds = await chartNodes(page).evaluateAll((els) => els.map((e) => e.getAttribute('data-kind')));
  expect(new Set(kinds)).toEqual(new Set(['start', 'audit', 'plugin', 'send', 'end']));
});

test('shading follows the run: a rejection ends at the department, a finished run is handled to the end', async ({ page }) => {
  await openCentre(page, 't1001');
  await tab(page, '已发起').click();
  await card(page, '王老师的请假申请').filter({ hasText: '参加亲戚婚礼' }).getByRole('button').first().click();
  await page.getByRole('button', { name: '流程图' }).click();
  await expect(chartNodes(page).filter({ hasText: '部门审批' })).toHaveText('部门审批：已办理的节点');
  await expect(chartNodes(page).filter({ hasText: '考勤同步' })).toHaveText('考勤同步');
  await expect(chartEdges(page).filter({ hasText: '发起人 → 部门审批' })).toHaveAttribute('data-color', 'blue');
  await expect(chartEdges(page).filter({ hasText: '部门审批 → 考勤同步' })).toHaveAttribute('data-color', 'grey');
  await page.getByRole('button', { name: '返回' }).first().click();
  await page.getByRole('button', { name: '返回' }).first().click();

  await card(page, '王老师的请假申请').filter({ hasText: '腰椎间盘突出' }).getByRole('button').first().click();
  await page.getByRole('button', { name: '流程图' }).click();
  for (const node of ['发起人', '部门审批', '校长审批', '考勤同步', '抄送校长室', '结束']) {
    await expect(chartNodes(page).filter({ hasText: node })).toHaveText(`${node}：已办理的节点`);
  }
  await expect(chartNodes(page).filter({ hasText: '班主任审批' })).toHaveText('班主任审批');
  await expect(chartEdges(page).filter({ hasText: '部门审批 → 校长审批' })).toHaveAttribute('data-color', 'blue');
  await expect(chartEdges(page).filter({ hasText: '部门审批 → 考勤同步' })).toHaveAttribute('data-color', 'grey');
});

test('a chart that fails to load says why and offers 重试', async ({ page, request }) => {
  await openCentre(page, 't1002');
  await card(page, '王老师的请假申请').getByRole('button').first().click();
  await expect(page.getByRole('heading', { name: '王老师的请假申请' })).toBeVisible();
  await request.post('sandbox/admin/fault', { data: { path: '/flow-html', status: 500, message: '流程图服务不可用' } });
  await page.getByRole('button', { name: '流程图' }).click();
  await expect(page.getByText('流程图服务不可用')).toBeVisible();
  await page.getByRole('button', { name: '重试' }).click();
  await expect(page.getByRole('img', { name: '流程图' })).toBeVisible();
  await expect(chartNodes(page).filter({ hasText: '部门审批' })).toHaveText('部门审批：当前节点');
});

test('opened by its address (a reload, a shared link) the chart loads the run it names; with none named it says so with 返回', async ({ page }) => {
  await openCentre(page, 't1002');
  await card(page, '王老师的请假申请').getByRole('button').first().click();
  await page.getByRole('button', { name: '流程图' }).click();
  await expect(page).toHaveURL(/\/page\/approvalCenter\/flowChart\?FlowRunId=/);
  await expect(chartNodes(page).first()).toBeAttached();
  const drawn = await chartNodes(page).allTextContents();

  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: '王老师的请假申请' })).toBeVisible();
  await expect.poll(() => chartNodes(page).allTextContents()).toEqual(drawn);

  await page.goto('page/approvalCenter/flowChart');
  await expect(page.getByText('没有可显示的流程，请从审批详情打开流程图')).toBeVisible();
  await page.getByRole('button', { name: '返回' }).last().click();
  await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/$/);
});

test('opened by the address of a run the user may not read: the server says why, with 重试', async ({ page }) => {
  await signIn(page, 't1001');
  await page.goto('page/approvalCenter/flowChart?FlowRunId=no-such-run');
  await expect(page.getByRole('button', { name: '重试' })).toBeVisible();
  await expect(page.getByRole('img', { name: '流程图' })).toHaveCount(0);
});
