import { Button } from 'antd-mobile';
import { MinusCircleOutline, RightOutline } from 'antd-mobile-icons';
import { startTransition, useEffect, useState } from 'react';
import { useLocation } from 'wouter';
import { APPS_API, type AppsApi } from '../../../application/apps/ports';
import { loadMyApps, saveCommonApps, type MyApps } from '../../../application/apps/useCases';
import { isApiError, messageOf } from '../../../application/ports/errors';
import type { Notifier } from '../../../application/ports/runtime';
import { NOTIFIER } from '../../../application/ports/tokens';
import {
  cancelEdit,
  commonAppsEdit,
  homeAppTiles,
  removeInEdit,
  showCommonSection,
  startEdit,
} from '../../../domain/apps/apps';
import { EDIT_CANCEL, EDIT_DONE, NO_APPS } from '../../../domain/apps/messages';
import type { CommonAppsEdit } from '../../../domain/apps/types';
import { AppGrid, AppGridPlaceholder } from '../../shared/apps/AppGrid';
import { useOpenApp } from '../../shared/apps/useOpenApp';
import { useInjection } from '../../shared/di';
import { LOADING } from '../../shared/strings';
import { useCurrentUser } from '../../shared/session';
import { ALL_APPS_LINK, ALL_APPS_TITLE, EDIT_COMMON_APPS, MY_APPS_TITLE } from '../strings';
import { WidgetCard, WidgetLink } from './WidgetCard';

export const APP_CENTER_PATH = '/page/appCenter';

/**
 * The app grid (mobile-app). With common apps and more than 12 apps in all, the user's
 * common apps ("我的应用") show, editable: the minus icon enters edit mode, each tile's
 * minus removes it, 完成 saves the removals (删除成功) and 取消 reverts. Otherwise every
 * app shows. Either list shows 11 apps and a 更多 tile (the launcher) when it has more
 * than 12 (domain `homeAppTiles`, `showCommonSection`).
 */
export function AppWidget() {
  const api = useInjection<AppsApi>(APPS_API);
  const notifier = useInjection<Notifier>(NOTIFIER);
  const user = useCurrentUser();
  const openApp = useOpenApp();
  const [, navigate] = useLocation();
  const [apps, setApps] = useState<MyApps | null>(null);
  const [edit, setEdit] = useState<CommonAppsEdit>(() => commonAppsEdit([]));
  const [saving, setSaving] = useState(false);
  const userType = user?.userType ?? 0;

  useEffect(() => {
    const ac = new AbortController();
    loadMyApps({ api }, userType, { signal: ac.signal })
      .then((loaded) =>
        // Data arriving is drawn in slices (a transition): no long task on a slow phone.
        startTransition(() => {
          setApps(loaded);
          setEdit(commonAppsEdit(loaded.common));
        }),
      )
      .catch((e: unknown) => {
        if (isApiError(e) && e.cancelled) return;
        notifier.fail(messageOf(e));
        setApps({ common: [], groups: [], all: [] });
      });
    return () => ac.abort();
  }, [api, notifier, userType]);

  if (apps === null) {
    return (
      <WidgetCard title={MY_APPS_TITLE} className="cw-widget--apps">
        <div role="status" aria-label={LOADING}>
          <AppGridPlaceholder />
        </div>
      </WidgetCard>
    );
  }

  const common = showCommonSection(edit.saved, apps.all);
  const tiles = homeAppTiles(common ? edit.saved : apps.all);
  const shown = common && edit.editing ? edit.draft : tiles.apps;
  const showsEverything = !tiles.more && shown.length >= apps.all.length;

  const done = async () => {
    setSaving(true);
    try {
      const saved = await saveCommonApps({ api }, edit);
      setEdit(saved.state);
      if (saved.message) notifier.success(saved.message);
    } catch (e) {
      notifier.fail(messageOf(e));
    } finally {
      setSaving(false);
    }
  };

  const extra = !common ? (
    showsEverything ? undefined : (
      <WidgetLink onClick={() => navigate(APP_CENTER_PATH)}>
        {ALL_APPS_LINK}
        <RightOutline fontSize={12} />
      </WidgetLink>
    )
  ) : edit.editing ? (
    <div className="cw-widget__edit-actions">
      <Button size="mini" fill="none" onClick={() => setEdit(cancelEdit(edit))} disabled={saving}>
        {EDIT_CANCEL}
      </Button>
      <Button size="mini" color="primary" shape="rounded" onClick={() => void done()} loading={saving} disabled={saving}>
        {EDIT_DONE}
      </Button>
    </div>
  ) : (
    <div className="cw-widget__edit-actions">
      <button type="button" className="cw-icon-button cw-widget__icon" aria-label={EDIT_COMMON_APPS} onClick={() => setEdit(startEdit(edit))}>
        <MinusCircleOutline fontSize={18} />
      </button>
      {tiles.more ? null : (
        <WidgetLink onClick={() => navigate(APP_CENTER_PATH)}>
          {ALL_APPS_LINK}
          <RightOutline fontSize={12} />
        </WidgetLink>
      )}
    </div>
  );

  const title = common ? MY_APPS_TITLE : ALL_APPS_TITLE;
  return (
    <WidgetCard title={title} extra={extra} className="cw-widget--apps">
      {shown.length === 0 && !tiles.more ? (
        <p className="cw-widget__empty">{NO_APPS}</p>
      ) : (
        <AppGrid
          apps={shown}
          more={tiles.more}
          onOpen={openApp}
          onMore={() => navigate(APP_CENTER_PATH)}
          editing={common && edit.editing}
          onRemove={(app) => setEdit(removeInEdit(edit, app.id))}
          label={title}
        />
      )}
    </WidgetCard>
  );
}
