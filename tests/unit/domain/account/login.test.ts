import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  normaliseHost,
  resolveSchoolLookup,
  validateLoginForm,
  validateSchoolCode,
} from '../../../../domain/account/login';
import {
  ACCOUNT_REQUIRED,
  AGREEMENT_REQUIRED,
  PASSWORD_REQUIRED,
  SCHOOL_CODE_INVALID,
  SCHOOL_CODE_REQUIRED,
  USE_NATIVE_APP,
} from '../../../../domain/account/messages';

describe('validateLoginForm', () => {
  it.each([
    [{ account: 'a', password: 'p', agreed: false }, '请先阅读并同意《服务条款》和《隐私政策》'],
    [{ account: '', password: '', agreed: false }, '请先阅读并同意《服务条款》和《隐私政策》'],
    [{ account: '', password: 'p', agreed: true }, '账号不能为空'],
    [{ account: '   ', password: 'p', agreed: true }, '账号不能为空'],
    [{ account: 'a', password: '', agreed: true }, '密码不能为空'],
    [{ account: 'a', password: ' \t ', agreed: true }, '密码不能为空'],
  ])('%j gives %s', (form, expected) => {
    expect(validateLoginForm(form)).toEqual({ ok: false, error: expected });
  });

  it.each([
    [AGREEMENT_REQUIRED, null],
    [AGREEMENT_REQUIRED, { account: 'a', password: 'p' }],
    [ACCOUNT_REQUIRED, { password: 'p', agreed: true }],
    [PASSWORD_REQUIRED, { account: 'a', agreed: true }],
  ])('reports %s through its constant', (message, form) => {
    expect(validateLoginForm(form)).toEqual({ ok: false, error: message });
  });

  it('returns the trimmed values', () => {
    expect(validateLoginForm({ account: '  t001 ', password: ' secret ', agreed: true })).toEqual({
      ok: true,
      value: { account: 't001', password: 'secret' },
    });
  });

  it('accepts any non-blank account and password once agreed, trimmed', () => {
    const nonBlank = fc.string({ minLength: 1 }).filter((s) => s.trim() !== '');
    fc.assert(
      fc.property(nonBlank, nonBlank, (account, password) => {
        expect(validateLoginForm({ account, password, agreed: true })).toEqual({
          ok: true,
          value: { account: account.trim(), password: password.trim() },
        });
      }),
    );
  });

  it('never accepts without the agreement and never throws', () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), (account, password) => {
        expect(validateLoginForm({ account, password, agreed: false })).toEqual({ ok: false, error: AGREEMENT_REQUIRED });
      }),
    );
    fc.assert(
      fc.property(fc.anything(), (form) => {
        expect(typeof validateLoginForm(form as never).ok).toBe('boolean');
      }),
    );
  });
});

describe('validateSchoolCode', () => {
  it.each([
    ['', { ok: false, error: '请输入识别码' }],
    ['   ', { ok: false, error: '请输入识别码' }],
    [undefined, { ok: false, error: '请输入识别码' }],
    [' abc ', { ok: true, value: 'abc' }],
  ])('%j gives %j', (code, expected) => {
    expect(validateSchoolCode(code)).toEqual(expected);
  });

  it('uses the constant, accepts any non-blank code and never throws', () => {
    expect(validateSchoolCode('')).toEqual({ ok: false, error: SCHOOL_CODE_REQUIRED });
    fc.assert(
      fc.property(fc.anything(), (code) => {
        const result = validateSchoolCode(code);
        const blank = typeof code !== 'string' || code.trim() === '';
        expect(result).toEqual(blank ? { ok: false, error: SCHOOL_CODE_REQUIRED } : { ok: true, value: (code as string).trim() });
      }),
    );
  });
});

describe('resolveSchoolLookup', () => {
  const web = { inNativeShell: false, defaultHost: 'https://default.example' };
  const shell = { inNativeShell: true, defaultHost: 'https://default.example' };
  const data = { name: '一中', code: 'c1', SchoolCode: 'S1', SaasAddress: 'https://s1.example/', ProjectType: 1 };

  it.each([
    ['not found with a server Msg', { Result: false, Msg: '学校不存在' }, web, { ok: false, error: '学校不存在' }],
    ['not found without Msg', { Result: false }, web, { ok: false, error: '识别码无效' }],
    ['not found with blank Msg', { Result: 0, Msg: '  ' }, web, { ok: false, error: '识别码无效' }],
    ['no response', null, web, { ok: false, error: '识别码无效' }],
    ['found without Data', { Result: true, Data: null }, web, { ok: false, error: '识别码无效' }],
    ['found without any code', { Result: true, Data: { name: 'x', ProjectType: 1 } }, web, { ok: false, error: '识别码无效' }],
    ['web with another ProjectType', { Result: true, Data: { ...data, ProjectType: 2 } }, web, { ok: false, error: '请使用小渔未来校园App' }],
    ['web without ProjectType', { Result: true, Data: { ...data, ProjectType: null } }, web, { ok: false, error: '请使用小渔未来校园App' }],
    [
      'shell with another ProjectType',
      { Result: true, Data: { ...data, ProjectType: 2 } },
      shell,
      { ok: true, value: { tenantCode: 'S1', name: '一中', host: 'https://s1.example' } },
    ],
    ['web with ProjectType 1', { Result: true, Data: data }, web, { ok: true, value: { tenantCode: 'S1', name: '一中', host: 'https://s1.example' } }],
    [
      'ProjectType as the string "1"',
      { Result: 1, Data: { ...data, ProjectType: '1' } },
      web,
      { ok: true, value: { tenantCode: 'S1', name: '一中', host: 'https://s1.example' } },
    ],
    [
      'SchoolCode missing: falls back to code',
      { Result: true, Data: { ...data, SchoolCode: '' } },
      web,
      { ok: true, value: { tenantCode: 'c1', name: '一中', host: 'https://s1.example' } },
    ],
    [
      'no SaasAddress: the default host, no name: the code',
      { Result: true, Data: { code: 'c1', ProjectType: 1 } },
      web,
      { ok: true, value: { tenantCode: 'c1', name: 'c1', host: 'https://default.example' } },
    ],
  ])('%s', (_name, response, context, expected) => {
    expect(resolveSchoolLookup(response as never, context)).toEqual(expected);
  });

  it('uses the message constants', () => {
    expect(resolveSchoolLookup({ Result: false }, web)).toEqual({ ok: false, error: SCHOOL_CODE_INVALID });
    expect(resolveSchoolLookup({ Result: true, Data: { ...data, ProjectType: 3 } }, web)).toEqual({
      ok: false,
      error: USE_NATIVE_APP,
    });
  });

  it.each([
    ['https://a.example/', 'https://a.example'],
    [' https://a.example// ', 'https://a.example'],
    ['https://a.example', 'https://a.example'],
  ])('normaliseHost(%j) is %j', (input, expected) => {
    expect(normaliseHost(input)).toBe(expected);
  });

  it('never throws on arbitrary responses', () => {
    fc.assert(
      fc.property(fc.anything(), fc.boolean(), (response, inNativeShell) => {
        const result = resolveSchoolLookup(response as never, { inNativeShell, defaultHost: 'h' });
        expect(typeof result.ok).toBe('boolean');
      }),
    );
    fc.assert(
      fc.property(
        fc.record({ Result: fc.anything(), Data: fc.anything(), Msg: fc.anything() }, { requiredKeys: [] }),
        fc.boolean(),
        (response, inNativeShell) => {
          const result = resolveSchoolLookup(response as never, { inNativeShell, defaultHost: 'h' });
          expect(typeof result.ok).toBe('boolean');
        },
      ),
    );
  });
});
