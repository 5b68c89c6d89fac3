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

function Row({ onChange }: { onChange: (key: string) => void }) {
  const [active, setActive] = useState('0');
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

  it('a tap reports the key, selects the tab and scrolls it to the middle of the row', () => {
    vi.spyOn(HTMLElement.prototype, 'offsetLeft', 'get').mockImplementation(function (this: HTMLElement) {
      return TABS.findIndex((t) => t.title === this.textContent) * TAB_WIDTH;
    });
    vi.spyOn(HTMLElement.prototype, 'offsetWidth', 'get').mockReturnValue(TAB_WIDTH);
    vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(ROW_WIDTH);
    const scrolled: number[] = [];
    vi.spyOn(Element.prototype, 'scrollLeft', 'set').mockImplementation((left: number) => void scrolled.push(left));
    const onChange = vi.fn();
    render(<Row onChange={onChange} />);
    // The first tab cannot go left of the row's start.
    expect(scrolled).toEqual([0]);
    fireEvent.click(screen.getByRole('tab', { name: '分类31' }));
    expect(onChange).toHaveBeenCalledWith('30');
    expect(screen.getByRole('tab', { name: '分类31' }).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('tab', { name: '分类1' }).getAttribute('aria-selected')).toBe('false');
    expect(scrolled).toEqual([0, 30 * TAB_WIDTH - (ROW_WIDTH - TAB_WIDTH) / 2]);
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
