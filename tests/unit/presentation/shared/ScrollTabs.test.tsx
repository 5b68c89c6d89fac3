// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ScrollTabs } from '../../../../presentation/shared/tabs/ScrollTabs';

/*
 * The sideways tab row of the launcher's categories: one tab role per item, the chosen one
 * selected, a tap reports its key, and the chosen tab is brought to the middle of the row
 * from its own offset (jsdom lays nothing out: offsets are given).
 */

const TABS = Array.from({ length: 50 }, (_, i) => ({ key: String(i), title: `分类${i + 1}` }));
const TAB_WIDTH = 60;
const ROW_WIDTH = 390;

function Row({ onChange, start = '0' }: { onChange: (key: string) => void; start?: string }) {
  const [active, setActive] = useState(start);
  return (
    <ScrollTabs
      tabs={TABS}
      activeKey={active}
      onChange={(key) => {
        onChange(key);
        setActive(key);
      }}
    />
  );
}

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('ScrollTabs', () => {
  it('draws a tab for each item in a tablist, the active one selected', () => {
    render(<Row onChange={() => undefined} />);
    expect(screen.getByRole('tablist')).toBeTruthy();
    const tabs = screen.getAllByRole('tab');
    expect(tabs).toHaveLength(50);
    expect(tabs.map((t) => t.getAttribute('aria-selected'))).toEqual(TABS.map((_, i) => String(i === 0)));
    expect(tabs[3]!.textContent).toBe('分类4');
  });

  /** Lays the row out as jsdom cannot, and records each measurement and scroll. */
  function layOut(): { scrolled: number[]; measured: () => number } {
    const offsetLeft = vi.spyOn(HTMLElement.prototype, 'offsetLeft', 'get').mockImplementation(function (this: HTMLElement) {
      return TABS.findIndex((t) => t.title === this.textContent) * TAB_WIDTH;
    });
    vi.spyOn(HTMLElement.prototype, 'offsetWidth', 'get').mockReturnValue(TAB_WIDTH);
    vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(ROW_WIDTH);
    const scrolled: number[] = [];
    vi.spyOn(Element.prototype, 'scrollLeft', 'set').mockImplementation((left: number) => void scrolled.push(left));
    return { scrolled, measured: () => offsetLeft.mock.calls.length };
  }

  it('a tap reports the key, selects the tab and scrolls it to the middle of the row', () => {
    const { scrolled, measured } = layOut();
    const onChange = vi.fn();
    render(<Row onChange={onChange} />);
    // Opened on its first tab, the row starts at its left end: nothing is measured or moved
    // (no forced layout in the screen's first render).
    expect(scrolled).toEqual([]);
    expect(measured()).toBe(0);
    fireEvent.click(screen.getByRole('tab', { name: '分类31' }));
    expect(onChange).toHaveBeenCalledWith('30');
    expect(screen.getByRole('tab', { name: '分类31' }).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('tab', { name: '分类1' }).getAttribute('aria-selected')).toBe('false');
    expect(scrolled).toEqual([30 * TAB_WIDTH - (ROW_WIDTH - TAB_WIDTH) / 2]);
    // Back to the first: it cannot go left of the row's start.
    fireEvent.click(screen.getByRole('tab', { name: '分类1' }));
    expect(scrolled).toEqual([30 * TAB_WIDTH - (ROW_WIDTH - TAB_WIDTH) / 2, 0]);
  });

  it('opened on a later tab, the row is brought to it at once', () => {
    const { scrolled } = layOut();
    render(<Row onChange={() => undefined} start="40" />);
    expect(screen.getByRole('tab', { name: '分类41' }).getAttribute('aria-selected')).toBe('true');
    expect(scrolled).toEqual([40 * TAB_WIDTH - (ROW_WIDTH - TAB_WIDTH) / 2]);
  });

  it('titles may hold a count; spread and a screen class go on the row', () => {
    render(
      <ScrollTabs
        spread
        className="cw-ap-list__tabs"
        activeKey="a"
        onChange={() => undefined}
        tabs={[
          { key: 'a', title: <span>我的待办<sup>3</sup></span> },
          { key: 'b', title: '已办理' },
        ]}
      />,
    );
    expect(screen.getByRole('tablist').className).toBe('cw-scroll-tabs cw-scroll-tabs--spread cw-ap-list__tabs');
    expect(screen.getByRole('tab', { name: '我的待办3' }).getAttribute('aria-selected')).toBe('true');
  });

  it('without spread or a class the row has the shared look only', () => {
    render(<Row onChange={() => undefined} />);
    expect(screen.getByRole('tablist').className).toBe('cw-scroll-tabs');
  });

  it('is one stop in the tab order (the active tab); arrows, Home and End move to a tab and choose it, round the ends', () => {
    const onChange = vi.fn();
    render(<Row onChange={onChange} />);
    const tab = (name: string) => screen.getByRole('tab', { name });
    expect(screen.getAllByRole('tab').filter((t) => t.tabIndex === 0)).toEqual([tab('分类1')]);
    const press = (key: string) => fireEvent.keyDown(document.activeElement ?? document.body, { key });
    tab('分类1').focus();
    press('ArrowRight');
    expect(onChange).toHaveBeenLastCalledWith('1');
    expect(document.activeElement).toBe(tab('分类2'));
    expect(tab('分类2').getAttribute('aria-selected')).toBe('true');
    expect(tab('分类2').tabIndex).toBe(0);
    expect(tab('分类1').tabIndex).toBe(-1);
    press('ArrowLeft');
    press('ArrowLeft');
    expect(onChange).toHaveBeenLastCalledWith('49');
    expect(document.activeElement).toBe(tab('分类50'));
    press('ArrowRight');
    expect(onChange).toHaveBeenLastCalledWith('0');
    press('End');
    expect(document.activeElement).toBe(tab('分类50'));
    press('Home');
    expect(document.activeElement).toBe(tab('分类1'));
    expect(onChange).toHaveBeenLastCalledWith('0');
    const calls = onChange.mock.calls.length;
    press('a');
    expect(onChange).toHaveBeenCalledTimes(calls);
  });
});
