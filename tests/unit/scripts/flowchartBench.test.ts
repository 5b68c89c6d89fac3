/**
 * The flow chart bench's first-paint rows (bench/chartBench.ts, issue 19): the target
 * (150 ms at 4x CPU) and the floor that fails the bench (700 ms), as the Lighthouse rows
 * put a target beside their floor.
 */
import { describe, expect, it } from 'vitest';
import { FIRST_PAINT_MS, FIRST_PAINT_TARGET_MS, firstPaintRow } from '../../../bench/chartBench';
import type { ChartMount } from '../../../bench/chartBenchEntry';

const mount = (total: number): ChartMount => ({
  total,
  setup: 30,
  frame: 40,
  draw: 25,
  whole: 300,
  draws: 1,
  nodes: 300,
  visible: 49,
  zoom: 0.2,
  inked: 5000,
  drawnBeforeReady: true,
});

describe('first paint rows', () => {
  it('names the target and the floor', () => {
    expect([FIRST_PAINT_TARGET_MS, FIRST_PAINT_MS]).toEqual([150, 700]);
    expect(firstPaintRow('first paint, server positions', mount(120), 5).target).toBe('<= 150 ms (fails above 700 ms)');
  });

  it('passes within the target, with the parts of the median', () => {
    const row = firstPaintRow('first paint, laid out in the browser', mount(150), 5);
    expect(row).toMatchObject({ value: 150, unit: 'ms', pass: true });
    expect(row.detail).toBe('median of 5: set-up 30 + to frame 40 + draw 25 + paint 55 ms; 49 nodes on screen at zoom 0.20');
  });

  it('still passes between the target and the floor, noted under target; fails above the floor', () => {
    const slow = firstPaintRow('first paint, laid out in the browser', mount(212.7), 5);
    expect(slow.pass).toBe(true);
    expect(slow.detail).toMatch(/ \(under target\)$/);
    expect(firstPaintRow('first paint, laid out in the browser', mount(700), 5).pass).toBe(true);
    expect(firstPaintRow('first paint, laid out in the browser', mount(700.1), 5).pass).toBe(false);
  });
});
