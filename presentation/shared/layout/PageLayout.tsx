import { LeftOutline } from 'antd-mobile-icons';
import type { ReactNode } from 'react';
import { useHistoryState } from 'wouter/use-browser-location';
import { routeStateTitle, useBack } from '../navigation';
import { OfflineBanner } from '../OfflineBanner';
import { BACK } from '../strings';
import { useDocumentTitle } from '../useDocumentTitle';

export interface PageLayoutProps {
  /** The route's title; route state ({ title }) wins when it carries one. */
  title?: string;
  /** Extra content on the right of the bar. */
  right?: ReactNode;
  children: ReactNode;
  /** Replaces the default back behaviour (e.g. a page that must confirm leaving). */
  onBack?: () => void;
}

/**
 * A page under the back bar (SPEC point 2): the title from route state or the route
 * title; back goes to the native shell when this page was the first one opened.
 */
export function PageLayout({ title, right, children, onBack }: PageLayoutProps) {
  const state = useHistoryState<unknown>();
  const shown = routeStateTitle(state) ?? title ?? '';
  const back = useBack();
  useDocumentTitle(shown);
  return (
    <div className="cw-page">
      <BackBar
        back={
          <button type="button" className="cw-icon-button cw-page__back" aria-label={BACK} onClick={onBack ?? back}>
            <LeftOutline fontSize={22} />
          </button>
        }
        title={shown}
        right={right}
      />
      <main className="cw-page__body">{children}</main>
    </div>
  );
}

/**
 * The back bar itself: the back control, the title and the right slot. Also drawn by
 * the gate's page skeleton (session/InitGate.tsx), so the bar does not move when the
 * page replaces it. Not antd's NavBar: its left slot is a role="button" wrapper, which
 * would name the back button twice.
 */
export function BackBar({ back, title, right }: { back: ReactNode; title: string; right?: ReactNode }) {
  return (
    <header className="cw-page__bar">
      <div className="cw-navbar">
        <div className="cw-navbar__side">{back}</div>
        <h1 className="cw-page__title cw-ellipsis">{title}</h1>
        <div className="cw-navbar__side cw-navbar__side--right">{right}</div>
      </div>
      <OfflineBanner />
    </header>
  );
}
