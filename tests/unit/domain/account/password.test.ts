import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  checkPasswordPolicy,
  DEFAULT_PASSWORD_MIN_LENGTH,
  normalisePasswordPolicy,
  PASSWORD_MAX_LENGTH,
  PASSWORD_SPECIAL_CHARACTERS,
  passwordLength,
  passwordPolicyHint,
  requiredPasswordClasses,
  validateChangePassword,
} from '../../../../domain/account/password';
import {
  ENTER_CONFIRM_PASSWORD,
  ENTER_NEW_PASSWORD,
  ENTER_OLD_PASSWORD,
  PASSWORD_NEEDS_DIGIT,
  PASSWORD_NEEDS_LETTER,
  PASSWORD_NEEDS_MIXED_CASE,
  PASSWORD_NEEDS_SPECIAL,
  PASSWORDS_DIFFER,
  passwordLengthMessage,
} from '../../../../domain/account/messages';

const DIGITS = [...'0123456789'];
const LOWER = [...'abcdefghijklmnopqrstuvwxyz'];
const UPPER = [...'ABCDEFGHIJKLMNOPQRSTUVWXYZ'];
const SPECIAL = [...PASSWORD_SPECIAL_CHARACTERS];
/** Characters that belong to no class, so they never satisfy a rule by accident. */
const NEUTRAL = [...'中文é ß'];

describe('password policy: spec strings', () => {
  it.each([
    [passwordLengthMessage(6), '密码长度必须在6-32位之间'],
    [passwordLengthMessage(8), '密码长度必须在8-32位之间'],
    [PASSWORD_NEEDS_DIGIT, '密码必须包含数字'],
    [PASSWORD_NEEDS_LETTER, '密码必须包含字母'],
    [PASSWORD_NEEDS_MIXED_CASE, '密码必须包含大小写字母'],
    [PASSWORD_NEEDS_SPECIAL, '密码必须包含特殊字符'],
  ])('%s is %s', (constant, literal) => {
    expect(constant).toBe(literal);
  });

  it('the special set is the 32 printable ASCII punctuation characters', () => {
    expect(PASSWORD_SPECIAL_CHARACTERS).toBe('!"#$%&\'()*+,-./:;<=>?@[\\]^_`{|}~');
    expect(new Set(PASSWORD_SPECIAL_CHARACTERS).size).toBe(32);
    for (const c of '~!@#$%^&*()_+-=[]{}|;:\',.<>/?`"') expect(PASSWORD_SPECIAL_CHARACTERS).toContain(c);
  });
});

describe('checkPasswordPolicy', () => {
  it.each([
    // [password, digits, mask, expected]
    ['abcdef', 6, 0, null],
    ['abcde', 6, 0, '密码长度必须在6-32位之间'],
    ['a'.repeat(32), 6, 0, null],
    ['a'.repeat(33), 6, 0, '密码长度必须在6-32位之间'],
    ['abcdefgh', 8, 1, '密码必须包含数字'],
    ['abcdefg1', 8, 1, null],
    ['12345678', 8, 2, '密码必须包含字母'],
    ['1234567a', 8, 2, null],
    ['abcdefg1', 8, 4, '密码必须包含大小写字母'],
    ['ABCDEFG1', 8, 4, '密码必须包含大小写字母'],
    ['abcdefG1', 8, 4, null],
    ['abcdefG1', 8, 8, '密码必须包含特殊字符'],
    ['abcdef G1', 8, 8, '密码必须包含特殊字符'],
    ['abcdeG1!', 8, 8, null],
    ['abcdeG1\\', 8, 8, null],
    ['abcdeG1!', 8, 15, null],
    ['abcdefg!', 8, 15, '密码必须包含数字'],
    ['1234567!', 8, 15, '密码必须包含字母'],
    ['abcdef1!', 8, 15, '密码必须包含大小写字母'],
    ['abcdeF12', 8, 15, '密码必须包含特殊字符'],
    ['short', 8, 15, '密码长度必须在8-32位之间'],
  ])('%j with digits %i and mask %i gives %s', (password, digits, mask, expected) => {
    expect(checkPasswordPolicy(password, { digits, passwordSecurity: mask })).toBe(expected);
  });

  it('uses the message constants', () => {
    expect(checkPasswordPolicy('abcdefgh', { digits: 8, passwordSecurity: 1 })).toBe(PASSWORD_NEEDS_DIGIT);
    expect(checkPasswordPolicy('abc', { digits: 8, passwordSecurity: 0 })).toBe(passwordLengthMessage(8));
  });

  it('counts characters as code points, so an emoji counts once', () => {
    expect(passwordLength('😀😀😀😀😀😀')).toBe(6);
    expect(checkPasswordPolicy('😀😀😀😀😀😀', { digits: 6, passwordSecurity: 0 })).toBeNull();
  });

  it.each([
    [undefined, { digits: DEFAULT_PASSWORD_MIN_LENGTH, passwordSecurity: 0 }],
    [null, { digits: 6, passwordSecurity: 0 }],
    [{}, { digits: 6, passwordSecurity: 0 }],
    [{ digits: Number.NaN, passwordSecurity: Number.POSITIVE_INFINITY }, { digits: 6, passwordSecurity: 0 }],
    [{ digits: 0, passwordSecurity: 16 }, { digits: 1, passwordSecurity: 0 }],
    [{ digits: -3, passwordSecurity: 31 }, { digits: 1, passwordSecurity: 15 }],
    [{ digits: 40, passwordSecurity: 5 }, { digits: 32, passwordSecurity: 5 }],
    [{ digits: 7.9, passwordSecurity: 3.5 }, { digits: 7, passwordSecurity: 3 }],
    [{ digits: '8', passwordSecurity: '1' }, { digits: 6, passwordSecurity: 0 }],
  ])('normalisePasswordPolicy(%j) is %j', (policy, expected) => {
    expect(normalisePasswordPolicy(policy as never)).toEqual(expected);
  });

  it('treats a non-string password as empty', () => {
    expect(checkPasswordPolicy(42 as never, { digits: 6, passwordSecurity: 0 })).toBe('密码长度必须在6-32位之间');
  });
});

describe('passwordPolicyHint', () => {
  it.each([
    [6, 1, '登录密码由6-32位， 包含数字组成'],
    [6, 3, '登录密码由6-32位， 包含数字、字母组成'],
    [8, 15, '登录密码由8-32位， 包含数字、字母、大小写字母、特殊字符组成'],
    [8, 9, '登录密码由8-32位， 包含数字、特殊字符组成'],
    [10, 4, '登录密码由10-32位， 包含大小写字母组成'],
    [6, 0, '登录密码由6-32位字符组成'],
  ])('digits %i and mask %i give %s', (digits, mask, expected) => {
    expect(passwordPolicyHint({ digits, passwordSecurity: mask })).toBe(expected);
  });

  it.each([
    [0, []],
    [1, ['数字']],
    [2, ['字母']],
    [4, ['大小写字母']],
    [8, ['特殊字符']],
    [15, ['数字', '字母', '大小写字母', '特殊字符']],
  ])('requiredPasswordClasses(%i) is %j', (mask, expected) => {
    expect(requiredPasswordClasses(mask)).toEqual(expected);
  });

  it('hint always starts with the spec prefix and the full-width comma plus space', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 32 }), fc.integer({ min: 1, max: 15 }), (digits, mask) => {
        expect(passwordPolicyHint({ digits, passwordSecurity: mask })).toMatch(
          new RegExp(`^登录密码由${digits}-32位， 包含.+组成$`),
        );
      }),
    );
  });
});

type ClassName = 'digit' | 'lower' | 'upper' | 'special';
const CLASS_CHARS: Record<ClassName, string[]> = { digit: DIGITS, lower: LOWER, upper: UPPER, special: SPECIAL };

/** One char per class the mask demands, with bit 2 satisfied by a lower-case letter. */
function requiredClasses(mask: number): ClassName[] {
  const classes = new Set<ClassName>();
  if (mask & 1) classes.add('digit');
  if (mask & 2) classes.add('lower');
  if (mask & 4) {
    classes.add('lower');
    classes.add('upper');
  }
  if (mask & 8) classes.add('special');
  return [...classes];
}

/** Passwords of a length within [digits, 32] built from `allowed` that contain one char of each of `required`. */
function passwordFrom(digits: number, required: ClassName[], allowed: string[]): fc.Arbitrary<string> {
  const minFiller = Math.max(0, digits - required.length);
  const maxFiller = PASSWORD_MAX_LENGTH - required.length;
  return fc
    .tuple(
      fc.tuple(...required.map((c) => fc.constantFrom(...CLASS_CHARS[c]))),
      fc.array(fc.constantFrom(...allowed), { minLength: minFiller, maxLength: maxFiller }),
    )
    .chain(([req, filler]) => {
      const chars = [...req, ...filler];
      return fc.shuffledSubarray(chars, { minLength: chars.length, maxLength: chars.length });
    })
    .map((chars) => chars.join(''));
}

const ALL_CHARS = [...DIGITS, ...LOWER, ...UPPER, ...SPECIAL, ...NEUTRAL];

describe('password policy properties', () => {
  it('accepts any password that satisfies every required class and the length', () => {
    const arb = fc
      .record({ digits: fc.integer({ min: 1, max: 32 }), mask: fc.integer({ min: 0, max: 15 }) })
      .chain(({ digits, mask }) =>
        passwordFrom(digits, requiredClasses(mask), ALL_CHARS).map((password) => ({ digits, mask, password })),
      );
    fc.assert(
      fc.property(arb, ({ digits, mask, password }) => {
        expect(checkPasswordPolicy(password, { digits, passwordSecurity: mask })).toBeNull();
      }),
    );
  });

  const removals: Array<[number, string, ClassName[], string]> = [
    [1, 'digits', ['digit'], PASSWORD_NEEDS_DIGIT],
    [2, 'letters', ['lower', 'upper'], PASSWORD_NEEDS_LETTER],
    [4, 'upper-case letters', ['upper'], PASSWORD_NEEDS_MIXED_CASE],
    [8, 'special characters', ['special'], PASSWORD_NEEDS_SPECIAL],
  ];

  it.each(removals)('with bit %i set, removing %s fails with its message', (bit, _name, removed, message) => {
    const allowed = ALL_CHARS.filter((c) => !removed.some((r) => CLASS_CHARS[r].includes(c)));
    const arb = fc
      .record({ digits: fc.integer({ min: 1, max: 32 }), extra: fc.integer({ min: 0, max: 15 }) })
      .chain(({ digits, extra }) => {
        // Rules run in bit order, so any earlier bit stays satisfied by the chars still allowed.
        const mask = extra | bit;
        const required = requiredClasses(mask).filter((c) => !removed.includes(c));
        return passwordFrom(digits, required, allowed).map((password) => ({ digits, mask, password }));
      });
    fc.assert(
      fc.property(arb, ({ digits, mask, password }) => {
        expect(checkPasswordPolicy(password, { digits, passwordSecurity: mask })).toBe(message);
      }),
    );
  });

  it('rejects any length outside digits..32 with the length message', () => {
    const arb = fc.record({
      digits: fc.integer({ min: 2, max: 32 }),
      mask: fc.integer({ min: 0, max: 15 }),
      long: fc.boolean(),
    }).chain(({ digits, mask, long }) =>
      fc
        .array(fc.constantFrom(...ALL_CHARS), long ? { minLength: 33, maxLength: 80 } : { maxLength: digits - 1 })
        .map((chars) => ({ digits, mask, password: chars.join('') })),
    );
    fc.assert(
      fc.property(arb, ({ digits, mask, password }) => {
        expect(checkPasswordPolicy(password, { digits, passwordSecurity: mask })).toBe(passwordLengthMessage(digits));
      }),
    );
  });

  it('never throws on arbitrary input', () => {
    fc.assert(
      fc.property(fc.anything(), fc.anything(), (password, policy) => {
        const result = checkPasswordPolicy(password as string, policy as never);
        expect(result === null || typeof result === 'string').toBe(true);
        expect(typeof passwordPolicyHint(policy as never)).toBe('string');
      }),
    );
    fc.assert(
      fc.property(fc.string(), fc.integer(), fc.integer(), (password, digits, mask) => {
        const result = checkPasswordPolicy(password, { digits, passwordSecurity: mask });
        expect(result === null || typeof result === 'string').toBe(true);
      }),
    );
  });
});

describe('validateChangePassword', () => {
  const policy = { digits: 6, passwordSecurity: 3 };

  it.each([
    [{ oldPassword: '', newPassword: 'abc123', confirmPassword: 'abc123' }, '请输入原密码'],
    [{ oldPassword: '   ', newPassword: 'abc123', confirmPassword: 'abc123' }, '请输入原密码'],
    [{ oldPassword: 'old', newPassword: '', confirmPassword: 'abc123' }, '请输入新密码'],
    [{ oldPassword: 'old', newPassword: 'abc123', confirmPassword: '' }, '请输入确认密码'],
    [{ oldPassword: 'old', newPassword: 'abc123', confirmPassword: 'abc124' }, '两次输入的密码不一致'],
    [{ oldPassword: 'old', newPassword: 'abcdef', confirmPassword: 'abcdef' }, '密码必须包含数字'],
    [{ oldPassword: 'old', newPassword: 'ab1', confirmPassword: 'ab1' }, '密码长度必须在6-32位之间'],
    [{}, '请输入原密码'],
  ])('%j gives %s', (form, expected) => {
    expect(validateChangePassword(form, policy)).toEqual({ ok: false, error: expected });
  });

  it.each([
    [ENTER_OLD_PASSWORD, { newPassword: 'abc123', confirmPassword: 'abc123' }],
    [ENTER_NEW_PASSWORD, { oldPassword: 'x', confirmPassword: 'abc123' }],
    [ENTER_CONFIRM_PASSWORD, { oldPassword: 'x', newPassword: 'abc123' }],
    [PASSWORDS_DIFFER, { oldPassword: 'x', newPassword: 'abc123', confirmPassword: 'abc12' }],
  ])('reports %s through its constant', (message, form) => {
    expect(validateChangePassword(form, policy)).toEqual({ ok: false, error: message });
  });

  it('returns the trimmed old and new password when valid', () => {
    expect(
      validateChangePassword({ oldPassword: ' old ', newPassword: ' abc123 ', confirmPassword: 'abc123' }, policy),
    ).toEqual({ ok: true, value: { oldPassword: 'old', newPassword: 'abc123' } });
  });

  it('a null form is missing the old password', () => {
    expect(validateChangePassword(null, policy)).toEqual({ ok: false, error: ENTER_OLD_PASSWORD });
  });

  it('accepts any matching pair that satisfies the policy, and never throws', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1 }), passwordFrom(8, ['digit', 'lower', 'upper', 'special'], [...DIGITS, ...LOWER]), (old, pw) => {
        fc.pre(old.trim() !== '');
        const result = validateChangePassword({ oldPassword: old, newPassword: pw, confirmPassword: pw }, { digits: 8, passwordSecurity: 15 });
        expect(result).toEqual({ ok: true, value: { oldPassword: old.trim(), newPassword: pw } });
      }),
    );
    fc.assert(
      fc.property(fc.anything(), fc.anything(), (form, p) => {
        const result = validateChangePassword(form as never, p as never);
        expect(typeof result.ok).toBe('boolean');
      }),
    );
  });
});
