import { KEYS, newSid, recordPushes, pushedPaths, resetSandbox, storageValue, mainLayout } from './app.support';
import { expect, snap, test } from './support';

test.beforeEach(async ({ request }) => {
  await resetSandbox(request);
});

const sso = (params: Record<string, string>) => `sso?${new URLSearchParams(params).toString()}`;

test('sid and sourceURL are exchanged once; a same-origin redirectPath is honoured and the sid leaves the address', async ({ page, request }) => {
  await recordPushes(page);
  const sid = await newSid(request, 't1001');
  const calls: Array<Record<string, unknown>> = [];
  page.on('request', (r) => {
    if (r.url().includes('/account/sid-login')) calls.push(r.postDataJSON() as Record<string, unknown>);
  });
  await page.goto(sso({ sid, sourceURL: 'https://portal.example.edu/home', redirectPath: '/page/aboutMe' }));
  await expect(page).toHaveURL(/\/page\/aboutMe$/);
  await expect(page.getByRole('heading', { level: 1, name: '关于未来校园' })).toBeVisible();
  expect(calls).toEqual([{ sid, sourceURL: 'https://portal.example.edu/home' }]);
  expect(page.url()).not.toContain(sid);
  expect(await storageValue(page, KEYS.token)).not.toBeNull();
  // The sso entry itself was replaced, never pushed on: going back cannot reach the sid again.
  expect(await pushedPaths(page)).toEqual([]);
});

for (const redirectPath of ['https://evil.example/steal', '//evil.example/x', '/\\evil.example', 'javascript:alert(1)']) {
  test(`redirectPath ${redirectPath} is ignored: the user lands on the base`, async ({ page, request }) => {
    await recordPushes(page);
    const sid = await newSid(request, 's2001');
    await page.goto(sso({ sid, redirectPath }));
    await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/$/);
    await expect(mainLayout(page)).toBeVisible();
    expect((await pushedPaths(page)).some((p) => p.includes('evil'))).toBe(false);
  });
}

test('no redirectPath: home', async ({ page, request }) => {
  const sid = await newSid(request, 'p3001');
  await page.goto(sso({ sid }));
  await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/$/);
  await expect(mainLayout(page)).toBeVisible();
});

test('a used or unknown sid shows the error state with a back button, without the sid in the address', async ({ page, request }) => {
  const sid = await newSid(request, 't1001');
  await request.post('v1/saas-identity-service/api/account/sid-login', { data: { sid, sourceURL: '' } });
  await page.goto(sso({ sid, sourceURL: 'https://portal.example.edu/' }));
  await expect(page.getByText('登录失败')).toBeVisible();
  await expect(page.getByText('登录凭证无效或已过期')).toBeVisible();
  expect(page.url()).not.toContain(sid);
  expect(page.url()).toContain('sourceURL=');
  await snap(page, 'sso-failed');
  await page.getByRole('button', { name: '返回' }).click();
  // Nothing behind it and no shell: back to the app's start, which asks for a login.
  await expect(page).toHaveURL(/\/login$/);
});

test('the signing-in state while the exchange runs', async ({ page, request }) => {
  const sid = await newSid(request, 't1001');
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/account/sid-login', async (route) => {
    await held;
    await route.continue();
  });
  await page.goto(sso({ sid }));
  await expect(page.getByRole('status')).toContainText('正在登录');
  await snap(page, 'sso-signing-in');
  release();
  await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/$/);
});

test('hostile redirectPath variants (case, whitespace, control characters, encodings, backslashes) all land on the base', async ({ page, request }) => {
  await recordPushes(page);
  const hostile = [
    'JaVaScRiPt:alert(1)',
    ' javascript:alert(1)',
    'java\tscript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'vbscript:msgbox(1)',
    '/\t/evil.example',
    '\\\\evil.example',
    '/\\/evil.example',
    '%2F%2Fevil.example',
    'https:evil.example',
  ];
  const dialogs: string[] = [];
  page.on('dialog', (d) => {
    dialogs.push(d.message());
    void d.dismiss();
  });
  for (const redirectPath of hostile) {
    const sid = await newSid(request, 's2001');
    await page.goto(sso({ sid, redirectPath }));
    await expect(page, redirectPath).toHaveURL(/127\.0\.0\.1:\d+\/$/);
    await expect(mainLayout(page)).toBeVisible();
  }
  expect((await pushedPaths(page)).some((p) => /evil|script|data:/i.test(p))).toBe(false);
  expect(dialogs).toEqual([]);
});
