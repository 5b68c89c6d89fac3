import { describe, expect, it } from 'vitest';
import { formatBadge, formatDisplayDate, maskEmail, maskPhone } from '../../../../domain/shared/formats';

/*
 * Dates, masks and badges (domain/shared/formats.ts) at their edges. Found by mutation
 * testing (reports/README.md).
 */

describe('dates', () => {
  const inYear = (year: number): Date => {
    const d = new Date(2000, 0, 1, 8, 0);
    d.setFullYear(year);
    return d;
  };

  it('year 1 and year 9999 are dates; year 0 and 10000 are not (a four-digit year is promised)', () => {
    expect(formatDisplayDate(inYear(1))).toBe('0001-01-01 08:00');
    expect(formatDisplayDate(inYear(9999))).toBe('9999-01-01 08:00');
    expect(formatDisplayDate(inYear(0))).toBe('');
    expect(formatDisplayDate(inYear(10000))).toBe('');
  });
});

describe('years under 100, written in full', () => {
  it.each([
    ['0001-01-01T00:00:00', '0001-01-01 00:00'],
    ['0001-01-01 00:00', '0001-01-01 00:00'],
    ['0099-05-05', '0099-05-05 00:00'],
    ['0100-01-01', '0100-01-01 00:00'],
    ['1999-05-05', '1999-05-05 00:00'],
  ])('%s is read in its own year, not 19xx: %s', (written, shown) => {
    expect(formatDisplayDate(written)).toBe(shown);
  });
});

describe('masks', () => {
  it('a value already masked is kept as it is, even one a second mask would change', () => {
    expect(maskPhone('*1234567890')).toBe('*1234567890');
    expect(maskEmail('*x@y.cn')).toBe('*x@y.cn');
  });

  it('an e-mail address is trimmed before it is masked', () => {
    expect(maskEmail('  zhangsan@school.edu  ')).toBe('zh****@school.edu');
  });
});

describe('badges', () => {
  it.each([
    ['5', ''],
    [Number.NaN, ''],
    [Number.POSITIVE_INFINITY, ''],
    [5.9, '5'],
    [100, '99+'],
  ])('%o shows %o', (count, text) => {
    expect(formatBadge(count)).toBe(text);
  });
});
