import { startTransition, useEffect, useState, type ReactNode } from 'react';
import type { PlacedWidget, PortalRow } from '../../domain/portal/types';
import { AppWidget } from './widgets/AppWidget';
import { CarouselWidget } from './widgets/CarouselWidget';
import { IframeWidget } from './widgets/IframeWidget';
import { NoteWidget } from './widgets/NoteWidget';
import { OaWidget } from './widgets/OaWidget';
import { TodoWidget } from './widgets/TodoWidget';
import { PullRefresh } from '../shared/PullRefresh';

/*
 * The laid-out portal: the widgets and the pull-to-refresh around them. A chunk of its
 * own (HomeTab loads it while the portal request is in flight) because the widgets
 * (the carousel, the OA and to-do lists, the note card) are not needed to draw the home
 * tab's first frame (the route's size budget, scripts/budget-check.ts).
 */

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

/** Pull down to reload the portal. */
export function HomePull({ onRefresh, children }: { onRefresh: () => Promise<void>; children: ReactNode }) {
  return <PullRefresh onRefresh={onRefresh}>{children}</PullRefresh>;
}

/**
 * Rows drawn with the portal's first frame; the others follow in a transition once it is
 * on screen: the top of home, usually the carousel and home's largest paint,
 * is not held back by every widget below it (their renders, their tabs measuring the
 * page), and the rows that follow are appended below it, so nothing on screen moves.
 */
export const FIRST_ROWS = 1;

/** The rows laid out by the domain: a full-width widget, or a left and a right one. */
export function PortalRows({ rows }: { rows: readonly PortalRow[] }) {
  const [all, setAll] = useState(rows.length <= FIRST_ROWS);
  useEffect(() => {
    // Passive effects run once the first rows are painted.
    if (!all) startTransition(() => setAll(true));
  }, [all]);
  const shown = all ? rows : rows.slice(0, FIRST_ROWS);
  return (
    <div className="cw-home__rows">
      {shown.map((row, i) =>
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
