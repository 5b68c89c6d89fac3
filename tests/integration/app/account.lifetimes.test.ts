/**
 * The account models in the app's registry of screen models: a profile page's model
 * reads the user's pending reveal from a 'user' model it did not make, and wires into
 * the session's units; dropping the page's model (its region cleared) leaves both
 * working, and the session's end drops the pending reveal too.
 */
import { allSettled, createEffect, createEvent, createStore, fork } from 'effector';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { profileEditScreen } from '../../../application/account/profileEditModel';
import { ACCOUNT_API, type AccountApi } from '../../../application/account/ports';
import { profileScreen } from '../../../application/account/profileModel';
import { verificationScreen } from '../../../application/account/verificationModel';
import { NAVIGATOR, NOTIFIER, UPLOADER } from '../../../application/ports/tokens';
import type { Token } from '../../../application/ports/token';
import { SESSION_MODEL } from '../../../application/session/model';
import { createScreenModels, SCREEN_MODELS, type ScreenModels } from '../../../application/shared/screens';
import type { CurrentUser } from '../../../domain/account/types';

const USER: CurrentUser = { id: 'u1', name: '王老师', userType: 3 } as CurrentUser;

describe('account models and their lifetimes', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  const setup = () => {
    const userUpdated = createEvent<Partial<CurrentUser>>();
    const $user = createStore<CurrentUser | null>(USER).on(userUpdated, (u, patch) => (u ? { ...u, ...patch } : u));
    const session = { $user, userUpdated, refreshUserFx: createEffect(async () => USER) };
    const api = { updateProfileSummary: vi.fn(async () => undefined) } as unknown as AccountApi;
    const bound = new Map<symbol, unknown>([
      [ACCOUNT_API, api],
      [NAVIGATOR, { go: vi.fn(), back: vi.fn(), reload: vi.fn(), leave: vi.fn() }],
      [NOTIFIER, { success: vi.fn(), fail: vi.fn(), info: vi.fn(), confirm: vi.fn(async () => true) }],
      [UPLOADER, { upload: vi.fn() }],
      [SESSION_MODEL, session],
    ]);
    let models: ScreenModels | null = null;
    const resolve = <T,>(t: Token<T>): T => (t === SCREEN_MODELS ? models : bound.get(t)) as T;
    models = createScreenModels({ resolve, userId: () => 'u1', graceMs: 0 });
    return { models, session };
  };

  it('the pending reveal outlives the profile page that asked for it, and goes with the session', async () => {
    const { models } = setup();
    const scope = fork();
    const profile = models.get(profileScreen, USER);
    const release = models.hold(profileScreen, USER);
    const verification = models.get(verificationScreen, undefined);
    await allSettled(verification.revealRequested, { scope, params: { key: 'phone', encrypted: 'E' } });
    release();
    vi.runOnlyPendingTimers();
    // The page's model is gone: a new one is made; the user's pending reveal is the same and still works.
    expect(models.get(profileScreen, USER)).not.toBe(profile);
    expect(models.get(verificationScreen, undefined)).toBe(verification);
    await allSettled(verification.verificationPassed, { scope });
    expect(scope.getState(verification.$ready)).toEqual({ key: 'phone', encrypted: 'E' });
    models.clear();
    expect(models.get(verificationScreen, undefined)).not.toBe(verification);
  });

  it("dropping the profile edit leaves the session's units working", async () => {
    const { models, session } = setup();
    const scope = fork();
    const params = { userId: 'u1', bio: '' };
    const edit = models.get(profileEditScreen, params);
    await allSettled(edit.bioChanged, { scope, params: '你好' });
    await allSettled(edit.bioSaveRequested, { scope });
    expect(scope.getState(session.$user)?.profileSummary).toBe('你好');
    models.hold(profileEditScreen, params)();
    vi.runOnlyPendingTimers();
    expect(models.size).toBe(0);
    await allSettled(session.userUpdated, { scope, params: { profileSummary: '之后' } });
    expect(scope.getState(session.$user)?.profileSummary).toBe('之后');
  });
});
