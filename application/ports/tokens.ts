/**
 * DI tokens of the cross-cutting ports (application/ports/*.ts). Each context's API
 * token lives next to its port (application/<ctx>/ports.ts). Only the composition root
 * binds them (composition/container.ts); every token is typed (./token.ts).
 */
import type { LinkOpener } from '../shell/links';
import type { MessageHub } from './hub';
import type { Clock, KeyValueStorage, Navigator, Notifier, RuntimeConfig } from './runtime';
import type { SearchHistoryStore } from './searchHistory';
import type { CampusStore, HostStore, TokenStore } from './session';
import type { NativeShell } from './shell';
import { token } from './token';
import type { FileHasher, Uploader } from './upload';

export const RUNTIME_CONFIG = token<RuntimeConfig>('RuntimeConfig');
export const CLOCK = token<Clock>('Clock');
export const KEY_VALUE_STORAGE = token<KeyValueStorage>('KeyValueStorage');
export const NOTIFIER = token<Notifier>('Notifier');
export const NAVIGATOR = token<Navigator>('Navigator');
export const TOKEN_STORE = token<TokenStore>('TokenStore');
export const CAMPUS_STORE = token<CampusStore>('CampusStore');
export const HOST_STORE = token<HostStore>('HostStore');
export const MESSAGE_HUB = token<MessageHub>('MessageHub');
export const NATIVE_SHELL = token<NativeShell>('NativeShell');
/** Every backend address is followed through it (application/shell/links.ts). */
export const LINK_OPENER = token<LinkOpener>('LinkOpener');
export const FILE_HASHER = token<FileHasher>('FileHasher');
export const UPLOADER = token<Uploader>('Uploader');
export const SEARCH_HISTORY_STORE = token<SearchHistoryStore>('SearchHistoryStore');
export { PASSWORD_HASHER } from './passwordHasher';
