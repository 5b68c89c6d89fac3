import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  ID_CARD_MIN_YEAR,
  buildIdCard,
  idCardCheckChar,
  isValidBirthDate,
  isValidIdCard,
} from '../../../../domain/forms/idCard';

const pad = (n: number, len: number): string => String(n).padStart(len, '0');

/** Valid 17-digit bodies: region 1xxxxx-9xxxxx, a real birth date from 1900 to 2099, any sequence. */
const validBody = fc
  .record({
    region: fc.integer({ min: 100000, max: 999999 }),
    date: fc.date({ min: new Date(Date.UTC(1900, 0, 1)), max: new Date(Date.UTC(2099, 11, 31)), noInvalidDate: true }),
    seq: fc.integer({ min: 0, max: 999 }),
  })
  .map(
    ({ region, date, seq }) =>
      `${region}${pad(date.getUTCFullYear(), 4)}${pad(date.getUTCMonth() + 1, 2)}${pad(date.getUTCDate(), 2)}${pad(seq, 3)}`,
  );

const validId = validBody.map((b) => buildIdCard(b) as string);

describe('check character (GB 11643-1999, MOD 11-2)', () => {
  it.each([
    ['11010519491231002', 'X'],
    ['44052418800101001', '4'],
    ['11010119900307001', '1'],
    ['11010120000229001', '8'],
    ['11010119900100001', 'X'],
    ['00000000000000000', '1'],
  ])('%s -> %s', (body, check) => {
    expect(idCardCheckChar(body)).toBe(check);
  });

  it.each([[''], ['1234'], ['1101051949123100X'], ['110105194912310021'], [null], [17]])('bad body %j -> null', (body) => {
    expect(idCardCheckChar(body)).toBeNull();
    expect(buildIdCard(body as string)).toBeNull();
  });

  it('every sum residue maps to the standard character', () => {
    // Bodies 0000000000000000d with weight 2 on the last digit give residues 2d mod 11.
    const table: Record<string, string> = {};
    for (let d = 0; d <= 9; d++) table[String((d * 2) % 11)] = idCardCheckChar(`0000000000000000${d}`) as string;
    expect(table).toEqual({ '0': '1', '1': '0', '2': 'X', '3': '9', '4': '8', '5': '7', '6': '6', '7': '5', '8': '4', '10': '2' });
    // Residue 9: a single 1 under weight 9.
    expect(idCardCheckChar('01000000000000000')).toBe('3');
  });
});

describe('isValidIdCard', () => {
  it.each([
    ['11010519491231002X', true],
    ['11010519491231002x', true],
    ['110101199003070011', true],
    ['110101200002290018', true], // 2000 is a leap year
    ['11010519491231002Y', false],
    ['110105194912310021', false], // wrong check character
    ['010105194912310026', false], // region must start 1-9
    ['440524188001010014', false], // born before 1900
    ['110101190002290011', false], // 1900 is not a leap year
    ['110101199002300014', false], // 30 February
    ['110101199013010012', false], // month 13
    ['110101199000010013', false], // month 0
    ['11010119900100001X', false], // day 0
    ['110101199004310013', false], // 31 April
    ['11010519491231002', false], // 17 characters
    ['110105194912310', false], // old 15-digit form is not accepted
    ['11010519491231002X ', false],
    ['', false],
  ])('%j -> %s', (id, valid) => {
    expect(isValidIdCard(id)).toBe(valid);
  });

  it.each([[null], [undefined], [11010519491231], [{}], [['11010519491231002X']]])('non-text %j is invalid', (v) => {
    expect(isValidIdCard(v)).toBe(false);
  });

  it('rejects a future birth date only when today is given', () => {
    const future = buildIdCard('11010120300101001') as string;
    expect(isValidIdCard(future)).toBe(true);
    expect(isValidIdCard(future, new Date(2025, 0, 1))).toBe(false);
    expect(isValidIdCard(future, new Date(2030, 0, 1))).toBe(true);
    expect(isValidIdCard(future, new Date(Number.NaN))).toBe(true);
  });

  it('birth date rule', () => {
    expect(ID_CARD_MIN_YEAR).toBe(1900);
    expect(isValidBirthDate('19000101')).toBe(true);
    expect(isValidBirthDate('18991231')).toBe(false);
    expect(isValidBirthDate('2000022')).toBe(false);
    expect(isValidBirthDate('20240229')).toBe(true);
    expect(isValidBirthDate('21000229')).toBe(false);
  });

  it('accepts every generated valid ID', () => {
    fc.assert(
      fc.property(validId, (id) => {
        expect(isValidIdCard(id)).toBe(true);
      }),
    );
  });

  it('accepts the lowercase x wherever X is the check character', () => {
    fc.assert(
      fc.property(validId, (id) => {
        expect(isValidIdCard(id.toLowerCase())).toBe(true);
      }),
    );
  });

  it('rejects any single-character change of a valid ID', () => {
    fc.assert(
      fc.property(validId, fc.integer({ min: 0, max: 17 }), fc.integer({ min: 1, max: 10 }), (id, pos, shift) => {
        const chars = '0123456789X';
        const current = chars.indexOf(id[pos] as string);
        // Body positions take digits only; the check position may take X as well.
        const alphabet = pos === 17 ? 11 : 10;
        const replacement = chars[(current + shift) % alphabet] as string;
        fc.pre(replacement !== id[pos]);
        const changed = id.slice(0, pos) + replacement + id.slice(pos + 1);
        expect(isValidIdCard(changed)).toBe(false);
      }),
    );
  });

  it('rejects any 18-character text with a non-digit in the body', () => {
    fc.assert(
      fc.property(validId, fc.integer({ min: 0, max: 16 }), fc.constantFrom('X', 'a', ' ', '-', '٣'), (id, pos, c) => {
        expect(isValidIdCard(id.slice(0, pos) + c + id.slice(pos + 1))).toBe(false);
      }),
    );
  });

  it('never throws', () => {
    fc.assert(
      fc.property(fc.anything(), (v) => {
        expect(typeof isValidIdCard(v)).toBe('boolean');
        idCardCheckChar(v);
      }),
    );
    fc.assert(
      fc.property(fc.string(), (s) => {
        expect(typeof isValidIdCard(s)).toBe('boolean');
      }),
    );
  });
});
