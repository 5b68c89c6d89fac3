// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import { createEffect, createEvent, createStore } from 'effector';
import { createRegistry } from '../../../../application/ports/token';
import { StrictMode, useEffect } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SESSION_MODEL, type SessionModel } from '../../../../application/session/model';
import type { CurrentUser } from '../../../../domain/account/types';
import type { Failure } from '../../../../application/shared/failure';
import { InitGate } from '../../../../presentation/session/InitGate';
import { DiProvider } from '../../../../presentation/shared/di';
import { useGateShown } from '../../../../presentation/shared/gateShown';

/*
 * The initialisation gate (SPEC point 2): the skeleton shows until user info, campus
 * list and hub are ready. Once the user is known the page is drawn under the skeleton,
 * hidden and inert, so its data loads while the hub connects; the gate then shows it.
 */

afterEach(cleanup);

type Status = 'idle' | 'pending' | 'ready' | 'failed';

function gateWith(strict = false) {
  const setStatus = createEvent<Status>();
  const setUser = createEvent<CurrentUser | null>();
  const setFailure = createEvent<Failure | null>();
  const bootRetried = createEvent();
  let runs = 0;
  let retries = 0;
  bootRetried.watch(() => (retries += 1));
  const model = {
    $status: createStore<Status>('idle').on(setStatus, (_, s) => s),
    $user: createStore<CurrentUser | null>(null).on(setUser, (_, u) => u),
    $bootFailure: createStore<Failure | null>(null).on(setFailure, (_, f) => f),
    bootRetried,
    initialiseFx: createEffect(async () => {
      runs += 1;
      setStatus('pending');
    }),
  };
  const container = createRegistry();
  container.bind(SESSION_MODEL, model as unknown as SessionModel);
  let mounts = 0;
  function Page() {
    const shown = useGateShown();
    useEffect(() => {
      mounts += 1;
    }, []);
    return <p data-shown={String(shown)}>页面内容</p>;
  }
  const tree = (
    <DiProvider container={container}>
      <InitGate>
        <Page />
      </InitGate>
    </DiProvider>
  );
  render(strict ? <StrictMode>{tree}</StrictMode> : tree);
  return { setStatus, setUser, setFailure, runs: () => runs, retries: () => retries, mounts: () => mounts };
}

const USER = { id: 'u1', name: '王老师', userType: 1 } as unknown as CurrentUser;

describe('InitGate', () => {
  it('asks once for the session, after the skeleton is painted, and shows only the skeleton until the user is known', async () => {
    const g = gateWith();
    expect(g.runs()).toBe(0);
    await act(async () => vi.waitFor(() => expect(g.runs()).toBe(1)));
    await act(async () => new Promise((r) => setTimeout(r, 50)));
    expect(g.runs()).toBe(1);
    expect(screen.getByRole('status', { name: '加载中…' })).toBeTruthy();
    expect(screen.queryByText('页面内容')).toBeNull();
  });

  it('draws the page hidden and inert under the skeleton once the user is known, then shows the same page', async () => {
    const g = gateWith();
    await act(async () => vi.waitFor(() => expect(g.runs()).toBe(1)));
    act(() => g.setUser(USER));
    const page = screen.getByText('页面内容');
    const stage = page.closest('.cw-gate-stage')!;
    expect(stage.classList.contains('cw-gate-stage--hidden')).toBe(true);
    expect(stage.getAttribute('aria-hidden')).toBe('true');
    expect(stage.hasAttribute('inert')).toBe(true);
    expect(page.getAttribute('data-shown')).toBe('false');
    expect(screen.getByRole('status', { name: '加载中…' })).toBeTruthy();

    act(() => g.setStatus('ready'));
    expect(screen.getByText('页面内容')).toBe(page); // the same element: not drawn again
    expect(stage.classList.contains('cw-gate-stage--hidden')).toBe(false);
    expect(stage.hasAttribute('aria-hidden')).toBe(false);
    expect(stage.hasAttribute('inert')).toBe(false);
    expect(page.getAttribute('data-shown')).toBe('true');
    expect(screen.queryByRole('status', { name: '加载中…' })).toBeNull();
    expect(g.mounts()).toBe(1);
  });

  it('asks once under StrictMode too (effects run twice in development)', async () => {
    const g = gateWith(true);
    await act(async () => vi.waitFor(() => expect(g.runs()).toBe(1)));
    await act(async () => new Promise((r) => setTimeout(r, 50)));
    expect(g.runs()).toBe(1);
  });

  it('a failed gate leaves no page drawn', async () => {
    const g = gateWith();
    await act(async () => vi.waitFor(() => expect(g.runs()).toBe(1)));
    act(() => g.setUser(USER));
    act(() => g.setStatus('failed'));
    expect(screen.queryByText('页面内容')).toBeNull();
  });

  it('a start that failed with the session kept says why, and 重试 asks again', async () => {
    const g = gateWith();
    await act(async () => vi.waitFor(() => expect(g.runs()).toBe(1)));
    act(() => {
      g.setFailure({ kind: 'refused', message: '服务暂不可用' });
      g.setStatus('failed');
    });
    expect(screen.getByText('服务暂不可用')).toBeTruthy();
    act(() => screen.getByRole('button', { name: '重试' }).click());
    expect(g.retries()).toBe(1);
    expect(screen.queryByText('页面内容')).toBeNull();
  });
});
