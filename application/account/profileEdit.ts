/**
 * The profile edit's use cases (page/profile, SPEC point 2 "Profile edit", points 5 and
 * 9): the bio, and the avatar the upload queue stored. They answer Outcomes and show
 * nothing.
 */
import { validateBio } from '../../domain/account/profile';
import { err } from '../../domain/shared/result';
import type { UploadResult } from '../ports/upload';
import { attempt, invalid, type Outcome } from '../shared/failure';
import type { AccountApi } from './ports';

/** The bio as typed (trimmed), at most 30 characters; answers what was saved. */
export async function saveBio(deps: { api: Pick<AccountApi, 'updateProfileSummary'> }, text: string): Promise<Outcome<string>> {
  const bio = text.trim();
  const message = validateBio(bio);
  if (message !== null) return err(invalid(message));
  return attempt(async () => {
    await deps.api.updateProfileSummary(bio);
    return bio;
  });
}

/** user-head with the uploaded image's stored object and address; answers the new address. */
export function setAvatar(deps: { api: Pick<AccountApi, 'updateAvatar'> }, stored: UploadResult, opts: { signal?: AbortSignal } = {}): Promise<Outcome<string>> {
  return attempt(async () => {
    await deps.api.updateAvatar({ userObject: stored.path ?? '', userPath: stored.url }, { signal: opts.signal });
    return stored.url;
  });
}
