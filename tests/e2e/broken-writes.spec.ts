/**
 * Whatever the backend sends, on the way back from a write: every form's submit answered
 * broken one kind at a time (sandbox/core/brokenAnswers.ts) after the server did the
 * write: an HTML 502 page, bad JSON, an empty 200, a 204. Every time: no uncaught error,
 * the session kept; then either the app took the write as done, or it said it failed
 * and kept everything typed, with the button back, and the same tap again goes through.
 * Either way the server holds the write exactly once (the to-do's, the launch's and the
 * approval's repeats carry their first attempt's idempotency key; the others set a value).
 */
import type { APIRequestContext, Page } from '@playwright/test';
import { createHash } from 'node:crypto';
import { ID_CARDS } from '../../sandbox/seed/users';
import { goInApp, KEYS, PASSWORD, pickOption, resetSandbox, signIn, storageValue } from './app.support';
import { apiAs } from './approval.support';
import { confirmAgree, confirmSubmit, opinionBox, recordedOpinions, runsStarted, toAgreeScreen, toSelectNode, waitingLeaveId } from './faults.support';
import { expect, test, TOASTS } from './support';

test.beforeEach(async ({ request }) => {
  await resetSandbox(request);
});

/** Answers read as a failure or as nothing, after the server did the write. */
const KINDS = ['html502', 'badJson', 'empty200', 'noContent'] as const;

interface WriteForm {
  readonly name: string;
  /** The write's call (a part of its path) and method. */
  readonly call: string;
  readonly method: 'POST' | 'PUT';
  /** Opens the form and types into it. */
  readonly fill: (page: Page, request: APIRequestContext) => Promise<void>;
  /** The button that sends it. */
  readonly submit: (page: Page) => ReturnType<Page['getByRole']>;
  /** What the app says when the write went through. */
  readonly success: readonly string[];
  /** Everything typed is still there. */
  readonly kept: (page: Page) => Promise<void>;
  /** How many times the server holds the write. */
  readonly held: (request: APIRequestContext) => Promise<number>;
}

const md5 = (text: string) => createHash('md5').update(text, 'utf8').digest('hex');
const BASIC = 'v1/saas-basic-data-service/api';

const TODO_NAME = '应答损坏的待办';
const BIO = '应答损坏时的简介';
const NEW_PASSWORD = 'Broken2027';
const OPINION = '同意，应答损坏演练';
const REASON = '应答损坏演练的请假';

/** The run the approval form handles (found before it is handled). */
let approvalRun = '';

const FORMS: readonly WriteForm[] = [
  {
    name: 'a new to-do (保存)',
    call: '/todo-matter',
    method: 'POST',
    fill: async (page) => {
      await signIn(page, 't1001');
      await goInApp(page, '/page/todo/add');
      await page.getByRole('textbox', { name: '待办名称' }).fill(TODO_NAME);
      await page.getByRole('textbox', { name: '待办描述' }).fill('描述也要留着');
    },
    submit: (page) => page.getByRole('button', { name: '保存', exact: true }),
    success: ['保存成功'],
    kept: async (page) => {
      await expect(page.getByRole('textbox', { name: '待办名称' })).toHaveValue(TODO_NAME);
      await expect(page.getByRole('textbox', { name: '待办描述' })).toHaveValue('描述也要留着');
    },
    held: async (request) => {
      const api = await apiAs(request, 't1001');
      const page = (await api(`v1/saas-system-service/api/todo-matter?State=2&SkipCount=0&MaxResultCount=100&Filter=${encodeURIComponent(TODO_NAME)}&Sorting=CreationTime%20desc`)) as {
        items: Array<{ name: string }>;
      };
      return page.items.filter((i) => i.name === TODO_NAME).length;
    },
  },
  {
    name: 'the bio (保存)',
    call: '/user-info/profile-summary',
    method: 'PUT',
    fill: async (page) => {
      await signIn(page, 't1001');
      await goInApp(page, '/page/profile');
      await page.getByRole('textbox', { name: '个人简介' }).fill(BIO);
    },
    submit: (page) => page.getByRole('button', { name: '保存', exact: true }),
    success: ['保存成功'],
    kept: (page) => expect(page.getByRole('textbox', { name: '个人简介' })).toHaveValue(BIO),
    held: async (request) => {
      const api = await apiAs(request, 't1001');
      return ((await api(`${BASIC}/user-info/info`)) as { profileSummary: string }).profileSummary === BIO ? 1 : 0;
    },
  },
  {
    name: 'a student bound (确认绑定)',
    call: '/student-parent-binding',
    method: 'POST',
    fill: async (page) => {
      await signIn(page, 'p3001');
      await goInApp(page, '/page/bindStudent');
      await page.getByRole('textbox', { name: '学生姓名' }).fill('李四');
      await page.getByRole('textbox', { name: '身份证号' }).fill(ID_CARDS.s2002);
      await pickOption(page, '与学生关系', '家长');
    },
    submit: (page) => page.getByRole('button', { name: '确认绑定' }),
    success: ['绑定成功'],
    kept: async (page) => {
      await expect(page.getByRole('textbox', { name: '学生姓名' })).toHaveValue('李四');
      await expect(page.getByRole('textbox', { name: '身份证号' })).toHaveValue(ID_CARDS.s2002);
    },
    held: async (request) => {
      const api = await apiAs(request, 'p3001');
      const bound = (await api('v1/saas-home-school-service/api/student-parent-binding/bind-student-list')) as Array<{ name: string }>;
      return bound.filter((s) => s.name === '李四').length;
    },
  },
  {
    name: 'the password (确认修改)',
    call: '/user-info/password',
    method: 'POST',
    fill: async (page) => {
      await signIn(page, 't1001');
      await goInApp(page, '/page/profile');
      await goInApp(page, '/page/editPassword');
      await page.getByRole('textbox', { name: '原密码' }).fill(PASSWORD);
      await page.getByRole('textbox', { name: '新密码' }).fill(NEW_PASSWORD);
      await page.getByRole('textbox', { name: '确认密码' }).fill(NEW_PASSWORD);
    },
    submit: (page) => page.getByRole('button', { name: '确认修改' }),
    success: ['修改成功'],
    kept: async (page) => {
      await expect(page.getByRole('textbox', { name: '新密码' })).toHaveValue(NEW_PASSWORD);
      await expect(page.getByRole('textbox', { name: '确认密码' })).toHaveValue(NEW_PASSWORD);
    },
    held: async (request) => {
      const login = await request.post('v1/saas-identity-service/api/account/mobile-login', {
        data: { account: 't1001', password: md5(NEW_PASSWORD), tenantCode: 'demo' },
      });
      return login.ok() ? 1 : 0;
    },
  },
  {
    name: 'an approval (确认同意)',
    call: '/flow-run/handling',
    method: 'POST',
    fill: async (page, request) => {
      approvalRun = await waitingLeaveId(request);
      await toAgreeScreen(page);
      await opinionBox(page).fill(OPINION);
    },
    submit: confirmAgree,
    success: ['操作成功'],
    kept: (page) => expect(opinionBox(page)).toHaveValue(OPINION),
    held: async (request) => (await recordedOpinions(request, approvalRun, OPINION)).length,
  },
  {
    name: 'a launch (确认提交)',
    call: '/flow-run/initiate',
    method: 'POST',
    fill: async (page) => {
      await page.clock.install();
      await toSelectNode(page, REASON);
    },
    submit: confirmSubmit,
    success: ['操作成功', '申请已提交成功，无需重复提交'],
    kept: (page) => expect(page.getByRole('radio', { name: '部门审批' })).toBeChecked(),
    held: (request) => runsStarted(request, REASON),
  },
];

for (const form of FORMS) {
  test.describe(`${form.name}, its answer broken after the server did it`, () => {
    for (const answer of KINDS) {
      test(answer, async ({ page, request }) => {
        const errors: string[] = [];
        page.on('pageerror', (e) => errors.push(e.message));
        await form.fill(page, request);
        await request.post('sandbox/admin/fault', { data: { path: form.call, method: form.method, answer, times: 1 } });
        await form.submit(page).click();

        // Whatever it makes of the answer, the app says something.
        const toasts = page.locator(TOASTS);
        await expect(toasts.first()).toBeVisible();
        const said = (await toasts.first().innerText()).trim();
        if (!form.success.includes(said)) {
          // It failed, as far as the app can tell: everything typed is there, the button back.
          await form.kept(page);
          await expect(form.submit(page)).toBeEnabled();
          await expect(toasts).toHaveCount(0);
          await form.submit(page).click();
          await expect(toasts.filter({ hasText: new RegExp(`^(${form.success.join('|')})$`) })).toBeVisible();
        }
        // Exactly once on the server, the session kept, nothing thrown.
        await expect.poll(() => form.held(request)).toBe(1);
        expect(await storageValue(page, KEYS.token)).not.toBeNull();
        await expect(page).not.toHaveURL(/\/login/);
        expect(errors).toEqual([]);
      });
    }
  });
}
