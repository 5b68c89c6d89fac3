import type { KeyValueStorage } from '../ports/runtime';

/**
 * Where form drafts live: the browser's key-value storage, one key per user and per
 * flow (launch) or flow run (an approver's editable step), so two users of one phone
 * never see each other's drafts and a draft is found again after a reload, a crash or
 * an expired session.
 */
export const DRAFT_PREFIX = 'formDraft';

export type DraftScope = { readonly flowCode: string } | { readonly runId: string };

/** The storage key of a draft: formDraft:{userId}:flow:{code} or formDraft:{userId}:run:{runId}. */
export const formDraftKey = (userId: string, scope: DraftScope): string =>
  'flowCode' in scope ? `${DRAFT_PREFIX}:${userId}:flow:${scope.flowCode}` : `${DRAFT_PREFIX}:${userId}:run:${scope.runId}`;

const userPrefix = (userId: string): string => `${DRAFT_PREFIX}:${userId}:`;

/**
 * A form's live state kept in memory when its screen goes away for a moment (the
 * picker page, the flow chart tab): coming back restores it exactly, uploads and rows
 * under edit included. The stored draft covers reloads; this covers navigation.
 */
export const liveSnapshots = new Map<string, unknown>();

/** Removes every draft of a user (the logout use case). Returns how many were removed. */
export const clearUserDrafts = (storage: KeyValueStorage, userId: string): number => {
  const prefix = userPrefix(userId);
  let n = 0;
  for (const key of storage.keys()) {
    if (!key.startsWith(prefix)) continue;
    storage.remove(key);
    n += 1;
  }
  for (const key of [...liveSnapshots.keys()]) if (key.startsWith(prefix)) liveSnapshots.delete(key);
  return n;
};

/** Removes one draft (after a successful submit). */
export const clearDraft = (storage: KeyValueStorage | undefined, key: string): void => {
  storage?.remove(key);
  liveSnapshots.delete(key);
};

/** Whether a draft is stored under the key. */
export const hasDraft = (storage: KeyValueStorage | undefined, key: string): boolean =>
  storage !== undefined && storage.get(key) !== null;
