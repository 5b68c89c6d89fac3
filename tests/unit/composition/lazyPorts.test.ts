import { describe, expect, it, vi } from 'vitest';
import { writesLater } from '../../../composition/lazyPorts';

/* The answers kept on the device are written after the screen's first paint (composition/container.ts). */

describe('writesLater', () => {
  it('a write waits for `later` and then answers what the store answered; reads and the rest go at once', async () => {
    const store = { put: vi.fn(async (k: string) => `put ${k}`), get: vi.fn(async (k: string) => `got ${k}`) };
    const waiting: Array<() => void> = [];
    const later = writesLater(store, (task) => waiting.push(task));
    const put = later.put('a');
    expect(store.put).not.toHaveBeenCalled();
    await expect(later.get('b')).resolves.toBe('got b');
    waiting[0]!();
    await expect(put).resolves.toBe('put a');
    expect(store.put).toHaveBeenCalledWith('a');
  });

  it('a write that fails rejects with its error', async () => {
    const store = { put: vi.fn(async () => Promise.reject(new Error('quota'))) };
    const later = writesLater(store, (task) => task());
    await expect(later.put()).rejects.toThrow('quota');
  });

  it('a write no longer wanted when its moment comes (its user signed out) is dropped, and answers', async () => {
    const store = { put: vi.fn(async (owner: string) => owner) };
    let current = 'u1';
    const waiting: Array<() => void> = [];
    const later = writesLater(store, (task) => waiting.push(task), (owner) => owner === current);
    const put = later.put('u1');
    current = 'u2';
    waiting[0]!();
    await expect(put).resolves.toBeUndefined();
    expect(store.put).not.toHaveBeenCalled();
  });
});
