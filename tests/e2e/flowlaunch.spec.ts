/**
 * Starting a flow (SPEC point 2 "Launchable flow list", "Flow launch", "Next-step
 * chooser"; points 4, 5, 8): the flow list, the launch form with its reminder, drafts
 * that survive a reload, an expired session and a failed submit, the not-configured
 * state, and the chooser's rules.
 */
import type { Page } from '@playwright/test';
import { goInApp, KEYS, signIn, resetSandbox, mainLayout } from './app.support';
import { apiAs, cards, choosePerson, closeReminder, fillLeave, openCentre, reminderModal, tab, toastText } from './approval.support';
import { expect, snap, test } from './support';

test.beforeEach(async ({ request }) => {
  await resetSandbox(request);
});

async function openLaunch(page: Page, code = 'leave'): Promise<void> {
  await goInApp(page, `/page/approvalCenter/flowLaunch?code=${code}`);
}

test.describe('the launchable flow list', () => {
  test('categories in collapsible panels, icons on their colour, a flat list while searching', async ({ page }) => {
    await openCentre(page, 't1001');
    await page.getByRole('button', { name: '发起审批' }).click();
    for (const group of ['人事服务', '财务资产', '行政办公']) await expect(page.getByRole('list', { name: group })).toBeVisible();
    const leave = page.getByRole('list', { name: '人事服务' }).getByRole('button', { name: /请假申请/ });
    await expect(leave).toContainText('教职工请假超过3天需校长审批');
    await expect(leave.locator('.cw-ap-flow__icon')).toHaveCSS('background-color', 'rgb(22, 119, 255)');
    // A student-only flow is not offered to staff (the server filters).
    await expect(page.getByText('学籍信息变更')).toHaveCount(0);
    await snap(page, 'flow-list');

    // Panels fold.
    const header = page.locator('.adm-collapse-panel-header').filter({ hasText: '人事服务' });
    await header.click();
    await expect(leave).toBeHidden();
    await header.click();
    await expect(leave).toBeVisible();

    const search = page.getByPlaceholder('搜索');
    await search.fill('申请');
    await expect(page.getByRole('list', { name: '人事服务' })).toHaveCount(0);
    await expect(page.getByRole('list', { name: '搜索' }).getByRole('button')).toHaveCount(3);
    // A word of a description finds its flow, through the server's Filter a moment after the typing.
    const asked = page.waitForRequest((r) => r.url().includes('/can-initiate-flow') && new URL(r.url()).searchParams.get('Filter') === '会签');
    await search.fill('会签');
    await asked;
    await expect(page.getByRole('list', { name: '搜索' }).getByRole('button')).toHaveText([/采购申请/]);
    await search.fill('没有的流程');
    await expect(page.getByText('暂无搜索结果')).toBeVisible();
    await search.fill('采购');
    await page.getByRole('button', { name: /采购申请/ }).click();
    await expect(page).toHaveURL(/flowLaunch\?code=purchase$/);
    await expect(page.getByRole('heading', { name: '采购申请' })).toBeVisible();
  });
});

test.describe('the launch page', () => {
  test('a flow that is not configured: 应用配置有误，请联系管理员 with a back button', async ({ page }) => {
    await signIn(page, 't1001');
    await openLaunch(page, 'unconfigured');
    await expect(page.getByText('应用配置有误，请联系管理员')).toBeVisible();
    await page.getByRole('main').getByRole('button', { name: '返回' }).click();
    await expect(mainLayout(page)).toBeVisible();
  });

  test('a flow the user may not start shows the server message', async ({ page }) => {
    await signIn(page, 'o5001');
    await openLaunch(page, 'leave');
    await expect(page.getByText('您无权发起该流程')).toBeVisible();
  });

  test('保存草稿 sends isInitiate 0 and says 保存成功; the server draft comes back', async ({ page }) => {
    await signIn(page, 't1001');
    await openLaunch(page);
    await closeReminder(page);
    await page.getByRole('textbox', { name: /请假事由/ }).fill('先存个草稿');
    const [req] = await Promise.all([
      page.waitForRequest((r) => r.url().includes('/flow-run/initiate') && r.method() === 'POST'),
      page.getByRole('button', { name: '保存草稿' }).click(),
    ]);
    expect(req.postDataJSON()).toMatchObject({ isInitiate: 0, flowNodeId: null, userIds: [], sendIds: [] });
    await expect(toastText(page, '保存成功')).toBeVisible();
    // The local copy goes; the server's draft is what the page opens with next time.
    await page.evaluate((prefix) => Object.keys(localStorage).filter((k) => k.startsWith(prefix)).forEach((k) => localStorage.removeItem(k)), 'formDraft:');
    await page.goto('./');
    await openLaunch(page);
    await closeReminder(page);
    await expect(page.getByRole('textbox', { name: /请假事由/ })).toHaveValue('先存个草稿');
  });

  test('what was typed comes back after a reload', async ({ page }) => {
    await signIn(page, 't1001');
    await openLaunch(page);
    await closeReminder(page);
    await page.getByRole('textbox', { name: /请假事由/ }).fill('写到一半刷新了');
    await page.waitForTimeout(700);
    await page.goto('./');
    await expect(mainLayout(page)).toBeVisible();
    await openLaunch(page);
    await expect(page.getByRole('textbox', { name: /请假事由/ })).toHaveValue('写到一半刷新了');
  });

  test('an expired session: after signing in again the form is as it was', async ({ page, request }) => {
    await signIn(page, 't1001');
    await openLaunch(page);
    await closeReminder(page);
    await fillLeave(page, { reason: '会话过期前写的' });
    // Both tokens dead: the next call fails its refresh and the app returns to the login page.
    await request.post('sandbox/admin/expire-tokens');
    await page.evaluate((key) => {
      const t = JSON.parse(localStorage.getItem(key) ?? '{}') as Record<string, unknown>;
      localStorage.setItem(key, JSON.stringify({ ...t, refreshToken: 'expired' }));
    }, KEYS.token);
    await page.getByRole('button', { name: '提交', exact: true }).click();
    await expect(page).toHaveURL(/\/login/);
    await signIn(page, 't1001');
    await openLaunch(page);
    await expect(page.getByRole('textbox', { name: /请假事由/ })).toHaveValue('会话过期前写的');
  });

  test('a failed submit shows the message, keeps the form and enables the button again', async ({ page, request }) => {
    await signIn(page, 't1001');
    await openLaunch(page);
    await closeReminder(page);
    // The form is checked first: nothing is sent for an empty form.
    await page.getByRole('button', { name: '提交', exact: true }).click();
    await expect(toastText(page, '请检查输入')).toBeVisible();
    await expect(page.getByRole('alert').filter({ hasText: '请选择请假类型' })).toBeVisible();

    await fillLeave(page, { reason: '失败后不丢' });
    await request.post('sandbox/admin/fault', { data: { path: '/flow-run/next-node', status: 500, message: '流程服务暂不可用', delayMs: 400 } });
    const submit = page.getByRole('button', { name: '提交', exact: true });
    await submit.click();
    await expect(submit).toBeDisabled();
    await expect(toastText(page, '流程服务暂不可用')).toBeVisible();
    await expect(submit).toBeEnabled();
    await expect(page.getByRole('textbox', { name: /请假事由/ })).toHaveValue('失败后不丢');
    await submit.click();
    await expect(page.getByRole('heading', { name: '提交审批' })).toBeVisible();
  });

  test('the reminder opens once and counts down', async ({ page }) => {
    await signIn(page, 't1001');
    await openLaunch(page);
    const modal = reminderModal(page);
    await expect(modal.getByText('教职工请假超过3天需校长审批')).toBeVisible();
    await expect(modal.getByRole('button', { name: /我已阅读（[1-5]s）/ })).toBeDisabled();
    await closeReminder(page);
    await page.getByRole('tab', { name: '查看流程' }).click();
    await page.getByRole('tab', { name: '发起申请' }).click();
    await expect(modal).toBeHidden();
  });
});

test.describe('the next-step chooser on selectNode', () => {
  /** 通知发文 with everything but the reviewer: a server draft the form opens with. */
  async function noticeDraft(request: Parameters<typeof apiAs>[0]) {
    const api = await apiAs(request, 't1001');
    await api('v1/less-code-service/api/flow-run/initiate', {
      code: 'notice-draft',
      isInitiate: 0,
      formData: {
        code: 'notice-draft',
        mainTable: {
          id: 'office_notice',
          fields: [
            { id: 'ntc_title', key: 'title', value: '关于期末考试安排的通知' },
            { id: 'ntc_no', key: 'docNo', value: '教务〔2026〕20号' },
            { id: 'ntc_urgency', key: 'urgency', value: 'normal' },
            { id: 'ntc_scope', key: 'scope', value: ['all'] },
            {
              id: 'ntc_body',
              key: 'body',
              value: [{ uid: 'seed-file-checklist', name: '期末考试安排.docx', domain: '', path: 'seed/期中教学检查表.txt', size: 75, userFileId: 'seed-file-checklist', status: 'done', url: '/sandbox/files/seed/期中教学检查表.txt' }],
            },
          ],
        },
        subTable: [],
      },
    });
  }

  test('a node the applicant staffs: 请选择审批人 blocks the call until someone is chosen', async ({ page, request }) => {
    await noticeDraft(request);
    await openCentre(page, 't1001');
    await page.getByRole('button', { name: '发起审批' }).click();
    await page.getByRole('button', { name: /通知发文/ }).click();
    await expect(page.getByRole('textbox', { name: /发文标题/ })).toHaveValue('关于期末考试安排的通知');
    await page.getByRole('button', { name: '提交', exact: true }).click();
    await expect(page.getByRole('radio', { name: '审核' })).toBeChecked();
    const approvers = page.getByRole('list', { name: '审批人' });
    await expect(approvers.getByRole('listitem')).toHaveCount(1);

    let initiated = 0;
    page.on('request', (r) => {
      if (r.url().includes('/flow-run/initiate')) initiated += 1;
    });
    await page.getByRole('button', { name: '确认提交' }).click();
    await expect(page.getByRole('alert').filter({ hasText: '请选择审批人' })).toBeVisible();
    expect(initiated).toBe(0);

    await page.getByRole('button', { name: '添加审批人' }).click();
    await choosePerson(page, '李主任');
    await expect(approvers.getByText('李主任')).toBeVisible();
    await expect(page.getByRole('alert')).toHaveCount(0);
    // Chosen people can be taken off again.
    await expect(approvers.getByRole('button', { name: '移除 李主任' })).toBeVisible();
    await page.getByRole('button', { name: '确认提交' }).click();
    await expect(toastText(page, '操作成功')).toBeVisible();
    // Back three: the centre; the draft is gone, the run is on 已发起.
    await expect(page.getByRole('heading', { name: '审批中心' })).toBeVisible();
    await tab(page, '已发起').click();
    await expect(cards(page).filter({ hasText: '关于期末考试安排的通知' })).toHaveCount(1);
    await goInApp(page, '/page/approvalCenter/flowLaunch?code=notice-draft');
    await expect(page.getByRole('textbox', { name: /发文标题/ })).toHaveValue('');
  });
});
