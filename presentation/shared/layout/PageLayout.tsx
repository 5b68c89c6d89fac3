import { LeftOutline } from 'antd-mobile-icons';
import type { ReactNode } from 'react';
import { useHistoryState } from 'wouter/use-browser-location';
import { routeStateTitle, useBack } from '../navigation';
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
      {/* Not antd's NavBar: its left slot is a role="button" wrapper, which would name the back button twice. */}
      <header className="cw-page__bar">
        <div className="cw-navbar">
          <div className="cw-navbar__side">
            <button type="button" className="cw-icon-button cw-page__back" aria-label={BACK} onClick={onBack ?? back}>
              <LeftOutline fontSize={22} />
            </button>
          </div>
          <h1 className="cw-page__title">{shown}</h1>
          <div className="cw-navbar__side cw-navbar__side--right">{right}</div>
        </div>
      </header>
      <main className="cw-page__body">{children}</main>
    </div>
  );
}
