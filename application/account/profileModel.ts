/**
 * The profile pages' model (/teacher, /student, /parent, /other and page/personInfo;
 * SPEC point 2, points 4 "Masked value reveal" and 6): the signed-in user's fields by
 * user type, and the eye on a masked phone or email: revealed at once, or through the
 * security page when the school asks for a fresh verification, decrypted on the way
 * back. Failures are told and a failed load is shown with 重试.
 */
import { combine, createEffect, createEvent, createStore, sample } from 'effector';
import type { CurrentUser } from '../../domain/account/types';
import type { Navigator, Notifier } from '../ports/runtime';
import { NAVIGATOR, NOTIFIER } from '../ports/tokens';
import { failureOf } from '../shared/failure';
import { tellFailure } from '../shared/failureNotice';
import { createLoader } from '../shared/loader';
import { defineScreen, SCREEN_MODELS } from '../shared/screens';
import { ACCOUNT_API, type AccountApi } from './ports';
import { decryptAfterVerification, loadProfile, revealMasked, type MaskedValue, type ProfileData } from './profile';
import { verificationScreen, type PendingReveal, type VerificationModel } from './verificationModel';

export interface ProfileModelDeps {
  readonly api: AccountApi;
  readonly navigator: Pick<Navigator, 'go'>;
  readonly notifier: Pick<Notifier, 'fail'>;
  readonly verification: VerificationModel;
}

export type ProfileView = { readonly kind: 'loading' } | { readonly kind: 'failed'; readonly message: string } | { readonly kind: 'ready'; readonly data: ProfileData };

/** The eye on one masked value: which value of the page, and the value. */
export interface RevealToggle {
  readonly key: string;
  readonly value: MaskedValue;
}

export function createProfileModel(deps: ProfileModelDeps, user: CurrentUser) {
  const { verification } = deps;
  const loader = createLoader<void, ProfileData>((_, opts) => loadProfile({ api: deps.api }, user, opts), { notifier: deps.notifier });
  const opened = createEvent();
  const toggled = createEvent<RevealToggle>();

  const $view = combine(loader.$status, loader.$data, loader.$failure, (status, data, failure): ProfileView => {
    if (status === 'failed' && failure !== null) return { kind: 'failed', message: failure.message };
    return status !== 'loading' && data !== null ? { kind: 'ready', data } : { kind: 'loading' };
  });
  sample({ clock: opened, target: loader.started });

  /** The clear values shown, by the page's key. */
  const $revealed = createStore<Readonly<Record<string, string>>>({}, { serialize: 'ignore' });
  /** The value whose reveal is under way (one at a time). */
  const $revealing = createStore<string | null>(null, { serialize: 'ignore' });

  const revealFx = createEffect(async ({ key, value }: RevealToggle) => {
    const outcome = await revealMasked({ api: deps.api }, value.encrypted ?? '', user.userType);
    if (!outcome.ok) throw outcome.error;
    return { key, encrypted: value.encrypted ?? '', reveal: outcome.value };
  });
  /** Back from the security page: the verification passed, so the value it was for is decrypted now. */
  const decryptFx = createEffect(async ({ key, encrypted }: PendingReveal) => {
    const outcome = await decryptAfterVerification({ api: deps.api }, encrypted);
    if (!outcome.ok) throw outcome.error;
    return { key, value: outcome.value };
  });

  // One decision per tap, from the state before it: a shown value hides, a masked one reveals (one at a time).
  const decided = sample({
    clock: toggled,
    source: { shown: $revealed, revealing: $revealing },
    fn: ({ shown, revealing }, toggle) => ({
      toggle,
      action: shown[toggle.key] !== undefined ? ('hide' as const) : revealing === null && toggle.value.encrypted !== null ? ('reveal' as const) : ('none' as const),
    }),
  });
  $revealed.on(
    decided.filter({ fn: ({ action }) => action === 'hide' }),
    (shown, { toggle }) => Object.fromEntries(Object.entries(shown).filter(([key]) => key !== toggle.key)),
  );
  sample({ clock: decided, filter: ({ action }) => action === 'reveal', fn: ({ toggle }) => toggle, target: revealFx });

  const revealed = sample({
    clock: revealFx.doneData,
    filter: ({ reveal }) => reveal.kind === 'revealed',
    fn: ({ key, reveal }) => ({ key, value: reveal.kind === 'revealed' ? reveal.value : '' }),
  });
  $revealed.on([revealed, decryptFx.doneData], (shown, { key, value }) => ({ ...shown, [key]: value }));

  // The school asks for a fresh verification: remember the value, then the security page.
  const mustVerify = sample({
    clock: revealFx.doneData,
    filter: ({ reveal }) => reveal.kind === 'verify',
    fn: ({ key, encrypted, reveal }) => ({ pending: { key, encrypted }, path: reveal.kind === 'verify' ? reveal.path : '' }),
  });
  sample({ clock: mustVerify, fn: ({ pending }) => pending, target: verification.revealRequested });
  sample({ clock: mustVerify, fn: ({ path }) => path, target: createEffect((path: string) => deps.navigator.go(path)) });

  $revealing
    .on(revealFx, (_, { key }) => key)
    .on(decryptFx, (_, { key }) => key)
    .reset([revealFx.finally, decryptFx.finally]);
  sample({
    clock: [revealFx.failData, decryptFx.failData],
    target: createEffect((e: unknown) => tellFailure(deps.notifier, failureOf(e))),
  });

  // On opening, the reveal that sent the user to the security page is taken (once) and decrypted when it passed.
  const returned = sample({ clock: opened, source: verification.$ready });
  sample({ clock: returned, fn: () => undefined, target: verification.revealTaken });
  sample({ clock: returned, filter: (p): p is PendingReveal => p !== null, target: decryptFx });

  return { $view, $revealed, $revealing, opened, retried: loader.retried, toggled, dispose: loader.dispose };
}

export type ProfileModel = ReturnType<typeof createProfileModel>;
export type { MaskedValue, ProfileData };

export const profileScreen = defineScreen({
  name: 'accountProfile',
  lifetime: 'screen',
  key: (user: CurrentUser) => user.id,
  create: (get, user) =>
    createProfileModel(
      {
        api: get(ACCOUNT_API),
        navigator: get(NAVIGATOR),
        notifier: get(NOTIFIER),
        verification: get(SCREEN_MODELS).get(verificationScreen, undefined),
      },
      user,
    ),
});
