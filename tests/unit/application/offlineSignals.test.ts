/**
 * The two plain values the screens read outside the lazily loaded offline code: the count
 * of actions waiting (application/offline/badge.ts) and the new version waiting for 更新
 * (application/offline/appUpdate.ts).
 */
import { describe, expect, it, vi } from 'vitest';
import { createAppUpdate } from '../../../application/offline/appUpdate';
import { createOutboxBadge } from '../../../application/offline/badge';
import { createRenewals } from '../../../application/offline/renewals';

describe('the outbox badge', () => {
  it('tells its listeners each change, not a repeat of the same count; a listener that stopped hears nothing', () => {
    const badge = createOutboxBadge();
    const heard = vi.fn();
    const stop = badge.subscribe(heard);
    expect(badge.get()).toBe(0);
    badge.set(2);
    badge.set(2);
    badge.set(1);
    expect(heard).toHaveBeenCalledTimes(2);
    expect(badge.get()).toBe(1);
    stop();
    badge.set(0);
    expect(heard).toHaveBeenCalledTimes(2);
  });
});

describe('the app update', () => {
  it('is ready once offered; 更新 applies the newest offer once and the prompt goes', () => {
    const update = createAppUpdate();
    const heard = vi.fn();
    update.subscribe(heard);
    expect(update.ready()).toBe(false);
    const first = vi.fn();
    const second = vi.fn();
    update.offer(first);
    update.offer(second);
    expect(update.ready()).toBe(true);
    update.apply();
    expect(second).toHaveBeenCalledOnce();
    expect(first).not.toHaveBeenCalled();
    expect(update.ready()).toBe(false);
    update.apply();
    expect(second).toHaveBeenCalledOnce();
    expect(heard).toHaveBeenCalledTimes(3);
  });
});

describe('renewals (stale while revalidate, the screens half)', () => {
  it('renewals that come together are told once, after they settle, with a new round each time', () => {
    vi.useFakeTimers();
    try {
      const renewals = createRenewals({ settleMs: 100 });
      const heard: number[] = [];
      const stop = renewals.subscribe((round) => heard.push(round));
      renewals.renewed();
      renewals.renewed();
      vi.advanceTimersByTime(99);
      expect(heard).toEqual([]);
      renewals.renewed();
      vi.advanceTimersByTime(1);
      expect(heard).toEqual([1]);
      renewals.renewed();
      vi.advanceTimersByTime(100);
      expect(heard).toEqual([1, 2]);
      stop();
      renewals.renewed();
      vi.advanceTimersByTime(100);
      expect(heard).toEqual([1, 2]);
    } finally {
      vi.useRealTimers();
    }
  });
});
