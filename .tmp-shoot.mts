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
await new Promise<void>((r) => server.listen(4560, '127.0.0.1', () => r()));
const { chromium } = await import('/work/main/node_modules/playwright-core/index.mjs');
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', headless: true, args: ['--no-sandbox'] });
const page = await browser.newPage({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true, locale: 'zh-CN' });
page.on('pageerror', (e) => console.log('PAGEERROR', e.message));
page.on('console', (m) => { if (m.type() === 'error') console.log('CONSOLE', m.text()); });
const shots = (process.env.SHOTS ?? 'leave').split(',');
for (const spec of shots) {
  const [form, mode, action] = spec.split(':');
  await page.goto(`http://127.0.0.1:4560/?form=${form}&mode=${mode ?? 'edit'}${process.env.DATA ? '&data=' + process.env.DATA : ''}`);
  await page.waitForTimeout(600);
  if (action === 'reminder') { await page.waitForTimeout(5600); await page.screenshot({ path: `/tmp/harness/${form}-reminder.png` }); continue; }
  await page.evaluate('window.engine.dismissReminder()');
  await page.waitForTimeout(300);
  if (action === 'submit') { await page.getByRole('button', { name: '提交' }).click(); await page.waitForTimeout(400); await page.evaluate('window.scrollTo(0,0)'); }
  if (action === 'full') { await page.screenshot({ path: `/tmp/harness/${form}-${mode ?? 'edit'}-${action}.png`, fullPage: true }); continue; }
  if (action && action.startsWith('eval=')) { await page.evaluate(decodeURIComponent(action.slice(5))); await page.waitForTimeout(500); }
  await page.screenshot({ path: `/tmp/harness/${form}-${mode ?? 'edit'}${action ? '-' + action.slice(0, 10).replace(/[^a-z]/g, '') : ''}.png`, fullPage: true });
}
await browser.close(); server.close();
