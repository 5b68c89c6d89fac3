import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  CAMPUS_NOT_FOUND,
  campusSwitchFromLink,
  canRefresh,
  chooseCampus,
  chooseCampusId,
  HTTP_TIMEOUT_MS,
  HUB_RECONNECT_DELAY_MS,
  HUB_STATES,
  isUserTypeCode,
  parseTokenRecord,
  parseUserType,
  TOKEN_REFRESH_THROTTLE_MS,
  USER_TYPE,
  USER_TYPE_LABELS,
  userTypeCode,
  userTypeLabel,
  type Campus,
} from '../../../../domain/session';

describe('constants (SPEC point 9, point 4)', () => {
  it.each([
    ['HTTP timeout', HTTP_TIMEOUT_MS, 60000],
    ['token refresh throttle (10 minutes)', TOKEN_REFRESH_THROTTLE_MS, 10 * 60 * 1000],
    ['hub reconnect', HUB_RECONNECT_DELAY_MS, 5000],
  ])('%s', (_label, value, expected) => expect(value).toBe(expected));

  it('hub states', () =>
    expect(HUB_STATES).toEqual(['disconnected', 'connecting', 'connected', 'reconnecting', 'disconnecting']));
});

describe('token record', () => {
  const record = { encryptedAccessToken: 'access', refreshToken: 'refresh' };

  it.each([
    ['object', record],
    ['JSON text', JSON.stringify(record)],
    ['login answer with extra fields', { ...record, expireInSeconds: 7200, userId: 'u1' }],
  ])('reads a %s', (_label, raw) => expect(parseTokenRecord(raw)).toEqual(record));

  it.each([
    ['null', null],
    ['undefined', undefined],
    ['empty text', ''],
    ['not JSON', '{oops'],
    ['JSON null', 'null'],
    ['array', [record]],
    ['missing refresh', { encryptedAccessToken: 'a' }],
    ['blank access', { encryptedAccessToken: '  ', refreshToken: 'r' }],
    ['number token', { encryptedAccessToken: 1, refreshToken: 'r' }],
  ])('refuses %s', (_label, raw) => expect(parseTokenRecord(raw)).toBeNull());

  it('any pair of non-blank strings round-trips through JSON (property)', () => {
    const token = fc.string({ minLength: 1 }).filter((s) => s.trim() !== '');
    fc.assert(
      fc.property(token, token, (encryptedAccessToken, refreshToken) => {
        const r = { encryptedAccessToken, refreshToken };
        expect(parseTokenRecord(JSON.stringify(r))).toEqual(r);
      }),
    );
  });

  it('never throws on arbitrary input (property)', () => {
    fc.assert(
      fc.property(fc.oneof(fc.anything(), fc.json()), (raw) => {
        const r = parseTokenRecord(raw);
        expect(r === null || (typeof r.encryptedAccessToken === 'string' && typeof r.refreshToken === 'string')).toBe(true);
      }),
    );
  });
});

describe('canRefresh: at most once per 10 minutes', () => {
  const t0 = 1_700_000_000_000;
  it.each([
    ['never refreshed', null, t0, true],
    ['undefined', undefined, t0, true],
    ['unreadable last', Number.NaN, t0, true],
    ['just now', t0, t0, false],
    ['9 min 59 s ago', t0 - 599_999, t0, false],
    ['exactly 10 minutes ago', t0 - 600_000, t0, true],
    ['an hour ago', t0 - 3_600_000, t0, true],
    ['clock went back', t0 + 60_000, t0, true],
    ['unreadable now', t0, Number.NaN, false],
  ])('%s -> %s', (_label, last, now, expected) => expect(canRefresh(last, now)).toBe(expected));

  it('within the window is refused, after it allowed (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2 ** 40 }), fc.integer({ min: 0, max: 2 * 600_000 }), (last, delta) => {
        expect(canRefresh(last, last + delta)).toBe(delta >= 600_000);
      }),
    );
  });
});

describe('user types (SPEC point 1)', () => {
  it.each([
    [1, '教职工', 'xzjs'],
    [2, '学生', 'xzxs'],
    [3, '家长', null],
    [4, '企业', null],
    [5, '其他', null],
  ])('type %d is %s (code %s)', (type, label, code) => {
    expect(userTypeLabel(type)).toBe(label);
    expect(USER_TYPE_LABELS[type as 1]).toBe(label);
    expect(userTypeCode(type)).toBe(code);
    expect(isUserTypeCode(type)).toBe(true);
  });

  it('names the constants', () =>
    expect(USER_TYPE).toEqual({ STAFF: 1, STUDENT: 2, PARENT: 3, ENTERPRISE: 4, OTHER: 5 }));

  it.each([
    ['2', 2],
    [' 3 ', 3],
    [0, null],
    [6, null],
    [1.5, null],
    ['x', null],
    [null, null],
  ])('parseUserType(%j) = %j', (raw, expected) => expect(parseUserType(raw)).toBe(expected));

  it.each([0, 6, 'x', null])('unknown type %j has no label nor code', (raw) => {
    expect(userTypeLabel(raw)).toBe('');
    expect(userTypeCode(raw)).toBeNull();
  });
});

describe('campus choice', () => {
  const campuses: Campus[] = [
    { id: 'AAAA-1', name: '东校区', typeName: '主校区' },
    { id: 'bbbb-2', name: '西校区', typeName: '分校区' },
  ];

  it.each([
    ['stored campus in the list', 'bbbb-2', 'bbbb-2'],
    ['stored id in another case', 'BBBB-2', 'bbbb-2'],
    ['missing stored id', null, 'AAAA-1'],
    ['blank stored id', '  ', 'AAAA-1'],
    ['unknown stored id', 'zzz', 'AAAA-1'],
    ['stored id of a wrong type', { id: 'bbbb-2' }, 'AAAA-1'],
  ])('%s -> %s', (_label, stored, expected) => {
    expect(chooseCampusId(campuses, stored)).toBe(expected);
    expect(chooseCampus(campuses, stored)?.id).toBe(expected);
  });

  it('no campus at all -> null', () => {
    expect(chooseCampus([], 'x')).toBeNull();
    expect(chooseCampusId([], 'x')).toBeNull();
  });

  it('numeric ids compare as text', () => expect(chooseCampusId([{ id: '7', name: 'a' }], 7)).toBe('7'));
});

describe('campus switching from a link (SPEC point 6)', () => {
  const campuses: Campus[] = [
    { id: 'c1', name: '东校区' },
    { id: 'c2', name: '西校区' },
  ];

  it.each([
    ['differs and exists -> switch', 'c1', 'c2', { kind: 'switch', campusId: 'c2' }],
    ['same as stored -> nothing', 'c2', 'c2', { kind: 'none' }],
    ['same, other case -> nothing', 'c2', 'C2', { kind: 'none' }],
    ['not in the list -> 该校区不存在', 'c1', 'c9', { kind: 'missing', message: '该校区不存在' }],
    ['no link campus -> nothing', 'c1', undefined, { kind: 'none' }],
    ['blank link campus -> nothing', 'c1', ' ', { kind: 'none' }],
    ['stored missing, link is the default first campus -> nothing', null, 'c1', { kind: 'none' }],
    ['stored missing, link is another campus -> switch', null, 'c2', { kind: 'switch', campusId: 'c2' }],
  ])('%s', (_label, stored, link, expected) => expect(campusSwitchFromLink(campuses, stored, link)).toEqual(expected));

  it('uses the spec string', () => expect(CAMPUS_NOT_FOUND).toBe('该校区不存在'));

  it('with an empty list any link campus is missing', () =>
    expect(campusSwitchFromLink([], null, 'c1')).toEqual({ kind: 'missing', message: CAMPUS_NOT_FOUND }));

  it('never throws and a switch target is always in the list (property)', () => {
    fc.assert(
      fc.property(fc.anything(), fc.anything(), (stored, link) => {
        const r = campusSwitchFromLink(campuses, stored, link);
        if (r.kind === 'switch') expect(campuses.map((c) => c.id)).toContain(r.campusId);
      }),
    );
  });
});
