/**
 * The scanner page (SPEC point 2 "scanner", point 6): lazily loaded; the query's
 * modalTitle and modalContent title and prompt the manual entry; a result goes to the
 * query's redirect (an in-app path) with ?code=. Without a camera (headless Chromium)
 * the manual entry opens by itself; a picture from the album is decoded; with a
 * simulated camera (Chromium's fake capture device playing a QR code) the camera decodes.
 */
import { chromium, type Page } from '@playwright/test';
import { mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import QRCode from 'qrcode';
import { ID_CARDS } from '../../sandbox/seed/users';
import { goInApp, signIn, resetSandbox, toast } from './app.support';
import { CPU_THROTTLE, expect, snap, test } from './support';

const TITLE = '查找学生';
const CONTENT = '请输入学号或身份证号';
const scannerPath = (redirect: string | null = '/page/student/report') => {
  const q = new URLSearchParams({ modalTitle: TITLE, modalContent: CONTENT });
  if (redirect !== null) q.set('redirect', redirect);
  return `/scanner?${q.toString()}`;
};

test.beforeEach(async ({ request }) => {
  await resetSandbox(request);
});

const studentCard = (page: Page, name: string) => page.getByRole('region', { name }).getByRole('heading', { name });

test.describe('without a camera', () => {
  test('is loaded only when opened; the manual entry opens by itself with modalTitle and modalContent', async ({ page }) => {
    const chunks: string[] = [];
    page.on('request', (r) => {
      if (/\/assets\/(ScannerPage|qr-scanner)/.test(r.url())) chunks.push(r.url());
    });
    await signIn(page, 't1001');
    expect(chunks).toEqual([]);

    await goInApp(page, scannerPath());
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByText(TITLE)).toBeVisible();
    await expect(dialog.getByPlaceholder(CONTENT)).toBeVisible();
    expect(chunks.some((u) => u.includes('ScannerPage'))).toBe(true);
    await expect(page.getByRole('heading', { name: '扫一扫' })).toBeVisible();
    await expect(page.getByText('无法使用摄像头，请手动输入')).toBeVisible();
    await page.waitForTimeout(400); // the dialog's opening animation
    await snap(page, 'scanner');

    // Nothing typed: the prompt again; the dialog stays.
    await dialog.getByRole('button', { name: '确定' }).click();
    await expect(toast(page, CONTENT)).toBeVisible();
    await expect(dialog).toBeVisible();

    await dialog.getByRole('textbox').fill('  2026010001  ');
    await dialog.getByRole('button', { name: '确定' }).click();
    await expect(page).toHaveURL(/\/page\/student\/report\?code=2026010001$/);
    await expect(studentCard(page, '张三')).toBeVisible();
  });

  test('cancel closes the dialog; 手动输入 opens it again', async ({ page }) => {
    await signIn(page, 't1001');
    await goInApp(page, scannerPath());
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: '取消' }).click();
    await expect(dialog).toBeHidden();
    await page.getByRole('button', { name: '手动输入' }).click();
    await expect(page.getByRole('dialog').getByText(TITLE)).toBeVisible();
  });

  test('without a redirect, or with one that leaves the app, a result just goes back', async ({ page }) => {
    await signIn(page, 't1001');
    for (const redirect of [null, '//evil.example/steal', 'https://evil.example/']) {
      await goInApp(page, '/page/appCenter');
      await expect(page.getByRole('heading', { name: '全部应用' })).toBeVisible();
      await goInApp(page, scannerPath(redirect));
      const dialog = page.getByRole('dialog');
      await dialog.getByRole('textbox').fill('2026010001');
      await dialog.getByRole('button', { name: '确定' }).click();
      await expect(page).toHaveURL(/\/page\/appCenter$/);
    }
  });

  test('a picture from the album is decoded and sent to the redirect', async ({ page }) => {
    await signIn(page, 't1001');
    await goInApp(page, scannerPath());
    await page.getByRole('dialog').getByRole('button', { name: '取消' }).click();
    const png = await QRCode.toBuffer(ID_CARDS.s2002, { width: 300, margin: 2 });
    await page.getByLabel('相册').setInputFiles({ name: 'code.png', mimeType: 'image/png', buffer: png });
    await expect(page).toHaveURL(new RegExp(`/page/student/report\\?code=${ID_CARDS.s2002}$`));
    await expect(studentCard(page, '李四')).toBeVisible();
  });

  test('a picture without a code says so and stays', async ({ page }) => {
    await signIn(page, 't1001');
    await goInApp(page, scannerPath());
    await page.getByRole('dialog').getByRole('button', { name: '取消' }).click();
    // A 1x1 white PNG.
    const blank = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8/5+hHgAHggJ/PchI7wAAAABJRU5ErkJggg==', 'base64');
    await page.getByLabel('相册').setInputFiles({ name: 'blank.png', mimeType: 'image/png', buffer: blank });
    await expect(toast(page, '未识别到二维码')).toBeVisible();
    await expect(page).toHaveURL(/\/scanner\?/);
  });

  test('the login page scan comes back with the school code (public, before any session)', async ({ page }) => {
    await page.goto(`scanner?${new URLSearchParams({ redirect: '/login', modalTitle: '绑定学校', modalContent: '请输入识别码' })}`);
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByText('绑定学校')).toBeVisible();
    await dialog.getByRole('textbox').fill('demo');
    await dialog.getByRole('button', { name: '确定' }).click();
    await expect(page).toHaveURL(/\/login/);
    await expect(page.getByRole('textbox', { name: '账号' })).toBeVisible();
  });
});

/**
 * Chromium plays a Y4M file as its fake camera: a QR code of the text, white around it,
 * a few identical frames (the file loops).
 */
function qrVideo(text: string): string {
  const width = 320;
  const height = 240;
  const qr = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const size = qr.modules.size;
  const scale = Math.floor(200 / (size + 8));
  const side = (size + 8) * scale;
  const left = Math.floor((width - side) / 2);
  const top = Math.floor((height - side) / 2);
  const y = Buffer.alloc(width * height, 235);
  for (let row = 0; row < size; row++) {
    for (let col = 0; col < size; col++) {
      if (!qr.modules.get(row, col)) continue;
      for (let dy = 0; dy < scale; dy++) {
        const start = (top + (row + 4) * scale + dy) * width + left + (col + 4) * scale;
        y.fill(16, start, start + scale);
      }
    }
  }
  const chroma = Buffer.alloc((width / 2) * (height / 2) * 2, 128);
  const frame = Buffer.concat([Buffer.from('FRAME\n'), y, chroma]);
  const header = Buffer.from(`YUV4MPEG2 W${width} H${height} F10:1 Ip A1:1 C420jpeg\n`);
  const dir = join(tmpdir(), 'campus-e2e-scanner');
  mkdirSync(dir, { recursive: true });
  const file = join(dir, `qr-${process.pid}.y4m`);
  writeFileSync(file, Buffer.concat([header, ...Array.from({ length: 10 }, () => frame)]));
  return file;
}

test.describe('with a camera', () => {
  // The fake capture device is a launch flag, so this test runs its own browser.
  test('the camera decodes the student QR code and the report opens for that student', async ({ baseURL }) => {
    const video = qrVideo(ID_CARDS.s2001);
    const browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      headless: true,
      args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--use-fake-ui-for-media-stream', '--use-fake-device-for-media-stream', `--use-file-for-fake-video-capture=${video}`],
    });
    try {
      const context = await browser.newContext({
        baseURL,
        viewport: { width: 390, height: 844 },
        deviceScaleFactor: 2,
        isMobile: true,
        hasTouch: true,
        locale: 'zh-CN',
        permissions: ['camera'],
      });
      const page = await context.newPage();
      await signIn(page, 't1001');
      await goInApp(page, scannerPath());
      await expect(page).toHaveURL(new RegExp(`/page/student/report\\?code=${ID_CARDS.s2001}$`), { timeout: 20_000 * CPU_THROTTLE });
      await expect(studentCard(page, '张三')).toBeVisible();
    } finally {
      await browser.close();
    }
  });
});
