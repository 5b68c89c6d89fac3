import { describe, expect, it } from 'vitest';
import { buildIdCard } from '../../../../domain/forms/idCard';
import * as M from '../../../../domain/forms/messages';
import type { FieldDefinition, FieldType } from '../../../../domain/forms/types';
import {
  checkFormat,
  checkLength,
  checkNumberRange,
  checkPattern,
  compilePattern,
  isEmail,
  isMobile,
  isPhone,
  requiredMessage,
  textLength,
  validateFieldValue,
} from '../../../../domain/forms/validation';

const f = (type: FieldType, extra: Partial<FieldDefinition> = {}): FieldDefinition => ({
  id: 'x',
  type,
  title: '姓名',
  ...extra,
});

describe('required gives 请选择{title} for every type', () => {
  it.each([
    ['input', ''],
    ['input', '   '],
    ['textarea', ''],
    ['number', null],
    ['number', 'abc'],
    ['switch', undefined],
    ['date', ''],
    ['date-range', ['2024-01-01']],
    ['radio', ''],
    ['checkbox', []],
    ['select', undefined],
    ['multiselect', []],
    ['cascader', []],
    ['address', { region: [], street: '文三路' }],
    ['picker', []],
  ] as const)('%s with %j', (type, value) => {
    expect(validateFieldValue(f(type, { required: true }), value)).toBe('请选择姓名');
    expect(validateFieldValue(f(type, { required: false }), value)).toBeNull();
  });

  it('uses the constant', () => {
    expect(requiredMessage('手机号')).toBe(M.fillMessage(M.REQUIRED, { title: '手机号' }));
    expect(requiredMessage(undefined)).toBe('请选择');
  });

  it('the state flag overrides the definition', () => {
    expect(validateFieldValue(f('input', { required: true }), '', { required: false })).toBeNull();
    expect(validateFieldValue(f('input'), '', { required: true })).toBe('请选择姓名');
  });

  it('a filled switch passes even when off', () => {
    expect(validateFieldValue(f('switch', { required: true }), false)).toBeNull();
  });

  it.each([['image', '请上传图片'], ['file', '请上传文件'], ['document', '请上传文档']] as const)(
    '%s delegates to the file rules',
    (type, message) => {
      expect(validateFieldValue(f(type, { required: true }), [])).toBe(message);
    },
  );

  it('subform delegates to the subform rule', () => {
    expect(validateFieldValue(f('subform', { title: '家庭成员', required: true }), [])).toBe('请添加家庭成员');
  });

  it.each([[null], [{}], [{ id: 'x', type: 'grid' }]])('a bad definition %j never fails', (field) => {
    expect(validateFieldValue(field as unknown as FieldDefinition, '')).toBeNull();
  });
});

describe('text length', () => {
  it.each([
    [{ min: 2 }, '张', '最少输入2个字符'],
    [{ min: 2 }, '张三', null],
    [{ max: 3 }, '欧阳娜娜', '最多输入3个字符'],
    [{ max: 3 }, '欧阳娜', null],
    [{ max: 2 }, '😀😀', null],
    [{ min: 2, max: 4 }, 'abcde', '最多输入4个字符'],
    [{ min: 0 }, 'a', null],
    [{ max: Number.NaN }, 'abc', null],
  ])('%j %j -> %s', (limits, value, expected) => {
    expect(validateFieldValue(f('input', limits), value)).toBe(expected);
    expect(validateFieldValue(f('textarea', limits), value)).toBe(expected);
  });

  it('an empty optional text skips length rules', () => {
    expect(validateFieldValue(f('input', { min: 3 }), '')).toBeNull();
  });

  it('counts code points', () => {
    expect(textLength('a😀字')).toBe(3);
    expect(checkLength('abc', 4)).toBe(M.fillMessage(M.MIN_LENGTH, { min: 4 }));
    expect(checkLength('abc', undefined, 2)).toBe(M.fillMessage(M.MAX_LENGTH, { max: 2 }));
  });
});

describe('number range', () => {
  it.each([
    [{ min: 1 }, 0, '不能小于1'],
    [{ min: 1 }, 1, null],
    [{ max: 10 }, 10, null],
    [{ max: 10 }, 10.5, '不能大于10'],
    [{ min: -5, max: 5 }, '-6', '不能小于-5'],
    [{}, 1e9, null],
  ])('%j %j -> %s', (limits, value, expected) => {
    expect(validateFieldValue(f('number', limits), value)).toBe(expected);
  });

  it('uses the constants', () => {
    expect(checkNumberRange(0, 1)).toBe(M.fillMessage(M.NUMBER_MIN, { min: 1 }));
    expect(checkNumberRange(2, undefined, 1)).toBe(M.fillMessage(M.NUMBER_MAX, { max: 1 }));
  });
});

describe('address', () => {
  const region = ['33', '3301', '330106'];
  it.each([
    [{ required: true }, { region, street: '' }, '请输入详细地址'],
    [{ required: true }, { region, street: '  ' }, '请输入详细地址'],
    [{ required: true }, { region }, '请输入详细地址'],
    [{ required: false }, { region, street: '' }, null],
    [{ required: true }, { region, street: '文三路1号' }, null],
    [{ max: 3 }, { region, street: '文三路1号' }, '最多输入3个字符'],
    [{ min: 10 }, { region, street: '文三路1号' }, '最少输入10个字符'],
    [{ required: true }, { region: [], street: '' }, '请选择姓名'],
  ])('%j %j -> %s', (attrs, value, expected) => {
    expect(validateFieldValue(f('address', attrs), value)).toBe(expected);
  });

  it('uses the constant', () => {
    expect(validateFieldValue(f('address', { required: true }), { region, street: '' })).toBe(M.STREET_REQUIRED);
  });
});

describe('formats', () => {
  const id = buildIdCard('11010519491231002') as string;
  it.each([
    ['mobile', '13812345678', null],
    ['mobile', '19912345678', null],
    ['mobile', '12812345678', '请输入正确的手机号'],
    ['mobile', '1381234567', '请输入正确的手机号'],
    ['mobile', '138123456789', '请输入正确的手机号'],
    ['mobile', '+8613812345678', '请输入正确的手机号'],
    ['phone', '13812345678', null],
    ['phone', '010-12345678', null],
    ['phone', '0571-1234567', null],
    ['phone', '0571-12345678-123', null],
    ['phone', '021-1234567', null],
    ['phone', '010 12345678', '请输入正确的电话号码'],
    ['phone', '01012345678', '请输入正确的电话号码'],
    ['phone', '010-123456', '请输入正确的电话号码'],
    ['phone', '1571-1234567', '请输入正确的电话号码'],
    ['phone', '0571-1234567-', '请输入正确的电话号码'],
    ['email', 'a@b.cn', null],
    ['email', 'first.last+tag@mail.school.edu.cn', null],
    ['email', 'a@b', '请输入正确的邮箱'],
    ['email', 'a..b@c.com', '请输入正确的邮箱'],
    ['email', '@c.com', '请输入正确的邮箱'],
    ['email', 'a@-c.com', '请输入正确的邮箱'],
    ['email', 'a b@c.com', '请输入正确的邮箱'],
    ['id-card', id, null],
    ['id-card', id.toLowerCase(), null],
    ['id-card', '110105194912310021', '请输入正确的身份证号'],
  ] as const)('%s %s -> %s', (format, value, expected) => {
    expect(validateFieldValue(f('input', { format }), value)).toBe(expected);
    expect(checkFormat(format, value)).toBe(expected);
  });

  it.each([
    ['mobile', M.MOBILE_INVALID],
    ['phone', M.PHONE_INVALID],
    ['email', M.EMAIL_INVALID],
    ['id-card', M.ID_CARD_INVALID],
  ] as const)('%s uses its constant', (format, message) => {
    expect(checkFormat(format, 'x')).toBe(message);
  });

  it('unknown formats never fail', () => {
    expect(checkFormat('toString', 'x')).toBeNull();
    expect(checkFormat(undefined, 'x')).toBeNull();
  });

  it('length runs before format', () => {
    expect(validateFieldValue(f('input', { format: 'mobile', max: 5 }), '13812345678')).toBe('最多输入5个字符');
  });

  it('predicates reject non-text', () => {
    expect(isMobile(13812345678)).toBe(false);
    expect(isPhone(null)).toBe(false);
    expect(isEmail({})).toBe(false);
    expect(isEmail(`${'a'.repeat(250)}@b.cn`)).toBe(false);
    // A list of one text reads as that text in a pattern's test: still not a text.
    expect(isEmail(['a@b.cn'])).toBe(false);
    expect(isPhone(['010-12345678'])).toBe(false);
    expect(isMobile(['13812345678'])).toBe(false);
  });

  it('an address of 254 characters is the longest taken', () => {
    const at254 = `${'a'.repeat(64)}@${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(58)}.cn`;
    expect(at254).toHaveLength(254);
    expect(isEmail(at254)).toBe(true);
    expect(isEmail(`a${at254}`)).toBe(false);
  });

  it('a format named by anything but its text is no format', () => {
    expect(checkFormat(['email'], 'x')).toBeNull();
    expect(checkFormat('email', 'x')).toBe('请输入正确的邮箱');
  });

  it('a length limit applies at its value and is no limit when it is not a finite number', () => {
    expect(checkLength('abc', 3, 3)).toBeNull();
    expect(checkLength('a', undefined, 0)).toBe(M.fillMessage(M.MAX_LENGTH, { max: 0 }));
    expect(checkLength('', undefined, 0)).toBeNull();
    expect(checkLength('abc', Infinity)).toBeNull();
    expect(checkLength('abc', Number.NaN, Number.NaN)).toBeNull();
    expect(checkLength('abc', '9' as never, '1' as never)).toBeNull();
  });
});

describe('custom pattern', () => {
  it.each([
    [{ pattern: '^\\d{6}$', message: '请输入6位数字' }, '12345', '请输入6位数字'],
    [{ pattern: '^\\d{6}$', message: '请输入6位数字' }, '123456', null],
    [{ pattern: '/^abc$/i', message: '必须是abc' }, 'ABC', null],
    [{ pattern: '/^abc$/g', message: '必须是abc' }, 'abc', null],
    [{ pattern: '^\\d+$', message: '' }, 'x', '格式不正确'],
    [{ pattern: '^\\d+$', message: '   ' }, 'x', '格式不正确'],
    [{ pattern: '^\\d+$', message: 5 as never }, 'x', '格式不正确'],
    [{ pattern: '(', message: '坏的' }, 'x', null],
    [{ pattern: '', message: 'x' }, 'x', null],
  ])('%j %j -> %s', (pattern, value, expected) => {
    expect(validateFieldValue(f('input', { pattern }), value)).toBe(expected);
  });

  it('a global pattern gives the same answer every time', () => {
    const p = { pattern: '/^abc$/g', message: 'm' };
    expect([checkPattern(p, 'abc'), checkPattern(p, 'abc'), checkPattern(p, 'abc')]).toEqual([null, null, null]);
  });

  it('format runs before the pattern', () => {
    expect(
      validateFieldValue(f('input', { format: 'mobile', pattern: { pattern: '^9', message: 'p' } }), '12'),
    ).toBe('请输入正确的手机号');
  });

  it('compilePattern', () => {
    expect(compilePattern(3)).toBeNull();
    expect(compilePattern('/a/y')?.sticky).toBe(false);
    expect(compilePattern('a')?.source).toBe('a');
    // '/source/flags' only as the whole text; flags are letters, any number of them.
    expect(compilePattern('/abc/gi')?.flags).toBe('i');
    expect(compilePattern('/abc/gi')?.test('ABC')).toBe(true);
    expect(compilePattern('/abc/')?.test('xabcx')).toBe(true);
    expect(compilePattern('x/\\d+/')?.test('x/1/')).toBe(true);
    expect(compilePattern('x/\\d+/')?.test('1')).toBe(false);
    expect(compilePattern('/abc/i extra')?.test('ABC')).toBe(false);
    expect(compilePattern('(')).toBeNull();
    expect(checkPattern(undefined, 'x')).toBeNull();
    expect(checkPattern(null as never, 'x')).toBeNull();
  });
});

describe('other types only check required', () => {
  it.each([
    ['date', '2024-01-01'],
    ['date-range', ['2024-01-01', '2024-01-02']],
    ['radio', 1],
    ['checkbox', ['a']],
    ['cascader', ['33']],
    ['picker', [{ id: '1', name: 'a' }]],
    ['switch', true],
  ] as const)('%s %j passes', (type, value) => {
    expect(validateFieldValue(f(type, { required: true, min: 100, max: 0 }), value)).toBeNull();
  });
});
