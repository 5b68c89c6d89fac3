import { Skeleton } from 'antd-mobile';
import { startTransition, useEffect, useMemo, useState } from 'react';
import { isApiError, messageOf } from '../../application/ports/errors';
import type { Notifier, RuntimeConfig } from '../../application/ports/runtime';
import type { HostStore } from '../../application/ports/session';
import { HOST_STORE, NOTIFIER, RUNTIME_CONFIG } from '../../application/ports/tokens';
import { PORTAL_API, type PortalApi } from '../../application/portal/ports';
import { loadCarousel, loadPortal } from '../../application/portal/useCases';
import { PORTAL_EMPTY, PORTAL_EMPTY_HINT } from '../../domain/portal/messages';
import { isPortalEmpty, layoutPortal } from '../../domain/portal/portal';
import type { PortalConfig } from '../../domain/portal/types';
import { useAssetUrl } from '../shared/apps/assets';
import { useInjection } from '../shared/di';
import { ErrorState } from '../shared/ErrorState';
import { lazyModule, useLazyModule } from '../shared/lazyModule';
import { useCurrentUser } from '../shared/session';
import { RETRY } from '../shared/strings';
import { CAROUSEL_IMAGES } from './prefetch';
import { PORTAL_LOAD_FAILED } from './strings';
import '../shared/apps/appGrid.css';
import './portal.css';

/** The origin widget paths are read against: the school's host, else the configured one, else this page. */
function useServiceOrigin(): string {
  const hosts = useInjection<HostStore>(HOST_STORE);
  const config = useInjection<RuntimeConfig>(RUNTIME_CONFIG);
  const host = (hosts.get() ?? config.defaultHost ?? '').trim();
  try {
    return new URL(host || window.location.origin, window.location.href).origin;
  } catch {
    return window.location.origin;
  }
}

/*
 * The widgets and the pull-to-refresh (HomePortal.tsx) are a chunk of their own: the
 * first frame of the home tab is a skeleton, and the widgets cannot draw before the
 * portal request answers anyway, so their code (carousel, gestures, springs, popups)
 * downloads while that request is in flight instead of before the first frame
 * (issue 8: initial JavaScript of the home route).
 */
const PORTAL_VIEW = lazyModule(() => import('./HomePortal'));

/**
 * The home tab of the main layout (SPEC point 2 "Home and me", point 4 "Home and
 * portal"): the portal of the user's type laid out by the domain (sorted by y, width 2 a
 * full row, width 1 left or right), or 未配置门户 with its hint. Pull down to reload.
 */
export function HomeTab() {
  const api = useInjection<PortalApi>(PORTAL_API);
  const notifier = useInjection<Notifier>(NOTIFIER);
  const user = useCurrentUser();
  const origin = useServiceOrigin();
  const asset = useAssetUrl();
  const [config, setConfig] = useState<PortalConfig | null>(null);
  const [failed, setFailed] = useState(false);
  const [generation, setGeneration] = useState(0);
  const userType = user?.userType ?? 0;

  const widgets = useLazyModule(PORTAL_VIEW);
  const reload = async (signal?: AbortSignal) => {
    try {
      // The carousel list needs nothing from the layout: asked beside it, its first
      // picture downloading as soon as the list is in (the largest paint of home).
      CAROUSEL_IMAGES.put(
        loadCarousel({ api }, { signal }).then((images) => {
          const first = asset(images[0]?.imageAddress);
          if (first) new Image().src = first;
          return images;
        }),
      );
      const next = await loadPortal({ api }, userType, { origin, signal });
      // Drawing every widget is the biggest render of home: a transition, in slices the
      // phone can interleave with taps and scrolling (issue 8: no long tasks).
      startTransition(() => {
        setConfig(next);
        setFailed(false);
        setGeneration((g) => g + 1);
      });
    } catch (e) {
      if (isApiError(e) && e.cancelled) return;
      notifier.fail(messageOf(e));
      setFailed(true);
    }
  };

  useEffect(() => {
    const ac = new AbortController();
    void reload(ac.signal);
    return () => ac.abort();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [api, userType, origin]);

  const rows = useMemo(() => (config ? layoutPortal(config) : []), [config]);

  const view = widgets.module;
  const retry = () => {
    if (!view) widgets.retry();
    void reload();
  };
  const skeleton = (
    <div className="cw-home__skeleton" aria-busy="true">
      <Skeleton animated className="cw-home__skeleton-banner" />
      <Skeleton.Paragraph lineCount={4} animated />
      <Skeleton animated className="cw-home__skeleton-card" />
    </div>
  );

  let body;
  if (config === null) {
    body = failed ? <ErrorState title={PORTAL_LOAD_FAILED} status="disconnected" actionText={RETRY} onAction={retry} /> : skeleton;
  } else if (isPortalEmpty(config) || rows.length === 0) {
    body = <ErrorState title={PORTAL_EMPTY} description={PORTAL_EMPTY_HINT} status="empty" />;
  } else if (view) {
    // A new key on every load remounts (and so refetches) every widget.
    body = <view.PortalRows key={generation} rows={rows} />;
  } else {
    // The portal answered before the widgets' code: keep the skeleton, or offer a retry.
    body = widgets.failed ? <ErrorState title={PORTAL_LOAD_FAILED} status="disconnected" actionText={RETRY} onAction={retry} /> : skeleton;
  }

  // Pull to reload once its code is here; until then only the skeleton or a state without widgets shows.
  return <div className="cw-home">{view ? <view.HomePull onRefresh={() => reload()}>{body}</view.HomePull> : body}</div>;
}
