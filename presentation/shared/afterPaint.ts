/**
 * Work that must not race a screen's first paint: what the screen does not show (code it
 * may need later, a question whose answer draws a button, a write to the device) waits
 * until the frame with the screen's content is drawn. On a slow network such work shared
 * the phone's few connections with the screen's own code and data, and on a slow phone
 * its main thread (bench/notes.md, tenth session).
 */

/** How long a hidden page (which draws no frame) holds the task back at most. */
export const PAINT_WAIT_MS = 500;
/** Longest wait for an idle moment after the paint. */
export const IDLE_WAIT_MS = 1000;

/**
 * Runs `task` once the next frame has been drawn and shown: two frame callbacks (the
 * frame is on the screen by the one after it, its painting and rasterising done), then a
 * task after that; at the latest after PAINT_WAIT_MS (a page in the background draws no
 * frames). Answers the cancel.
 */
export function afterNextPaint(task: () => void): () => void {
  let done = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const run = (): void => {
    if (done) return;
    done = true;
    clearTimeout(timer);
    clearTimeout(latest);
    task();
  };
  const latest = setTimeout(run, PAINT_WAIT_MS);
  let frame: number | undefined;
  if (typeof requestAnimationFrame === 'function') {
    frame = requestAnimationFrame(() => {
      frame = requestAnimationFrame(() => {
        frame = undefined;
        timer = setTimeout(run, 0);
      });
    });
  } else timer = setTimeout(run, 0);
  return () => {
    done = true;
    if (frame !== undefined) cancelAnimationFrame(frame);
    clearTimeout(timer);
    clearTimeout(latest);
  };
}

/** Runs `task` after the next paint (afterNextPaint), at an idle moment (IDLE_WAIT_MS at most). */
export function afterPaintWhenIdle(task: () => void): void {
  afterNextPaint(() => {
    if (typeof requestIdleCallback === 'function') requestIdleCallback(() => task(), { timeout: IDLE_WAIT_MS });
    else task();
  });
}
