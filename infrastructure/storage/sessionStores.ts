import type { KeyValueStorage } from '../../application/ports/runtime';
import type { CampusStore, HostStore, TokenStore } from '../../application/ports/session';
import { parseTokenRecord } from '../../domain/session/session';
import type { TokenRecord } from '../../domain/session/types';
import { safeWebAddress } from '../../domain/shell/links';

/**
 * Keys in local storage (SPEC point 9: token and campusId live there). Prefixed so the
 * app never reads a value another app on the same origin left under a common name.
 */
export const STORAGE_KEYS = Object.freeze({
  token: 'campus.token',
  campusId: 'campus.campusId',
  host: 'campus.host',
  searchHistory: 'campus.searchHistory',
});

/**
 * One value under one key. `read` checks it both ways: what is stored is given back only
 * when it reads (anything unreadable is "nothing", never a crash), and a value that does
 * not read is not stored (it clears the key instead).
 */
class StoredValue<T> {
  constructor(
    private readonly storage: KeyValueStorage,
    private readonly key: string,
    private readonly read: (raw: unknown) => T | null,
    private readonly write: (clean: T) => string,
  ) {}

  get(): T | null {
    return this.read(this.storage.get(this.key));
  }

  set(value: T | null): void {
    const clean = this.read(value);
    if (clean === null) return this.clear();
    this.storage.set(this.key, this.write(clean));
  }

  clear(): void {
    this.storage.remove(this.key);
  }
}

/** The token record as JSON; anything unreadable is "no session", never a crash. */
export class StoredTokenStore extends StoredValue<TokenRecord> implements TokenStore {
  constructor(storage: KeyValueStorage) {
    super(storage, STORAGE_KEYS.token, parseTokenRecord, (record) => JSON.stringify(record));
  }
}

/** GUIDs or numeric ids; anything else in the slot is somebody else's value. */
const CAMPUS_ID = /^[A-Za-z0-9_.{}-]{1,128}$/;

export const readCampusId = (raw: unknown): string | null => {
  if (typeof raw !== 'string') return null;
  let value: unknown = raw.trim();
  // Tolerate a JSON-encoded id ("\"abc\"") written by an older build.
  if (typeof value === 'string' && value.startsWith('"')) {
    try {
      value = JSON.parse(value);
    } catch {
      return null;
    }
  }
  if (typeof value === 'number' && Number.isFinite(value)) value = String(value);
  return typeof value === 'string' && CAMPUS_ID.test(value.trim()) ? value.trim() : null;
};

/** The chosen campusId as plain text. */
export class StoredCampusStore extends StoredValue<string> implements CampusStore {
  constructor(storage: KeyValueStorage) {
    super(storage, STORAGE_KEYS.campusId, readCampusId, (campusId) => campusId);
  }
}

/** The bound school's SaasAddress; only an http(s) address is ever used as a host. */
export class StoredHostStore extends StoredValue<string> implements HostStore {
  constructor(storage: KeyValueStorage) {
    super(storage, STORAGE_KEYS.host, safeWebAddress, (host) => host);
  }
}
