import { createServer } from 'node:http';
import { createReadStream, existsSync, statSync } from 'node:fs';
import { join, extname } from 'node:path';
const dir = '/tmp/harness/dist';
const server = createServer((req, res) => {
  let p = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
  if (p === '/') p = '/index.html';
  const f = join(dir, p);
  if (!existsSync(f) || !statSync(f).isFile()) { res.writeHead(404).end(); return; }
  res.writeHead(200, { 'Content-Type': extname(f) === '.js' ? 'text/javascript' : extname(f) === '.css' ? 'text/css' : 'text/html' });
  createReadStream(f).pipe(res);
});
await new Promise<void>((r) => server.listen(4561, '127.0.0.1', () => r()));
const { chromium } = await import('/work/main/node_modules/playwright-core/index.mjs');
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', headless: true, args: ['--no-sandbox'] });
const page = await browser.newPage({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true, locale: 'zh-CN' });
page.on('pageerror', (e) => console.log('PAGEERROR', e.message));
const go = async (q: string) => { await page.goto(`http://127.0.0.1:4561/?${q}`); await page.waitForTimeout(500); await page.evaluate('window.engine.dismissReminder()'); await page.waitForTimeout(300); };
const shot = async (n: string, full = false) => page.screenshot({ path: `/tmp/harness/i-${n}.png`, fullPage: full });
// subform editor
await go('form=studentInfo');
await page.getByRole('button', { name: /添加家庭成员/ }).click();
await page.waitForTimeout(500);
await page.getByRole('button', { name: '保存' }).click();
await page.waitForTimeout(300);
await shot('subform-editor');
console.log(await page.evaluate(`[...document.querySelectorAll('[role=dialog]')].map(d => [d.className, d.getAttribute('aria-label'), !!d.closest('[aria-hidden=true]'), d.closest('[aria-hidden]')?.className])`));
const dlg = page.getByRole('dialog', { name: '家庭成员' }); await dlg.getByLabel('姓名', { exact: true }).fill('张父');
await dlg.getByRole('button', { name: /关系/ }).click();
await page.waitForTimeout(500);
await shot('subform-select');
await page.locator('.adm-picker').getByText('确定').click();
await page.waitForTimeout(400);
await page.getByRole('button', { name: '保存' }).click();
await page.waitForTimeout(500);
// address
await page.getByRole('button', { name: /家庭住址/ }).click();
await page.waitForTimeout(500);
await shot('address');
await page.getByText('浙江省').click(); await page.waitForTimeout(300);
await page.getByText('杭州市').click(); await page.waitForTimeout(300);
await page.getByText('西湖区').click(); await page.waitForTimeout(300);
await page.locator('.adm-cascader').getByText('确定').click();
await page.waitForTimeout(400);
// image upload, one bad
await page.locator('input[type=file]').first().setInputFiles([{ name: 'bad.jpg', mimeType: 'image/jpeg', buffer: Buffer.from([1, 2, 3]) }]);
await page.waitForTimeout(1600);
await page.locator('#cw-f-stu_family-control').scrollIntoViewIfNeeded().catch(() => undefined);
await page.evaluate('window.scrollTo(0, 500)');
await shot('after-inputs');
// date picker
await go('form=purchase');
await page.getByRole('button', { name: /预算年度/ }).click();
await page.waitForTimeout(500);
await shot('date-year');
// multiselect
await go('form=studentInfo');
await page.getByRole('button', { name: /兴趣爱好/ }).click();
await page.waitForTimeout(500);
await page.getByText('音乐').click();
await shot('multiselect');
// new document
await go('form=notice');
await page.getByRole('button', { name: '新建文档' }).click();
await page.waitForTimeout(600);
await page.getByRole('button', { name: '创建' }).click();
await page.waitForTimeout(300);
await shot('new-document');
await page.getByLabel('文件名称').fill('关于运动会的通知');
await page.getByRole('button', { name: '创建' }).click();
await page.waitForTimeout(600);
await page.locator('input[type=file]').first().setInputFiles([{ name: '方案.pdf', mimeType: 'application/pdf', buffer: Buffer.alloc(300000) }]);
await page.waitForTimeout(500);
await page.evaluate('window.scrollTo(0, 400)');
await shot('files');
await browser.close(); server.close();
