import { token } from './token';

/**
 * Where failures that are shown some other way (or not at all) are written down: a
 * failed use-app-log, a page/file without an address, a list that failed and shows its
 * own error state. The composition root binds it to the console (infrastructure/logging).
 */
export type Log = (message: string, detail?: unknown) => void;

export const LOGGER = token<Log>('Logger');
