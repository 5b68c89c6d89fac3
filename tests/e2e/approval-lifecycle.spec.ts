/**
 * The approval story end to end: 王老师 (t1001) starts a 请假申请 on her phone, and 李主任 (t1002)
 * approves it a minute later on his, both through the screens against the sandbox, with
 * nothing unclear on the way: every screen says what it is, what is needed and what
 * happened.
 */
import { signIn, resetSandbox } from './app.support';
import { card, chartEdges, reminderModal, chartNodes, choosePerson, closeReminder, fillLeave, openCentre, openPhone, tab, toastText } from './approval.support';
import { CPU_THROTTLE, expect, snap, test } from './support';

test.beforeEach(async ({ request }) => {
  await resetSandbox(request);
});

test('a teacher starts a leave request on the phone and the head of department approves it a minute later', async ({ page, browser, baseURL }) => {
  test.setTimeout(150_000 * CPU_THROTTLE);

  // ---- 王老师: from the home screen's 请假申请 app to the launch form ----
  await signIn(page, 't1001');
  await page.getByRole('button', { name: '请假申请' }).first().click();
  // The app opens the centre for its own flow; the add button lists what she may start.
  await expect(page.getByRole('heading', { name: '请假申请' })).toBeVisible();
  await page.getByRole('button', { name: '发起审批' }).click();
  await expect(page.getByRole('heading', { name: '发起审批' })).toBeVisible();
  await page.getByRole('list', { name: '人事服务' }).getByRole('button', { name: /请假申请/ }).click();

  // The initial reminder counts down before it can be closed.
  const reminder = reminderModal(page);
  await expect(reminder.getByRole('button', { name: /我已阅读（\ds）/ })).toBeDisabled();
  await closeReminder(page);
  await expect(page.getByRole('tab', { name: '发起申请' })).toHaveAttribute('aria-selected', 'true');

  await fillLeave(page, { reason: '参加市教研活动', endOffset: 1 });
  // The day count is worked out from the period by the form's rule.
  await expect(page.getByRole('spinbutton', { name: '请假天数' })).not.toHaveValue('');
  await snap(page, 'flow-launch');

  // 查看流程: the flow she is about to start, her own step current.
  await page.getByRole('tab', { name: '查看流程' }).click();
  await expect(page.getByText('已办理的节点')).toBeVisible();
  await expect(page.getByText('当前节点', { exact: true })).toBeVisible();
  await expect(chartNodes(page).filter({ hasText: '发起人' })).toHaveText('发起人：当前节点');
  await page.getByRole('tab', { name: '发起申请' }).click();

  // 提交 (with loading) asks for the next step, then the chooser opens.
  await page.getByRole('button', { name: '提交', exact: true }).click();
  await expect(page.getByRole('heading', { name: '提交审批' })).toBeVisible();
  const steps = page.getByRole('region', { name: '选择下一步骤' });
  await expect(steps.getByRole('radio', { name: '部门审批' })).toBeChecked();
  const approvers = page.getByRole('list', { name: '审批人' });
  await expect(approvers.getByText('李主任')).toBeVisible();
  // The flow names the approver: nothing to remove, nothing to add.
  await expect(approvers.getByRole('button')).toHaveCount(0);

  // She copies the principal in: the selector page and back.
  await page.getByRole('button', { name: '添加抄送人' }).click();
  await expect(page.getByRole('heading', { name: '抄送人' })).toBeVisible();
  await choosePerson(page, '赵校长');
  await expect(page.getByRole('heading', { name: '提交审批' })).toBeVisible();
  const recipients = page.getByRole('list', { name: '抄送人' });
  await expect(recipients.getByText('赵校长')).toBeVisible();
  await expect(recipients.getByRole('button', { name: '移除 赵校长' })).toBeVisible();
  await snap(page, 'select-node');

  await page.getByRole('button', { name: '确认提交' }).click();
  await expect(toastText(page, '操作成功')).toBeVisible();
  // Back three entries: the centre she started from.
  await expect(page.getByRole('heading', { name: '请假申请' })).toBeVisible();
  await tab(page, '已发起').click();
  const mine = card(page, '王老师的请假申请').first();
  await expect(mine.getByText('审批中')).toBeVisible();
  await expect(mine.getByText('参加市教研活动')).toBeVisible();
  await expect(mine.getByRole('button', { name: '撤销申请' })).toBeVisible();

  // ---- 李主任, on his own phone, a minute later ----
  const li = await openPhone(browser, baseURL);
  try {
    const p = li.page;
    await openCentre(p, 't1002');
    await expect(tab(p, '我的待办')).toHaveAttribute('aria-selected', 'true');
    const todo = card(p, '王老师的请假申请').filter({ hasText: '参加市教研活动' });
    await expect(todo.getByRole('img', { name: '未读' })).toBeVisible();
    await todo.getByRole('button').first().click();

    // The run: number, state, title, initiator, the read-only form, the history and the buttons.
    await expect(p.getByRole('heading', { name: '审批详情' })).toBeVisible();
    await expect(p.getByText(/^#QJ\d{12}$/)).toBeVisible();
    await expect(p.getByRole('heading', { name: '王老师的请假申请' })).toBeVisible();
    await expect(p.locator('.cw-ap-detail__head').getByText('审批中')).toBeVisible();
    await expect(p.locator('.cw-ap-detail__head').getByRole('img', { name: '王老师' })).toHaveText('老师');
    await expect(p.getByRole('textbox', { name: /请假事由/ })).not.toBeEditable();
    await expect(p.getByText('参加市教研活动')).toBeVisible();
    const history = p.getByRole('region', { name: '审批记录' });
    await expect(history.getByRole('listitem', { name: '部门审批' }).getByText('办理中')).toBeVisible();
    for (const b of ['更多', '拒绝', '同意']) await expect(p.getByRole('button', { name: b, exact: true })).toBeVisible();
    await snap(p, 'flow-approval');

    // The chart of this run from the shared state.
    await p.getByRole('button', { name: '流程图' }).click();
    await expect(p.getByRole('img', { name: '流程图' })).toBeVisible();
    await expect(chartNodes(p).filter({ hasText: '发起人' })).toHaveText('发起人：已办理的节点');
    await expect(chartNodes(p).filter({ hasText: '部门审批' })).toHaveText('部门审批：当前节点');
    await expect(chartEdges(p).filter({ hasText: '发起人 → 部门审批' })).toHaveAttribute('data-color', 'blue');
    await expect(chartEdges(p).filter({ hasText: '部门审批 → 考勤同步' })).toHaveAttribute('data-color', 'grey');
    await p.waitForTimeout(400);
    await snap(p, 'flow-chart');
    await p.getByRole('button', { name: '返回' }).click();

    // 同意: the action screen.
    await p.getByRole('button', { name: '同意', exact: true }).click();
    await expect(p.getByRole('heading', { name: '同意' })).toBeVisible();
    await expect(p.getByRole('radio', { name: /考勤同步/ })).toBeChecked();
    await expect(p.getByText('系统自动办理')).toBeVisible();
    await p.getByRole('group', { name: '常用意见' }).getByRole('button', { name: '情况属实，同意' }).click();
    await expect(p.getByRole('textbox', { name: '审批意见' })).toHaveValue('情况属实，同意');
    await expect(p.getByText('7/200')).toBeVisible();
    await snap(p, 'approval-pass');
    const confirm = p.getByRole('button', { name: '确认同意' });
    await expect(confirm).toHaveClass(/adm-button-primary/);
    await confirm.click();
    await expect(toastText(p, '操作成功')).toBeVisible();
    // Back two entries: his list, without the run.
    await expect(p.getByRole('heading', { name: '审批中心' })).toBeVisible();
    await expect(card(p, '王老师的请假申请').filter({ hasText: '参加市教研活动' })).toHaveCount(0);
    await tab(p, '已办理').click();
    await expect(card(p, '王老师的请假申请').filter({ hasText: '参加市教研活动' }).getByText('审批通过')).toBeVisible();
  } finally {
    await li.context.close();
  }

  // ---- 王老师 sees it approved ----
  await page.locator('.cw-ap-list__items').evaluate((el) => el.scrollIntoView());
  await tab(page, '我的待办').click();
  await tab(page, '已发起').click();
  const approved = card(page, '王老师的请假申请').filter({ hasText: '参加市教研活动' });
  await expect(approved.getByText('审批通过')).toBeVisible();
  await expect(approved.getByRole('button', { name: '撤销申请' })).toHaveCount(0);
  await approved.getByRole('button').first().click();
  await expect(page.getByRole('img', { name: '审批通过' })).toBeVisible();
  const history = page.getByRole('region', { name: '审批记录' });
  const dept = history.getByRole('listitem', { name: '部门审批' });
  await expect(dept.getByText('李主任')).toBeVisible();
  await expect(dept.getByText('已同意')).toBeVisible();
  await expect(dept.getByText('情况属实，同意')).toBeVisible();
  // The principal she copied in has not read it yet.
  await expect(history.getByText('赵校长').first()).toBeVisible();
  await expect(history.getByText('未读').first()).toBeVisible();
  // No buttons on a finished run of hers.
  await expect(page.getByRole('button', { name: '撤销', exact: true })).toHaveCount(0);
  await page.getByRole('button', { name: '流程图' }).click();
  await expect(chartNodes(page).filter({ hasText: '结束' })).toHaveText('结束：已办理的节点');
  await expect(chartNodes(page).filter({ hasText: '校长审批' })).toHaveText('校长审批');
});
