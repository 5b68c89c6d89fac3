import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  canResendCode,
  currentPhoneDisplay,
  defaultSecurityMethod,
  formatCountdown,
  isValidMobile,
  needsVerification,
  passwordCheckMessage,
  phonePageTitle,
  phoneStep1Next,
  phoneStep2Next,
  RESEND_COUNTDOWN_SECONDS,
  resendRemainingSeconds,
  SECURITY_METHOD_LABELS,
  securityTarget,
  validateNewPhone,
  validateSecurityCheck,
} from '../../../../domain/account/security';
import {
  BIND_PHONE_FIRST,
  CHANGE_PHONE_TITLE,
  INVALID_PHONE,
  NO_PHONE_BOUND,
  SECURITY_PASSWORD_REQUIRED,
  SECURITY_TITLE,
  WRONG_PASSWORD,
} from '../../../../domain/account/messages';

describe('new phone', () => {
  it.each([
    ['13800138000', { ok: true, value: '13800138000' }],
    [' 19912345678 ', { ok: true, value: '19912345678' }],
    ['12800138000', { ok: false, error: '请输入正确的手机号' }],
    ['1380013800', { ok: false, error: '请输入正确的手机号' }],
    ['138001380000', { ok: false, error: '请输入正确的手机号' }],
    ['23800138000', { ok: false, error: '请输入正确的手机号' }],
    ['1380013800a', { ok: false, error: '请输入正确的手机号' }],
    ['', { ok: false, error: '请输入正确的手机号' }],
    [null, { ok: false, error: '请输入正确的手机号' }],
  ])('validateNewPhone(%j) is %j', (phone, expected) => {
    expect(validateNewPhone(phone)).toEqual(expected);
  });

  it('accepts every 1[3-9] + 9 digits and rejects every other second digit', () => {
    const nineDigits = fc.stringMatching(/^\d{9}$/);
    fc.assert(
      fc.property(fc.integer({ min: 3, max: 9 }), nineDigits, (second, rest) => {
        expect(validateNewPhone(`1${second}${rest}`)).toEqual({ ok: true, value: `1${second}${rest}` });
      }),
    );
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2 }), nineDigits, (second, rest) => {
        expect(validateNewPhone(`1${second}${rest}`)).toEqual({ ok: false, error: INVALID_PHONE });
      }),
    );
    fc.assert(
      fc.property(fc.anything(), (phone) => {
        const result = validateNewPhone(phone);
        expect(result.ok).toBe(typeof phone === 'string' && isValidMobile(phone.trim()));
      }),
    );
  });
});

describe('security method', () => {
  it.each([
    [SECURITY_METHOD_LABELS.password, '账户密码'],
    [SECURITY_METHOD_LABELS.sms, '短信验证'],
  ])('%s is %s', (constant, literal) => {
    expect(constant).toBe(literal);
  });

  it.each([
    [{ passwordVerification: 1, verification: true }, 'password'],
    [{ passwordVerification: 0, verification: true }, 'sms'],
    [{ passwordVerification: 2, verification: false }, 'sms'],
    [{}, 'sms'],
    [null, 'sms'],
  ])('defaultSecurityMethod(%j) is %s', (settings, expected) => {
    expect(defaultSecurityMethod(settings)).toBe(expected);
  });

  it.each([
    [{ verification: true }, true],
    [{ verification: false }, false],
    [null, false],
  ])('needsVerification(%j) is %j', (settings, expected) => {
    expect(needsVerification(settings)).toBe(expected);
  });

  it.each([
    [{ method: 'password' as const, password: '' }, '请输入密码'],
    [{ method: 'password' as const, password: '  ' }, '请输入密码'],
    [{ method: 'password' as const }, '请输入密码'],
    [{ method: 'password' as const, password: 'x' }, null],
    [{ method: 'sms' as const, boundPhone: '' }, '请先绑定手机号'],
    [{ method: 'sms' as const, boundPhone: null }, '请先绑定手机号'],
    [{ method: 'sms' as const, boundPhone: '138****8000' }, null],
  ])('validateSecurityCheck(%j) is %j', (input, expected) => {
    expect(validateSecurityCheck(input)).toBe(expected);
  });

  it('uses the message constants and never throws', () => {
    expect(validateSecurityCheck({ method: 'password' })).toBe(SECURITY_PASSWORD_REQUIRED);
    expect(validateSecurityCheck({ method: 'sms' })).toBe(BIND_PHONE_FIRST);
    fc.assert(
      fc.property(fc.constantFrom('password' as const, 'sms' as const), fc.anything(), fc.anything(), (method, password, boundPhone) => {
        const result = validateSecurityCheck({ method, password: password as string, boundPhone: boundPhone as string });
        expect([null, SECURITY_PASSWORD_REQUIRED, BIND_PHONE_FIRST]).toContain(result);
      }),
    );
    fc.assert(
      fc.property(fc.string().filter((s) => s.trim() !== ''), (password) => {
        expect(validateSecurityCheck({ method: 'password', password })).toBeNull();
      }),
    );
  });

  it.each([
    [true, null],
    [false, '密码错误'],
  ])('passwordCheckMessage(%j) is %j', (correct, expected) => {
    expect(passwordCheckMessage(correct)).toBe(expected);
  });

  it('wrong password uses its constant', () => {
    expect(passwordCheckMessage(false)).toBe(WRONG_PASSWORD);
  });

  it.each([
    [1, 'editPassword'],
    ['1', 'editPassword'],
    [2, 'editPhone'],
    ['2', 'editPhone'],
    [0, null],
    [3, null],
    [undefined, null],
  ])('securityTarget(%j) is %j', (type, expected) => {
    expect(securityTarget(type)).toBe(expected);
  });
});

describe('phone change steps', () => {
  it.each([
    [1, '138****8000', '安全验证'],
    [1, '', '修改手机号'],
    [1, null, '修改手机号'],
    [2, '138****8000', '修改手机号'],
    [3, '138****8000', '修改手机号'],
  ])('step %i with phone %j is titled %s', (step, phone, title) => {
    expect(phonePageTitle(step, phone)).toBe(title);
  });

  it('titles use the constants', () => {
    expect(phonePageTitle(1, '1')).toBe(SECURITY_TITLE);
    expect(phonePageTitle(2, '1')).toBe(CHANGE_PHONE_TITLE);
  });

  it.each([
    ['138****8000', '138****8000'],
    ['', '未绑定手机号'],
    [null, '未绑定手机号'],
    [undefined, NO_PHONE_BOUND],
  ])('currentPhoneDisplay(%j) is %j', (phone, expected) => {
    expect(currentPhoneDisplay(phone)).toBe(expected);
  });

  it.each([
    [true, { kind: 'security', type: 2 }],
    [false, { kind: 'step', step: 2 }],
  ])('phoneStep1Next(%j) is %j', (verification, expected) => {
    expect(phoneStep1Next(verification)).toEqual(expected);
  });

  it.each([
    ['13800138000', { ok: true, value: { step: 3, phone: '13800138000', sendCode: true } }],
    ['123', { ok: false, error: '请输入正确的手机号' }],
  ])('phoneStep2Next(%j) is %j', (phone, expected) => {
    expect(phoneStep2Next(phone)).toEqual(expected);
  });
});

describe('resend countdown', () => {
  it('is 60 seconds', () => {
    expect(RESEND_COUNTDOWN_SECONDS).toBe(60);
  });

  it.each([
    [60, '00:60'],
    [59, '00:59'],
    [10, '00:10'],
    [9, '00:09'],
    [0, '00:00'],
    [-5, '00:00'],
    [75, '00:60'],
    [8.2, '00:09'],
    [Number.NaN, '00:00'],
  ])('formatCountdown(%j) is %s', (seconds, expected) => {
    expect(formatCountdown(seconds)).toBe(expected);
  });

  it.each([
    [0, 0, 60],
    [0, 500, 60],
    [0, 1000, 59],
    [0, 59_000, 1],
    [0, 60_000, 0],
    [0, 120_000, 0],
    [10_000, 0, 60],
    [Number.NaN, 0, 0],
  ])('sent at %i, now %i: %i seconds left', (sentAt, now, expected) => {
    expect(resendRemainingSeconds(sentAt, now)).toBe(expected);
  });

  it.each([
    [0, true],
    [-1, true],
    [1, false],
    [60, false],
  ])('canResendCode(%j) is %j', (seconds, expected) => {
    expect(canResendCode(seconds)).toBe(expected);
  });

  it('always shows 00:SS with SS in 00..60', () => {
    fc.assert(
      fc.property(fc.double(), (seconds) => {
        const text = formatCountdown(seconds);
        expect(text).toMatch(/^00:\d\d$/);
        expect(Number(text.slice(3))).toBeLessThanOrEqual(60);
      }),
    );
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 60 }), (s) => {
        expect(formatCountdown(s)).toBe(`00:${String(s).padStart(2, '0')}`);
      }),
    );
  });

  it('remaining seconds never increase as time passes', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e12 }), fc.nat(200_000), fc.nat(200_000), (sent, a, b) => {
        const [early, late] = a <= b ? [a, b] : [b, a];
        expect(resendRemainingSeconds(sent, sent + late)).toBeLessThanOrEqual(resendRemainingSeconds(sent, sent + early));
      }),
    );
  });
});
