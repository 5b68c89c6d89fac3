import { PullToRefresh, Skeleton } from 'antd-mobile';
import { useEffect, useMemo, useState } from 'react';
import { isApiError, messageOf } from '../../application/ports/errors';
import type { Notifier, RuntimeConfig } from '../../application/ports/runtime';
import type { HostStore } from '../../application/ports/session';
import { HOST_STORE, NOTIFIER, RUNTIME_CONFIG } from '../../application/ports/tokens';
import { PORTAL_API, type PortalApi } from '../../application/portal/ports';
import { loadPortal } from '../../application/portal/useCases';
import { PORTAL_EMPTY, PORTAL_EMPTY_HINT } from '../../domain/portal/messages';
import { isPortalEmpty, layoutPortal } from '../../domain/portal/portal';
import type { PlacedWidget, PortalConfig } from '../../domain/portal/types';
import { useInjection } from '../shared/di';
import { ErrorState } from '../shared/ErrorState';
import { useCurrentUser } from '../shared/session';
import { RETRY } from '../shared/strings';
import { AppWidget } from './widgets/AppWidget';
import { CarouselWidget } from './widgets/CarouselWidget';
import { IframeWidget } from './widgets/IframeWidget';
import { NoteWidget } from './widgets/NoteWidget';
import { OaWidget } from './widgets/OaWidget';
import { TodoWidget } from './widgets/TodoWidget';
import { PORTAL_LOAD_FAILED } from './strings';
import '../apps/apps.css';
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

function Widget({ placed }: { placed: PlacedWidget }) {
  switch (placed.kind) {
    case 'app':
      return <AppWidget />;
    case 'carousel':
      return <CarouselWidget h={placed.widget.h} />;
    case 'oa':
      return <OaWidget />;
    case 'todo':
      return <TodoWidget />;
    case 'note':
      return <NoteWidget />;
    case 'iframe':
      return placed.url ? <IframeWidget url={placed.url} code={placed.widget.code} /> : null;
  }
}

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
  const [config, setConfig] = useState<PortalConfig | null>(null);
  const [failed, setFailed] = useState(false);
  const [generation, setGeneration] = useState(0);
  const userType = user?.userType ?? 0;

  const reload = async (signal?: AbortSignal) => {
    try {
      const next = await loadPortal({ api }, userType, { origin, signal });
      setConfig(next);
      setFailed(false);
      setGeneration((g) => g + 1);
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

  let body;
  if (config === null) {
    body = failed ? (
      <ErrorState title={PORTAL_LOAD_FAILED} status="disconnected" actionText={RETRY} onAction={() => void reload()} />
    ) : (
      <div className="cw-home__skeleton" aria-busy="true">
        <Skeleton animated className="cw-home__skeleton-banner" />
        <Skeleton.Paragraph lineCount={4} animated />
        <Skeleton animated className="cw-home__skeleton-card" />
      </div>
    );
  } else if (isPortalEmpty(config) || rows.length === 0) {
    body = <ErrorState title={PORTAL_EMPTY} description={PORTAL_EMPTY_HINT} status="empty" />;
  } else {
    body = (
      <div className="cw-home__rows" key={generation}>
        {rows.map((row, i) =>
          row.kind === 'full' ? (
            <div className="cw-home__row" key={`${row.widget.widget.code}-${i}`}>
              <Widget placed={row.widget} />
            </div>
          ) : (
            <div className="cw-home__row cw-home__row--pair" key={`pair-${i}`}>
              <div className="cw-home__cell">{row.left ? <Widget placed={row.left} /> : null}</div>
              <div className="cw-home__cell">{row.right ? <Widget placed={row.right} /> : null}</div>
            </div>
          ),
        )}
      </div>
    );
  }

  return (
    <div className="cw-home">
      <PullToRefresh onRefresh={() => reload()}>{body}</PullToRefresh>
    </div>
  );
}
