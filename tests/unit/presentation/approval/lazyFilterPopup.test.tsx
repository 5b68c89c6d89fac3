// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import { createEvent, createStore } from 'effector';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { IDLE_TIMEOUT_MS, SETTLE_DELAY_MS } from '../../../../presentation/shared/lazyModule';

/*
 * The 筛选 popup's code is fetched apart from the list (the list's first frame does not
 * need it). A tap before it is here fetches it and opens the popup; a download failing
 * while the popup is wanted is handed to the model (which says 加载失败 and closes it),
 * and the next tap tries again.
 */

const h = vi.hoisted(() => ({ fail: 0, loads: 0, codeFailed: vi.fn() }));

afterEach(() => {
  cleanup();
  vi.doUnmock('../../../../presentation/approval/FilterPopup');
  vi.resetModules();
  h.codeFailed.mockReset();
  h.loads = 0;
});

const setup = async () => {
  // The popup's module: failing h.fail times, then there.
  vi.doMock('../../../../presentation/approval/FilterPopup', () => {
    h.loads += 1;
    if (h.fail > 0) {
      h.fail -= 1;
      throw new Error('offline');
    }
    return { FilterPopup: () => <div role="dialog" aria-label="筛选" /> };
  });
  const { LazyFilterPopup } = await import('../../../../presentation/approval/LazyFilterPopup');
  const opened = createEvent();
  // The centre model's part the lazy popup uses: a failed download is told and closes the popup.
  const filterCodeFailed = createEvent();
  filterCodeFailed.watch(() => h.codeFailed());
  const $filterOpen = createStore(false)
    .on(opened, () => true)
    .on(filterCodeFailed, () => false);
  const model = { $filterOpen, filterCodeFailed } as never;
  const props = { model } as unknown as Parameters<typeof LazyFilterPopup>[0];
  render(<LazyFilterPopup {...props} />);
  return { open: () => act(() => opened()), $filterOpen };
};

describe('LazyFilterPopup', () => {
  it('a tap before the code is here fetches it and opens the popup', async () => {
    const { open } = await setup();
    expect(screen.queryByRole('dialog')).toBeNull();
    await open();
    expect(await screen.findByRole('dialog', { name: '筛选' })).toBeTruthy();
  });

  it('a failed download while wanted goes to the model (加载失败, closed); the next tap tries again', async () => {
    h.fail = 1;
    const { open, $filterOpen } = await setup();
    await open();
    await vi.waitFor(() => expect(h.codeFailed).toHaveBeenCalledOnce());
    expect($filterOpen.getState()).toBe(false);
    await open();
    expect(await screen.findByRole('dialog', { name: '筛选' })).toBeTruthy();
    expect(h.codeFailed).toHaveBeenCalledOnce();
  });

  it('a fetch that failed unasked (once the page settled) is tried again at the tap, without a message', async () => {
    h.fail = 1;
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const { open } = await setup();
      // Not while the list's first cards are coming: only once the page has settled.
      await act(async () => void vi.advanceTimersByTime(IDLE_TIMEOUT_MS));
      expect(h.loads).toBe(0);
      await act(async () => void vi.advanceTimersByTime(SETTLE_DELAY_MS + IDLE_TIMEOUT_MS));
      vi.useRealTimers();
      await vi.waitFor(() => expect(h.loads).toBe(1));
      await new Promise((r) => setTimeout(r, 0));
      await open();
    } finally {
      vi.useRealTimers();
    }
    expect(await screen.findByRole('dialog', { name: '筛选' })).toBeTruthy();
    expect(h.codeFailed).not.toHaveBeenCalled();
  });
});
