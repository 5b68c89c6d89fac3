/**
 * Helpers of the app-foundation browser tests (boot, login, SSO, layout, about,
 * settings, web-view): signing in through the real login page, moving inside the app
 * without a reload, and a simulated native shell per docs/native-shell.md.
 */
import { createHash } from 'node:crypto';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, TOASTS } from './support';

export const PASSWORD = 'Campus2026';
export const SCHOOL = 'demo';

/** Storage keys (infrastructure/storage/sessionStores.ts, application/session/schoolStore.ts). */
export const KEYS = { token: 'campus.token', campusId: 'campus.campusId', school: 'campus.school', history: 'campus.searchHistory' };

/**
 * A sandbox admin call. The request fixture keeps its connection alive; after a long
 * browser step the server may have closed it (ECONNRESET), so one retry is made.
 */
export async function admin(request: APIRequestContext, path: string, data?: unknown, method: 'post' | 'delete' = 'post'): Promise<unknown> {
  const send = () => (method === 'post' ? request.post(`sandbox/admin/${path}`, { data: data ?? {} }) : request.delete(`sandbox/admin/${path}`));
  let res;
  try {
    res = await send();
  } catch {
    res = await send();
  }
  expect(res.ok(), `sandbox/admin/${path}`).toBeTruthy();
  return res.json();
}

export async function resetSandbox(request: APIRequestContext): Promise<void> {
  await admin(request, 'reset');
  await admin(request, 'fault', undefined, 'delete');
}

/**
 * Binds the school with a school link (/login?code=, as a scanned QR code does; the
 * popup itself is tested in login.spec.ts), then signs in with the form; ends home.
 */
export async function loginThroughUi(page: Page, account: string, password = PASSWORD): Promise<void> {
  await page.goto(`login?code=${SCHOOL}`);
  await expect(page.getByRole('button', { name: /切换学校/ })).toBeVisible();
  await page.getByRole('textbox', { name: '账号' }).fill(account);
  await page.getByRole('textbox', { name: '密码' }).fill(password);
  await page.getByRole('checkbox').check();
  await page.getByRole('button', { name: '登录', exact: true }).click();
  await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/$/);
  await expect(mainLayout(page)).toBeVisible();
}

/**
 * Signs in without the login page: the real mobile-login call from the test, then the
 * same two storage entries the login page leaves (school binding and token record, see
 * KEYS), then the home page. The login page itself is covered by login.spec.ts and
 * demo-accounts.spec.ts; every other test starts from here, which saves one app boot
 * and the form per test. Ends home, like loginThroughUi.
 */
/**
 * The main layout, once the initialisation gate has opened: its bottom bar. The gate's
 * skeleton draws the same tabs (hidden from assistive technology), so their text alone
 * does not say the session is ready.
 */
export const mainLayout = (page: Page) => page.getByRole('navigation', { name: 'main' });

export async function signIn(page: Page, account: string, password = PASSWORD): Promise<void> {
  const res = await page.request.post('v1/saas-identity-service/api/account/mobile-login', {
    data: { account, password: createHash('md5').update(password, 'utf8').digest('hex'), tenantCode: SCHOOL },
  });
  expect(res.ok(), `mobile-login ${account}`).toBeTruthy();
  const rec = (await res.json()) as { encryptedAccessToken: string; refreshToken: string };
  // Any same-origin document lets the test write local storage; config.json is the smallest.
  await page.goto('config.json');
  await page.evaluate(
    ([k, school, token]) => {
      localStorage.setItem(k.school, school);
      localStorage.setItem(k.token, token);
    },
    [
      KEYS,
      JSON.stringify({ code: SCHOOL, tenantCode: SCHOOL, name: '未来校园示范学校' }),
      JSON.stringify({ encryptedAccessToken: rec.encryptedAccessToken, refreshToken: rec.refreshToken }),
    ] as const,
  );
  await page.goto('./');
  await expect(mainLayout(page)).toBeVisible();
}

/**
 * Moves to a path inside the app as the app itself does (history.pushState, which
 * wouter observes), with optional route state. A full page load of a nested path is not
 * used: see the report on relative asset paths.
 */
export async function goInApp(page: Page, path: string, state: unknown = null): Promise<void> {
  await page.evaluate(
    ([p, s]) => {
      window.history.pushState(s, '', p as string);
    },
    [path, state] as const,
  );
}

export interface SimulatedShell {
  coreVersion?: string;
  /** What the native scanner answers; null: the user closes it. */
  scanText?: string | null;
  /** The vibration setting the shell reports on load. */
  vibration?: boolean;
  /** The system text size the shell reports on load (1 is 100%). */
  textScale?: number;
}

/**
 * Installs the shell bridge before the app's scripts run (docs/native-shell.md
 * "Detection"). Every message the page posts is validated as JSON and recorded in
 * window.__shellMessages; getCoreVersion and scan are answered like the shell does,
 * with window 'message' events from the page's own origin.
 */
export async function installShell(page: Page, shell: SimulatedShell = {}): Promise<void> {
  await page.addInitScript((opts: SimulatedShell) => {
    const w = window as unknown as { __shellMessages: unknown[]; CampusShellBridge: unknown };
    w.__shellMessages = [];
    const reply = (message: Record<string, unknown>) =>
      setTimeout(() => window.postMessage(JSON.stringify({ source: 'campus-shell', v: 1, ...message }), window.location.origin), 20);
    w.CampusShellBridge = {
      postMessage(json: string) {
        const m = JSON.parse(json) as { type: string; requestId?: string };
        w.__shellMessages.push(m);
        // A shell keeps the setting it was sent, as a native app keeps its preferences.
        if (m.type === 'setVibration') window.sessionStorage.setItem('__shellVibration', String((m as { enabled?: boolean }).enabled));
        // What the shell reports at start it sends once the app says it listens (docs/native-shell.md `ready`).
        if (m.type === 'ready') {
          if (typeof opts.vibration === 'boolean') {
            const kept = window.sessionStorage.getItem('__shellVibration');
            reply({ type: 'vibration', enabled: kept === null ? opts.vibration : kept === 'true' });
          }
          if (typeof opts.textScale === 'number') reply({ type: 'textScale', scale: opts.textScale });
        }
        if (m.type === 'getCoreVersion') reply({ type: 'coreVersion', requestId: m.requestId, version: opts.coreVersion ?? '2.3.1' });
        if (m.type === 'scan') {
          reply(
            opts.scanText === null || opts.scanText === undefined
              ? { type: 'scanCancelled', requestId: m.requestId }
              : { type: 'scanResult', requestId: m.requestId, text: opts.scanText },
          );
        }
      },
    };
  }, shell);
}

export async function shellMessages(page: Page): Promise<Array<Record<string, unknown>>> {
  return page.evaluate(() => (window as unknown as { __shellMessages: Array<Record<string, unknown>> }).__shellMessages ?? []);
}

export async function storageValue(page: Page, key: string): Promise<string | null> {
  return page.evaluate((k) => window.localStorage.getItem(k), key);
}

/** A new single-use SSO sid for an account (sandbox admin). */
export async function newSid(request: APIRequestContext, account: string): Promise<string> {
  return ((await admin(request, 'sid', { account })) as { sid: string }).sid;
}

/** The newest unused SMS code the sandbox sent to `phone` (GET /sandbox/admin/sms), once there is one. */
export async function smsCode(request: APIRequestContext, phone: string): Promise<string> {
  let code: string | undefined;
  await expect
    .poll(async () => {
      const list = (await (await request.get('sandbox/admin/sms')).json()) as Array<{ phone: string; code: string; sentAt: string }>;
      code = list.filter((s) => s.phone === phone).sort((a, b) => a.sentAt.localeCompare(b.sentAt)).at(-1)?.code;
      return code;
    })
    .toBeTruthy();
  return code as string;
}

/** Types into the code cells (the passcode input keeps a hidden native input). */
export async function typeCode(page: Page, code: string): Promise<void> {
  await page.getByRole('group', { name: '验证码' }).locator('.adm-passcode-input').click();
  await page.keyboard.type(code);
}

/** Toasts are antd-mobile's; their text is what the user reads. */
/**
 * The newest toast saying `text`: the same toast shown twice in a row (two saves) may be
 * in the page twice while the first fades out, on a slow phone for longer.
 */
export const toast = (page: Page, text: string) => page.locator(TOASTS).getByText(text, { exact: true }).last();

/** Records every in-app navigation (pushState) so a test can see where the app went, even through a redirect. */
export async function recordPushes(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const w = window as unknown as { __pushed: string[] };
    w.__pushed = [];
    const push = window.history.pushState.bind(window.history);
    window.history.pushState = (state: unknown, unused: string, url?: string | URL | null) => {
      if (url) w.__pushed.push(String(url));
      push(state, unused, url);
    };
  });
}

export async function pushedPaths(page: Page): Promise<string[]> {
  return page.evaluate(() => (window as unknown as { __pushed: string[] }).__pushed ?? []);
}

/**
 * Chooses an option in the picker wheel through its accessible "previous / next item"
 * controls (the wheel's own tap target sits under its drag handler). One step at a time,
 * toward the option from wherever the wheel is: a step the wheel did not take (a tap the
 * freshly opened wheel missed) is tapped again, and one a slow phone took late (two steps,
 * past the option) is walked back.
 */
export async function pickOption(page: Page, field: string, option: string): Promise<void> {
  await page.getByRole('button', { name: field }).click();
  const picker = page.locator('.adm-picker:visible');
  await expect(picker).toBeVisible();
  const current = picker.locator('[aria-label^="当前选择的是："]');
  const items = await picker.locator('.adm-picker-view-column-item').allTextContents();
  const target = items.indexOf(option);
  expect(target, `${option} is one of ${items.join(' ')}`).toBeGreaterThanOrEqual(0);
  for (let i = 0; i < 3 * items.length; i++) {
    const shown = ((await current.getAttribute('aria-label')) ?? '').replace('当前选择的是：', '');
    if (shown === option) break;
    const control = items.indexOf(shown) < target ? '选择下一项：' : '选择上一项：';
    await picker.locator(`[aria-label^="${control}"]`).dispatchEvent('click');
    await expect(current).not.toHaveAttribute('aria-label', `当前选择的是：${shown}`, { timeout: 2_000 }).catch(() => undefined);
  }
  await expect(current).toHaveAttribute('aria-label', `当前选择的是：${option}`);
  await picker.getByText('确定', { exact: true }).click();
  await expect(picker).toBeHidden();
}
