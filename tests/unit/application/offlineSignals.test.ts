/**
 * The two plain values the screens read outside the lazily loaded offline code: the count
 * of actions waiting (application/offline/badge.ts) and the new version waiting for 更新
 * (application/offline/appUpdate.ts).
 */
import { describe, expect, it, vi } from 'vitest';
import { createAppUpdate } from '../../../application/offline/appUpdate';
import { createOutboxBadge } from '../../../application/offline/badge';
import { createReachability } from '../../../application/offline/reachability';
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

describe('reachability (the browser says online, the calls say otherwise)', () => {
  const browser = (onLine = true) => {
    const online = new Set<() => void>();
    const changed = new Set<() => void>();
    const b = {
      onLine,
      online: () => b.onLine,
      onOnline: (l: () => void) => (online.add(l), () => online.delete(l)),
      subscribe: (l: () => void) => (changed.add(l), () => changed.delete(l)),
      goes(next: boolean) {
        b.onLine = next;
        for (const l of [...changed]) l();
        if (next) for (const l of [...online]) l();
      },
    };
    return b;
  };

  const listening = () => {
    const b = browser();
    const r = createReachability(b);
    const back = vi.fn();
    const changed = vi.fn();
    r.onOnline(back);
    r.subscribe(changed);
    return { b, r, back, changed };
  };

  it('a call that goes unanswered makes the app offline; the next answered call brings it back and says so once', () => {
    const { r, back, changed } = listening();
    expect(r.online()).toBe(true);
    r.heard(true);
    expect(changed).not.toHaveBeenCalled();
    r.heard(false);
    r.heard(false);
    expect(r.online()).toBe(false);
    expect(changed).toHaveBeenCalledOnce();
    expect(back).not.toHaveBeenCalled();
    r.heard(true);
    expect(r.online()).toBe(true);
    expect(changed).toHaveBeenCalledTimes(2);
    expect(back).toHaveBeenCalledOnce();
    r.heard(true);
    expect(back).toHaveBeenCalledOnce();
  });

  it("the browser's offline is offline whatever the calls said; its online event clears what the calls said", () => {
    const { b, r, back, changed } = listening();
    b.goes(false);
    expect(r.online()).toBe(false);
    expect(changed).toHaveBeenCalledOnce();
    r.heard(false);
    b.goes(true);
    expect(r.online()).toBe(true);
    expect(back).toHaveBeenCalledOnce();
    const stopped = vi.fn();
    const stop = r.onOnline(stopped);
    stop();
    r.heard(false);
    r.heard(true);
    expect(back).toHaveBeenCalledTimes(2);
    expect(stopped).not.toHaveBeenCalled();
  });
});
