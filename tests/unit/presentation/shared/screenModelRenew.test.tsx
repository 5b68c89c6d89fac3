// @vitest-environment jsdom
import { act, cleanup, render } from '@testing-library/react';
import { createEvent } from 'effector';
import { createRegistry } from '../../../../application/ports/token';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createRenewals, RENEWALS } from '../../../../application/offline/renewals';
import { createScreenModels, defineScreen, SCREEN_MODELS } from '../../../../application/shared/screens';
import { DiProvider } from '../../../../presentation/shared/di';
import { useScreenModel } from '../../../../presentation/shared/screenModel';

/*
 * A screen model with a `renew` event hears each renewal round once (application/offline/renewals.ts),
 * however many parts of the screen hold it (presentation/shared/screenModel.ts); a model
 * nobody holds hears nothing.
 */

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('renewals reach the screen models', () => {
  it('a model held by two parts of a screen renews once per round; one no longer held does not', () => {
    vi.useFakeTimers();
    const renewed = vi.fn();
    const screen = defineScreen({
      name: 'renew-test',
      lifetime: 'screen',
      key: (p: { id: string }) => p.id,
      create: () => {
        const renew = createEvent();
        renew.watch(renewed);
        return { renew };
      },
    });
    const container = createRegistry();
    const renewals = createRenewals({ settleMs: 10 });
    container.bind(RENEWALS, renewals);
    container.bind(SCREEN_MODELS, createScreenModels({ resolve: (t) => container.get(t), userId: () => 'u1' }));
    const Part = () => {
      useScreenModel(screen, { id: 'a' });
      return null;
    };
    const view = render(
      <DiProvider container={container}>
        <Part />
        <Part />
      </DiProvider>,
    );
    act(() => {
      renewals.renewed();
      vi.advanceTimersByTime(10);
    });
    expect(renewed).toHaveBeenCalledOnce();
    act(() => {
      renewals.renewed();
      vi.advanceTimersByTime(10);
    });
    expect(renewed).toHaveBeenCalledTimes(2);
    view.unmount();
    act(() => {
      renewals.renewed();
      vi.advanceTimersByTime(10);
    });
    expect(renewed).toHaveBeenCalledTimes(2);
  });
});
