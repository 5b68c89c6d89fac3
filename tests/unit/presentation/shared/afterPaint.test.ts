// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { afterNextPaint, afterPaintWhenIdle, IDLE_WAIT_MS, PAINT_WAIT_MS } from '../../../../presentation/shared/afterPaint';

/*
 * What a screen does not show waits for the screen's first paint: the approval centre's
 * add-button question and outbox, and every answer kept on the device.
 */

let frames: Array<() => void> = [];
const drawFrame = () => {
  const now = frames;
  frames = [];
  for (const f of now) f();
};

beforeEach(() => {
  vi.useFakeTimers();
  frames = [];
  vi.stubGlobal('requestAnimationFrame', (f: () => void) => frames.push(f));
  vi.stubGlobal('cancelAnimationFrame', (id: number) => {
    frames[id - 1] = () => undefined;
  });
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('afterNextPaint', () => {
  it('runs after two frames and a task after them, once', () => {
    const task = vi.fn();
    afterNextPaint(task);
    vi.advanceTimersByTime(0);
    drawFrame();
    vi.advanceTimersByTime(0);
    expect(task).not.toHaveBeenCalled();
    drawFrame();
    expect(task).not.toHaveBeenCalled();
    vi.advanceTimersByTime(0);
    expect(task).toHaveBeenCalledOnce();
    vi.advanceTimersByTime(PAINT_WAIT_MS * 2);
    expect(task).toHaveBeenCalledOnce();
  });

  it('a page that draws no frame (in the background) runs it after PAINT_WAIT_MS', () => {
    const task = vi.fn();
    afterNextPaint(task);
    vi.advanceTimersByTime(PAINT_WAIT_MS - 1);
    expect(task).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(task).toHaveBeenCalledOnce();
    drawFrame();
    drawFrame();
    vi.advanceTimersByTime(PAINT_WAIT_MS);
    expect(task).toHaveBeenCalledOnce();
  });

  it('cancelled (the screen went first) it never runs', () => {
    const task = vi.fn();
    const cancel = afterNextPaint(task);
    drawFrame();
    cancel();
    drawFrame();
    vi.advanceTimersByTime(PAINT_WAIT_MS * 2);
    expect(task).not.toHaveBeenCalled();
  });
});

describe('afterPaintWhenIdle', () => {
  it('after the paint, at an idle moment (IDLE_WAIT_MS at most)', () => {
    const idle: Array<() => void> = [];
    const asked = vi.fn((f: () => void, o: { timeout: number }) => (idle.push(f), o.timeout));
    vi.stubGlobal('requestIdleCallback', asked);
    const task = vi.fn();
    afterPaintWhenIdle(task);
    drawFrame();
    drawFrame();
    vi.advanceTimersByTime(0);
    expect(asked).toHaveBeenCalledWith(expect.any(Function), { timeout: IDLE_WAIT_MS });
    expect(task).not.toHaveBeenCalled();
    idle[0]!();
    expect(task).toHaveBeenCalledOnce();
  });
});
