import type { KeyValueStorage } from '../ports/runtime';

/**
 * The vibration-reminder setting, kept per user on the device: the settings switch and
 * the shell's own report both write it, and every new-message signal to the shell reads
 * it. On until the user (or the shell) turns it off.
 */
export const vibrationKey = (userId: string): string => `campus.vibration.${userId}`;

export const isVibrationOn = (storage: KeyValueStorage, userId: string): boolean => storage.get(vibrationKey(userId)) !== 'off';

export const rememberVibration = (storage: KeyValueStorage, userId: string, on: boolean): void =>
  storage.set(vibrationKey(userId), on ? 'on' : 'off');

/** Whether the user has a stored choice yet (the server's setting decides until then). */
export const hasVibrationChoice = (storage: KeyValueStorage, userId: string): boolean => storage.get(vibrationKey(userId)) !== null;
