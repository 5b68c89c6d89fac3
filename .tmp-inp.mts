import { createServer } from 'node:http';
import { createReadStream, existsSync, statSync } from 'node:fs';
import { join, extname } from 'node:path';
const dir = '/work/main/dist-bench-form';
const server = createServer((req, res) => {
  const p = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
  const f = join(dir, p);
  if (!existsSync(f) || !statSync(f).isFile()) { res.writeHead(404).end(); return; }
  res.writeHead(200, { 'Content-Type': extname(f) === '.js' ? 'text/javascript' : extname(f) === '.css' ? 'text/css' : 'text/html' });
  createReadStream(f).pipe(res);
});
await new Promise<void>((r) => server.listen(4557, '127.0.0.1', () => r()));
const { chromium } = await import('/work/main/node_modules/playwright-core/index.mjs');
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', headless: true, args: ['--no-sandbox'] });
const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
await page.goto('http://127.0.0.1:4557/bench/form-bench.html');
await page.waitForFunction(() => (window as any).__formBench?.ready);
const r = await page.evaluate(() => {
  const out: Record<string, number> = {};
  const run = (name: string, make: () => HTMLElement) => {
    const box = document.createElement('div');
    document.body.appendChild(box);
    const t0 = performance.now();
    for (let i = 0; i < 300; i++) box.appendChild(make());
    out[name] = performance.now() - t0;
    box.remove();
  };
  run('div', () => document.createElement('div'));
  run('input', () => document.createElement('input'));
  run('input+placeholder', () => { const i = document.createElement('input'); i.placeholder = '请输入字段'; return i; });
  run('input+value', () => { const i = document.createElement('input'); i.value = ''; i.className = 'cw-input'; return i; });
  run('textarea', () => document.createElement('textarea'));
  return out;
});
console.log(r);
await browser.close(); server.close();
