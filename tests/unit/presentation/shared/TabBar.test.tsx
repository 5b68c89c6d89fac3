// @vitest-environment jsdom
/**
 * The main layout's bottom bar (presentation/shared/layout/TabBar.tsx): one button per
 * tab, the current one marked for assistive technology, a count on an icon only when
 * there is one, and a tap (or Enter on a keyboard) on any tab says which.
 */
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TabBar, type TabBarItem } from '../../../../presentation/shared/layout/TabBar';

afterEach(cleanup);

type Key = 'message' | 'home' | 'me';
const items = (badges: Partial<Record<Key, string | null>> = {}): TabBarItem<Key>[] => [
  { key: 'message', title: '消息', icon: <i>m</i>, badge: badges.message },
  { key: 'home', title: '工作台', icon: <i>h</i>, badge: badges.home },
  { key: 'me', title: '我的', icon: <i>u</i>, badge: badges.me },
];

describe('TabBar', () => {
  it.each<[Key, string]>([
    ['message', '消息'],
    ['home', '工作台'],
    ['me', '我的'],
  ])('the %s tab is the one marked current, and only it', (active, title) => {
    render(<TabBar items={items()} active={active} onChange={() => undefined} />);
    const buttons = screen.getAllByRole('button');
    expect(buttons.map((b) => b.querySelector('.cw-tabbar__title')?.textContent)).toEqual(['消息', '工作台', '我的']);
    const current = buttons.filter((b) => b.getAttribute('aria-current') === 'page');
    expect(current.map((b) => b.getAttribute('aria-label'))).toEqual([title]);
    expect(current[0]!.classList.contains('cw-tabbar__item--active')).toBe(true);
  });

  it('a count shows on its tab, is read with the tab, and none shows for null or an empty one', () => {
    const { container } = render(<TabBar items={items({ message: '99+', home: null, me: '' })} active="home" onChange={() => undefined} />);
    const badges = [...container.querySelectorAll('.cw-tabbar__badge')].map((b) => b.textContent);
    expect(badges).toEqual(['99+']);
    expect(screen.getByRole('button', { name: '消息 99+' })).toBeTruthy();
    // The icon itself is not read out.
    expect(screen.getByRole('button', { name: '工作台' })).toBeTruthy();
  });

  it('a tap on a tab, the current one too (back to its top), says which', () => {
    const onChange = vi.fn();
    render(<TabBar items={items()} active="home" onChange={onChange} />);
    fireEvent.click(screen.getByRole('button', { name: '我的' }));
    fireEvent.click(screen.getByRole('button', { name: '工作台' }));
    expect(onChange.mock.calls).toEqual([['me'], ['home']]);
    // Real buttons: reachable and pressed from a keyboard.
    for (const b of screen.getAllByRole('button')) expect(b.getAttribute('type')).toBe('button');
  });
});
