import { Skeleton } from 'antd-mobile';
import { useUnit } from 'effector-react';
import { useDeferredValue, useEffect } from 'react';
import { PORTAL_EMPTY, PORTAL_EMPTY_HINT } from '../../domain/portal/messages';
import { usePicture, warmPicture } from '../shared/apps/assets';
import { ErrorState } from '../shared/ErrorState';
import { lazyModule, useLazyModule } from '../shared/lazyModule';
import { RETRY } from '../shared/strings';
import { PORTAL_LOAD_FAILED } from './strings';
import { useHomeModel } from './useHome';
import '../shared/apps/appGrid.css';
import './portal.css';

/*
 * The widgets and the pull-to-refresh (HomePortal.tsx) are a chunk of their own: the
 * first frame of the home tab is a skeleton, and the widgets cannot draw before the
 * portal request answers anyway, so their code (carousel, gestures, springs, popups)
 * downloads while that request is in flight instead of before the first frame
 * (the home route's initial JavaScript stays small). Opened at boot on home, it starts
 * beside the session check (ahead.ts).
 */
const HOME_WIDGETS = lazyModule(() => import('./HomePortal'));

/**
 * The home tab of the main layout (SPEC point 2 "Home and me", point 4 "Home and
 * portal"): the portal of the user's type laid out by the domain (sorted by y, width 2 a
 * full row, width 1 left or right), or 未配置门户 with its hint. Pull down to reload.
 */
export function HomeTab() {
  const model = useHomeModel();
  const [config, empty, failed, carousel] = useUnit([model.$config, model.$empty, model.$failed, model.$carousel]);
  const on = useUnit({ retried: model.retried, refresh: model.refreshFx });
  const asset = usePicture();
  // Drawing every widget is the biggest render of home: it comes in a background render
  // the phone can interleave with taps and scrolling (no long tasks).
  const rows = useDeferredValue(useUnit(model.$rows));
  const generation = useDeferredValue(useUnit(model.$generation));
  const widgets = useLazyModule(HOME_WIDGETS);


  // The first carousel picture downloads as soon as its list is in: home's largest paint.
  const firstPicture = asset(carousel?.[0]?.imageAddress);
  useEffect(() => warmPicture(firstPicture), [firstPicture]);

  const view = widgets.module;
  const retry = () => {
    if (!view) widgets.retry();
    on.retried();
  };
  const skeleton = (
    <div className="cw-home__skeleton" aria-busy="true">
      <Skeleton animated className="cw-home__skeleton-banner" />
      <Skeleton.Paragraph lineCount={4} animated />
      <Skeleton animated className="cw-home__skeleton-card" />
    </div>
  );

  let body;
  if (config === null || (rows.length === 0 && !empty)) {
    body = failed ? <ErrorState title={PORTAL_LOAD_FAILED} status="disconnected" actionText={RETRY} onAction={retry} /> : skeleton;
  } else if (empty) {
    body = <ErrorState title={PORTAL_EMPTY} description={PORTAL_EMPTY_HINT} status="empty" />;
  } else if (view) {
    // A new key on every load remounts (and so refetches) every widget.
    body = <view.PortalRows key={generation} rows={rows} />;
  } else {
    // The portal answered before the widgets' code: keep the skeleton, or offer a retry.
    body = widgets.failed ? <ErrorState title={PORTAL_LOAD_FAILED} status="disconnected" actionText={RETRY} onAction={retry} /> : skeleton;
  }

  // Pull to reload once its code is here; until then only the skeleton or a state without widgets shows.
  return <div className="cw-home">{view ? <view.HomePull onRefresh={on.refresh}>{body}</view.HomePull> : body}</div>;
}
