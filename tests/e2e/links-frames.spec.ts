/**
 * The link policy and the frame rule in a real browser (domain/shell/linkPolicy.ts,
 * domain/shell/framePolicy.ts). A hostile page (sandbox/hostile/pages.ts) shown in each
 * frame surface of the app, and a hostile file behind each kind of link in server HTML,
 * must never run script at the app's origin (a `__pwned` setter in every window records
 * where each write came from), show a dialog, take the app's window elsewhere or open a
 * window with the app's rights. The raw fixtures are served with no protective header,
 * so the client's own rule is what holds.
 */
import type { Page } from '@playwright/test';
import { admin, goInApp, resetSandbox, signIn } from './app.support';
import { openCentre } from './approval.support';
import { watchScripts, type ScriptWatch } from './links-frames.support';
import { expect, snap, test } from './support';

const RAW_HTML = '/sandbox/hostile/raw/evil.html';
const RAW_SVG = '/sandbox/hostile/raw/evil.svg';
const FILE_HTML = '/sandbox/hostile/file/evil.html';

let foreign: { url: string };
test.beforeAll(({ foreignUrl }) => {
  foreign = { url: foreignUrl };
});
test.beforeEach(async ({ request }) => {
  await resetSandbox(request);
});

/** Serves the hostile page wherever the app would load `pattern`. */
const hostileAt = (page: Page, pattern: string, baseURL: string) =>
  page.route(pattern, async (route) => {
    const response = await page.request.get(new URL(RAW_HTML, baseURL).href);
    await route.fulfill({ status: 200, contentType: 'text/html; charset=utf-8', body: await response.text() });
  });

const hostileHeading = (page: Page, frameSelector: string) => page.frameLocator(frameSelector).getByRole('heading', { name: '看起来像应用的下一页' });

/** The hostile page ran (outside the app's origin) and nothing ran inside it. */
async function expectContained(page: Page, watch: ScriptWatch, appOrigin: string): Promise<void> {
  // The page's own script did run, sandboxed: the watch sees it, so a run at the app's origin would show too.
  await expect.poll(() => watch.runs.filter((r) => r.origin === 'null').length).toBeGreaterThan(0);
  expect(watch.at(appOrigin)).toEqual([]);
  expect(watch.dialogs).toEqual([]);
  expect(new URL(page.url()).origin).toBe(appOrigin);
  // A window the page opened keeps its sandbox: whatever it ran, ran opaque (its writes are in watch.runs).
  expect(watch.at(appOrigin)).toEqual([]);
}

test('the watch itself sees a script that runs at the app origin', async ({ page, baseURL }) => {
  const watch = await watchScripts(page);
  await page.goto('login');
  await page.evaluate(() => {
    (window as unknown as { __pwned: string }).__pwned = 'control';
  });
  await expect.poll(() => watch.at(new URL(baseURL!).origin)).toEqual(['control']);
});

test.describe('every frame surface contains a same-origin page with script', () => {
  test('the web view, the iframe page and an SVG file', async ({ page, baseURL }) => {
    const app = new URL(baseURL!).origin;
    const watch = await watchScripts(page);
    await signIn(page, 't1001');
    await goInApp(page, '/web-view', { title: '网页', uri: new URL(RAW_HTML, baseURL).href });
    await expect(hostileHeading(page, 'iframe.cw-frame__frame')).toBeVisible();
    await expectContained(page, watch, app);
    // An app-origin page is the app's own: no address bar.
    await expect(page.getByRole('note', { name: '外部网页' })).toHaveCount(0);

    await goInApp(page, `/iframe?url=${encodeURIComponent(new URL(RAW_SVG, baseURL).href)}`, { title: 'SVG' });
    await expect(page.locator('iframe.cw-frame__frame')).toHaveAttribute('src', /evil\.svg$/);
    await expect.poll(() => watch.runs.some((r) => r.label.startsWith('svg'))).toBe(true);
    await expectContained(page, watch, app);
  });

  test('a home widget', async ({ page, baseURL }) => {
    const app = new URL(baseURL!).origin;
    const watch = await watchScripts(page);
    await hostileAt(page, '**/sandbox/widgets/weather.html', baseURL!);
    await signIn(page, 't1001');
    await expect(hostileHeading(page, 'iframe.cw-widget__frame')).toBeVisible();
    await expectContained(page, watch, app);
  });

  test('a form iframe block', async ({ page, baseURL }) => {
    const app = new URL(baseURL!).origin;
    const watch = await watchScripts(page);
    await hostileAt(page, '**/sandbox/preview/notice**', baseURL!);
    await openCentre(page, 't1001');
    await page.getByRole('button', { name: '发起审批' }).click();
    await page.getByRole('button', { name: /通知发文/ }).click();
    await expect(hostileHeading(page, '.cw-fm-iframe iframe')).toBeVisible();
    await expectContained(page, watch, app);
  });

  test('an online preview', async ({ page, baseURL }) => {
    const app = new URL(baseURL!).origin;
    const watch = await watchScripts(page);
    await hostileAt(page, '**/sandbox/preview?**', baseURL!);
    await signIn(page, 't1001');
    const pdf = `/sandbox/files/seed/${encodeURIComponent('2026春季校历.pdf')}`;
    await goInApp(page, `/page/onlinePreview?${new URLSearchParams({ url: pdf, name: '2026春季校历.pdf' }).toString()}`);
    await expect(hostileHeading(page, 'iframe.cw-file-frame')).toBeVisible();
    await expectContained(page, watch, app);
  });
});

test.describe('a foreign page that sends its frame to the app origin', () => {
  test('gets no access to the app', async ({ page, baseURL }) => {
    const app = new URL(baseURL!).origin;
    const watch = await watchScripts(page);
    await signIn(page, 't1001');
    const uri = `${foreign.url}/redirect?to=${encodeURIComponent(new URL(RAW_HTML, baseURL).href)}`;
    await goInApp(page, '/web-view', { title: '外部', uri });
    // A foreign address is shown as such.
    await expect(page.getByRole('note', { name: '外部网页' })).toContainText(foreign.url);
    await expect(hostileHeading(page, 'iframe.cw-frame__frame')).toBeVisible();
    await expectContained(page, watch, app);
    await snap(page, 'web-view-foreign');
  });

  test('a trusted origin keeps its own, and what it redirects to at the app origin still gets nothing', async ({ page, baseURL }) => {
    const app = new URL(baseURL!).origin;
    await page.route('**/config.json', async (route) => {
      const response = await route.fetch();
      const config = (await response.json()) as Record<string, unknown>;
      await route.fulfill({ response, json: { ...config, trustedFrameOrigins: [foreign.url] } });
    });
    const watch = await watchScripts(page);
    await signIn(page, 't1001');

    // Its own page keeps its origin (its storage, its sign-in) and runs there, not in the app.
    await goInApp(page, '/web-view', { title: '可信', uri: `${foreign.url}/page.html` });
    await expect(page.locator('iframe.cw-frame__frame')).toHaveAttribute('sandbox', /allow-same-origin/);
    await expect(hostileHeading(page, 'iframe.cw-frame__frame')).toBeVisible();
    await expect.poll(() => watch.runs.some((r) => r.origin === foreign.url)).toBe(true);
    expect(watch.at(app)).toEqual([]);

    // A user file served as docs/deploy.md says: sandboxed by its own headers.
    await goInApp(page, '/web-view', { title: '可信跳转', uri: `${foreign.url}/redirect?to=${encodeURIComponent(new URL(FILE_HTML, baseURL).href)}` });
    await expect(hostileHeading(page, 'iframe.cw-frame__frame')).toBeVisible();
    // The app itself: it does not start inside one of its own frames.
    await goInApp(page, '/web-view', { title: '应用', uri: `${foreign.url}/redirect?to=${encodeURIComponent(new URL('/?tab=me', baseURL).href)}` });
    // Read through the frame element: this frame is at the app's origin with the same origin
    // kept, so the app's page can read it. (Playwright's own view of frames lost this one
    // now and then on a loaded machine: the frame had moved to another renderer process.)
    const appPage = new URL('/?tab=me', baseURL).href;
    await expect
      .poll(() =>
        page.evaluate(() => {
          const doc = document.querySelector<HTMLIFrameElement>('iframe.cw-frame__frame')?.contentDocument;
          if (!doc || doc.readyState !== 'complete') return null;
          const root = doc.getElementById('root');
          return { href: doc.location.href, root: root !== null, drawn: root?.childElementCount ?? 0 };
        }),
      )
      .toEqual({ href: appPage, root: true, drawn: 0 });
    expect(watch.at(app)).toEqual([]);
    expect(watch.dialogs).toEqual([]);
    expect(new URL(page.url()).origin).toBe(app);
  });
});

test.describe('links inside server HTML follow the link policy', () => {
  const LINKS = (base: string, foreignUrl: string) =>
    [
      `<p><a href="/page/todo">待办列表</a></p>`,
      `<p><a href="${RAW_SVG}">签名图片</a></p>`,
      `<p><a href="${new URL(RAW_HTML, base).href}">本站网页</a></p>`,
      `<p><a href="${foreignUrl}/page.html">外部网页</a></p>`,
      `<p><a href="javascript:window.__pwned='href'">脚本链接</a></p>`,
      `<p><a href="mailto:office@campus.edu">写信</a></p>`,
    ].join('');

  async function openNotice(page: Page, request: Parameters<typeof admin>[0], baseURL: string): Promise<void> {
    const { eventId } = (await admin(request, 'notify', {
      account: 't1001',
      groupName: '系统消息',
      title: '链接测试',
      context: LINKS(baseURL, foreign.url),
    })) as { eventId: string };
    await goInApp(page, `/page/notice?id=${eventId}&name=${encodeURIComponent('系统通知')}`);
    await expect(page.getByRole('article', { name: '链接测试' })).toBeVisible();
  }
  const link = (page: Page, name: string) => page.getByRole('article', { name: '链接测试' }).getByRole('link', { name });

  test('in a notice: a route, a file, a same-origin page, a foreign page; script links never', async ({ page, request, baseURL }) => {
    const app = new URL(baseURL!).origin;
    const watch = await watchScripts(page);
    await signIn(page, 't1001');

    await openNotice(page, request, baseURL!);
    await link(page, '待办列表').click();
    await expect(page).toHaveURL(/\/page\/todo$/);

    await page.goBack();
    await link(page, '签名图片').click();
    // A file on the app's origin is offered as a file, never rendered in the app's window.
    await expect(page).toHaveURL(/\/page\/file\?/);
    await expect(page.getByRole('heading', { name: 'evil.svg' })).toBeVisible();

    await page.goBack();
    await link(page, '本站网页').click();
    await expect(page).toHaveURL(/\/web-view$/);
    await expect(hostileHeading(page, 'iframe.cw-frame__frame')).toBeVisible();

    await page.goBack();
    await link(page, '外部网页').click();
    await expect(page).toHaveURL(/\/web-view$/);
    await expect(page.getByRole('note', { name: '外部网页' })).toContainText(`${foreign.url}/page.html`);

    await page.goBack();
    // The sanitizer took the script address away; tapping what is left does nothing.
    await page.getByRole('article', { name: '链接测试' }).getByText('脚本链接').click();
    await expect(page).toHaveURL(/\/page\/notice\?/);

    await expectContained(page, watch, app);
  });
});
