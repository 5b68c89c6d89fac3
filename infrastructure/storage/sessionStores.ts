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

/** The token record as JSON; anything unreadable is "no session", never a crash. */
export class StoredTokenStore implements TokenStore {
  constructor(private readonly storage: KeyValueStorage) {}

  get(): TokenRecord | null {
    return parseTokenRecord(this.storage.get(STORAGE_KEYS.token));
  }

  set(record: TokenRecord): void {
    const clean = parseTokenRecord(record);
    if (clean === null) return this.clear();
    this.storage.set(STORAGE_KEYS.token, JSON.stringify(clean));
  }

  clear(): void {
    this.storage.remove(STORAGE_KEYS.token);
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
export class StoredCampusStore implements CampusStore {
  constructor(private readonly storage: KeyValueStorage) {}

  get(): string | null {
    return readCampusId(this.storage.get(STORAGE_KEYS.campusId));
  }

  set(campusId: string): void {
    const clean = readCampusId(campusId);
    if (clean === null) return this.clear();
    this.storage.set(STORAGE_KEYS.campusId, clean);
  }

  clear(): void {
    this.storage.remove(STORAGE_KEYS.campusId);
  }
}

/** The bound school's SaasAddress; only an http(s) address is ever used as a host. */
export class StoredHostStore implements HostStore {
  constructor(private readonly storage: KeyValueStorage) {}

  get(): string | null {
    return safeWebAddress(this.storage.get(STORAGE_KEYS.host));
  }

  set(host: string | null): void {
    const clean = safeWebAddress(host);
    if (clean === null) this.storage.remove(STORAGE_KEYS.host);
    else this.storage.set(STORAGE_KEYS.host, clean);
  }
}
