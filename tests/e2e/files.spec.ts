/**
 * Files (SPEC point 2 "Files", page/file, page/onlinePreview, page/onlineEditing; point 8
 * 暂不支持预览 and the addresses that are only logged; point 9 image extensions and the
 * size as ceil KB) against the sandbox, in a browser and inside a simulated native shell.
 * The list of forms and approvals (修改文件名, online edit, download, delete) is driven
 * through the to-do form in todo.spec.ts.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { Page } from '@playwright/test';
import { goInApp, installShell, signIn as signIn, resetSandbox, shellMessages, toast } from './app.support';
import { CPU_THROTTLE, expect, snap, test, TOASTS } from './support';

test.beforeEach(async ({ request }) => {
  await resetSandbox(request);
});

const PDF_KEY = `seed/${encodeURIComponent('2026春季校历.pdf')}`;
const PDF = `/sandbox/files/${PDF_KEY}`;
const TXT = `/sandbox/files/seed/${encodeURIComponent('实习报告模板.txt')}`;
const q = (params: Record<string, string>) => new URLSearchParams(params).toString();

/** A 2x2 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFklEQVR4nGP8z8DAwMDAxMDAwMDAAAANHQEDasKb6QAAAABJRU5ErkJggg==',
  'base64',
);

async function warnings(page: Page): Promise<string[]> {
  const list: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'warning') list.push(m.text());
  });
  return list;
}

test.describe('page/file', () => {
  test('icon by extension, name, size in ceil KB and 下载文件 as a download link in a browser', async ({ page }) => {
    await signIn(page, 't1001');
    await goInApp(page, `/page/file?${q({ url: PDF, name: '2026春季校历.pdf', size: '1500' })}`);
    await expect(page.getByRole('heading', { name: '文件详情' })).toBeVisible();
    await expect(page.getByRole('img', { name: 'PDF pdf' })).toBeVisible();
    await expect(page.getByRole('heading', { name: '2026春季校历.pdf' })).toBeVisible();
    // ceil(1500 / 1024) = 2
    await expect(page.getByText('2KB', { exact: true })).toBeVisible();
    const link = page.getByRole('link', { name: '下载文件' });
    await expect(link).toHaveAttribute('download', '2026春季校历.pdf');
    await expect(link).toHaveAttribute('href', new RegExp(`^http://127\\.0\\.0\\.1:\\d+${PDF.replace(/[.%]/g, (c) => `\\${c}`)}$`));
    await snap(page, 'file');

    const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
    expect(download.suggestedFilename()).toBe('2026春季校历.pdf');
  });

  test('the icon follows the extension; 1 byte is 1KB', async ({ page }) => {
    await signIn(page, 't1001');
    for (const [name, icon] of [
      ['报告.docx', 'DOCX word'],
      ['成绩.xlsx', 'XLSX excel'],
      ['课件.pptx', 'PPTX ppt'],
      ['照片.jpg', 'JPG image'],
      ['资料.zip', 'ZIP zip'],
      ['未知文件', '? unknown'],
    ] as const) {
      await goInApp(page, `/page/file?${q({ url: `/sandbox/files/x/${encodeURIComponent(name)}`, name, size: '1' })}`);
      await expect(page.getByRole('heading', { name })).toBeVisible();
      await expect(page.getByRole('img', { name: icon })).toBeVisible();
      await expect(page.getByText('1KB', { exact: true })).toBeVisible();
    }
  });

  test('the name comes from the address when the query has none; no size, no size line', async ({ page }) => {
    await signIn(page, 't1001');
    await goInApp(page, `/page/file?${q({ url: TXT })}`);
    await expect(page.getByRole('heading', { name: '实习报告模板.txt' })).toBeVisible();
    await expect(page.getByText(/KB$/)).toHaveCount(0);
  });

  test('inside the native shell 下载文件 hands the file to the shell (openFile) and stays on the page', async ({ page }) => {
    await installShell(page);
    await signIn(page, 't1001');
    await goInApp(page, `/page/file?${q({ url: PDF, name: '2026春季校历.pdf', size: '2048' })}`);
    await expect(page.getByRole('link', { name: '下载文件' })).toHaveCount(0);
    await page.getByRole('button', { name: '下载文件' }).click();
    await expect.poll(async () => (await shellMessages(page)).filter((m) => m.type === 'openFile').length).toBe(1);
    const message = (await shellMessages(page)).find((m) => m.type === 'openFile')!;
    expect(message).toEqual({ source: 'campus-shell', v: 1, type: 'openFile', url: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+\/sandbox\/files\/seed\//), name: '2026春季校历.pdf' });
    expect(new URL(String(message.url)).pathname).toBe(PDF);
    await expect(page).toHaveURL(/\/page\/file\?/);
  });

  test('an address that is not http(s) offers nothing to download', async ({ page }) => {
    await signIn(page, 't1001');
    await goInApp(page, `/page/file?${q({ url: 'javascript:alert(1)', name: 'x.pdf' })}`);
    await expect(page.getByText('文件地址无效')).toBeVisible();
    await expect(page.getByRole('link', { name: '下载文件' })).toHaveCount(0);
  });
});

test.describe('page/onlinePreview', () => {
  test('a previewable type shows the online-view address in a sandboxed frame', async ({ page }) => {
    await signIn(page, 't1001');
    await goInApp(page, `/page/onlinePreview?${q({ url: PDF, name: '2026春季校历.pdf' })}`);
    await expect(page.getByRole('heading', { name: '文件预览' })).toBeVisible();
    const frame = page.locator('iframe.cw-file-frame');
    await expect(frame).toHaveAttribute('src', /\/sandbox\/preview\?mode=view&/);
    await expect(frame).toHaveAttribute('title', '2026春季校历.pdf');
    // Same origin as the app: scripts may run, but never together with allow-same-origin.
    const sandbox = (await frame.getAttribute('sandbox')) ?? '';
    expect(sandbox).toContain('allow-scripts');
    expect(sandbox).not.toContain('allow-same-origin');
    await expect(page.frameLocator('iframe.cw-file-frame').getByRole('heading', { name: '2026春季校历.pdf' })).toBeVisible();
  });

  test('a text file read from the address alone is previewed too', async ({ page }) => {
    await signIn(page, 't1001');
    await goInApp(page, `/page/onlinePreview?${q({ url: TXT })}`);
    const frame = page.frameLocator('iframe.cw-file-frame');
    await expect(frame.getByRole('heading', { name: '实习报告模板.txt' })).toBeVisible();
    await expect(frame.getByText('三、实习体会')).toBeVisible();
    await snap(page, 'preview');
  });

  test('jpg, jpeg, png, gif, bmp, webp and ico images are shown inline, without a preview call', async ({ page }) => {
    await page.route('**/sandbox/files/test/photo.*', (route) => route.fulfill({ contentType: 'image/png', body: PNG }));
    let asked = false;
    page.on('request', (r) => {
      if (r.url().includes('/stored-file/')) asked = true;
    });
    await signIn(page, 't1001');
    for (const ext of ['jpg', 'jpeg', 'png', 'gif', 'bmp', 'webp', 'ico']) {
      await goInApp(page, `/page/onlinePreview?${q({ url: `/sandbox/files/test/photo.${ext}` })}`);
      const image = page.getByRole('img', { name: `photo.${ext}` });
      await expect(image).toBeVisible();
      await expect(image).toHaveAttribute('src', new RegExp(`/sandbox/files/test/photo\\.${ext}$`));
    }
    expect(asked).toBe(false);
  });

  test('a type file-type-view does not list shows 暂不支持预览', async ({ page }) => {
    await signIn(page, 't1001');
    const [view] = await Promise.all([
      page.waitForRequest((r) => r.url().includes('/stored-file/file-type-view')),
      goInApp(page, `/page/onlinePreview?${q({ url: '/sandbox/files/x/setup.exe', name: 'setup.exe' })}`),
    ]);
    expect(view.method()).toBe('POST');
    await expect(page.getByText('暂不支持预览')).toBeVisible();
    await expect(page.locator('iframe')).toHaveCount(0);
  });

  test('a missing address is only logged: no toast, no frame', async ({ page }) => {
    await signIn(page, 't1001');
    const logged = await warnings(page);
    await goInApp(page, '/page/onlinePreview');
    await expect(page.getByRole('heading', { name: '文件预览' })).toBeVisible();
    await expect.poll(() => logged.some((w) => w.includes('page/onlinePreview without a url'))).toBe(true);
    await expect(page.locator(TOASTS)).toHaveCount(0);
    await expect(page.locator('iframe')).toHaveCount(0);
  });

  test('a failing preview service shows its message with 重新加载', async ({ page, request }) => {
    await signIn(page, 't1001');
    await request.post('sandbox/admin/fault', { data: { path: '/stored-file/file-type-view', status: 500, message: '预览服务暂不可用' } });
    await goInApp(page, `/page/onlinePreview?${q({ url: PDF, name: '2026春季校历.pdf' })}`);
    await expect(toast(page, '预览服务暂不可用')).toBeVisible();
    await page.getByRole('button', { name: '重新加载' }).click();
    await expect(page.locator('iframe.cw-file-frame')).toHaveAttribute('src', /mode=view/);
  });
});

test.describe('page/onlineEditing', () => {
  test('an editable document shows the online-edit address in a sandboxed frame', async ({ page }) => {
    await signIn(page, 't1001');
    await goInApp(page, `/page/onlineEditing?${q({ url: TXT, name: '实习报告模板.txt' })}`);
    await expect(page.getByRole('heading', { name: '在线编辑' })).toBeVisible();
    const frame = page.locator('iframe.cw-file-frame');
    await expect(frame).toHaveAttribute('src', /\/sandbox\/preview\?mode=edit&/);
    await expect(page.frameLocator('iframe.cw-file-frame').getByRole('textbox', { name: '文档内容' })).toBeVisible();
  });

  test('no edit address from the server is only logged', async ({ page }) => {
    await signIn(page, 't1001');
    const logged = await warnings(page);
    await goInApp(page, `/page/onlineEditing?${q({ url: PDF, name: '2026春季校历.pdf' })}`);
    await expect.poll(() => logged.some((w) => w.includes('online-edit gave no edit address'))).toBe(true);
    await expect(page.locator(TOASTS)).toHaveCount(0);
    await expect(page.locator('iframe')).toHaveCount(0);
  });
});

test.describe('file hash (SPEC point 9)', () => {
  test('a file over 10 MB is hashed whole in the worker, as node:crypto hashes it, and stored; the next file reuses the worker', async ({ page }) => {
    test.setTimeout(90_000 * CPU_THROTTLE);
    // Past the first 2 MB read and across a 10 MB chunk: Chromium streams the rest of the
    // file in parts, read into one buffer again and again (infrastructure/upload/md5.ts).
    const bytes = randomBytes(12 * 1024 * 1024 + 12_345);
    const workers: string[] = [];
    page.on('worker', (w) => workers.push(w.url()));
    await signIn(page, 't1001');
    await goInApp(page, '/page/approvalCenter/flowLaunch?code=notice-draft');
    await expect(page.getByRole('heading', { name: '通知发文' })).toBeVisible();
    const asked = page.waitForRequest((r) => r.url().includes('/upload-file/obs-config'));
    await page.locator('input[type=file]').last().setInputFiles({ name: '校历扫描件.zip', mimeType: 'application/zip', buffer: bytes });
    const body = (await asked).postDataJSON() as { fileMd5: string; size: number };
    expect(body.fileMd5).toBe(createHash('md5').update(bytes).digest('hex'));
    expect(body.size).toBe(bytes.length);
    const md5Workers = () => workers.filter((u) => /\/assets\/md5\.worker-[\w-]+\.js$/.test(u));
    expect(md5Workers()).toHaveLength(1);
    await expect(page.getByText('校历扫描件.zip')).toBeVisible();
    await expect(page.getByText('上传中')).toHaveCount(0);

    // The next file goes to the same worker, kept for it (IDLE_WORKER_MS), and is hashed as its own.
    const small = randomBytes(3 * 1024 * 1024 + 7);
    const askedAgain = page.waitForRequest((r) => r.url().includes('/upload-file/obs-config'));
    await page.locator('input[type=file]').last().setInputFiles({ name: '签到表.zip', mimeType: 'application/zip', buffer: small });
    expect(((await askedAgain).postDataJSON() as { fileMd5: string }).fileMd5).toBe(createHash('md5').update(small).digest('hex'));
    await expect(page.getByText('签到表.zip')).toBeVisible();
    await expect(page.getByText('上传中')).toHaveCount(0);
    expect(md5Workers()).toHaveLength(1);
  });

  test('opening the picker starts the hash worker; the file chosen then is hashed by it', async ({ page }) => {
    const bytes = randomBytes(300_000);
    const workers: string[] = [];
    page.on('worker', (w) => workers.push(w.url()));
    await signIn(page, 't1001');
    await goInApp(page, '/page/approvalCenter/flowLaunch?code=notice-draft');
    await expect(page.getByRole('heading', { name: '通知发文' })).toBeVisible();
    const md5Workers = () => workers.filter((u) => /\/assets\/md5\.worker-[\w-]+\.js$/.test(u));
    expect(md5Workers()).toHaveLength(0);
    const chooser = page.waitForEvent('filechooser');
    await page.locator('input[type=file]').last().dispatchEvent('click');
    // The user is still choosing: the worker is there already.
    await expect.poll(md5Workers).toHaveLength(1);
    const asked = page.waitForRequest((r) => r.url().includes('/upload-file/obs-config'));
    await (await chooser).setFiles({ name: '会议纪要.zip', mimeType: 'application/zip', buffer: bytes });
    expect(((await asked).postDataJSON() as { fileMd5: string }).fileMd5).toBe(createHash('md5').update(bytes).digest('hex'));
    await expect(page.getByText('会议纪要.zip')).toBeVisible();
    expect(md5Workers()).toHaveLength(1);
  });
});
