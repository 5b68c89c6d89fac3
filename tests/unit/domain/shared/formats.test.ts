import dayjs from 'dayjs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  APPROVAL_QUERY_DATE_FORMAT,
  BADGE_MAX,
  BADGE_OVERFLOW,
  DISPLAY_DATE_FORMAT,
  EMPTY_GUID,
  escapeRegExp,
  formatApprovalQueryDate,
  formatBadge,
  formatDisplayDate,
  formatNoticeDate,
  formatTodoDeadline,
  HIGHLIGHT_MAX_HITS,
  highlightParts,
  isEmptyGuid,
  isMasked,
  maskEmail,
  maskPhone,
  nameInitials,
  NOTICE_DATE_FORMAT,
  TODO_DEADLINE_WIRE_FORMAT,
  toDayjs,
} from '../../../../domain/shared/formats';
import { hasMoreAfterPage, skipCountFor } from '../../../../domain/shared/paging';
import {
  DIALOG_CANCEL,
  DIALOG_CONFIRM,
  DIALOG_TIP_TITLE,
  OPERATION_SUCCESS,
  REQUEST_FAILED,
} from '../../../../domain/shared/messages';

// Local-time dates keep these tests independent of the machine's time zone.
const d = new Date(2024, 0, 2, 9, 5, 7, 345);

describe('date format patterns (SPEC point 9)', () => {
  it.each([
    [DISPLAY_DATE_FORMAT, 'YYYY-MM-DD HH:mm'],
    [NOTICE_DATE_FORMAT, 'YYYY-MM-DD HH:mm:ss'],
    [APPROVAL_QUERY_DATE_FORMAT, 'YYYY-MM-DDTHH:mm'],
    [TODO_DEADLINE_WIRE_FORMAT, 'YYYY-MM-DDTHH:mm:ss'],
  ])('%s is %s', (constant, literal) => expect(constant).toBe(literal));
});

describe('date formatters', () => {
  it.each([
    ['Date', d],
    ['epoch ms', d.getTime()],
    ['dayjs', dayjs(d)],
    ['local wire string', '2024-01-02T09:05:07.345'],
    ['space separated', '2024-01-02 09:05:07'],
    ['padded string', '  2024-01-02 09:05:07  '],
  ])('reads a %s', (_label, input) => {
    expect(formatDisplayDate(input)).toBe('2024-01-02 09:05');
    expect(formatNoticeDate(input)).toBe('2024-01-02 09:05:07');
    expect(formatApprovalQueryDate(input)).toBe('2024-01-02T09:05');
    expect(formatTodoDeadline(input)).toBe('2024-01-02T09:05:00');
  });

  it.each([
    ['null', null],
    ['undefined', undefined],
    ['empty', ''],
    ['blank', '   '],
    ['garbage', 'not a date'],
    ['NaN', Number.NaN],
    ['Infinity', Number.POSITIVE_INFINITY],
    ['invalid Date', new Date('x')],
    ['boolean', true],
    ['object', {}],
    ['array', [2024, 1, 2]],
    ['year 0', new Date(new Date(2000, 0, 1).setFullYear(0))],
    ['year 10000', new Date(10000, 0, 1)],
  ])('answers "" (display) and null (deadline) for %s', (_label, input) => {
    expect(toDayjs(input)).toBeNull();
    expect(formatDisplayDate(input)).toBe('');
    expect(formatNoticeDate(input)).toBe('');
    expect(formatApprovalQueryDate(input)).toBe('');
    expect(formatTodoDeadline(input)).toBeNull();
  });

  it('to-do deadline has minute precision: seconds forced to 00', () => {
    expect(formatTodoDeadline(new Date(2024, 11, 31, 23, 59, 59, 999))).toBe('2024-12-31T23:59:00');
  });

  it('never throws and always answers a string or null (property)', () => {
    fc.assert(
      fc.property(fc.anything(), (input) => {
        expect(typeof formatDisplayDate(input)).toBe('string');
        const deadline = formatTodoDeadline(input);
        expect(deadline === null || /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:00$/.test(deadline)).toBe(true);
      }),
    );
  });

  it('any valid date formats to the display shape (property)', () => {
    fc.assert(
      fc.property(fc.date({ min: new Date(1970, 0, 1), max: new Date(9999, 11, 31), noInvalidDate: true }), (date) => {
        expect(formatDisplayDate(date)).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
        expect(formatTodoDeadline(date)?.endsWith(':00')).toBe(true);
      }),
    );
  });
});

describe('masking', () => {
  it.each([
    ['13812341234', '138****1234'],
    [' 13812341234 ', '138****1234'],
    ['021123456789', '021*****6789'],
    ['12345678', '123*5678'],
    ['1234567', '1*****7'],
    ['123', '1*3'],
    ['12', '**'],
    ['', ''],
    ['138****1234', '138****1234'],
  ])('maskPhone(%j) = %j', (input, expected) => expect(maskPhone(input)).toBe(expected));

  it.each([
    ['zhangsan@school.edu', 'zh****@school.edu'],
    ['ab@x.cn', 'a****@x.cn'],
    ['a@x.cn', '****@x.cn'],
    ['', ''],
    ['zh****@school.edu', 'zh****@school.edu'],
    ['@x.cn', '@***n'],
    ['abc@', 'a**@'],
  ])('maskEmail(%j) = %j', (input, expected) => expect(maskEmail(input)).toBe(expected));

  it.each([null, undefined, 13812341234, {}])('non-strings mask to "" (%j)', (input) => {
    expect(maskPhone(input)).toBe('');
    expect(maskEmail(input)).toBe('');
  });

  it.each([
    ['138****1234', true],
    ['zh****@school.edu', true],
    ['13812341234', false],
    ['', false],
    [null, false],
    [42, false],
  ])('isMasked(%j) = %s', (input, expected) => expect(isMasked(input)).toBe(expected));

  it('a masked value never reveals an 11-digit phone and is recognised as masked (property)', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^1[3-9]\d{9}$/), (phone) => {
        const masked = maskPhone(phone);
        expect(masked).toBe(`${phone.slice(0, 3)}****${phone.slice(-4)}`);
        expect(isMasked(masked)).toBe(true);
        // The middle four are hidden (they may still equal the last four, as in 13060236023).
        expect(masked.slice(3, 7)).toBe('****');
        expect(masked.length).toBe(11);
      }),
    );
  });

  it('masking never throws and is idempotent (property)', () => {
    fc.assert(
      fc.property(fc.anything(), (input) => {
        const once = maskPhone(input);
        expect(maskPhone(once)).toBe(once.trim() === '' ? once.trim() : maskPhone(once));
        expect(typeof maskEmail(input)).toBe('string');
      }),
    );
  });

  it('an e-mail local part is never shown whole (property)', () => {
    fc.assert(
      fc.property(fc.emailAddress(), (email) => {
        // A star means "already masked" by definition, so such addresses are passed through.
        fc.pre(!email.includes('*'));
        const masked = maskEmail(email);
        const local = email.slice(0, email.lastIndexOf('@'));
        expect(masked.startsWith(`${local}@`)).toBe(false);
        expect(isMasked(masked)).toBe(true);
      }),
    );
  });
});

describe('badge (SPEC point 9: counts cap at 99+)', () => {
  it.each([
    [0, ''],
    [-3, ''],
    [1, '1'],
    [99, '99'],
    [100, '99+'],
    [12345, '99+'],
    [5.7, '5'],
    [Number.NaN, ''],
    [Number.POSITIVE_INFINITY, ''],
    ['7', ''],
    [null, ''],
  ])('formatBadge(%j) = %j', (input, expected) => expect(formatBadge(input)).toBe(expected));

  it('constants', () => {
    expect(BADGE_MAX).toBe(99);
    expect(BADGE_OVERFLOW).toBe('99+');
  });

  it('any integer count maps to "", its digits, or 99+ (property)', () => {
    fc.assert(
      fc.property(fc.integer(), (n) => {
        const expected = n <= 0 ? '' : n > 99 ? '99+' : String(n);
        expect(formatBadge(n)).toBe(expected);
      }),
    );
  });
});

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

describe('name initials (last two characters)', () => {
  it.each([
    ['张三丰', '三丰'],
    ['李四', '李四'],
    ['王', '王'],
    ['  欧阳娜娜  ', '娜娜'],
    ['Tom', 'om'],
    ['', ''],
    ['   ', ''],
    ['a😀b𠀋', 'b𠀋'],
    ['😀😁', '😀😁'],
    [null, ''],
    [42, ''],
  ])('nameInitials(%j) = %j', (input, expected) => expect(nameInitials(input)).toBe(expected));

  it('never splits a surrogate pair (property)', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme' }), (name) => {
        const initials = nameInitials(name);
        expect(Array.from(initials).length).toBeLessThanOrEqual(2);
        expect(LONE_SURROGATE.test(initials)).toBe(false);
        expect(name.trim().endsWith(initials)).toBe(true);
      }),
    );
  });
});

describe('empty GUID', () => {
  it('is the all-zero GUID', () => expect(EMPTY_GUID).toBe('00000000-0000-0000-0000-000000000000'));
  it.each([
    ['00000000-0000-0000-0000-000000000000', true],
    [' 00000000-0000-0000-0000-000000000000 ', true],
    ['00000000-0000-0000-0000-000000000001', false],
    ['', false],
    [null, false],
  ])('isEmptyGuid(%j) = %s', (input, expected) => expect(isEmptyGuid(input)).toBe(expected));
});

describe('keyword highlight', () => {
  it.each([
    ['请假申请', '申请', [{ text: '请假', hit: false }, { text: '申请', hit: true }]],
    ['Leave Request leave', 'leave', [
      { text: 'Leave', hit: true },
      { text: ' Request ', hit: false },
      { text: 'leave', hit: true },
    ]],
    ['a.b.c', '.', [
      { text: 'a', hit: false },
      { text: '.', hit: true },
      { text: 'b', hit: false },
      { text: '.', hit: true },
      { text: 'c', hit: false },
    ]],
    ['price (1+1)*2', '(1+1)*', [{ text: 'price ', hit: false }, { text: '(1+1)*', hit: true }, { text: '2', hit: false }]],
    ['[x]\\y', '[x]\\', [{ text: '[x]\\', hit: true }, { text: 'y', hit: false }]],
    ['abc', '', [{ text: 'abc', hit: false }]],
    ['abc', '   ', [{ text: 'abc', hit: false }]],
    ['abc', ' b ', [{ text: 'a', hit: false }, { text: 'b', hit: true }, { text: 'c', hit: false }]],
    ['abc', 'x', [{ text: 'abc', hit: false }]],
    ['', 'a', []],
    ['aaa', 'aa', [{ text: 'aa', hit: true }, { text: 'a', hit: false }]],
  ])('highlightParts(%j, %j)', (text, keyword, expected) => expect(highlightParts(text, keyword)).toEqual(expected));

  it.each([
    [null, 'a', []],
    ['abc', null, [{ text: 'abc', hit: false }]],
    [42, 42, []],
  ])('non-string input (%j, %j)', (text, keyword, expected) => expect(highlightParts(text, keyword)).toEqual(expected));

  it.each([
    [HIGHLIGHT_MAX_HITS - 1, HIGHLIGHT_MAX_HITS - 1],
    [HIGHLIGHT_MAX_HITS, HIGHLIGHT_MAX_HITS],
    [HIGHLIGHT_MAX_HITS + 1, HIGHLIGHT_MAX_HITS],
    [10_000, HIGHLIGHT_MAX_HITS],
  ])('a text with %i occurrences marks %i of them; the rest is one plain part', (occurrences, marked) => {
    const text = `超长无空格${'W'.repeat(occurrences)}`;
    const parts = highlightParts(text, 'w');
    expect(parts.filter((p) => p.hit)).toHaveLength(marked);
    expect(parts.map((p) => p.text).join('')).toBe(text);
    const rest = occurrences - marked;
    expect(parts.at(-1)).toEqual(rest > 0 ? { text: 'W'.repeat(rest), hit: false } : { text: 'W', hit: true });
  });

  it('escapeRegExp makes every special character literal', () => {
    const special = '\\^$.*+?()[]{}|/';
    expect(new RegExp(escapeRegExp(special), 'u').test(special)).toBe(true);
  });

  it('parts join back to the text, none is empty, never throws (property)', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), fc.string({ unit: 'binary' }), (text, keyword) => {
        const parts = highlightParts(text, keyword);
        expect(parts.map((p) => p.text).join('')).toBe(text);
        expect(parts.every((p) => p.text.length > 0)).toBe(true);
      }),
    );
  });

  it('every hit equals the keyword ignoring ASCII case (property)', () => {
    fc.assert(
      fc.property(fc.string(), fc.string({ minLength: 1 }), (text, keyword) => {
        const k = keyword.trim();
        fc.pre(k !== '');
        const parts = highlightParts(`${text}${keyword.toUpperCase()}${text}`, keyword);
        const hits = parts.filter((p) => p.hit);
        expect(hits.length).toBeGreaterThan(0);
        expect(hits.every((p) => p.text.toLowerCase() === k.toLowerCase())).toBe(true);
      }),
    );
  });
});

describe('paging', () => {
  it.each([
    [10, 10, true],
    [9, 10, false],
    [0, 10, false],
    [30, 30, true],
    [29, 30, false],
    [5, 0, false],
    [Number.NaN, 10, false],
  ])('hasMoreAfterPage(%d, %d) = %s', (received, size, expected) =>
    expect(hasMoreAfterPage(received, size)).toBe(expected),
  );

  it.each([
    [1, 10, 0],
    [2, 10, 10],
    [3, 30, 60],
    [0, 10, 0],
    [-4, 10, 0],
    [Number.NaN, 10, 0],
    [2.9, 10, 10],
    [2, Number.NaN, 0],
  ])('skipCountFor(%d, %d) = %d (skipCount is (page-1)*size)', (page, size, expected) =>
    expect(skipCountFor(page, size)).toBe(expected),
  );
});

describe('shared strings (SPEC point 8)', () => {
  it.each([
    [DIALOG_CONFIRM, '确定'],
    [DIALOG_CANCEL, '取消'],
    [DIALOG_TIP_TITLE, '提示'],
    [REQUEST_FAILED, '请求失败'],
    [OPERATION_SUCCESS, '操作成功'],
  ])('%s', (constant, literal) => expect(constant).toBe(literal));
});
