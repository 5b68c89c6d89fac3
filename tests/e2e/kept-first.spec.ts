/**
 * Stale while revalidate (infrastructure/http/httpClient.ts keptFirst, application/offline/
 * renewals.ts): on the next open of the app, a list the user saw is drawn from the device
 * at once while the network is slow, and drawn again from the server's answer when it
 * comes. The network here is held, not slowed: the list's call waits until the test lets
 * it go, so what shows before that can only come from the device.
 */
import type { Page, Route } from '@playwright/test';
import { USER } from '../../sandbox/seed/ids';
import { goInApp, resetSandbox, signIn } from './app.support';
import { apiAs } from './approval.support';
import { keptAnswers } from './offline.support';
import { expect, test } from './support';

test.beforeEach(async ({ request }) => {
  await resetSandbox(request);
});

const cards = (page: Page) => page.locator('.cw-todo-card');

/** Holds every call `matches` picks until `release` is called. */
async function holdCalls(page: Page, matches: (url: URL) => boolean): Promise<{ release: () => void; held: () => number }> {
  let open!: () => void;
  const gate = new Promise<void>((resolve) => (open = resolve));
  let held = 0;
  await page.route(
    (url) => matches(url),
    async (route: Route) => {
      held += 1;
      await gate;
      await route.continue().catch(() => undefined);
    },
  );
  return { release: () => open(), held: () => held };
}

test('the to-do list seen before is drawn from the device on the next open while the network is slow, then renewed from the server', async ({ page, request }) => {
  await signIn(page, 't1001');
  await goInApp(page, '/page/todo');
  await expect(cards(page).first()).toBeVisible();
  const mine = await apiAs(request, 't1001');
  const listed = (await mine('v1/saas-system-service/api/todo-matter?State=2&SkipCount=0&MaxResultCount=100&Sorting=CreationTime%20desc')) as { items: Array<{ id: string; name: string; type: number }> };
  const shown = await cards(page).evaluateAll((els) => els.map((e) => e.getAttribute('aria-label') ?? ''));
  const gone = listed.items.find((i) => i.type === 0 && shown.includes(i.name));
  expect(gone, 'a to-do of the user on the first page').toBeTruthy();
  await expect.poll(() => keptAnswers(page, USER.t1001)).toBeGreaterThan(0);

  // Meanwhile, on another device: the to-do is deleted.
  await mine('v1/saas-system-service/api/todo-matter/batch-delete', [gone!.id]);

  // The next open, with the list's call held: the list the user saw, at once.
  const list = await holdCalls(page, (url) => url.pathname.endsWith('/todo-matter'));
  await page.reload();
  const goneCard = page.locator(`.cw-todo-card[aria-label="${gone!.name}"]`);
  await expect(goneCard).toBeVisible();
  expect(list.held()).toBeGreaterThan(0);

  // The server's answer comes: the list is drawn again without it, with no tap.
  list.release();
  await expect(goneCard).toHaveCount(0);
  await expect(cards(page).first()).toBeVisible();
});
