/**
 * page/profile's model, the profile edit (SPEC point 2 "Profile edit", points 5 and 9):
 * the bio (at most 30 characters, 保存成功), and the avatar: an image is picked and
 * cropped on the page, then goes up through the upload queue and is set with user-head
 * (头像上传成功, or 头像上传失败 with the crop kept open). Both update the signed-in
 * user everywhere without a reload.
 */
import { combine, createEffect, createEvent, createStore, sample, type Store, type UnitTargetable } from 'effector';
import { AVATAR_UPLOAD_FAILED, AVATAR_UPLOAD_SUCCEEDED } from '../../domain/account/messages';
import type { CurrentUser } from '../../domain/account/types';
import { SAVE_SUCCESS } from '../../domain/todo/messages';
import { createUploads } from '../files/uploads';
import type { Notifier } from '../ports/runtime';
import { NOTIFIER, UPLOADER } from '../ports/tokens';
import type { Uploader, UploadResult, UploadSource } from '../ports/upload';
import { failureOf, type Failure } from '../shared/failure';
import { failureText, tellFailure } from '../shared/failureNotice';
import { defineScreen } from '../shared/screens';
import { SESSION_MODEL } from '../session/model';
import { ACCOUNT_API, type AccountApi } from './ports';
import { saveBio, setAvatar } from './profileEdit';

export interface ProfileEditParams {
  readonly userId: string;
  /** The bio as the user has it now: the box starts with it. */
  readonly bio: string;
}

export interface ProfileEditModelDeps {
  readonly api: AccountApi;
  readonly uploader: Uploader;
  readonly notifier: Pick<Notifier, 'success' | 'fail'>;
  /** The signed-in user as the session has it (the saved bio). */
  readonly $user: Store<CurrentUser | null>;
  /** The session learns of a change to the user (the cards show it at once). */
  readonly userUpdated: UnitTargetable<Partial<CurrentUser>>;
}

const AVATAR = 'avatar';

/** A failed avatar is 头像上传失败 whatever failed, unless nobody is to be told (cancelled, session ended). */
const tellAvatarFailure = (notifier: Pick<Notifier, 'fail'>, failure: Failure): void => {
  if (failureText(failure) !== null) notifier.fail(AVATAR_UPLOAD_FAILED);
};

export function createProfileEditModel(deps: ProfileEditModelDeps, p: ProfileEditParams) {
  // ----- the bio -----
  const bioChanged = createEvent<string>();
  const bioSaveRequested = createEvent();
  const $bio = createStore(p.bio, { serialize: 'ignore' }).on(bioChanged, (_, text) => text);
  const $savedBio = deps.$user.map((user) => user?.profileSummary ?? '');

  const saveFx = createEffect(async (text: string) => {
    const outcome = await saveBio({ api: deps.api }, text);
    if (!outcome.ok) {
      tellFailure(deps.notifier, outcome.error);
      return null;
    }
    deps.notifier.success(SAVE_SUCCESS);
    return outcome.value;
  });
  const saved = sample({ clock: saveFx.doneData, filter: (bio): bio is string => bio !== null });
  $bio.on(saved, (_, bio) => bio);
  sample({ clock: saved, fn: (profileSummary) => ({ profileSummary }), target: deps.userUpdated });
  const $saving = saveFx.pending;
  const $canSave = combine($bio, $savedBio, $saving, (bio, savedBio, saving) => !saving && bio.trim() !== savedBio.trim());
  sample({ clock: bioSaveRequested, source: { bio: $bio, can: $saving.map((s) => !s) }, filter: ({ can }) => can, fn: ({ bio }) => bio, target: saveFx });

  // ----- the avatar -----
  const imagePicked = createEvent<UploadSource>();
  /** 重新上传: the image is dropped (the page opens the picker again). */
  const imageDropped = createEvent();
  const cropped = createEvent<UploadSource>();

  const $image = createStore<UploadSource | null>(null, { serialize: 'ignore' })
    .on(imagePicked, (_, image) => image)
    .reset(imageDropped);

  // One avatar at a time; its failure is told below, in the avatar's own words.
  const uploads = createUploads({ uploader: deps.uploader, newUid: () => AVATAR, tell: () => undefined });
  const uploadDone = uploads.uploadDone.map(({ result }) => result);
  const uploadFailed = uploads.uploadFailed.map(({ failure }) => failure);
  const startUploadFx = createEffect((image: UploadSource) => void uploads.filesPicked([image]));
  let setting: AbortController | null = null;
  const setAvatarFx = createEffect(async (stored: UploadResult) => {
    setting = new AbortController();
    const outcome = await setAvatar({ api: deps.api }, stored, { signal: setting.signal });
    if (!outcome.ok) throw outcome.error;
    deps.notifier.success(AVATAR_UPLOAD_SUCCEEDED);
    return outcome.value;
  });

  /** From 确定 until the avatar is set (or failed): one upload at a time. */
  const $uploading = createStore(false, { serialize: 'ignore' })
    .on(startUploadFx, () => true)
    .reset([uploadFailed, setAvatarFx.finally]);
  sample({ clock: cropped, source: $uploading, filter: (busy) => !busy, fn: (_, image) => image, target: startUploadFx });
  sample({ clock: uploadDone, target: setAvatarFx });
  sample({ clock: setAvatarFx.doneData, fn: (url) => ({ userImage: url, photoUrl: url }), target: deps.userUpdated });
  $image.reset(setAvatarFx.done);
  sample({
    clock: [uploadFailed, setAvatarFx.failData.map(failureOf)],
    target: createEffect((failure: Failure) => tellAvatarFailure(deps.notifier, failure)),
  });

  return {
    $bio,
    $canSave,
    $saving,
    $image,
    $uploading,
    bioChanged,
    bioSaveRequested,
    imagePicked,
    imageDropped,
    cropped,
    dispose: () => {
      uploads.dispose();
      setting?.abort();
    },
  };
}

export type ProfileEditModel = ReturnType<typeof createProfileEditModel>;

export const profileEditScreen = defineScreen({
  name: 'accountProfileEdit',
  lifetime: 'screen',
  key: (p: ProfileEditParams) => p.userId,
  create: (get, p) => {
    const session = get(SESSION_MODEL);
    return createProfileEditModel(
      { api: get(ACCOUNT_API), uploader: get(UPLOADER), notifier: get(NOTIFIER), $user: session.$user, userUpdated: session.userUpdated },
      p,
    );
  },
});
