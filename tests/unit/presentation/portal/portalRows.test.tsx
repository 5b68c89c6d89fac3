// @vitest-environment jsdom
import { act, cleanup, render } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import type { PlacedWidget, PortalRow } from '../../../../domain/portal/types';
import { FIRST_ROWS, PortalRows } from '../../../../presentation/portal/HomePortal';

/*
 * Home's first frame draws its top rows only; the widgets below follow once it is on
 * screen (home's largest paint is not held back by every widget below it).
 * Frame widgets without an address draw nothing, so the rows are all that is counted.
 */

afterEach(cleanup);

const frame = (code: string): PlacedWidget => ({ widget: { code } as PlacedWidget['widget'], kind: 'iframe', url: null });
const rows = (n: number): PortalRow[] =>
  Array.from({ length: n }, (_, i) => (i % 2 === 0 ? { kind: 'full', widget: frame(`w${i}`) } : { kind: 'pair', left: frame(`l${i}`), right: null }));
const count = (html: string) => html.match(/cw-home__row(?!s)/g)?.length ?? 0;

describe('PortalRows', () => {
  it(`the first frame holds the first ${FIRST_ROWS} row(s) only`, () => {
    expect(FIRST_ROWS).toBe(1);
    // Server rendering runs no effect: it is the first frame as committed.
    expect(count(renderToString(<PortalRows rows={rows(5)} />))).toBe(FIRST_ROWS);
  });

  it('the other rows follow, in their order, once the first frame is committed', async () => {
    let view!: ReturnType<typeof render>;
    await act(async () => {
      view = render(<PortalRows rows={rows(5)} />);
    });
    expect(view.container.querySelectorAll('.cw-home__row')).toHaveLength(5);
    expect(view.container.querySelectorAll('.cw-home__row--pair')).toHaveLength(2);
  });

  it('a portal no longer than the first frame draws everything at once', () => {
    expect(count(renderToString(<PortalRows rows={rows(1)} />))).toBe(1);
    expect(count(renderToString(<PortalRows rows={[]} />))).toBe(0);
  });
});
