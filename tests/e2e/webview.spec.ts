import { goInApp, installShell, signIn, resetSandbox, shellMessages } from './app.support';
import { expect, snap, test } from './support';

test.beforeEach(async ({ request }) => {
  await resetSandbox(request);
});

test('web-view: the title from route state, a sandboxed frame for an http(s) address', async ({ page, baseURL }) => {
  await page.goto('login');
  const uri = new URL('sandbox/widgets/weather.html', baseURL).href;
  await goInApp(page, '/web-view', { title: '校园天气', uri });
  await expect(page.getByRole('heading', { level: 1, name: '校园天气' })).toBeVisible();
  const frame = page.locator('iframe[title="校园天气"]');
  await expect(frame).toHaveAttribute('src', uri);
  // Same origin as the app: scripts may run, but never with the app's origin.
  const sandbox = (await frame.getAttribute('sandbox')) ?? '';
  expect(sandbox).toContain('allow-scripts');
  expect(sandbox).not.toContain('allow-same-origin');
  await expect(frame).toHaveAttribute('referrerpolicy', 'no-referrer');
  await expect(page.locator('.cw-frame__loading')).toHaveCount(0);
  await snap(page, 'web-view');
});

test('a third-party address runs in an opaque origin and shows its address, unless config.json trusts it', async ({ page }) => {
  await page.route('https://apps.example.edu/**', (route) => route.fulfill({ contentType: 'text/html; charset=utf-8', body: '<h1>图书馆</h1>' }));
  await page.goto('login');
  await goInApp(page, '/web-view', { title: '图书馆', uri: 'https://apps.example.edu/library' });
  const frame = page.locator('iframe.cw-frame__frame');
  await expect(frame).not.toHaveAttribute('sandbox', /allow-same-origin/);
  await expect(page.frameLocator('iframe.cw-frame__frame').getByRole('heading', { name: '图书馆' })).toBeVisible();
  // Never taken for the app's next screen: whose page it is, and a way to open it outside.
  await expect(page.getByRole('note', { name: '外部网页' })).toContainText('https://apps.example.edu/library');
  await expect(page.getByRole('link', { name: '在浏览器中打开' })).toHaveAttribute('target', '_blank');
  await expect(page.getByRole('link', { name: '在浏览器中打开' })).toHaveAttribute('rel', 'noopener noreferrer');
});

test('a trusted origin keeps its own origin in the frame (its sign-in and storage work)', async ({ page }) => {
  await page.route('**/config.json', async (route) => {
    const response = await route.fetch();
    await route.fulfill({ response, json: { ...((await response.json()) as object), trustedFrameOrigins: ['https://apps.example.edu'] } });
  });
  await page.route('https://apps.example.edu/**', (route) => route.fulfill({ contentType: 'text/html; charset=utf-8', body: '<h1>图书馆</h1>' }));
  await page.goto('login');
  await goInApp(page, '/web-view', { title: '图书馆', uri: 'https://apps.example.edu/library' });
  await expect(page.locator('iframe.cw-frame__frame')).toHaveAttribute('sandbox', /allow-same-origin/);
});

for (const uri of ['javascript:alert(1)', 'data:text/html,<script>alert(1)</script>', '//evil.example/x', 'https://user:pw@evil.example/', 'ftp://files.example/']) {
  test(`web-view refuses ${uri.slice(0, 24)}`, async ({ page }) => {
    await page.goto('login');
    await goInApp(page, '/web-view', { title: '坏链接', uri });
    await expect(page.getByText('链接地址无效')).toBeVisible();
    await expect(page.locator('iframe')).toHaveCount(0);
  });
}

test('the iframe page: query url, only http(s)', async ({ page, baseURL }) => {
  await signIn(page, 't1001');
  const url = new URL('sandbox/widgets/weather.html', baseURL).href;
  await goInApp(page, `/iframe?url=${encodeURIComponent(url)}`, { title: '校园天气' });
  await expect(page.getByRole('heading', { level: 1, name: '校园天气' })).toBeVisible();
  await expect(page.locator('iframe')).toHaveAttribute('src', url);
  // The loading dots go once the frame has loaded.
  await expect(page.locator('.cw-frame__loading')).toHaveCount(0);
  await snap(page, 'iframe-page');
  await goInApp(page, `/iframe?url=${encodeURIComponent('javascript:alert(document.cookie)')}`);
  await expect(page.getByText('链接地址无效')).toBeVisible();
  await expect(page.locator('iframe')).toHaveCount(0);
  await snap(page, 'web-view-invalid');
});

test('opened first inside the shell, the web-view back goes to the shell', async ({ page, baseURL }) => {
  await installShell(page);
  await page.goto('login');
  const uri = new URL('sandbox/widgets/weather.html', baseURL).href;
  // Replace, so the web-view is the first entry this app opened.
  await page.evaluate((u) => window.history.replaceState({ title: '天气', uri: u }, '', '/web-view'), uri);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: '天气' })).toBeVisible();
  await page.getByRole('button', { name: '返回' }).click();
  await expect.poll(async () => (await shellMessages(page)).map((m) => m.type)).toContain('back');
});
