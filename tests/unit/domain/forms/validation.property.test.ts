import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildIdCard } from '../../../../domain/forms/idCard';
import { FIELD_TYPES, TEXT_FORMATS, type FieldDefinition } from '../../../../domain/forms/types';
import {
  isEmail,
  isMobile,
  isPhone,
  textLength,
  validateFieldValue,
  validateForm,
} from '../../../../domain/forms/validation';

const digits = (n: number) => fc.array(fc.integer({ min: 0, max: 9 }), { minLength: n, maxLength: n }).map((d) => d.join(''));
const validMobile = fc.tuple(fc.integer({ min: 3, max: 9 }), digits(9)).map(([second, rest]) => `1${second}${rest}`);
const landline = fc
  .tuple(
    fc.oneof(digits(2), digits(3)),
    fc.oneof(digits(7), digits(8)),
    fc.option(fc.integer({ min: 1, max: 6 }).chain((n) => digits(n)), { nil: undefined }),
  )
  .map(([area, num, ext]) => `0${area}-${num}${ext === undefined ? '' : `-${ext}`}`);

const mobileField: FieldDefinition = { id: 'm', type: 'input', title: '手机', format: 'mobile' };

describe('mobile', () => {
  it('accepts every generated valid mobile', () => {
    fc.assert(
      fc.property(validMobile, (m) => {
        expect(isMobile(m)).toBe(true);
        expect(validateFieldValue(mobileField, m)).toBeNull();
      }),
    );
  });

  it('rejects any 10- or 12-digit number', () => {
    fc.assert(
      fc.property(fc.oneof(digits(10), digits(12)), (m) => {
        expect(isMobile(m)).toBe(false);
        expect(validateFieldValue(mobileField, m)).toBe('请输入正确的手机号');
      }),
    );
  });

  it('rejects 11 digits not starting with 1[3-9]', () => {
    fc.assert(
      fc.property(digits(11), (m) => {
        fc.pre(!/^1[3-9]/.test(m));
        expect(isMobile(m)).toBe(false);
      }),
    );
  });
});

describe('phone', () => {
  it('accepts every mobile and every area-code landline', () => {
    fc.assert(
      fc.property(fc.oneof(validMobile, landline), (p) => {
        expect(isPhone(p)).toBe(true);
      }),
    );
  });

  it('rejects landlines whose area code does not start with 0, or without the hyphen', () => {
    fc.assert(
      fc.property(landline, fc.integer({ min: 1, max: 9 }), (p, lead) => {
        expect(isPhone(`${lead}${p.slice(1)}`)).toBe(false);
        expect(isPhone(p.replace('-', ''))).toBe(p.replace('-', '').length === 11 && isMobile(p.replace('-', '')));
      }),
    );
  });
});

describe('email', () => {
  const label = fc.stringMatching(/^[a-z0-9]([a-z0-9-]{0,8}[a-z0-9])?$/);
  const validEmail = fc
    .tuple(fc.stringMatching(/^[A-Za-z0-9_+-]{1,10}(\.[A-Za-z0-9_+-]{1,5})?$/), fc.array(label, { minLength: 1, maxLength: 3 }), fc.stringMatching(/^[a-z]{2,6}$/))
    .map(([local, labels, tld]) => `${local}@${labels.join('.')}.${tld}`);

  it('accepts generated addresses', () => {
    fc.assert(
      fc.property(validEmail, (e) => {
        expect(isEmail(e)).toBe(true);
      }),
    );
  });

  it('rejects any text without exactly one @', () => {
    fc.assert(
      fc.property(fc.string(), (s) => {
        fc.pre(s.split('@').length !== 2);
        expect(isEmail(s)).toBe(false);
      }),
    );
  });
});

describe('id card', () => {
  const validBody = fc
    .tuple(fc.integer({ min: 1, max: 9 }), digits(5), fc.integer({ min: 1900, max: 2099 }), fc.integer({ min: 1, max: 12 }), fc.integer({ min: 1, max: 28 }), digits(3))
    .map(([r, region, y, m, d, seq]) => `${r}${region}${y}${String(m).padStart(2, '0')}${String(d).padStart(2, '0')}${seq}`);
  const field: FieldDefinition = { id: 'i', type: 'input', format: 'id-card' };

  it('accepts generated valid IDs and rejects any single-digit change', () => {
    fc.assert(
      fc.property(validBody, fc.integer({ min: 0, max: 16 }), fc.integer({ min: 1, max: 9 }), (body, pos, shift) => {
        const id = buildIdCard(body) as string;
        expect(validateFieldValue(field, id)).toBeNull();
        const changed = id.slice(0, pos) + String((Number(id[pos]) + shift) % 10) + id.slice(pos + 1);
        expect(validateFieldValue(field, changed)).toBe('请输入正确的身份证号');
      }),
    );
  });
});

describe('lengths', () => {
  it('any text longer than max is rejected, any within min..max accepted', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 60 }), fc.integer({ min: 0, max: 30 }), fc.integer({ min: 0, max: 30 }), (s, a, b) => {
        const min = Math.min(a, b);
        const max = Math.max(a, b);
        const len = textLength(s);
        const error = validateFieldValue({ id: 't', type: 'textarea', min, max }, s);
        if (s.trim() === '') expect(error).toBeNull();
        else if (len < min && min > 0) expect(error).toBe(`最少输入${min}个字符`);
        else if (len > max) expect(error).toBe(`最多输入${max}个字符`);
        else expect(error).toBeNull();
      }),
    );
  });

  it('any number outside min..max is rejected, inside accepted', () => {
    fc.assert(
      fc.property(fc.double({ noNaN: true, noDefaultInfinity: true }), fc.integer(), fc.integer(), (n, a, b) => {
        const min = Math.min(a, b);
        const max = Math.max(a, b);
        const error = validateFieldValue({ id: 'n', type: 'number', min, max }, n);
        expect(error).toBe(n < min ? `不能小于${min}` : n > max ? `不能大于${max}` : null);
      }),
    );
  });
});

describe('totality', () => {
  it('never throws on arbitrary values and definitions', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...FIELD_TYPES),
        fc.anything(),
        fc.record(
          {
            required: fc.anything(),
            min: fc.anything(),
            max: fc.anything(),
            format: fc.oneof(fc.constantFrom(...TEXT_FORMATS), fc.anything()),
            pattern: fc.anything(),
            accept: fc.anything(),
            size: fc.anything(),
            title: fc.anything(),
            message: fc.anything(),
            children: fc.anything(),
          },
          { requiredKeys: [] },
        ),
        (type, value, attrs) => {
          const field = { id: 'x', type, ...attrs } as FieldDefinition;
          const out = validateFieldValue(field, value, { required: true });
          expect(out === null || typeof out === 'string').toBe(true);
          validateFieldValue(field, value);
          validateForm([field], { x: { value, visible: true, required: true, readonly: false, errors: [] } });
        },
      ),
    );
  });

  it('never throws on arbitrary fields and state', () => {
    fc.assert(
      fc.property(fc.anything(), fc.anything(), (fields, state) => {
        validateForm(fields as never, state as never);
        validateFieldValue(fields as never, state);
      }),
    );
  });
});
