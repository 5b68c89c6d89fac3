/**
 * DI tokens of the cross-cutting ports (application/ports/*.ts). Each context's API
 * token lives next to its port (application/<ctx>/ports.ts). `Symbol.for` keys make a
 * token equal to any other `Symbol.for` with the same name, so infrastructure's own
 * RUNTIME_CONFIG (infrastructure/http/tokens.ts) is the same token as the one here.
 * Only the composition root binds them; screens ask for them with useInjection.
 */
export const RUNTIME_CONFIG = Symbol.for('RuntimeConfig');
export const CLOCK = Symbol.for('Clock');
export const KEY_VALUE_STORAGE = Symbol.for('KeyValueStorage');
export const NOTIFIER = Symbol.for('Notifier');
export const NAVIGATOR = Symbol.for('Navigator');
export const TOKEN_STORE = Symbol.for('TokenStore');
export const CAMPUS_STORE = Symbol.for('CampusStore');
export const HOST_STORE = Symbol.for('HostStore');
export const MESSAGE_HUB = Symbol.for('MessageHub');
export const NATIVE_SHELL = Symbol.for('NativeShell');
/** application/shell/links.ts LinkOpener: every backend address is followed through it. */
export const LINK_OPENER = Symbol.for('LinkOpener');
export const FILE_HASHER = Symbol.for('FileHasher');
export const UPLOADER = Symbol.for('Uploader');
export const SEARCH_HISTORY_STORE = Symbol.for('SearchHistoryStore');
export { PASSWORD_HASHER } from './passwordHasher';
