/**
 * Read-only means readable (issue "Approving faster than DingTalk"): an approver reads a
 * steps form whole (every step under its title, no 上一步/下一步) and agrees without
 * paging; whoever fills the form still pages and meets 请完成下一步. Read-only fields show
 * no hints meant for filling, and read as label and value on one row where they fit,
 * wrapping cleanly where they do not (320 px, 200% text): nothing cut, nothing overlapping.
 */
import type { APIRequestContext, Page } from '@playwright/test';
import { goInApp, installShell, resetSandbox, signIn } from './app.support';
import { apiAs, card, cards, openCentre, tab, toastText } from './approval.support';
import { expect, snap, test } from './support';

test.beforeEach(async ({ request }) => {
  await resetSandbox(request);
});

const SEAL_STEPS = ['用印信息', '用印文件', '外带信息'];
const LEAVE_HINT = '根据请假时间自动计算，可修改';

/** 王老师 asks for a seal (through the API, as the run list tests do); 李主任 approves it. */
async function requestSeal(request: APIRequestContext): Promise<void> {
  const api = await apiAs(request, 't1001');
  await api('v1/less-code-service/api/flow-run/initiate', {
    code: 'seal',
    isInitiate: 1,
    formData: {
      seal_types: ['official', 'contract'],
      seal_copies: 3,
      seal_usage: 'internal',
      seal_takeout: false,
      seal_remark: '学籍证明及实习协议盖章，协议一式三份，请于本周五前办理完毕，谢谢。',
      seal_document: [
        { uid: 'seed-file-checklist', name: '学籍证明.docx', domain: '', path: 'seed/期中教学检查表.txt', size: 75, userFileId: 'seed-file-checklist', status: 'done', url: '/sandbox/files/seed/期中教学检查表.txt' },
      ],
    },
  });
}

const steps = (page: Page) => page.locator('.cw-fm-steps__section');
const footer = (page: Page) => page.locator('.cw-ap-footer');

async function openSealAsApprover(page: Page, request: APIRequestContext): Promise<void> {
  await requestSeal(request);
  await openCentre(page, 't1002');
  await card(page, '王老师的用印申请').getByRole('button').first().click();
  await expect(page.getByRole('heading', { name: '审批详情' })).toBeVisible();
}

async function openLeaveAsInitiator(page: Page): Promise<void> {
  await openCentre(page, 't1001');
  await tab(page, '已发起').click();
  await cards(page).filter({ hasText: '回老家办理房产手续' }).getByRole('button').first().click();
  await expect(page.getByRole('heading', { name: '审批详情' })).toBeVisible();
}

interface FieldBox {
  label: string;
  head: { top: number; bottom: number; left: number; right: number };
  body: { top: number; bottom: number; left: number; right: number };
  /** The field's parts sit inside the form card, and nothing is cut inside the value. */
  inside: boolean;
  cut: boolean;
}

/** Every read-only field, brought into view and measured. */
async function readonlyFields(page: Page): Promise<FieldBox[]> {
  return page.evaluate(() => {
    const box = (r: DOMRect) => ({ top: r.top, bottom: r.bottom, left: r.left, right: r.right });
    return [...document.querySelectorAll<HTMLElement>('.cw-fm-field--readonly')].map((field) => {
      field.scrollIntoView({ block: 'center' });
      const head = field.querySelector('.cw-fm-field__head') as HTMLElement;
      const body = field.querySelector('.cw-fm-field__body') as HTMLElement;
      const form = (field.closest('.cw-fm-form') as HTMLElement).getBoundingClientRect();
      const h = head.getBoundingClientRect();
      const b = body.getBoundingClientRect();
      const inside = [h, b].every((r) => r.left >= form.left - 0.5 && r.right <= form.right + 0.5 && r.width > 0);
      const texts = [...field.querySelectorAll<HTMLElement>('.cw-fm-readonly, .cw-fm-field__label')];
      const cut = texts.some((t) => t.scrollWidth > t.clientWidth + 1 || t.scrollHeight > t.clientHeight + 1);
      return { label: head.textContent ?? '', head: box(h), body: box(b), inside, cut };
    });
  });
}

const overlaps = (a: FieldBox['head'], b: FieldBox['head']): boolean =>
  a.left < b.right - 0.5 && b.left < a.right - 0.5 && a.top < b.bottom - 0.5 && b.top < a.bottom - 0.5;
const sameRow = (f: FieldBox): boolean => Math.abs(f.head.top - f.body.top) < 6 && f.body.left >= f.head.right;

/** Nothing cut, nothing overlapping, no sideways scroll; each field on one row or its value under the label. */
async function expectReadable(page: Page): Promise<FieldBox[]> {
  // The form draws after the run's answer: wait for its fields as the user would.
  await expect.poll(async () => (await readonlyFields(page)).length).toBeGreaterThan(3);
  const fields = await readonlyFields(page);
  for (const f of fields) {
    expect(f.inside, `${f.label} inside the card`).toBe(true);
    expect(f.cut, `${f.label} not cut`).toBe(false);
    expect(overlaps(f.head, f.body), `${f.label} label and value apart`).toBe(false);
    expect(sameRow(f) || f.body.top >= f.head.bottom - 0.5, `${f.label} on one row or under its label`).toBe(true);
  }
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  return fields;
}

test.describe('a steps form read by its approver', () => {
  test('every step shows under its title, no paging; 同意 goes straight to the action screen', async ({ page, request }) => {
    await openSealAsApprover(page, request);
    await expect(steps(page)).toHaveCount(3);
    for (const [i, title] of SEAL_STEPS.entries()) await expect(steps(page).nth(i).getByRole('heading')).toHaveText(`${i + 1}${title}`);
    await expect(page.getByRole('button', { name: '下一步' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: '上一步' })).toHaveCount(0);
    // The last step's values are there without paging, in the same row layout as the first's.
    await expect(page.getByRole('textbox', { name: '印章类型' })).toHaveText('公章、合同章');
    await expect(page.getByRole('textbox', { name: '印章外带' })).toHaveText('否');
    await expect(page.getByText('学籍证明.docx').first()).toBeAttached();
    const fields = await expectReadable(page);
    for (const label of ['印章类型', '用印份数', '用途', '印章外带']) expect(sameRow(fields.find((f) => f.label === label)!), label).toBe(true);
    await page.getByRole('region', { name: '用印信息' }).scrollIntoViewIfNeeded();
    await snap(page, 'approval-readonly-steps');

    await footer(page).getByRole('button', { name: '同意' }).click();
    await expect(toastText(page, '请完成下一步')).toHaveCount(0);
    await page.getByRole('textbox', { name: '审批意见' }).fill('同意用印');
    await page.getByRole('button', { name: '确认同意' }).click();
    await expect(toastText(page, '操作成功')).toBeVisible();
  });

  test('whoever fills it still pages: 提交 before the last step answers 请完成下一步', async ({ page }) => {
    await signIn(page, 't1001');
    await goInApp(page, '/page/approvalCenter/flowLaunch?code=seal');
    await expect(page.getByRole('heading', { name: '用印申请' })).toBeVisible();
    await expect(steps(page)).toHaveCount(0);
    await expect(page.getByRole('button', { name: '下一步' })).toBeVisible();
    await page.getByRole('button', { name: '提交', exact: true }).click();
    await expect(toastText(page, '请完成下一步')).toBeVisible();
    await expect(page.getByRole('heading', { name: '提交审批' })).toHaveCount(0);
  });
});

test.describe('read-only fields', () => {
  test('no hints for filling; content blocks stay; label and value on one row', async ({ page }) => {
    await openLeaveAsInitiator(page);
    await expect(page.getByRole('textbox', { name: '请假天数' })).toBeVisible();
    await expect(page.getByText(LEAVE_HINT)).toHaveCount(0);
    await expect(page.getByText('审批通过后将自动同步至考勤系统。')).toBeVisible();
    const fields = await expectReadable(page);
    for (const label of ['请假类型', '请假天数', '需要调课']) expect(sameRow(fields.find((f) => f.label === label)!), label).toBe(true);
  });
});

test.describe('read-only fields at 320 px and 200% text', () => {
  test.use({ viewport: { width: 320, height: 640 } });

  for (const scale of [1, 2]) {
    test(`text at ${scale * 100}%: the leave and the seal requests read cleanly`, async ({ page, request }) => {
      if (scale !== 1) await installShell(page, { textScale: scale });
      await openLeaveAsInitiator(page);
      await expect.poll(() => page.evaluate(() => parseFloat(getComputedStyle(document.documentElement).fontSize))).toBeCloseTo(16 * scale, 1);
      await expectReadable(page);
      await snap(page, `approval-readonly-320-${scale * 100}`);
      await page.context().clearCookies();
      await openSealAsApprover(page, request);
      await expect.poll(() => page.evaluate(() => parseFloat(getComputedStyle(document.documentElement).fontSize))).toBeCloseTo(16 * scale, 1);
      await expectReadable(page);
    });
  }
});
