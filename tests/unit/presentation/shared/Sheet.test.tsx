// @vitest-environment jsdom
/**
 * The bottom sheet (presentation/shared/Sheet.tsx): nothing drawn while closed; opened, it
 * is drawn on the page's body and moves in a frame later (so it slides); a tap on the mask
 * asks to close; closed, it slides out and is gone once the slide is over.
 */
import { act, cleanup, render } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Sheet } from '../../../../presentation/shared/Sheet';

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'requestAnimationFrame', 'cancelAnimationFrame'] });
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const sheet = () => document.body.querySelector('.cw-sheet');
const dialog = () => document.body.querySelector('[role="dialog"]');

function View({ open, onMaskClick = () => undefined }: { open: boolean; onMaskClick?: () => void }) {
  return (
    <Sheet open={open} onMaskClick={onMaskClick} bodyClassName="cw-note__popup">
      <div role="dialog" aria-label="同意">
        意见
      </div>
    </Sheet>
  );
}

describe('Sheet', () => {
  it('closed: nothing is drawn', () => {
    render(<View open={false} />);
    expect(sheet()).toBeNull();
  });

  it('opened: drawn on the body at once, in place two frames later; the mask asks to close', async () => {
    const onMaskClick = vi.fn();
    const { container, rerender } = render(<View open={false} onMaskClick={onMaskClick} />);
    rerender(<View open onMaskClick={onMaskClick} />);
    expect(dialog()?.textContent).toBe('意见');
    expect(container.contains(dialog())).toBe(false);
    expect(sheet()?.classList.contains('cw-sheet--in')).toBe(false);
    expect(document.body.querySelector('.cw-sheet__body')?.classList.contains('cw-note__popup')).toBe(true);
    await act(async () => vi.advanceTimersToNextFrame());
    await act(async () => vi.advanceTimersToNextFrame());
    expect(sheet()?.classList.contains('cw-sheet--in')).toBe(true);
    act(() => (document.body.querySelector('.cw-sheet__mask') as HTMLElement).click());
    expect(onMaskClick).toHaveBeenCalledTimes(1);
  });

  it('closed again: it slides out, then is gone', async () => {
    const { rerender } = render(<View open />);
    await act(async () => vi.advanceTimersToNextFrame());
    await act(async () => vi.advanceTimersToNextFrame());
    rerender(<View open={false} />);
    expect(sheet()?.classList.contains('cw-sheet--in')).toBe(false);
    expect(dialog()).not.toBeNull();
    await act(async () => vi.advanceTimersByTime(299));
    expect(dialog()).not.toBeNull();
    await act(async () => vi.advanceTimersByTime(1));
    expect(sheet()).toBeNull();
  });

  it('opened again while sliding out: it stays and comes back in', async () => {
    const { rerender } = render(<View open />);
    await act(async () => vi.advanceTimersToNextFrame());
    await act(async () => vi.advanceTimersToNextFrame());
    rerender(<View open={false} />);
    await act(async () => vi.advanceTimersByTime(150));
    rerender(<View open />);
    await act(async () => vi.advanceTimersByTime(1000));
    expect(sheet()?.classList.contains('cw-sheet--in')).toBe(true);
  });
});
