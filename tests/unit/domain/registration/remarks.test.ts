import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { joinCommaList, parseCommaList } from '../../../../domain/registration/lists';
import {
  buildDefiningMatterBody,
  initialRemarkForm,
  needsRemarkForm,
  REMARK_MAX_LENGTH,
  remarkFormSpec,
  remarkMode,
  validateRemarkForm,
} from '../../../../domain/registration/remarks';
import { FILL_REMARK, REMARK_TOO_LONG, SELECT_ITEMS, SELECT_TYPE } from '../../../../domain/registration/messages';

describe('comma lists', () => {
  it.each([
    ['校服,被褥,饭卡', ['校服', '被褥', '饭卡']],
    [' 校服 , 被褥 ', ['校服', '被褥']],
    ['校服,,被褥,', ['校服', '被褥']],
    ['校服，被褥', ['校服，被褥']],
    ['', []],
    [null, []],
    [undefined, []],
    [42, []],
  ])('parseCommaList(%j) is %j', (value, expected) => {
    expect(parseCommaList(value)).toEqual(expected);
  });

  it('join then parse gives back any list of comma-free, trimmed, non-empty items', () => {
    const item = fc.string({ minLength: 1 }).map((s) => s.replaceAll(',', '').trim()).filter((s) => s !== '');
    fc.assert(
      fc.property(fc.array(item), (items) => {
        expect(parseCommaList(joinCommaList(items))).toEqual(items);
      }),
    );
    fc.assert(
      fc.property(fc.anything(), (value) => {
        expect(Array.isArray(parseCommaList(value))).toBe(true);
      }),
    );
  });
});

describe('remark form', () => {
  const full = { subMatters: '校服,被褥', subBeType: '现金,转账', subBeRemark: 2 };

  it.each([
    [REMARK_MAX_LENGTH, 500],
    [SELECT_ITEMS, '请选择项目'],
    [SELECT_TYPE, '请选择类型'],
    [FILL_REMARK, '请填写备注'],
    [REMARK_TOO_LONG, '备注不能超过500个字'],
  ])('%j is %j', (constant, literal) => {
    expect(constant).toBe(literal);
  });

  it.each([
    [0, 0],
    [1, 1],
    [2, 2],
    [3, 0],
    [null, 0],
  ])('remarkMode(%j) is %i', (value, expected) => {
    expect(remarkMode(value)).toBe(expected);
  });

  it('reads the spec from the matter', () => {
    expect(remarkFormSpec(full)).toEqual({
      itemOptions: ['校服', '被褥'],
      typeOptions: ['现金', '转账'],
      mode: 2,
      remarkVisible: true,
      remarkRequired: true,
    });
    expect(remarkFormSpec({ subBeRemark: 1 })).toMatchObject({ remarkVisible: true, remarkRequired: false });
    expect(remarkFormSpec({})).toMatchObject({ itemOptions: [], typeOptions: [], mode: 0, remarkVisible: false });
  });

  it.each([
    [{}, false],
    [{ subMatters: 'a' }, true],
    [{ subBeType: 'a' }, true],
    [{ subBeRemark: 1 }, true],
    [{ subBeRemark: 0, subMatters: ' , ' }, false],
  ])('needsRemarkForm(%j) is %j', (m, expected) => {
    expect(needsRemarkForm(m)).toBe(expected);
  });

  it.each([
    // [matter, form, expected]
    [full, { items: [], types: ['现金'], remark: 'x' }, '请选择项目'],
    [full, { items: ['不存在'], types: ['现金'], remark: 'x' }, '请选择项目'],
    [full, { items: ['校服'], types: [], remark: 'x' }, '请选择类型'],
    [full, { items: ['校服'], types: ['现金'], remark: '  ' }, '请填写备注'],
    [full, { items: ['校服'], types: ['现金'], remark: '字'.repeat(501) }, '备注不能超过500个字'],
    [full, { items: ['校服'], types: ['现金'], remark: '字'.repeat(500) }, null],
    [{ ...full, subBeRemark: 1 }, { items: ['校服'], types: ['现金'], remark: '' }, null],
    [{ ...full, subBeRemark: 0 }, { items: ['校服'], types: ['现金'] }, null],
    [{ subBeRemark: 1 }, { remark: '字'.repeat(501) }, '备注不能超过500个字'],
    [{}, null, null],
    [{ subMatters: '' , subBeType: '' }, {}, null],
  ])('%j with %j gives %j', (m, form, expected) => {
    expect(validateRemarkForm(m, form)).toBe(expected);
  });

  it('prefills from the previous choice', () => {
    expect(initialRemarkForm({ fillSubMatters: '校服', fillSubBeType: '现金', fillSubBeRemark: '备注' })).toEqual({
      items: ['校服'],
      types: ['现金'],
      remark: '备注',
    });
    expect(initialRemarkForm({})).toEqual({ items: [], types: [], remark: '' });
  });

  it('properties: required only when offered; never throws', () => {
    const option = fc.string({ minLength: 1, maxLength: 6 }).map((s) => s.replaceAll(',', '').trim()).filter((s) => s !== '');
    fc.assert(
      fc.property(fc.uniqueArray(option, { minLength: 1, maxLength: 5 }), fc.uniqueArray(option, { minLength: 1, maxLength: 5 }), fc.constantFrom(0, 1, 2), fc.string({ maxLength: 500 }), (items, types, mode, remark) => {
        const m = { subMatters: items.join(','), subBeType: types.join(','), subBeRemark: mode };
        // Nothing chosen fails on items first.
        expect(validateRemarkForm(m, { items: [], types, remark })).toBe(SELECT_ITEMS);
        expect(validateRemarkForm(m, { items, types: [], remark })).toBe(SELECT_TYPE);
        const expected = mode === 2 && remark.trim() === '' ? FILL_REMARK : Array.from(remark.trim()).length > 500 ? REMARK_TOO_LONG : null;
        expect(validateRemarkForm(m, { items: [items[0] as string], types: [types[0] as string], remark })).toBe(expected);
      }),
    );
    fc.assert(
      fc.property(fc.string({ minLength: 501, maxLength: 700 }).filter((s) => Array.from(s.trim()).length > 500), (remark) => {
        expect(validateRemarkForm({ subBeRemark: 1 }, { remark })).toBe(REMARK_TOO_LONG);
      }),
      { numRuns: 30 },
    );
    fc.assert(
      fc.property(fc.anything(), fc.anything(), (m, form) => {
        const result = validateRemarkForm((m ?? {}) as never, form as never);
        expect(result === null || typeof result === 'string').toBe(true);
      }),
    );
  });
});

describe('buildDefiningMatterBody', () => {
  const full = { id: 'm1', subMatters: '校服,被褥,饭卡', subBeType: '现金,转账', subBeRemark: 1 };

  it('a plain matter sends only number and matterId', () => {
    expect(buildDefiningMatterBody(' 2024001 ', { id: 'm1' })).toEqual({ ok: true, value: { number: '2024001', matterId: 'm1' } });
  });

  it('joins the chosen items in offered order, with type and remark', () => {
    expect(
      buildDefiningMatterBody('2024001', full, { items: ['饭卡', '校服', '伪造'], types: ['转账'], remark: ' 已交 ' }),
    ).toEqual({
      ok: true,
      value: { number: '2024001', matterId: 'm1', fillSubMatters: '校服,饭卡', fillSubBeType: '转账', fillSubBeRemark: '已交' },
    });
  });

  it('leaves out an empty optional remark, and a remark the matter does not ask for', () => {
    expect(buildDefiningMatterBody('1', full, { items: ['校服'], types: ['现金'], remark: '' })).toEqual({
      ok: true,
      value: { number: '1', matterId: 'm1', fillSubMatters: '校服', fillSubBeType: '现金' },
    });
    expect(buildDefiningMatterBody('1', { id: 'm1', subBeRemark: 0 }, { remark: 'ignored' })).toEqual({
      ok: true,
      value: { number: '1', matterId: 'm1' },
    });
  });

  it.each([
    [{ ...full }, undefined, '请选择项目'],
    [{ ...full }, { items: ['校服'] }, '请选择类型'],
    [{ id: 'm1', subBeRemark: 2 }, { remark: '' }, '请填写备注'],
  ])('%j with %j fails with %s', (m, form, message) => {
    expect(buildDefiningMatterBody('1', m, form)).toEqual({ ok: false, error: message });
  });

  it('a number that is not text is sent empty', () => {
    expect(buildDefiningMatterBody(42 as never, { id: 'm1' })).toEqual({ ok: true, value: { number: '', matterId: 'm1' } });
  });

  it('never throws and always carries number and matterId when valid', () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), fc.anything(), (number, id, form) => {
        const result = buildDefiningMatterBody(number, { id }, form as never);
        expect(result).toEqual({ ok: true, value: { number: number.trim(), matterId: id } });
      }),
    );
    fc.assert(
      fc.property(fc.anything(), (number) => {
        expect(typeof buildDefiningMatterBody(number as string, full, null).ok).toBe('boolean');
      }),
    );
  });
});
