import dayjs from 'dayjs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  DISPLAY_FORMATS,
  VALUE_FORMATS,
  datePrecisionOf,
  formatDateDisplay,
  parseDateValue,
  toDateValue,
} from '../../../../domain/forms/dateFormats';

describe('display formats (SPEC point 9)', () => {
  it.each([
    ['year', 'YYYY'],
    ['month', 'YYYY/MM'],
    ['day', 'YYYY/MM/DD'],
    ['minute', 'YYYY/MM/DD HH:mm'],
    ['second', 'YY/MM/DD HH:mm:ss'],
  ] as const)('%s -> %s', (precision, format) => {
    expect(DISPLAY_FORMATS[precision]).toBe(format);
  });

  it('stored formats are ISO-like', () => {
    expect(VALUE_FORMATS).toEqual({
      year: 'YYYY',
      month: 'YYYY-MM',
      day: 'YYYY-MM-DD',
      minute: 'YYYY-MM-DD HH:mm',
      second: 'YYYY-MM-DD HH:mm:ss',
    });
  });
});

describe('datePrecisionOf', () => {
  it.each([
    ['year', 'year'],
    ['month', 'month'],
    ['day', 'day'],
    ['Date', 'day'],
    ['DateTime', 'minute'],
    ['minute', 'minute'],
    ['second', 'second'],
    [undefined, 'day'],
    ['toString', 'day'],
    ['whatever', 'day'],
    [3, 'day'],
  ])('%j -> %s', (mode, precision) => {
    expect(datePrecisionOf(mode)).toBe(precision);
  });
});

describe('formatDateDisplay', () => {
  const value = '2024-03-05 14:07:09';
  it.each([
    ['year', '2024'],
    ['month', '2024/03'],
    ['day', '2024/03/05'],
    ['Date', '2024/03/05'],
    ['DateTime', '2024/03/05 14:07'],
    ['second', '24/03/05 14:07:09'],
  ])('mode %s -> %s', (mode, expected) => {
    expect(formatDateDisplay(value, mode)).toBe(expected);
  });

  it.each([
    ['2024', 'year', '2024'],
    ['2024-03', 'month', '2024/03'],
    ['2024/03/05', 'day', '2024/03/05'],
    [new Date(2024, 0, 2, 3, 4, 5), 'second', '24/01/02 03:04:05'],
    [dayjs('2020-02-29'), 'day', '2020/02/29'],
  ])('%j in %s -> %s', (input, mode, expected) => {
    expect(formatDateDisplay(input, mode)).toBe(expected);
  });

  it.each([[''], ['  '], ['not a date'], [Number.NaN], [Infinity], [null], [undefined], [{}], [[]], [true]])(
    '%j is not a date',
    (input) => {
      expect(formatDateDisplay(input, 'day')).toBeNull();
      expect(parseDateValue(input)).toBeNull();
    },
  );

  it('timestamps are milliseconds', () => {
    const ts = new Date(2023, 11, 31, 23, 59).getTime();
    expect(formatDateDisplay(ts, 'DateTime')).toBe('2023/12/31 23:59');
  });
});

describe('toDateValue', () => {
  const d = new Date(2024, 1, 29, 8, 30, 15);
  it.each([
    ['year', '2024'],
    ['month', '2024-02'],
    ['day', '2024-02-29'],
    ['Date', '2024-02-29'],
    ['DateTime', '2024-02-29 08:30'],
    ['second', '2024-02-29 08:30:15'],
  ])('%s -> %s', (mode, expected) => {
    expect(toDateValue(d, mode)).toBe(expected);
  });

  it('an invalid date gives null', () => {
    expect(toDateValue(new Date(Number.NaN), 'day')).toBeNull();
  });

  it('a stored value round-trips through display at every precision', () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date(1950, 0, 1), max: new Date(2100, 0, 1), noInvalidDate: true }),
        fc.constantFrom('year', 'month', 'day', 'Date', 'DateTime', 'second'),
        (date, mode) => {
          const stored = toDateValue(date, mode);
          expect(stored).not.toBeNull();
          expect(formatDateDisplay(stored, mode)).toBe(formatDateDisplay(date, mode));
        },
      ),
    );
  });

  it('never throws', () => {
    fc.assert(
      fc.property(fc.anything(), fc.anything(), (v, mode) => {
        formatDateDisplay(v, mode);
        parseDateValue(v);
      }),
    );
  });
});
