import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import dayjs from 'dayjs';
import {
  APPROVAL_DISPLAY_TIME_FORMAT,
  APPROVAL_QUERY_DATE_FORMAT,
  formatDisplayTime,
  formatQueryDate,
  formatRunNumber,
  parseInteger,
} from '../../../../domain/approval';

describe('dates', () => {
  const local = new Date(2024, 0, 2, 3, 4, 5);
  it.each([
    [local, '2024-01-02T03:04'],
    [dayjs(local), '2024-01-02T03:04'],
    [local.getTime(), '2024-01-02T03:04'],
    ['2024-01-02 03:04:05', '2024-01-02T03:04'],
    [null, null],
    [undefined, null],
    ['', null],
    ['not a date', null],
    [NaN, null],
    [Infinity, null],
    [new Date(NaN), null],
  ])('query date of %j is %j (YYYY-MM-DDTHH:mm)', (input, expected) => {
    expect(formatQueryDate(input)).toBe(expected);
  });

  it('display time is YYYY-MM-DD HH:mm', () => {
    expect(APPROVAL_DISPLAY_TIME_FORMAT).toBe('YYYY-MM-DD HH:mm');
    expect(APPROVAL_QUERY_DATE_FORMAT).toBe('YYYY-MM-DD[T]HH:mm');
    expect(formatDisplayTime('2024-05-06T07:08:09')).toBe('2024-05-06 07:08');
    expect(formatDisplayTime(undefined)).toBeNull();
  });

  it('never throws on arbitrary strings or numbers', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.double(), fc.integer()), (value) => {
        const out = formatQueryDate(value);
        expect(out === null || /^\d{4,}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(out) || out.startsWith('-')).toBe(true);
      }),
    );
  });
});

describe('parseInteger', () => {
  it.each([
    [3, 3],
    [' 2 ', 2],
    ['-1', -1],
    ['1.5', null],
    [1.5, null],
    ['', null],
    ['abc', null],
    [null, null],
    [true, null],
  ])('%j -> %j', (value, expected) => {
    expect(parseInteger(value)).toBe(expected);
  });
});

describe('formatRunNumber', () => {
  it.each([
    ['202401020001', '#202401020001'],
    ['', ''],
    [null, ''],
    [12, ''],
  ])('%j -> %j', (value, expected) => {
    expect(formatRunNumber(value)).toBe(expected);
  });
});
