import { Button } from 'antd-mobile';
import { MinusCircleOutline } from 'antd-mobile-icons';
import { useUnit } from 'effector-react';
import { useDeferredValue } from 'react';
import { useLocation } from 'wouter';
import { appWidgetScreen } from '../../../application/apps/appWidgetModel';
import { PATHS } from '../../../application/shared/routes';
import { homeAppTiles, showCommonSection } from '../../../domain/apps/apps';
import { EDIT_CANCEL, EDIT_DONE, NO_APPS } from '../../../domain/apps/messages';
import { AppGrid, AppGridPlaceholder } from '../../shared/apps/AppGrid';
import { useOpenApp } from '../../shared/apps/useOpenApp';
import { useScreenModel } from '../../shared/screenModel';
import { LOAD_FAILED, LOADING, RETRY } from '../../shared/strings';
import { useCurrentUser } from '../../shared/session';
import { ALL_APPS_LINK, ALL_APPS_TITLE, EDIT_COMMON_APPS, MY_APPS_TITLE } from '../strings';
import { WidgetCard, WidgetLink } from './WidgetCard';

/**
 * The app grid (mobile-app). With common apps and more than 12 apps in all, the user's
 * common apps ("我的应用") show, editable: the minus icon enters edit mode, each tile's
 * minus removes it, 完成 saves the removals (删除成功) and 取消 reverts. Otherwise every
 * app shows. Either list shows 11 apps and a 更多 tile (the launcher) when it has more
 * than 12 (domain `homeAppTiles`, `showCommonSection`).
 */
export function AppWidget() {
  const user = useCurrentUser();
  const model = useScreenModel(appWidgetScreen, { userId: user?.id ?? '', userType: user?.userType ?? 0 });
  // Apps arriving are drawn in a background render: no long task on a slow phone.
  const apps = useDeferredValue(useUnit(model.$apps));
  const [edit, saving, failed] = useUnit([model.$edit, model.$saving, model.$failed]);
  const on = useUnit({
    retried: model.retried,
    editStarted: model.editStarted,
    editCancelled: model.editCancelled,
    appRemoved: model.appRemoved,
    editFinished: model.editFinished,
  });
  const openApp = useOpenApp();
  const [, navigate] = useLocation();


  if (apps === null && failed) {
    return (
      <WidgetCard title={MY_APPS_TITLE} className="cw-widget--apps">
        <div className="cw-widget__failed">
          <span>{LOAD_FAILED}</span>
          <Button size="mini" fill="none" color="primary" onClick={() => void on.retried()}>
            {RETRY}
          </Button>
        </div>
      </WidgetCard>
    );
  }

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

  const extra = !common ? (
    showsEverything ? undefined : (
      <WidgetLink to={PATHS.appCenter}>{ALL_APPS_LINK}</WidgetLink>
    )
  ) : edit.editing ? (
    <div className="cw-widget__edit-actions">
      <Button size="mini" fill="none" onClick={() => on.editCancelled()} disabled={saving}>
        {EDIT_CANCEL}
      </Button>
      <Button size="mini" color="primary" shape="rounded" onClick={() => on.editFinished()} loading={saving} disabled={saving}>
        {EDIT_DONE}
      </Button>
    </div>
  ) : (
    <div className="cw-widget__edit-actions">
      <button type="button" className="cw-icon-button cw-widget__icon" aria-label={EDIT_COMMON_APPS} onClick={() => on.editStarted()}>
        <MinusCircleOutline fontSize={18} />
      </button>
      {tiles.more ? null : (
        <WidgetLink to={PATHS.appCenter}>{ALL_APPS_LINK}</WidgetLink>
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
          onMore={() => navigate(PATHS.appCenter)}
          editing={common && edit.editing}
          onRemove={(app) => on.appRemoved(app.id)}
          label={title}
        />
      )}
    </WidgetCard>
  );
}
