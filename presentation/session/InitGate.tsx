import { Skeleton } from 'antd-mobile';
import { AppOutline, LeftOutline, MessageOutline, UserOutline } from 'antd-mobile-icons';
import { useUnit } from 'effector-react';
import { startTransition, useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { afterFirstPaint } from '../shared/afterFirstPaint';
import { GateShownContext } from '../shared/gateShown';
import { BackBar } from '../shared/layout/PageLayout';
import { useSessionModel } from '../shared/session';
import { DEFAULT_TAB, MAIN_TABS } from '../shared/layout/tabs';
import type { MainTab } from '../shared/layout/tabBadges';
import { LOADING, RETRY, TAB_LABELS } from '../shared/strings';
import { ErrorState } from '../shared/ErrorState';
import { failureText } from '../../application/shared/failureNotice';
import { REQUEST_FAILED } from '../../application/ports/errors';

const TAB_ICONS = { message: MessageOutline, home: AppOutline, me: UserOutline } as const;

/**
 * The skeleton of the main layout: what the user sees until the session is ready. The
 * bottom bar is the real one's look (its tabs never change), with the tab the address
 * names; only what depends on the user is a placeholder.
 */
export function GateSkeleton({ tab = DEFAULT_TAB }: { tab?: MainTab }) {
  return (
    <div className="cw-gate" role="status" aria-label={LOADING} aria-busy="true">
      <div className="cw-gate__tabs" aria-hidden="true">
        {MAIN_TABS.map((key) => {
          const Icon = TAB_ICONS[key];
          return (
            <span key={key} className={key === tab ? 'cw-gate__tab cw-gate__tab--active' : 'cw-gate__tab'}>
              <Icon fontSize={24} />
              <span className="cw-gate__tab-title">{TAB_LABELS[key]}</span>
            </span>
          );
        })}
      </div>
      <div className="cw-gate__bar">
        <Skeleton animated className="cw-gate__avatar" />
        <Skeleton animated className="cw-gate__campus" />
      </div>
      <div className="cw-gate__card">
        <Skeleton animated className="cw-gate__banner" />
      </div>
      <div className="cw-gate__card cw-gate__grid">
        {Array.from({ length: 8 }, (_, i) => (
          <div key={i} className="cw-gate__cell">
            <Skeleton animated className="cw-gate__icon" />
            <Skeleton animated className="cw-gate__label" />
          </div>
        ))}
      </div>
      <div className="cw-gate__card">
        <Skeleton.Title animated />
        <Skeleton.Paragraph lineCount={3} animated />
      </div>
    </div>
  );
}

/**
 * The skeleton of a page under the back bar (SPEC point 2 "The layout has a back bar"):
 * the bar as the page will draw it, with its arrow and, when known, its title (route
 * state, else the route's title), over placeholder cards. What a deep link or a reload
 * of an inner page shows until the session is ready.
 */
export function PageSkeleton({ title }: { title: string }) {
  return (
    <div className="cw-page" role="status" aria-label={LOADING} aria-busy="true">
      <BackBar
        back={
          <span className="cw-icon-button cw-page__back" aria-hidden="true">
            <LeftOutline fontSize={22} />
          </span>
        }
        title={title}
      />
      <div className="cw-gate__page">
        {[0, 1, 2].map((i) => (
          <div key={i} className="cw-gate__card">
            <Skeleton.Title animated />
            <Skeleton.Paragraph lineCount={2} animated />
          </div>
        ))}
      </div>
    </div>
  );
}

/**
 * The initialisation gate (SPEC point 2): a skeleton until user info, the campus list
 * and the message hub are ready. Without a session (none stored, or a 401 whose refresh
 * failed) the session model goes to /login, which comes back here after signing in. Any
 * other failure keeps the session: the gate says what went wrong, with 重试, and the
 * page opens where the user was once the start works.
 *
 * The page is drawn under the skeleton as soon as the user and campus are known, so its
 * code runs and its data loads while the hub connects (a slow network pays the
 * round trips once, not one after another); it is shown, unchanged, when the gate opens.
 * Until then it is invisible, hidden from assistive technology and unfocusable.
 */
export function InitGate({ children, skeleton = <GateSkeleton /> }: { children: ReactNode; skeleton?: ReactNode }) {
  const model = useSessionModel();
  const [status, user, bootFailure] = useUnit([model.$status, model.$user, model.$bootFailure]);
  const [retry, initialise] = useUnit([model.bootRetried, model.initialiseFx]);
  const asked = useRef(false);
  useEffect(() => {
    if (status !== 'idle' || asked.current) return;
    // After the skeleton is painted: the calls bring the network code, which runs on arrival.
    return afterFirstPaint(() => {
      if (asked.current) return;
      asked.current = true;
      void initialise().catch(() => undefined);
    });
  }, [status, initialise]);

  const ready = status === 'ready';
  // inert is not a React 18 prop: set on the element itself, whenever it appears or the gate opens.
  const stage = useCallback(
    (el: HTMLDivElement | null) => {
      if (!el) return;
      if (ready) el.removeAttribute('inert');
      else el.setAttribute('inert', '');
    },
    [ready],
  );

  // The page is mounted under the skeleton as a transition: drawn in slices while the hub
  // connects, not in one long task. Showing it (ready) is immediate.
  const identified = status === 'pending' && user !== null;
  const [staged, setStaged] = useState(false);
  useEffect(() => {
    if (identified) startTransition(() => setStaged(true));
    else if (status !== 'ready') setStaged(false);
  }, [identified, status]);

  if (status === 'failed' && bootFailure !== null) {
    return (
      <ErrorState
        fullPage
        status={bootFailure.kind === 'offline' ? 'disconnected' : 'default'}
        title={failureText(bootFailure) ?? REQUEST_FAILED}
        actionText={RETRY}
        onAction={retry}
      />
    );
  }
  if (!ready && !(identified && staged)) return <>{skeleton}</>;
  return (
    <>
      <div ref={stage} className={ready ? 'cw-gate-stage' : 'cw-gate-stage cw-gate-stage--hidden'} aria-hidden={ready ? undefined : true}>
        <GateShownContext.Provider value={ready}>{children}</GateShownContext.Provider>
      </div>
      {ready ? null : skeleton}
    </>
  );
}
