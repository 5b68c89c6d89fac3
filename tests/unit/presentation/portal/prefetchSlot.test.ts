import { describe, expect, it } from 'vitest';
import { prefetchSlot } from '../../../../presentation/portal/prefetch';

/*
 * The carousel's list asked beside home's layout (presentation/portal/prefetch.ts): taken
 * once; when it has already arrived, the widget draws it in its first render.
 */

const flush = () => new Promise((r) => setTimeout(r, 0));

describe('prefetchSlot', () => {
  it('take() hands the answer over once', async () => {
    const slot = prefetchSlot<number>();
    expect(slot.take()).toBeNull();
    slot.put(Promise.resolve(1));
    await expect(slot.take()).resolves.toBe(1);
    expect(slot.take()).toBeNull();
  });

  it('takeArrived() gives an arrived answer at once, and only once', async () => {
    const slot = prefetchSlot<string[]>();
    slot.put(Promise.resolve(['a']));
    expect(slot.takeArrived()).toBeUndefined(); // not in yet: still there for take()
    await flush();
    expect(slot.takeArrived()).toEqual(['a']);
    expect(slot.takeArrived()).toBeUndefined();
    expect(slot.take()).toBeNull();
  });

  it('an answer still travelling or failed stays for take(), which reports it', async () => {
    const slot = prefetchSlot<number>();
    slot.put(Promise.reject(new Error('offline')));
    await flush();
    expect(slot.takeArrived()).toBeUndefined();
    await expect(slot.take()).rejects.toThrow('offline');
  });

  it('a newer answer replaces an older one, even when the older arrives later', async () => {
    const slot = prefetchSlot<number>();
    let late!: (v: number) => void;
    slot.put(new Promise<number>((r) => (late = r)));
    slot.put(Promise.resolve(2));
    late(1);
    await flush();
    expect(slot.takeArrived()).toBe(2);
  });

  it('an answer taken by take() is not given again by takeArrived()', async () => {
    const slot = prefetchSlot<number>();
    slot.put(Promise.resolve(3));
    await flush();
    await expect(slot.take()).resolves.toBe(3);
    expect(slot.takeArrived()).toBeUndefined();
  });
});
