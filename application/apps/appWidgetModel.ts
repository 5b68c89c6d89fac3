/**
 * The app grid on home (mobile-app): the user's apps, and the common-apps edit (the
 * minus icon enters edit mode, each tile's minus removes it, 完成 saves the removals
 * with 删除成功, 取消 reverts). The rules are the domain's (domain/apps/apps.ts); a
 * failed save keeps the edit as it was, still editing, and is told.
 */
import { attach, createEffect, createEvent, createStore, sample } from 'effector';
import { cancelEdit, commonAppsEdit, removeInEdit, startEdit } from '../../domain/apps/apps';
import type { CommonAppsEdit } from '../../domain/apps/types';
import type { Notifier } from '../ports/runtime';
import { NOTIFIER } from '../ports/tokens';
import { attempt, failureOf } from '../shared/failure';
import { tellFailure } from '../shared/failureNotice';
import { defineScreen } from '../shared/screens';
import { APPS_API, type AppsApi } from './ports';
import { loadMyApps, saveCommonApps, type MyApps } from './useCases';

export interface AppWidgetDeps {
  readonly api: Pick<AppsApi, 'myApps' | 'removeCommonApps'>;
  readonly notifier: Pick<Notifier, 'fail' | 'success'>;
  readonly userType: number;
}


export function createAppWidgetModel(deps: AppWidgetDeps) {
  const opened = createEvent();
  const editStarted = createEvent();
  const editCancelled = createEvent();
  const appRemoved = createEvent<string>();
  const editFinished = createEvent();

  let inFlight: AbortController | null = null;
  /** The apps, or 'failed' when they could not be loaded (told); null for a cancelled load. */
  const loadFx = createEffect(async (): Promise<MyApps | 'failed' | null> => {
    inFlight?.abort();
    const controller = new AbortController();
    inFlight = controller;
    try {
      return await loadMyApps({ api: deps.api }, deps.userType, { signal: controller.signal, drawnFirst: true });
    } catch (e) {
      const failure = failureOf(e);
      if (failure.kind === 'cancelled') return null;
      tellFailure(deps.notifier, failure);
      return 'failed';
    }
  });
  const loaded = sample({ clock: loadFx.doneData, filter: (apps): apps is MyApps => apps !== null && apps !== 'failed' });
  /** The last load failed: the widget says so with 重试 (what it showed before stays), never 暂无应用. */
  const $failed = createStore(false, { serialize: 'ignore' })
    .on(loadFx.doneData, (failed, apps) => (apps === 'failed' ? true : apps === null ? failed : false));
  /** 重试 in the widget. */
  const retried = createEvent();
  sample({ clock: retried, target: loadFx });

  /** null until the first answer: the grid keeps its place with a placeholder. */
  const $apps = createStore<MyApps | null>(null, { serialize: 'ignore' }).on(loaded, (_, apps) => apps);
  const $edit = createStore<CommonAppsEdit>(commonAppsEdit([]), { serialize: 'ignore' })
    .on(loaded, (_, apps) => commonAppsEdit(apps.common))
    .on(editStarted, (edit) => startEdit(edit))
    .on(editCancelled, (edit) => cancelEdit(edit))
    .on(appRemoved, (edit, id) => removeInEdit(edit, id));

  const saveFx = attach({
    source: $edit,
    effect: createEffect(async (edit: CommonAppsEdit): Promise<CommonAppsEdit | null> => {
      const saved = await attempt(() => saveCommonApps({ api: deps.api }, edit));
      if (!saved.ok) {
        tellFailure(deps.notifier, saved.error);
        return null;
      }
      if (saved.value.message) deps.notifier.success(saved.value.message);
      return saved.value.state;
    }),
  });
  const $saving = saveFx.pending;
  sample({ clock: editFinished, filter: $saving.map((busy) => !busy), target: saveFx });
  $edit.on(saveFx.doneData, (edit, next) => next ?? edit);

  sample({ clock: opened, target: loadFx });
  /** Drawn from the device and a newer answer came: the apps again, unless the user is changing them. */
  const renew = createEvent();
  sample({ clock: renew, filter: $edit.map((edit) => !edit.editing), target: loadFx });

  return { $apps, $failed, $edit, $saving, opened, retried, renew, editStarted, editCancelled, appRemoved, editFinished, dispose: () => inFlight?.abort() };
}

export type AppWidgetModel = ReturnType<typeof createAppWidgetModel>;

export const appWidgetScreen = defineScreen({
  name: 'apps.homeWidget',
  lifetime: 'screen',
  key: (p: { userId: string; userType: number }) => `${p.userId}:${p.userType}`,
  create: (get, p) => createAppWidgetModel({ api: get(APPS_API), notifier: get(NOTIFIER), userType: p.userType }),
});
