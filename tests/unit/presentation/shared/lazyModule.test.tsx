// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { IDLE_TIMEOUT_MS, lazyModule, SETTLE_DELAY_MS, useLazyModule, whenIdle, whenSettled, whenSettledOrOffline, type LazyModule } from '../../../../presentation/shared/lazyModule';

/*
 * Code kept out of a route's first download arrives after the first frame:
 * the stand-in shows meanwhile, a failed download leaves the stand-in instead of
 * breaking the page, and a retry downloads again.
 */

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

/** An importer whose answers the test settles by hand. */
function controlled<T>() {
  const calls: { resolve: (m: T) => void; reject: (e: unknown) => void }[] = [];
  const importer = vi.fn(() => new Promise<T>((resolve, reject) => calls.push({ resolve, reject })));
  return { importer, calls };
}

describe('lazyModule', () => {
  it('downloads once for every caller and remembers the module', async () => {
    const { importer, calls } = controlled<{ n: number }>();
    const lazy = lazyModule(importer);
    expect(lazy.current()).toBeNull();
    const a = lazy.load();
    const b = lazy.load();
    expect(importer).toHaveBeenCalledTimes(1);
    calls[0]!.resolve({ n: 1 });
    await expect(a).resolves.toEqual({ n: 1 });
    await expect(b).resolves.toEqual({ n: 1 });
    expect(lazy.current()).toEqual({ n: 1 });
    await lazy.load();
    expect(importer).toHaveBeenCalledTimes(1);
  });

  it('forgets a failed download so the next load tries again', async () => {
    const { importer, calls } = controlled<string>();
    const lazy = lazyModule(importer);
    const first = lazy.load();
    calls[0]!.reject(new TypeError('Failed to fetch dynamically imported module'));
    await expect(first).rejects.toThrow('Failed to fetch');
    expect(lazy.current()).toBeNull();
    const second = lazy.load();
    expect(importer).toHaveBeenCalledTimes(2);
    calls[1]!.resolve('ok');
    await expect(second).resolves.toBe('ok');
  });
});

function Probe({ lazy, when = 'mount' }: { lazy: LazyModule<{ label: string }>; when?: 'mount' | 'idle' | 'settled' }) {
  const { module, failed, retry } = useLazyModule(lazy, { when });
  if (module) return <p>{module.label}</p>;
  return (
    <button type="button" onClick={retry}>
      {failed ? 'failed' : 'stand-in'}
    </button>
  );
}

describe('useLazyModule', () => {
  it('draws the stand-in, then the module once it arrives', async () => {
    const { importer, calls } = controlled<{ label: string }>();
    render(<Probe lazy={lazyModule(importer)} />);
    expect(screen.getByRole('button').textContent).toBe('stand-in');
    await act(async () => calls[0]!.resolve({ label: 'loaded' }));
    expect(screen.getByText('loaded')).toBeTruthy();
  });

  it('a failed download keeps the page and can be retried', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { importer, calls } = controlled<{ label: string }>();
    render(<Probe lazy={lazyModule(importer)} />);
    await act(async () => calls[0]!.reject(new TypeError('offline')));
    expect(screen.getByRole('button').textContent).toBe('failed');
    await act(async () => screen.getByRole('button').click());
    expect(importer).toHaveBeenCalledTimes(2);
    await act(async () => calls[1]!.resolve({ label: 'loaded' }));
    expect(screen.getByText('loaded')).toBeTruthy();
  });

  it('a module already here draws at once, without a second download', async () => {
    const lazy = lazyModule(async () => ({ label: 'cached' }));
    await lazy.load();
    render(<Probe lazy={lazy} />);
    expect(screen.getByText('cached')).toBeTruthy();
  });

  it("with when: 'idle' the download waits for an idle moment, and a tap before then starts it at once", async () => {
    vi.useFakeTimers();
    try {
      const idle = controlled<{ label: string }>();
      render(<Probe lazy={lazyModule(idle.importer)} when="idle" />);
      expect(idle.importer).not.toHaveBeenCalled();
      await act(async () => vi.advanceTimersByTime(IDLE_TIMEOUT_MS));
      expect(idle.importer).toHaveBeenCalledTimes(1);
      await act(async () => idle.calls[0]!.resolve({ label: 'loaded when idle' }));
      expect(screen.getByText('loaded when idle')).toBeTruthy();
      cleanup();

      const tapped = controlled<{ label: string }>();
      render(<Probe lazy={lazyModule(tapped.importer)} when="idle" />);
      await act(async () => screen.getByRole('button').click());
      expect(tapped.importer).toHaveBeenCalledTimes(1);
      await act(async () => vi.advanceTimersByTime(IDLE_TIMEOUT_MS));
      expect(tapped.importer).toHaveBeenCalledTimes(1);
    } finally {
      vi.useRealTimers();
    }
  });

  it("with when: 'settled' the download waits for the page to settle (a few seconds after the load and an idle moment); a tap starts it at once", async () => {
    vi.useFakeTimers();
    try {
      const later = controlled<{ label: string }>();
      render(<Probe lazy={lazyModule(later.importer)} when="settled" />);
      await act(async () => vi.advanceTimersByTime(IDLE_TIMEOUT_MS));
      expect(later.importer).not.toHaveBeenCalled();
      await act(async () => vi.advanceTimersByTime(SETTLE_DELAY_MS + IDLE_TIMEOUT_MS));
      expect(later.importer).toHaveBeenCalledTimes(1);
      cleanup();

      const tapped = controlled<{ label: string }>();
      render(<Probe lazy={lazyModule(tapped.importer)} when="settled" />);
      await act(async () => screen.getByRole('button').click());
      expect(tapped.importer).toHaveBeenCalledTimes(1);
      cleanup();
      // Gone before the page settled: nothing is fetched for it.
      const gone = controlled<{ label: string }>();
      render(<Probe lazy={lazyModule(gone.importer)} when="settled" />);
      cleanup();
      await act(async () => vi.advanceTimersByTime(SETTLE_DELAY_MS + IDLE_TIMEOUT_MS * 10));
      expect(gone.importer).not.toHaveBeenCalled();
    } finally {
      vi.useRealTimers();
    }
  });

  describe('whenIdle', () => {
    beforeEach(() => vi.useFakeTimers());
    afterEach(() => vi.useRealTimers());

    /** A window whose network word the test sets, with its online event. */
    const fakeWindow = (onLine: boolean) => {
      const target = new EventTarget();
      return {
        navigator: { onLine } as Navigator,
        addEventListener: target.addEventListener.bind(target),
        removeEventListener: target.removeEventListener.bind(target),
        goOnline() {
          this.navigator = { onLine: true } as Navigator;
          target.dispatchEvent(new Event('online'));
        },
        goOffline() {
          this.navigator = { onLine: false } as Navigator;
          target.dispatchEvent(new Event('offline'));
        },
        loaded: () => target.dispatchEvent(new Event('load')),
      };
    };

    it.each([
      ['online', true, 1],
      ['offline', false, 0],
    ])('%s, the task runs once the browser is idle: %i time(s) after the idle wait', (_, onLine, runs) => {
      const task = vi.fn();
      whenIdle(task, fakeWindow(onLine));
      vi.advanceTimersByTime(IDLE_TIMEOUT_MS * 10);
      expect(task).toHaveBeenCalledTimes(runs);
    });

    it.each([
      ['asked offline', false],
      ['asked online, offline before the idle moment', true],
    ])('%s: it waits for the network, then for an idle moment, and runs once; cancelled meanwhile, it never runs', (_, askedOnline) => {
      /** A window offline by the idle moment: from the start, or gone offline after the ask. */
      const offlineBy = (task: () => void) => {
        const win = fakeWindow(askedOnline);
        const cancel = whenIdle(task, win);
        if (askedOnline) win.goOffline();
        vi.advanceTimersByTime(IDLE_TIMEOUT_MS * 10);
        return { win, cancel };
      };
      const task = vi.fn();
      const { win } = offlineBy(task);
      expect(task).not.toHaveBeenCalled();
      win.goOnline();
      expect(task).not.toHaveBeenCalled();
      vi.advanceTimersByTime(IDLE_TIMEOUT_MS);
      expect(task).toHaveBeenCalledTimes(1);
      // Once only, whatever the network does after.
      win.goOffline();
      win.goOnline();
      vi.advanceTimersByTime(IDLE_TIMEOUT_MS * 10);
      expect(task).toHaveBeenCalledTimes(1);

      const cancelled = vi.fn();
      const other = offlineBy(cancelled);
      other.cancel();
      other.win.goOnline();
      vi.advanceTimersByTime(IDLE_TIMEOUT_MS * 10);
      expect(cancelled).not.toHaveBeenCalled();
    });

    describe('whenSettled (the service worker)', () => {
      /** An online window whose page is still loading or loaded. */
      const page = (readyState: DocumentReadyState) => Object.assign(fakeWindow(true), { document: { readyState } });

      it('runs after the load event, SETTLE_DELAY_MS and an idle moment; not before the load', () => {
        const task = vi.fn();
        const win = page('loading');
        whenSettled(task, win);
        vi.advanceTimersByTime(SETTLE_DELAY_MS + IDLE_TIMEOUT_MS * 10);
        expect(task).not.toHaveBeenCalled();
        win.loaded();
        vi.advanceTimersByTime(SETTLE_DELAY_MS - 1);
        expect(task).not.toHaveBeenCalled();
        vi.advanceTimersByTime(IDLE_TIMEOUT_MS);
        expect(task).toHaveBeenCalledTimes(1);
      });

      it('a cancel before the load, while it waits its delay, or before the idle moment runs nothing', () => {
        for (const at of ['before the load', 'in the delay', 'before the idle moment'] as const) {
          const task = vi.fn();
          const win = page('loading');
          const cancel = whenSettled(task, win);
          if (at !== 'before the load') win.loaded();
          if (at === 'before the idle moment') vi.advanceTimersByTime(SETTLE_DELAY_MS);
          cancel();
          win.loaded();
          vi.advanceTimersByTime(SETTLE_DELAY_MS + IDLE_TIMEOUT_MS * 10);
          expect(task, at).not.toHaveBeenCalled();
        }
      });

      it('offline at the settled moment: nothing is downloaded until the network is back (a chunk failed once fails for the page), then once', () => {
        const task = vi.fn();
        const win = page('complete');
        whenSettled(task, win);
        win.goOffline();
        vi.advanceTimersByTime(SETTLE_DELAY_MS + IDLE_TIMEOUT_MS * 10);
        expect(task).not.toHaveBeenCalled();
        win.goOnline();
        vi.advanceTimersByTime(IDLE_TIMEOUT_MS);
        expect(task).toHaveBeenCalledTimes(1);
      });
    });

    describe('whenSettledOrOffline (the outbox)', () => {
      const page = (readyState: DocumentReadyState, onLine = true) => Object.assign(fakeWindow(onLine), { document: { readyState } });

      it('online: once the page has settled, not before, and once only', () => {
        const task = vi.fn();
        const win = page('loading');
        whenSettledOrOffline(task, win);
        win.loaded();
        vi.advanceTimersByTime(SETTLE_DELAY_MS - 1);
        expect(task).not.toHaveBeenCalled();
        vi.advanceTimersByTime(IDLE_TIMEOUT_MS);
        expect(task).toHaveBeenCalledTimes(1);
        win.goOffline();
        win.goOnline();
        vi.advanceTimersByTime(SETTLE_DELAY_MS + IDLE_TIMEOUT_MS * 10);
        expect(task).toHaveBeenCalledTimes(1);
      });

      it('offline from the start: at once, and not again when the page settles', () => {
        const task = vi.fn();
        const win = page('complete', false);
        whenSettledOrOffline(task, win);
        expect(task).toHaveBeenCalledTimes(1);
        win.goOnline();
        vi.advanceTimersByTime(SETTLE_DELAY_MS + IDLE_TIMEOUT_MS * 10);
        expect(task).toHaveBeenCalledTimes(1);
      });

      it('gone offline before the page settled: at once, and not again when the network is back', () => {
        const task = vi.fn();
        const win = page('loading');
        whenSettledOrOffline(task, win);
        win.loaded();
        vi.advanceTimersByTime(SETTLE_DELAY_MS / 2);
        expect(task).not.toHaveBeenCalled();
        win.goOffline();
        expect(task).toHaveBeenCalledTimes(1);
        win.goOnline();
        vi.advanceTimersByTime(SETTLE_DELAY_MS + IDLE_TIMEOUT_MS * 10);
        expect(task).toHaveBeenCalledTimes(1);
      });

      it('a window without a document (not a browser page) waits for its load event', () => {
        const task = vi.fn();
        const win = fakeWindow(true);
        whenSettledOrOffline(task, win);
        vi.advanceTimersByTime(SETTLE_DELAY_MS + IDLE_TIMEOUT_MS * 10);
        expect(task).not.toHaveBeenCalled();
        win.loaded();
        vi.advanceTimersByTime(SETTLE_DELAY_MS + IDLE_TIMEOUT_MS);
        expect(task).toHaveBeenCalledTimes(1);
      });
    });
  });
});
