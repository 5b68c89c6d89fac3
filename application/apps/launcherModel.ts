/**
 * The application launcher (page/appCenter, SPEC point 2 "Application launcher"): every
 * app the user type may use, by category. A failed load is told and offers 重试; the
 * search box, the category tabs and the scroll are the page's own.
 */
import { createEvent, sample } from 'effector';
import type { Notifier } from '../ports/runtime';
import { NOTIFIER } from '../ports/tokens';
import { createLoader } from '../shared/loader';
import { defineScreen } from '../shared/screens';
import { APPS_API, type AppsApi } from './ports';
import { loadMyApps } from './useCases';

export function createLauncherModel(deps: { readonly api: Pick<AppsApi, 'myApps'>; readonly notifier: Pick<Notifier, 'fail'>; readonly userType: number }) {
  const opened = createEvent();
  const loader = createLoader((_: void, { signal }) => loadMyApps({ api: deps.api }, deps.userType, { signal }), { notifier: deps.notifier });
  sample({ clock: opened, target: loader.started });
  /** Nothing to show but 重试: the load failed. */
  const $failed = loader.$status.map((s) => s === 'failed');
  return { $apps: loader.$data, $failed, opened, retried: loader.retried, dispose: loader.dispose };
}

export type LauncherModel = ReturnType<typeof createLauncherModel>;

export const launcherScreen = defineScreen({
  name: 'apps.launcher',
  lifetime: 'screen',
  key: (p: { userId: string; userType: number }) => `${p.userId}:${p.userType}`,
  create: (get, p) => createLauncherModel({ api: get(APPS_API), notifier: get(NOTIFIER), userType: p.userType }),
});
