/**
 * Helpers of the fault browser tests (faults*.spec.ts): the two write screens reached
 * the way a user reaches them, the sandbox's own count of what was written, and the
 * faults the sandbox cannot make itself (an answer lost after the server did the work,
 * an answer that never comes).
 */
import type { APIRequestContext, Page, Request, Route } from '@playwright/test';
import { admin } from './app.support';
import { apiAs, card, closeReminder, fillLeave, openCentre, reminderModal, toastText } from './approval.support';
import { expect } from './support';

export const FLOW_RUN = 'v1/less-code-service/api/flow-run';
export const REFRESH_PATH = '/account/refreshtoken-app';

export const confirmSubmit = (page: Page) => page.getByRole('button', { name: '确认提交', exact: true });
export const confirmAgree = (page: Page) => page.getByRole('button', { name: '确认同意', exact: true });
export const opinionBox = (page: Page) => page.getByRole('textbox', { name: '审批意见' });
export const failedToast = (page: Page, text: string) => toastText(page, text);

/** Requests whose URL contains `part` (and method, if given) from now on, across the pages of the context. */
export function countRequests(page: Page, part: string, method = 'POST'): () => number {
  let n = 0;
  page.context().on('request', (r: Request) => {
    if (r.url().includes(part) && r.method() === method) n += 1;
  });
  return () => n;
}

/**
 * 王老师 starts a leave request the way a user does (centre, 发起审批, 请假申请, the form,
 * 提交) and stops on selectNode, where 确认提交 is the write. 提交 is double-tapped at
 * its worst (two clicks in one task): one next-node call, one chooser. `before` runs on
 * the form before it is submitted. The page clock must be installed (the reminder's
 * five-second countdown is run through on it).
 */
export async function toSelectNode(page: Page, reason: string, before?: () => Promise<void>): Promise<void> {
  await openCentre(page, 't1001');
  await page.getByRole('button', { name: '发起审批' }).click();
  await page.getByRole('button', { name: /请假申请/ }).click();
  await expect(reminderModal(page)).toBeVisible();
  await page.clock.runFor(5_000);
  await closeReminder(page);
  await fillLeave(page, { reason });
  if (before) await before();
  const nextNodes = countRequests(page, '/flow-run/next-node');
  await doubleTap(page, '提交');
  await expect(page.getByRole('heading', { name: '提交审批' })).toBeVisible();
  await expect(page.getByRole('radio', { name: '部门审批' })).toBeChecked();
  expect(nextNodes()).toBe(1);
}

/** A double tap at its worst: two clicks in one task, before the page can re-render. */
export async function doubleTap(page: Page, name: string): Promise<void> {
  await page.getByRole('button', { name, exact: true }).evaluate((b: HTMLElement) => {
    b.click();
    b.click();
  });
}

/** How many runs 王老师 started whose form mentions `reason` (the sandbox's list, not the screen's). */
export async function runsStarted(request: APIRequestContext, reason: string): Promise<number> {
  const api = await apiAs(request, 't1001');
  const page = (await api(`${FLOW_RUN}/list`, { type: 3, formData: reason, skipCount: 0, maxResultCount: 50 })) as { totalCount: number };
  return page.totalCount;
}

export const LEAVE_TITLE = '王老师的请假申请';

/** The id of 王老师's leave request waiting on 李主任 (seeded). */
export async function waitingLeaveId(request: APIRequestContext): Promise<string> {
  const api = await apiAs(request, 't1002');
  const page = (await api(`${FLOW_RUN}/list`, { type: 0, titleOrNumber: LEAVE_TITLE, skipCount: 0, maxResultCount: 10 })) as { items: Array<{ id: string }> };
  expect(page.items).toHaveLength(1);
  return page.items[0]!.id;
}

/** The opinions recorded on a run with this text, as the sandbox's history has them. */
export async function recordedOpinions(request: APIRequestContext, runId: string, opinion: string): Promise<Array<{ userName: string; files: Array<{ name: string }> }>> {
  const api = await apiAs(request, 't1002');
  const info = (await api(`${FLOW_RUN}/info-app?FlowRunId=${encodeURIComponent(runId)}&Type=1`)) as {
    flowRunNodeDtos: Array<{ flowRunDetailsDtos: Array<{ userName: string; mark: string; files: Array<{ name: string }> }> }>;
  };
  return info.flowRunNodeDtos.flatMap((n) => n.flowRunDetailsDtos).filter((d) => d.mark === opinion);
}

/** 李主任 opens 王老师's leave request and taps 同意; ends on the action screen. */
export async function toAgreeScreen(page: Page): Promise<void> {
  await openCentre(page, 't1002');
  await card(page, LEAVE_TITLE).getByRole('button').first().click();
  await page.locator('.cw-ap-footer').getByRole('button', { name: '同意', exact: true }).click();
  await expect(page.getByRole('heading', { name: '同意', exact: true })).toBeVisible();
  await expect(confirmAgree(page)).toBeEnabled();
}

/**
 * The next request to `pattern` reaches the server (which does the work), then the
 * phone goes offline before the answer arrives: the page sees a network failure. The
 * phone comes back online when `online()` is called.
 */
export async function loseNextAnswer(page: Page, pattern: string): Promise<{ used: Promise<void>; online: () => Promise<void> }> {
  let done!: () => void;
  const used = new Promise<void>((r) => (done = r));
  await page.route(
    pattern,
    async (route: Route) => {
      const answer = await route.fetch();
      expect(answer.ok(), 'the server did the work').toBe(true);
      // Offline first, then the answer lost: the other way round, the page could hear of the
      // loss and make its next calls (the rest of a batch, a refresh) while still online.
      await page.context().setOffline(true);
      await route.abort('internetdisconnected');
      done();
    },
    { times: 1 },
  );
  return { used, online: () => page.context().setOffline(false) };
}

/** The next request to `pattern` reaches the server, whose answer then never comes back (until `release`). */
export async function holdNextAnswer(page: Page, pattern: string): Promise<{ arrived: Promise<void>; release: () => Promise<void> }> {
  let arrived!: () => void;
  let release!: () => void;
  const seen = new Promise<void>((r) => (arrived = r));
  const released = new Promise<void>((r) => (release = r));
  await page.route(
    pattern,
    async (route: Route) => {
      await route.fetch();
      arrived();
      await released;
      // The page has given up on it by now (its own timeout); the late answer goes nowhere.
      await route.abort('timedout').catch(() => undefined);
    },
    { times: 1 },
  );
  return { arrived: seen, release: async () => release() };
}

/** A sandbox fault (docs/sandbox.md). */
export const fault = (request: APIRequestContext, spec: Record<string, unknown>) => admin(request, 'fault', spec);
