/**
 * The production server's Content-Security-Policy in a real browser ("Hostile
 * input"): the headers are on the page and its assets, and a walk through the app
 * (login, home, the approval list, a launch with an upload and a form iframe, the flow
 * chart, a notice pushed over the hub, the QR code page, the scanner's manual entry, the
 * avatar cropper, a deep link) raises no violation. Violations are collected four ways,
 * so none slips through: `securitypolicyviolation` events in the page, the console's CSP
 * errors, Chromium's own CSP issues (DevTools protocol `Audits`), and a listener put in
 * front of every worker script of the build (a worker's violations stay in the worker).
 */
import type { Page } from '@playwright/test';
import { admin, goInApp, loginThroughUi, resetSandbox, toast } from './app.support';
import { EVENT } from '../../sandbox/seed/messages';
import { seedCorpus } from './xss.support';
import { card, openCentre, tab } from './approval.support';
import { recordViolations } from './csp.support';
import { CPU_THROTTLE, expect, test } from './support';


/** Rich text as a school's editor writes it: style attributes, an image, a table, a link. */
const RICH_NOTICE =
  '<h3>开学安排</h3><p style="color:#cf1322;font-weight:600">红色的提醒</p>' +
  '<p><img src="/sandbox/images/carousel/1.svg" alt="开学典礼" style="max-width:100%"></p>' +
  '<table border="1"><tr><th>时间</th><td>2月23日</td></tr></table><a href="https://example.com/campus">详情</a>';

test.beforeEach(async ({ request }) => {
  await resetSandbox(request);
});

test('the app runs under the policy without a single violation', async ({ page, request }) => {
  test.setTimeout(150_000 * CPU_THROTTLE);
  const violations = await recordViolations(page);

  // The headers: on the page, on an asset (a worker's policy is its script's), on config.json.
  const response = await page.goto('login?code=demo');
  const headers = response!.headers();
  const csp = headers['content-security-policy'] ?? '';
  for (const directive of ["default-src 'self'", "script-src 'self' 'wasm-unsafe-eval'", "object-src 'none'", "base-uri 'none'", "frame-ancestors 'self'", "form-action 'self'"]) {
    expect(csp).toContain(directive);
  }
  expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
  expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['x-frame-options']).toBe('SAMEORIGIN');
  const html = await response!.text();
  expect(html).not.toMatch(/<base\s/);
  expect(html).not.toMatch(/<script(?![^>]*\ssrc=)[^>]*>/);
  const entry = /<script[^>]*src="([^"]+)"/.exec(html)?.[1] ?? '';
  expect(entry).toMatch(/^\/assets\//);
  expect((await request.get(entry.slice(1))).headers()['content-security-policy']).toBe(csp);
  expect((await request.get('config.json')).headers()['content-security-policy']).toBe(csp);

  // Login and home.
  await loginThroughUi(page, 't1001');

  // The approval list.
  await openCentre(page);
  await expect(page.locator('.cw-ap-card').first()).toBeVisible();

  // A launch with an upload (MD5 in the worker, WebAssembly) and a form iframe (sandboxed).
  await goInApp(page, '/page/approvalCenter/flowLaunch?code=notice-draft');
  await expect(page.getByRole('heading', { name: '通知发文' })).toBeVisible();
  const upload = page.locator('input[type=file]').last();
  await upload.setInputFiles({ name: '附件.zip', mimeType: 'application/zip', buffer: Buffer.alloc(48 * 1024, 3) });
  await expect(page.getByText('附件.zip')).toBeVisible();
  await expect(page.getByText('上传中')).toHaveCount(0);
  expect(violations.workerScripts.some((u) => /\/assets\/md5\.worker-[\w-]+\.js$/.test(u))).toBe(true);
  const frame = page.locator('.cw-fm-iframe iframe');
  await expect(frame).toHaveAttribute('sandbox', /allow-scripts/);
  await expect(frame).not.toHaveAttribute('sandbox', /allow-same-origin/);
  await expect(frame).toHaveAttribute('referrerpolicy', 'no-referrer');

  // The flow chart of a run (cytoscape).
  await openCentre(page);
  await tab(page, '已发起').click();
  await card(page, '王老师的请假申请').first().getByRole('button').first().click();
  await page.getByRole('button', { name: '流程图' }).click();
  await expect(page.getByRole('img', { name: '流程图' })).toBeVisible();
  await expect(page.locator('.cw-chart__canvas canvas').first()).toBeVisible();

  // A notice pushed over the hub (WebSocket), rich text with style attributes, an image, a table and a link.
  const { eventId } = (await admin(request, 'notify', { account: 't1001', groupName: '系统消息', title: 'CSP 富文本通知', context: RICH_NOTICE })) as { eventId: string };
  await goInApp(page, `/page/notice?id=${eventId}&name=${encodeURIComponent('系统通知')}`);
  const notice = page.getByRole('article', { name: 'CSP 富文本通知' });
  await expect(notice.getByText('红色的提醒')).toHaveCSS('color', 'rgb(207, 19, 34)');
  await expect(notice.getByRole('img', { name: '开学典礼' })).toHaveJSProperty('complete', true);

  // The QR code page (a data: image).
  await goInApp(page, '/page/student/qrcode?idCard=110101200801011234');
  await expect(page.getByRole('img', { name: '报到二维码' })).toBeVisible();

  // The scanner: no camera here, so the manual entry.
  await goInApp(page, `/scanner?${new URLSearchParams({ modalTitle: '扫码报到', modalContent: '请输入学号', redirect: '/page/student/report' }).toString()}`);
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText('扫码报到')).toBeVisible();
  await dialog.getByRole('textbox').fill('2026010001');
  await dialog.getByRole('button', { name: '确定' }).click();

  await expect(page).toHaveURL(/\/page\/student\/report\?code=2026010001$/);

  // The avatar cropper (a blob: image, its stylesheet as a file) and the image upload.
  await goInApp(page, '/page/profile');
  await page.getByLabel('更换头像').last().setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: await pngOf(page, 400, 400) });
  const crop = page.getByRole('dialog', { name: '裁剪头像' });
  await expect(crop.locator('.reactEasyCrop_CropArea')).toBeVisible();
  await expect(crop.locator('.reactEasyCrop_Container')).toHaveCSS('position', 'absolute');
  await crop.getByRole('button', { name: '确定' }).click();
  await expect(toast(page, '头像上传成功')).toBeVisible();

  await page.waitForTimeout(500);
  expect(await violations.read()).toEqual([]);
});

test('a deep link loads in full under a policy without <base> (base-uri none): assets come from absolute addresses', async ({ page }) => {
  const violations = await recordViolations(page);
  await loginThroughUi(page, 't1001');
  const response = await page.goto('page/student/qrcode?idCard=110101200801011234');
  const html = await response!.text();
  // Both scripts of the page (the early one and the main one), from absolute addresses.
  expect(html).toMatch(/<script type="module" crossorigin src="\/assets\/early-[\w-]+\.js"><\/script>/);
  expect(html).toMatch(/<script type="module" crossorigin src="\/assets\/main-[\w-]+\.js"><\/script>/);
  expect(html).not.toMatch(/="\.\//);
  await expect(page.getByRole('img', { name: '报到二维码' })).toBeVisible();
  await page.goto('page/approvalCenter');
  await expect(page.getByRole('heading', { name: '审批中心' })).toBeVisible();
  expect(await violations.read()).toEqual([]);
});

test('hostile HTML in notices, shown under the policy, raises no violation report: the sanitiser parses inertly', async ({ page, request }) => {
  test.setTimeout(180_000 * CPU_THROTTLE);
  const dialogs: string[] = [];
  page.on('dialog', async (d) => {
    dialogs.push(d.message());
    await d.dismiss();
  });
  const tabs = await seedCorpus(request, 't1001');
  const violations = await recordViolations(page);
  await loginThroughUi(page, 't1001');
  // The seeded warning notice (handlers, styles, a base, frames) and every payload of the corpus.
  await goInApp(page, `/page/notice?id=${EVENT.campus}&name=${encodeURIComponent('校园通知')}`);
  await expect(page.getByRole('article', { name: '【安全提醒】请勿点击不明链接', exact: true }).getByText('红色提示文字')).toBeVisible();
  for (const t of tabs) {
    await goInApp(page, `/page/notice?id=${t.eventId}&name=${encodeURIComponent(t.name)}`);
    await expect(page.getByRole('heading', { name: t.name })).toBeVisible();
    await expect(page.getByRole('article')).toHaveCount(t.payloads.length);
  }
  expect(dialogs).toEqual([]);
  expect(await page.evaluate(() => (window as unknown as { __xss?: unknown }).__xss)).toBeUndefined();
  expect(await violations.read()).toEqual([]);
});

/** A PNG drawn in the page (a gradient and a disc), as a phone photo would be. */
async function pngOf(page: Page, width: number, height: number): Promise<Buffer> {
  const base64 = await page.evaluate(
    ([w, h]) => {
      const canvas = document.createElement('canvas');
      canvas.width = w!;
      canvas.height = h!;
      const c = canvas.getContext('2d')!;
      c.fillStyle = '#1677ff';
      c.fillRect(0, 0, w!, h!);
      c.fillStyle = '#ffd666';
      c.beginPath();
      c.arc(w! / 2, h! / 2, Math.min(w!, h!) / 4, 0, Math.PI * 2);
      c.fill();
      return canvas.toDataURL('image/png').split(',')[1]!;
    },
    [width, height],
  );
  return Buffer.from(base64, 'base64');
}
