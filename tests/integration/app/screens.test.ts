import { allSettled, createEvent, createStore, fork } from 'effector';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { token } from '../../../application/ports/token';
import { createScreenModels, defineScreen } from '../../../application/shared/screens';

const GREETING = token<string>('Greeting');

const counter = (lifetime: 'screen' | 'user', disposed: string[] = []) =>
  defineScreen({
    name: `counter-${lifetime}`,
    lifetime,
    key: (p: { id: string }) => p.id,
    create: (get, p) => {
      const added = createEvent();
      const $count = createStore(0).on(added, (n) => n + 1);
      return { $count, added, greeting: `${get(GREETING)} ${p.id}`, dispose: () => disposed.push(p.id) };
    },
  });

describe('screen models and their lifetimes', () => {
  let user = 'u1';
  const registry = () => createScreenModels({ resolve: (<T,>() => 'hello' as unknown as T) as never, userId: () => user, graceMs: 0, orphanMs: 1000 });
  beforeEach(() => {
    vi.useFakeTimers();
    user = 'u1';
  });
  afterEach(() => vi.useRealTimers());

  it('builds a model from the ports, once per key, and drops it after its screen goes', async () => {
    const disposed: string[] = [];
    const models = registry();
    const screen = counter('screen', disposed);
    const a = models.get(screen, { id: 'a' });
    expect(a.greeting).toBe('hello a');
    expect(models.get(screen, { id: 'a' })).toBe(a);
    expect(models.get(screen, { id: 'b' })).not.toBe(a);
    const release = models.hold(screen, { id: 'a' });
    // A remount in the same turn (StrictMode) keeps it.
    release();
    const again = models.hold(screen, { id: 'a' });
    vi.runOnlyPendingTimers();
    expect(models.get(screen, { id: 'a' })).toBe(a);
    again();
    vi.runOnlyPendingTimers();
    expect(disposed).toContain('a');
    expect(models.get(screen, { id: 'a' })).not.toBe(a);
  });

  it('counts the parts of a screen that hold a model: only the first one opens it', () => {
    const models = registry();
    const screen = counter('screen', []);
    expect(models.holders(screen, { id: 'a' })).toBe(0);
    const page = models.hold(screen, { id: 'a' });
    expect(models.holders(screen, { id: 'a' })).toBe(1);
    const widget = models.hold(screen, { id: 'a' });
    expect(models.holders(screen, { id: 'a' })).toBe(2);
    expect(models.holders(screen, { id: 'b' })).toBe(0);
    widget();
    widget();
    expect(models.holders(screen, { id: 'a' })).toBe(1);
    page();
    expect(models.holders(screen, { id: 'a' })).toBe(0);
  });

  it('a model nobody came to hold is dropped after a while', () => {
    const disposed: string[] = [];
    const models = registry();
    models.get(counter('screen', disposed), { id: 'x' });
    vi.advanceTimersByTime(999);
    expect(disposed).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(disposed).toEqual(['x']);
    expect(models.size).toBe(0);
  });

  it("a user's model survives its screen, belongs to that user, and goes with the session", async () => {
    const disposed: string[] = [];
    const models = registry();
    const screen = counter('user', disposed);
    const mine = models.get(screen, { id: 'tabs' });
    const scope = fork();
    await allSettled(mine.added, { scope });
    models.hold(screen, { id: 'tabs' })();
    vi.runOnlyPendingTimers();
    expect(models.get(screen, { id: 'tabs' })).toBe(mine);
    user = 'u2';
    expect(models.get(screen, { id: 'tabs' })).not.toBe(mine);
    models.clear();
    expect(models.size).toBe(0);
    expect(disposed).toEqual(['tabs', 'tabs']);
  });

  it("dropping clears the model's units: nothing it made reacts any more", () => {
    const models = registry();
    const m = models.get(counter('screen'), { id: 'a' });
    const seen: number[] = [];
    m.$count.updates.watch((n) => seen.push(n));
    m.added();
    expect(seen).toEqual([1]);
    models.clear();
    m.added();
    expect(seen).toEqual([1]);
  });
});
