// @vitest-environment jsdom
import fc from 'fast-check';
import { beforeEach, describe, expect, it } from 'vitest';
import type { KeyValueStorage } from '../../../application/ports/runtime';
import { HISTORY_MAX_KEYS, HISTORY_MAX_TERMS } from '../../../domain/search/search';
import { createBrowserStorage, createMemoryStorage } from '../../../infrastructure/storage/keyValueStorage';
import { StoredSearchHistory } from '../../../infrastructure/storage/searchHistoryStore';
import {
  STORAGE_KEYS,
  StoredCampusStore,
  StoredHostStore,
  StoredTokenStore,
  readCampusId,
} from '../../../infrastructure/storage/sessionStores';

beforeEach(() => localStorage.clear());

/** Storage that fails like Safari's old private mode: reads work, every write throws. */
class QuotaStorage implements Storage {
  protected readonly inner = new Map<string, string>();
  constructor(seed: Record<string, string> = {}) {
    for (const [k, v] of Object.entries(seed)) this.inner.set(k, v);
  }
  get length() {
    return this.inner.size;
  }
  clear() {
    this.inner.clear();
  }
  getItem(key: string) {
    return this.inner.get(key) ?? null;
  }
  key(i: number) {
    return [...this.inner.keys()][i] ?? null;
  }
  removeItem(key: string) {
    this.inner.delete(key);
  }
  setItem(_key: string, _value: string): void {
    throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
  }
}

const throwingStorage = (): Storage => {
  throw new DOMException('The operation is insecure.', 'SecurityError');
};

const backends: Array<[string, () => KeyValueStorage]> = [
  ['memory', () => createMemoryStorage()],
  ['localStorage (jsdom)', () => createBrowserStorage()],
  [
    'localStorage with a full quota',
    () => {
      const full = new QuotaStorage();
      return createBrowserStorage(() => full);
    },
  ],
  ['storage disabled (SecurityError)', () => createBrowserStorage(throwingStorage)],
  ['no storage at all', () => createBrowserStorage(() => null)],
];

describe.each(backends)('KeyValueStorage: %s', (_, make) => {
  it('set, get, keys, remove', () => {
    const s = make();
    expect(s.get('a')).toBeNull();
    s.set('a', '1');
    s.set('b', '2');
    s.set('a', '3');
    expect(s.get('a')).toBe('3');
    expect(s.keys().sort()).toEqual(['a', 'b']);
    s.remove('a');
    s.remove('never-set');
    expect(s.get('a')).toBeNull();
    expect(s.keys()).toEqual(['b']);
  });

  it('stores and reads back the session through the stores', () => {
    const s = make();
    const tokens = new StoredTokenStore(s);
    tokens.set({ encryptedAccessToken: 'a', refreshToken: 'r' });
    expect(tokens.get()).toEqual({ encryptedAccessToken: 'a', refreshToken: 'r' });
    const campus = new StoredCampusStore(s);
    campus.set('3fa85f64-5717-4562-b3fc-2c963f66afa6');
    expect(campus.get()).toBe('3fa85f64-5717-4562-b3fc-2c963f66afa6');
  });
});

describe('browser storage', () => {
  it('writes through to localStorage under the prefixed keys', () => {
    const s = createBrowserStorage();
    new StoredTokenStore(s).set({ encryptedAccessToken: 'a', refreshToken: 'r' });
    new StoredCampusStore(s).set('c1');
    expect(localStorage.getItem('campus.token')).toBe('{"encryptedAccessToken":"a","refreshToken":"r"}');
    expect(localStorage.getItem('campus.campusId')).toBe('c1');
    expect(STORAGE_KEYS).toEqual({
      token: 'campus.token',
      campusId: 'campus.campusId',
      host: 'campus.host',
      searchHistory: 'campus.searchHistory',
    });
  });

  it('reads what is already in localStorage and lists its keys', () => {
    localStorage.setItem('campus.campusId', 'c9');
    const s = createBrowserStorage();
    expect(s.get('campus.campusId')).toBe('c9');
    expect(s.keys()).toEqual(['campus.campusId']);
  });

  it('with a full quota, keeps the value in memory and still reads the stored ones', () => {
    const full = new QuotaStorage({ old: 'x' });
    const s = createBrowserStorage(() => full);
    s.set('new', 'y');
    expect(s.get('new')).toBe('y');
    expect(s.get('old')).toBe('x');
    expect(s.keys().sort()).toEqual(['new', 'old']);
    s.remove('old');
    expect(s.get('old')).toBeNull();
  });

  it('a value written to memory is dropped once a later write reaches storage', () => {
    class FlakyStorage extends QuotaStorage {
      full = true;
      override setItem(key: string, value: string): void {
        if (this.full) super.setItem(key, value);
        this.inner.set(key, value);
      }
    }
    const backing = new FlakyStorage();
    const s = createBrowserStorage(() => backing);
    s.set('k', 'memory');
    expect(s.get('k')).toBe('memory');
    backing.full = false;
    s.set('k', 'stored');
    expect(backing.getItem('k')).toBe('stored');
    backing.removeItem('k');
    // Nothing stale comes back from memory.
    expect(s.get('k')).toBeNull();
  });
});

describe('TokenStore', () => {
  const corrupted: Array<[string, string]> = [
    ['not JSON', '{"encryptedAccessToken": "a", '],
    ['JSON of another shape', '{"token":"a"}'],
    ['a bare string', '"abc"'],
    ['an array', '["a","r"]'],
    ['null', 'null'],
    ['blank tokens', '{"encryptedAccessToken":" ","refreshToken":"r"}'],
    ['a number token', '{"encryptedAccessToken":1,"refreshToken":"r"}'],
    ['empty', ''],
  ];

  it.each(corrupted)('%s reads as no session', (_, raw) => {
    const s = createMemoryStorage({ [STORAGE_KEYS.token]: raw });
    expect(new StoredTokenStore(s).get()).toBeNull();
  });

  it('extra fields are dropped, and the same holds in jsdom localStorage', () => {
    localStorage.setItem(
      'campus.token',
      JSON.stringify({ encryptedAccessToken: 'a', refreshToken: 'r', expireInSeconds: 7200, userId: 'u' }),
    );
    expect(new StoredTokenStore(createBrowserStorage()).get()).toEqual({ encryptedAccessToken: 'a', refreshToken: 'r' });
    localStorage.setItem('campus.token', '{broken');
    expect(new StoredTokenStore(createBrowserStorage()).get()).toBeNull();
  });

  it('clear removes the record; setting an invalid record clears it', () => {
    const s = createMemoryStorage();
    const tokens = new StoredTokenStore(s);
    tokens.set({ encryptedAccessToken: 'a', refreshToken: 'r' });
    tokens.clear();
    expect(tokens.get()).toBeNull();
    tokens.set({ encryptedAccessToken: 'a', refreshToken: 'r' });
    tokens.set({ encryptedAccessToken: '', refreshToken: 'r' });
    expect(s.keys()).toEqual([]);
  });

  it('never throws on arbitrary stored text', () => {
    fc.assert(
      fc.property(fc.string(), (raw) => {
        const got = new StoredTokenStore(createMemoryStorage({ [STORAGE_KEYS.token]: raw })).get();
        return got === null || (typeof got.encryptedAccessToken === 'string' && typeof got.refreshToken === 'string');
      }),
    );
  });
});

describe('CampusStore', () => {
  it.each([
    ['3fa85f64-5717-4562-b3fc-2c963f66afa6', '3fa85f64-5717-4562-b3fc-2c963f66afa6'],
    ['  c1  ', 'c1'],
    ['"c1"', 'c1'],
    ['42', '42'],
    ['"', null],
    ['{"id":"c1"}', null],
    ['', null],
    ['a b', null],
    ['<script>', null],
    ['x'.repeat(129), null],
  ])('stored %j reads as %j', (raw, expected) => {
    expect(new StoredCampusStore(createMemoryStorage({ [STORAGE_KEYS.campusId]: raw })).get()).toBe(expected);
  });

  it('readCampusId takes only strings', () => {
    expect(readCampusId(null)).toBeNull();
    expect(readCampusId(42)).toBeNull();
    expect(readCampusId('42')).toBe('42');
    expect(readCampusId('7')).toBe('7');
  });

  it('set of an unusable id clears; clear removes', () => {
    const s = createMemoryStorage();
    const campus = new StoredCampusStore(s);
    campus.set('c1');
    campus.set('bad id');
    expect(campus.get()).toBeNull();
    campus.set('c2');
    campus.clear();
    expect(s.keys()).toEqual([]);
  });

  it('never throws on arbitrary stored text', () => {
    fc.assert(
      fc.property(fc.string(), (raw) => {
        const got = new StoredCampusStore(createMemoryStorage({ [STORAGE_KEYS.campusId]: raw })).get();
        return got === null || /^[A-Za-z0-9_.{}-]+$/.test(got);
      }),
    );
  });
});

describe('HostStore', () => {
  it('keeps an http(s) SaasAddress and forgets it with null', () => {
    const s = createMemoryStorage();
    const hosts = new StoredHostStore(s);
    expect(hosts.get()).toBeNull();
    hosts.set('https://school-a.example.com');
    expect(hosts.get()).toBe('https://school-a.example.com');
    expect(s.get(STORAGE_KEYS.host)).toBe('https://school-a.example.com');
    hosts.set(null);
    expect(hosts.get()).toBeNull();
    expect(s.keys()).toEqual([]);
  });

  it.each(['javascript:alert(1)', 'not a url', '//evil.test', 'ftp://x.test', '{"host":"https://a"}', ''])(
    'a stored %j is ignored and refused on set',
    (raw) => {
      const s = createMemoryStorage({ [STORAGE_KEYS.host]: raw });
      expect(new StoredHostStore(s).get()).toBeNull();
      new StoredHostStore(s).set(raw);
      expect(s.get(STORAGE_KEYS.host)).toBeNull();
    },
  );
});

describe('SearchHistoryStore', () => {
  it('keeps terms per user, newest first, without duplicates', () => {
    const s = createMemoryStorage();
    const history = new StoredSearchHistory(s);
    history.add('u1', '请假');
    history.add('u1', ' 报销 ');
    expect(history.add('u1', '请假')).toEqual(['请假', '报销']);
    history.add('u2', '课表');
    expect(history.terms('u1')).toEqual(['请假', '报销']);
    expect(history.terms('u2')).toEqual(['课表']);
    expect(history.terms('nobody')).toEqual([]);
    // Survives a new adapter over the same storage (a page reload).
    expect(new StoredSearchHistory(s).terms('u1')).toEqual(['请假', '报销']);
  });

  it(`keeps at most ${HISTORY_MAX_TERMS} terms per user and ${HISTORY_MAX_KEYS} users`, () => {
    expect([HISTORY_MAX_TERMS, HISTORY_MAX_KEYS]).toEqual([10, 10]);
    const history = new StoredSearchHistory(createMemoryStorage());
    for (let i = 1; i <= 12; i++) history.add('u1', `t${i}`);
    expect(history.terms('u1')).toEqual(['t12', 't11', 't10', 't9', 't8', 't7', 't6', 't5', 't4', 't3']);
    for (let u = 2; u <= 11; u++) history.add(`u${u}`, 'x');
    // u1 was the least recently used key: evicted.
    expect(history.terms('u1')).toEqual([]);
    expect(history.terms('u2')).toEqual(['x']);
    expect(history.terms('u11')).toEqual(['x']);
  });

  it('clear forgets one user only; the key goes when nobody is left', () => {
    const s = createMemoryStorage();
    const history = new StoredSearchHistory(s);
    history.add('u1', 'a');
    history.add('u2', 'b');
    history.clear('u1');
    expect(history.terms('u1')).toEqual([]);
    expect(history.terms('u2')).toEqual(['b']);
    history.clear('u2');
    expect(s.keys()).toEqual([]);
  });

  it('blank users and terms change nothing', () => {
    const history = new StoredSearchHistory(createMemoryStorage());
    expect(history.add('', 'a')).toEqual([]);
    expect(history.add('u1', '   ')).toEqual([]);
    expect(history.terms('  ')).toEqual([]);
  });

  it.each(['{not json', '[]', '{"entries":"x"}', '{"entries":[{"key":"u1","terms":"a"}]}', 'null', '42'])(
    'a corrupted value %j reads as empty and is repaired by the next search',
    (raw) => {
      localStorage.setItem('campus.searchHistory', raw);
      const history = new StoredSearchHistory(createBrowserStorage());
      expect(history.terms('u1')).toEqual([]);
      expect(history.add('u1', 'a')).toEqual(['a']);
      expect(JSON.parse(localStorage.getItem('campus.searchHistory')!)).toEqual({ entries: [{ key: 'u1', terms: ['a'] }] });
    },
  );
});
