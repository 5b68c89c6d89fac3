/**
 * Application use cases (SPEC point 2 "Application launcher", point 4 "Home and portal",
 * point 7 "Apps"): the app lists, the common-apps edit, and opening an app. Opening is
 * one use case shared by the home grid, the launcher and global search, so every entry
 * point follows the same useAppType rule and records the same use-app-log.
 */
import { appOpenTarget, finishEdit, flattenApps, resolveFlowApp } from '../../domain/apps/apps';
import type { App, AppGroup, AppTarget, CommonAppsEdit } from '../../domain/apps/types';
import { APP_CONFIG_ERROR } from '../../domain/approval/messages';
import { messageOf } from '../ports/errors';
import type { Navigator, Notifier } from '../ports/runtime';
import type { NativeShell } from '../ports/shell';
import type { LinkOpener } from '../shell/links';
import type { Log } from '../ports/logger';
import type { FlowLookup } from '../ports/flowLookup';
import type { AppsApi } from './ports';
import type { CallOptions } from '../ports/call';
import { isCancelled } from '../shared/failure';

/** my-use-app `type`: the mobile workbench's app list. */
export const MY_APPS_TYPE = 1;

/** Routes an app can lead to (SPEC point 2 route table), under the base path. */
export const APP_ROUTES = Object.freeze({
  webView: '/web-view',
  approvalCenter: '/page/approvalCenter',
  studentReport: '/page/student/report',
  scanner: '/scanner',
});

import { TEACHER_SCANNER_CONTENT, TEACHER_SCANNER_TITLE } from '../../domain/registration/messages';

export { TEACHER_SCANNER_CONTENT, TEACHER_SCANNER_TITLE };

// ---------------------------------------------------------------------------
// Lists
// ---------------------------------------------------------------------------

export interface MyApps {
  /** The user's common apps, flattened in order. */
  readonly common: readonly App[];
  /** Every app the user type may use, by category. */
  readonly groups: readonly AppGroup[];
  /** The same apps flattened, each once. */
  readonly all: readonly App[];
}

/** Groups with at least one app: an empty category would be a tab with nothing under it. */
const nonEmptyGroups = (groups: readonly AppGroup[] | null | undefined): AppGroup[] =>
  (groups ?? []).filter((g) => (g.useAppTree ?? []).length > 0);

export async function loadMyApps(
  deps: { api: Pick<AppsApi, 'myApps'> },
  userType: number,
  opts: CallOptions = {},
): Promise<MyApps> {
  const lists = await deps.api.myApps({ type: MY_APPS_TYPE, userType }, { signal: opts.signal, drawnFirst: opts.drawnFirst });
  const groups = nonEmptyGroups(lists.useList);
  return { common: flattenApps(lists.commonList), groups, all: flattenApps(groups) };
}

/**
 * 完成 of the common-apps edit: removes the deleted apps on the server, then answers the
 * new edit state and the toast (删除成功, or null when nothing was removed). On failure
 * the edit state is left as it was, still editing, and the error is rethrown for the
 * screen to show; nothing the user removed is lost.
 */
export async function saveCommonApps(
  deps: { api: Pick<AppsApi, 'removeCommonApps'> },
  state: CommonAppsEdit,
): Promise<{ state: CommonAppsEdit; message: string | null }> {
  const outcome = finishEdit(state);
  if (outcome.removedIds.length > 0) await deps.api.removeCommonApps(outcome.removedIds);
  return { state: outcome.state, message: outcome.message };
}

// ---------------------------------------------------------------------------
// Opening an app
// ---------------------------------------------------------------------------

export interface OpenAppDeps {
  api: Pick<AppsApi, 'logAppOpen'>;
  approval: FlowLookup;
  shell: Pick<NativeShell, 'isInShell' | 'scan'>;
  /** Web links go through the link policy. */
  links: Pick<LinkOpener, 'open'>;
  navigator: Pick<Navigator, 'go'>;
  notifier: Pick<Notifier, 'fail'>;
  /** Where a failed use-app-log goes: the spec records it, nobody is told. */
  log?: Log;
}

/** What opening did, for tests and for screens that want to know. */
export type OpenAppOutcome =
  | { readonly kind: 'navigated'; readonly path: string; readonly state?: unknown }
  | { readonly kind: 'shellLink'; readonly url: string }
  | { readonly kind: 'file'; readonly url: string }
  /** A carousel address followed by the link policy. */
  | { readonly kind: 'opened' }
  | { readonly kind: 'scanned'; readonly text: string | null }
  | { readonly kind: 'failed'; readonly message: string }
  | { readonly kind: 'ignored' };

/** The app-like fields every opener needs: the home grid, the launcher and search rows all have them. */
export type OpenableApp = Pick<App, 'id' | 'name' | 'useAppType'> & Partial<Pick<App, 'code' | 'content'>>;

/** Decided: an app whose address is not http(s) or whose code no built-in knows says what the launch page says. */
export { APP_CONFIG_ERROR };

const query = (params: Record<string, string>): string => new URLSearchParams(params).toString();

async function followTarget(deps: OpenAppDeps, target: AppTarget, opts: { signal?: AbortSignal }): Promise<OpenAppOutcome> {
  switch (target.kind) {
    case 'webLink': {
      const opened = deps.links.open(target.url, 'app', target.title);
      switch (opened.kind) {
        case 'route':
          return { kind: 'navigated', path: opened.path };
        case 'webView':
          return { kind: 'navigated', path: APP_ROUTES.webView, state: { title: target.title, uri: opened.url } };
        case 'shellBrowser':
          return { kind: 'shellLink', url: opened.url };
        case 'file':
          return { kind: 'file', url: opened.url };
        default:
          deps.notifier.fail(APP_CONFIG_ERROR);
          return { kind: 'failed', message: APP_CONFIG_ERROR };
      }
    }
    case 'flow': {
      let flowId: string | null;
      try {
        flowId = await deps.approval.flowIdByAppCode(target.code, { signal: opts.signal });
      } catch (e) {
        if (isCancelled(e)) return { kind: 'ignored' };
        const message = messageOf(e);
        deps.notifier.fail(message);
        return { kind: 'failed', message };
      }
      return followTarget(deps, resolveFlowApp(target.code, flowId), opts);
    }
    case 'noFlow':
      deps.notifier.fail(target.message);
      return { kind: 'failed', message: target.message };
    case 'approvalCenter': {
      const path =
        target.flowId !== undefined && target.code !== undefined
          ? `${APP_ROUTES.approvalCenter}?${query({ flowId: target.flowId, code: target.code })}`
          : APP_ROUTES.approvalCenter;
      deps.navigator.go(path);
      return { kind: 'navigated', path };
    }
    case 'studentReport':
      deps.navigator.go(APP_ROUTES.studentReport);
      return { kind: 'navigated', path: APP_ROUTES.studentReport };
    case 'teacherScanner': {
      if (target.via === 'page') {
        const path = `${APP_ROUTES.scanner}?${query({
          modalTitle: TEACHER_SCANNER_TITLE,
          modalContent: TEACHER_SCANNER_CONTENT,
          redirect: APP_ROUTES.studentReport,
        })}`;
        deps.navigator.go(path);
        return { kind: 'navigated', path };
      }
      // The student's QR code carries the ID card number (page/student/qrcode?idCard).
      const text = (await deps.shell.scan())?.trim() ?? '';
      if (text === '') return { kind: 'scanned', text: null };
      const path = `${APP_ROUTES.studentReport}?${query({ idCard: text })}`;
      deps.navigator.go(path);
      return { kind: 'scanned', text };
    }
    case 'invalidLink':
    case 'unknown':
      deps.notifier.fail(APP_CONFIG_ERROR);
      return { kind: 'failed', message: APP_CONFIG_ERROR };
  }
}

/**
 * Opens an app by its useAppType (domain `appOpenTarget`): a web link in the web-view
 * page, or through the shell inside the native shell; an approval app on its flow in the
 * approval centre (flowid-by-appcode), or 未开通审批流程; the built-ins by code. Every
 * opening is recorded with use-app-log, without waiting for it and without telling the
 * user when the record fails.
 */
export async function openApp(
  deps: OpenAppDeps,
  app: OpenableApp,
  opts: { signal?: AbortSignal } = {},
): Promise<OpenAppOutcome> {
  if (typeof app.id === 'string' && app.id.trim() !== '') {
    deps.api.logAppOpen(app.id).catch((e: unknown) => deps.log?.('use-app-log failed', e));
  }
  const target = appOpenTarget(
    { id: app.id, name: app.name, useAppType: app.useAppType, code: app.code ?? null, content: app.content ?? null },
    { inShell: deps.shell.isInShell() },
  );
  return followTarget(deps, target, opts);
}

/**
 * Opens a web address the way a web-link app opens (the carousel's jump address),
 * through the link policy. Not an app, so nothing is logged. An address the policy
 * refuses does nothing.
 */
export function openWebAddress(deps: Pick<OpenAppDeps, 'links'>, url: string, title: string): Promise<OpenAppOutcome> {
  const opened = deps.links.open(url, 'notice', title);
  return Promise.resolve(opened.kind === 'refused' ? { kind: 'ignored' } : { kind: 'opened' });
}
