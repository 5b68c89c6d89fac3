import { describe, expect, it } from 'vitest';
import {
  dictionaryToOptions,
  isValidPath,
  isValueInOptions,
  parseDataSource,
  reconcileValue,
  regionsToOptions,
  sanitiseOptions,
} from '../../../../domain/forms/dataSource';
import type { Option } from '../../../../domain/forms/types';

/*
 * Options and their sources (domain/forms/dataSource.ts) at their edges: what a backend
 * may send that is not quite an option, a region tree or a path. Found by mutation
 * testing (reports/README.md).
 */

describe('values that are no option value', () => {
  it.each([
    ['NaN', Number.NaN],
    ['Infinity', Number.POSITIVE_INFINITY],
    ['-Infinity', Number.NEGATIVE_INFINITY],
    ['null', null],
    ['true', true],
  ])('%s is no option, bare or as a dictionary id', (_, bad) => {
    expect(sanitiseOptions([bad, 1, 'b'])).toEqual([
      { label: '1', value: 1 },
      { label: 'b', value: 'b' },
    ]);
    expect(dictionaryToOptions([{ id: bad, name: '坏' }, { id: 2, name: '好' }])).toEqual([{ label: '好', value: 2 }]);
  });
});

describe('a select component source', () => {
  it.each([
    [{ type: 'select-component', id: 'c1' }, ['type', 'id']],
    [{ type: 'select-component', code: 'k1' }, ['type', 'code']],
    [{ type: 'select-component', id: 'c1', code: 'k1' }, ['type', 'id', 'code']],
    [{ type: 'select-component', id: '  ', code: 'k1' }, ['type', 'code']],
  ])('%o keeps only what it names: %o', (raw, keys) => {
    expect(Object.keys(parseDataSource(raw) ?? {})).toEqual(keys);
  });
});

describe('option trees', () => {
  const chain = (levels: number): unknown => {
    let node: Record<string, unknown> = { label: `L${levels}`, value: levels };
    for (let i = levels - 1; i >= 1; i -= 1) node = { label: `L${i}`, value: i, children: [node] };
    return node;
  };
  const depthOf = (options: readonly Option[]): number => (options.length === 0 ? 0 : 1 + depthOf(options[0]?.children ?? []));

  it('a tree is cut at 17 levels (the top one and 16 below it); a shallower one is whole', () => {
    expect(depthOf(sanitiseOptions([chain(30)]))).toBe(17);
    expect(depthOf(sanitiseOptions([chain(17)]))).toBe(17);
    expect(depthOf(sanitiseOptions([chain(3)]))).toBe(3);
  });

  it.each([
    [true, true],
    [false, false],
    ['true', undefined],
    [1, undefined],
  ])('isLeaf %o is kept only as a boolean: %o', (isLeaf, kept) => {
    const [option] = sanitiseOptions([{ label: 'a', value: 'a', isLeaf }]);
    expect(option?.isLeaf).toBe(kept);
    expect(option ? 'isLeaf' in option : null).toBe(kept !== undefined);
  });
});

describe('region trees', () => {
  const district = (code: string) => ({ name: `区${code}`, code, leve: 3 });
  const city = (code: string, children: unknown[] = [district(`${code}01`)]) => ({ name: `市${code}`, code, leve: 2, children });
  const province = (code: string, extra: Record<string, unknown> = {}) => ({ name: `省${code}`, code, children: [city(`${code}01`)], ...extra });
  const country = (children: unknown[]) => ({ name: '中国', code: 'CN', leve: 0, children });
  const depthOf = (options: readonly Option[]): number => (options.length === 0 ? 0 : 1 + depthOf(options[0]?.children ?? []));

  it.each([
    ['no leve', 3, {}],
    ['leve 1', 3, { leve: 1 }],
    ['leve 2 (its cities still say 2)', 3, { leve: 2 }],
    ['leve 3 (a district at the top)', 1, { leve: 3 }],
    ['leve 4 (no such level)', 3, { leve: 4 }],
    ['leve -1', 3, { leve: -1 }],
    ['leve 2.5', 3, { leve: 2.5 }],
    ["leve '3' (text)", 3, { leve: '3' }],
  ])('a top node with %s: %i levels down to districts', (_, levels, extra) => {
    expect(depthOf(regionsToOptions([province('11', extra)]))).toBe(levels);
  });

  it('countries are opened, down to 16 nested; a 17th is listed as it is', () => {
    let sixteen: unknown = province('11');
    for (let i = 0; i < 16; i += 1) sixteen = country([sixteen]);
    expect(regionsToOptions([sixteen]).map((o) => o.value)).toEqual(['11']);
    const seventeen = country([sixteen]);
    expect(regionsToOptions([seventeen]).map((o) => o.value)).toEqual(['CN']);
  });

  it('a country beside a province: the country is opened, the province kept as it is', () => {
    const options = regionsToOptions([country([province('11')]), province('12')]);
    expect(options.map((o) => o.value)).toEqual(['11', '12']);
    expect(options.map((o) => o.children?.map((c) => c.value))).toEqual([['1101'], ['1201']]);
  });
});

describe('paths and choices', () => {
  const options: Option[] = [
    { label: '空', value: 'null' },
    { label: '甲', value: 'a' },
    { label: '真', value: 'true' },
    { label: '乙', value: 'b', children: [{ label: '乙一', value: 'b1', isLeaf: true }] },
  ];

  it.each([null, true, undefined, { toString: () => 'a' }])('%o is no choice, though its text is an option value', (value) => {
    expect(reconcileValue('select', value, options)).toBe('');
    expect(isValueInOptions('radio', value, options)).toBe(false);
    expect(reconcileValue('checkbox', ['a', value], options)).toEqual(['a']);
  });

  it('a path through a lazy node (no children, not a leaf) is accepted below it, but not with a key that is no value', () => {
    expect(isValidPath(['a', 'x'], options)).toBe(true);
    expect(isValidPath(['a', null], options)).toBe(false);
    expect(isValidPath(['b', 'b1', 'x'], options)).toBe(false);
  });

  it.each([
    ['radio', 'zz', false],
    ['select', 'zz', false],
    ['select', 'a', true],
    ['checkbox', ['a', 'zz'], false],
    ['multiselect', ['a', 'zz'], false],
    ['multiselect', ['a', 'b'], true],
    ['cascader', ['b', 'zz'], false],
    ['cascader', ['b', 'b1'], true],
    ['address', { region: ['zz'], street: '' }, false],
    ['input', 'zz', true],
  ] as const)('%s: %o is offered? %s', (type, value, offered) => {
    expect(isValueInOptions(type, value, options)).toBe(offered);
  });

  it('a cascader value that is not a list is cleared, even one with a length', () => {
    expect(reconcileValue('cascader', { length: 0 }, options)).toEqual([]);
    expect(reconcileValue('cascader', 'b', options)).toEqual([]);
  });
});
