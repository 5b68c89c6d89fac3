/**
 * Writes under network faults (faults), on the two write screens: the launch's
 * 确认提交 (selectNode) and the action screen's 确认同意. A 500, an answer lost because
 * the phone went offline after the request left, a 60 s timeout and an upload cut half
 * way: each shows a message, gives the button back, keeps what was typed, and the retry
 * succeeds without a second run or a second approval on the server. A double tap sends
 * once.
 */
import type { Page } from '@playwright/test';
import { admin, resetSandbox } from './app.support';
import { toastText } from './approval.support';
import {
  confirmAgree,
  confirmSubmit,
  countRequests,
  doubleTap,
  failedToast,
  fault,
  holdNextAnswer,
  loseNextAnswer,
  opinionBox,
  recordedOpinions,
  runsStarted,
  toAgreeScreen,
  toSelectNode,
  waitingLeaveId,
} from './faults.support';
import { CPU_THROTTLE, expect, snap, test, TOASTS } from './support';


test.beforeEach(async ({ request }) => {
  await resetSandbox(request);
});

/**
 * Pauses the page clock just ahead of now (timers fire only when the test moves it); far
 * enough ahead that the page's time has not passed it by the time the pause arrives on a
 * slow, loaded machine.
 */
async function pauseClock(page: Page): Promise<void> {
  const now = await page.evaluate(() => Date.now());
  await page.clock.pauseAt(now + 2_000 * CPU_THROTTLE);
}

test.describe('the launch (确认提交)', () => {
  test('a 500, then an answer lost offline: messages, the button back, the choice kept; the retry makes one run; a double tap sends once', async ({ page, request }) => {
    const reason = '故障演练 服务器错误与断网';
    // The form's 提交 is double-tapped on the way (toSelectNode): one next-node call, one chooser.
    await page.clock.install();
    await toSelectNode(page, reason);
    const confirm = confirmSubmit(page);
    const initiates = countRequests(page, '/flow-run/initiate');

    // 1. The server fails: its message, the button back, nothing started.
    await fault(request, { path: '/flow-run/initiate', status: 500, message: '流程服务暂不可用', delayMs: 300 });
    await confirm.click();
    await expect(confirm).toBeDisabled();
    await expect(failedToast(page, '流程服务暂不可用')).toBeVisible();
    await expect(confirm).toBeEnabled();
    await expect(page.getByRole('radio', { name: '部门审批' })).toBeChecked();
    expect(await runsStarted(request, reason)).toBe(0);

    // 2. The request reaches the server, which starts the run, but the phone goes offline before the answer.
    const lost = await loseNextAnswer(page, '**/flow-run/initiate');
    await confirm.click();
    await lost.used;
    await expect(failedToast(page, '网络不可用，请检查网络后重试')).toBeVisible();
    await expect(confirm).toBeEnabled();
    await expect(page.getByRole('heading', { name: '提交审批' })).toBeVisible();
    await expect(page.getByRole('radio', { name: '部门审批' })).toBeChecked();
    expect(await runsStarted(request, reason)).toBe(1);
    await snap(page, 'faults-launch-offline');
    await lost.online();

    // 3. Back online, a double tap: the app looks in 已发起 first, finds the run the lost
    //    answer was about, and says so; nothing is sent again.
    const before = initiates();
    await doubleTap(page, '确认提交');
    await expect(toastText(page, '申请已提交成功，无需重复提交')).toBeVisible();
    // Back three, as after any launch: one chooser was opened, so this is the centre.
    await expect(page.getByRole('heading', { name: '审批中心' })).toBeVisible();
    expect(initiates() - before).toBe(0);
    expect(await runsStarted(request, reason)).toBe(1);
  });

  test('a 60 s timeout (page clock): nothing at 59 s, 网络超时，请稍后重试 at 60 s, then the retry makes one run', async ({ page, request }) => {
    await page.clock.install();
    const reason = '故障演练 超时';
    await toSelectNode(page, reason);
    const confirm = confirmSubmit(page);

    // The server starts the run; its answer never comes.
    const held = await holdNextAnswer(page, '**/flow-run/initiate');
    await pauseClock(page);
    await confirm.click();
    await held.arrived;
    await page.clock.fastForward(59_000);
    await expect(confirm).toBeDisabled();
    await expect(page.locator(TOASTS)).toHaveCount(0);
    await page.clock.fastForward(1_000);
    await page.clock.resume();
    await expect(failedToast(page, '网络超时，请稍后重试')).toBeVisible();
    await expect(confirm).toBeEnabled();
    expect(await runsStarted(request, reason)).toBe(1);

    await held.release();
    await confirm.click();
    await expect(toastText(page, '申请已提交成功，无需重复提交')).toBeVisible();
    await expect(page.getByRole('heading', { name: '审批中心' })).toBeVisible();
    expect(await runsStarted(request, reason)).toBe(1);
  });

  test('a backend that ignores Idempotency-Key: after a lost answer the retry finds the run in 已发起 and sends nothing; a launch that never arrived is sent again', async ({ page, request }) => {
    await admin(request, 'variant', { ignoresIdempotencyKey: true });
    const reason = '故障演练 不认幂等键';
    // The chooser notes what 已发起 holds when it opens (the baseline of the look).
    const noted = page.waitForResponse((r) => r.url().includes('/flow-run/list') && (r.request().postDataJSON() as { type?: number } | null)?.type === 3);
    await toSelectNode(page, reason);
    await noted;
    const confirm = confirmSubmit(page);
    const initiates = countRequests(page, '/flow-run/initiate');

    // The phone goes offline before the request leaves: nothing made, the retry sends it.
    await page.context().setOffline(true);
    await confirm.click();
    await expect(failedToast(page, '网络不可用，请检查网络后重试')).toBeVisible();
    await page.context().setOffline(false);
    expect(await runsStarted(request, reason)).toBe(0);

    // Now the run is made and its answer lost.
    const lost = await loseNextAnswer(page, '**/flow-run/initiate');
    await confirm.click();
    await lost.used;
    await expect(failedToast(page, '网络不可用，请检查网络后重试')).toBeVisible();
    expect(await runsStarted(request, reason)).toBe(1);
    await lost.online();
    const before = initiates();
    await confirm.click();
    await expect(toastText(page, '申请已提交成功，无需重复提交')).toBeVisible();
    await expect(page.getByRole('heading', { name: '审批中心' })).toBeVisible();
    expect(initiates() - before).toBe(0);
    // One run, though this backend would have made a second one for a repeat.
    expect(await runsStarted(request, reason)).toBe(1);
  });
});

test.describe('the action screen (确认同意)', () => {
  test('a 500, then an answer lost offline: the opinion kept; the retry records one approval; a double tap sends once', async ({ page, request }) => {
    const runId = await waitingLeaveId(request);
    const opinion = '同意，故障演练';
    await toAgreeScreen(page);
    await opinionBox(page).fill(opinion);
    const confirm = confirmAgree(page);
    const handlings = countRequests(page, '/flow-run/handling');

    await fault(request, { path: '/flow-run/handling', status: 500, message: '审批服务繁忙', delayMs: 300 });
    await confirm.click();
    await expect(confirm).toBeDisabled();
    await expect(failedToast(page, '审批服务繁忙')).toBeVisible();
    await expect(confirm).toBeEnabled();
    await expect(opinionBox(page)).toHaveValue(opinion);
    expect(await recordedOpinions(request, runId, opinion)).toHaveLength(0);

    const lost = await loseNextAnswer(page, '**/flow-run/handling');
    await confirm.click();
    await lost.used;
    await expect(failedToast(page, '网络不可用，请检查网络后重试')).toBeVisible();
    await expect(confirm).toBeEnabled();
    await expect(opinionBox(page)).toHaveValue(opinion);
    expect(await recordedOpinions(request, runId, opinion)).toHaveLength(1);
    await lost.online();

    const before = handlings();
    await doubleTap(page, '确认同意');
    await expect(toastText(page, '操作成功')).toBeVisible();
    await expect(page.getByRole('heading', { name: '审批中心' })).toBeVisible();
    expect(handlings() - before).toBe(1);
    expect(await recordedOpinions(request, runId, opinion)).toHaveLength(1);
  });

  test('a 60 s timeout (page clock), then the retry records one approval', async ({ page, request }) => {
    await page.clock.install();
    const runId = await waitingLeaveId(request);
    const opinion = '同意，超时演练';
    await toAgreeScreen(page);
    await opinionBox(page).fill(opinion);
    const confirm = confirmAgree(page);

    const held = await holdNextAnswer(page, '**/flow-run/handling');
    await pauseClock(page);
    await confirm.click();
    await held.arrived;
    await page.clock.fastForward(59_000);
    await expect(confirm).toBeDisabled();
    await expect(page.locator(TOASTS)).toHaveCount(0);
    await page.clock.fastForward(1_000);
    await page.clock.resume();
    await expect(failedToast(page, '网络超时，请稍后重试')).toBeVisible();
    await expect(confirm).toBeEnabled();
    await expect(opinionBox(page)).toHaveValue(opinion);

    await held.release();
    await confirm.click();
    await expect(toastText(page, '操作成功')).toBeVisible();
    expect(await recordedOpinions(request, runId, opinion)).toHaveLength(1);
  });

  test('an attachment whose upload loses the network half way waits on the phone (待上传), 重试 once the network is back succeeds, and it goes with the approval', async ({ page, request }) => {
    const runId = await waitingLeaveId(request);
    const opinion = '同意，附件补传';
    await toAgreeScreen(page);
    await opinionBox(page).fill(opinion);
    const files = page.getByRole('region', { name: '附件' });

    // The transfer to the signed address is cut: the phone drops off the network mid-PUT.
    const cut = await loseNextAnswer(page, '**/sandbox/obs/**');
    await page.getByLabel('添加附件').setInputFiles({ name: '病假证明.txt', mimeType: 'text/plain', buffer: Buffer.alloc(256 * 1024, '医院证明') });
    await cut.used;
    // No network: not a failure but a wait (the 确认 could go to the outbox with it).
    await expect(files.getByText('待上传')).toBeVisible();
    await expect(files.getByText('上传失败')).toHaveCount(0);
    await snap(page, 'faults-upload-failed');
    await cut.online();

    await files.getByRole('button', { name: '重试' }).click();
    await expect(files.getByText('待上传')).toHaveCount(0);
    await expect(files.getByText(/上传中/)).toHaveCount(0);
    await expect(files.getByText('病假证明.txt')).toBeVisible();
    await expect(opinionBox(page)).toHaveValue(opinion);
    await confirmAgree(page).click();
    await expect(toastText(page, '操作成功')).toBeVisible();
    const recorded = await recordedOpinions(request, runId, opinion);
    expect(recorded).toHaveLength(1);
    expect(recorded[0]!.files.map((f) => f.name)).toEqual(['病假证明.txt']);
  });
});
