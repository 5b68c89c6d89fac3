// @vitest-environment jsdom
import { act, cleanup, fireEvent, render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CarouselSlides, type CarouselSlide } from '../../../../presentation/portal/widgets/CarouselWidget';

/*
 * Home's largest paint is the first slide's picture: the other slides ask for theirs only
 * once it has come or failed, so that it downloads alone on a slow network.
 */

afterEach(cleanup);

const slides: CarouselSlide[] = [
  { id: 'a', picture: '/p/1.jpg', name: '开学典礼', link: 'https://example.com/a' },
  { id: 'b', picture: '/p/2.jpg', name: '图书馆', link: null },
  { id: 'c', picture: '/p/3.jpg', name: '科技节', link: null },
];

const pictures = (root: HTMLElement) => [...root.querySelectorAll('img')].map((img) => img.getAttribute('src'));

describe('CarouselSlides', () => {
  it.each([
    ['has come', 'load'],
    ['failed', 'error'],
  ] as const)('only the first slide asks for its picture until it %s; then every slide does', (_, event) => {
    const view = render(<CarouselSlides slides={slides} height={144} onOpen={() => undefined} />);
    expect(pictures(view.container)).toEqual(['/p/1.jpg']);
    // Every slide is there for a screen reader, by its name, before its picture.
    expect(view.getAllByRole('button').map((b) => b.getAttribute('aria-label'))).toEqual(['开学典礼', '图书馆', '科技节']);
    const first = view.container.querySelector('img') as HTMLImageElement;
    act(() => {
      if (event === 'load') fireEvent.load(first);
      else fireEvent.error(first);
    });
    expect(pictures(view.container)).toEqual(['/p/1.jpg', '/p/2.jpg', '/p/3.jpg']);
  });

  it('a slide with a jump address opens it with its name; one without opens nothing', () => {
    const onOpen = vi.fn();
    const view = render(<CarouselSlides slides={slides} height={144} onOpen={onOpen} />);
    fireEvent.click(view.getByRole('button', { name: '图书馆' }));
    expect(onOpen).not.toHaveBeenCalled();
    fireEvent.click(view.getByRole('button', { name: '开学典礼' }));
    expect(onOpen).toHaveBeenCalledWith('https://example.com/a', '开学典礼');
  });
});
