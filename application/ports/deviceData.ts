/**
 * What a user leaves on the device beyond the key-value storage: their outbox and the
 * data last seen (IndexedDB). Signing out, or another user signing in on the phone,
 * deletes it (application/session clearSession, composition/container.ts).
 */
export interface UserDeviceData {
  /** Deletes everything of `userId` on the device; never throws. */
  forget(userId: string): Promise<void>;
}
