import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  ADDRESS_PROMPTS,
  REGION_LEVELS,
  addressPrompt,
  dictionaryToOptions,
  eventResultValue,
  isRemoteDataSource,
  isValidPath,
  isValueInOptions,
  parseDataSource,
  reconcileValue,
  regionsToOptions,
  resultList,
  resultToOptions,
  sanitiseOptions,
} from '../../../../domain/forms/dataSource';
import { DATA_SOURCE_LOAD_FAILED, dataSourceLoadFailed } from '../../../../domain/forms/messages';
import { FIELD_TYPES, type FieldType, type Option } from '../../../../domain/forms/types';

describe('messages', () => {
  it.each([
    [DATA_SOURCE_LOAD_FAILED, '「{title}」数据源加载失败'],
    [dataSourceLoadFailed('学院'), '「学院」数据源加载失败'],
    [ADDRESS_PROMPTS.province, '请选择省'],
    [ADDRESS_PROMPTS.city, '请选择市'],
    [ADDRESS_PROMPTS.district, '请选择区'],
  ])('%s is %s', (actual, literal) => {
    expect(actual).toBe(literal);
  });

  it.each<[number, string]>([
    [0, '请选择省'],
    [1, '请选择市'],
    [2, '请选择区'],
    [3, ''],
    [-1, ''],
    [1.5, ''],
  ])('address picker column %d prompts %j', (column, prompt) => {
    expect(addressPrompt(column)).toBe(prompt);
  });
});

describe('parseDataSource', () => {
  it.each<[string, unknown, unknown]>([
    ['static', { type: 'static', options: [{ label: 'A', value: 'a' }, 'junk'] }, { type: 'static', options: [{ label: 'A', value: 'a' }, { label: 'junk', value: 'junk' }] }],
    ['static without options', { type: 'static' }, null],
    ['dictionary', { type: 'dictionary', code: 'sex' }, { type: 'dictionary', code: 'sex' }],
    ['dictionary without code', { type: 'dictionary', code: ' ' }, null],
    ['area', { type: 'area', extra: 1 }, { type: 'area' }],
    ['select-component by id', { type: 'select-component', id: 'x' }, { type: 'select-component', id: 'x' }],
    ['select-component by code', { type: 'select-component', code: 'c' }, { type: 'select-component', code: 'c' }],
    ['select-component by both', { type: 'select-component', id: 'x', code: 'c' }, { type: 'select-component', id: 'x', code: 'c' }],
    ['select-component by neither', { type: 'select-component' }, null],
    ['event-config', { type: 'event-config', id: 'e1' }, { type: 'event-config', id: 'e1' }],
    ['event-config without id', { type: 'event-config' }, null],
    ['unknown type', { type: 'sql' }, null],
    ['not an object', 'dictionary', null],
  ])('%s', (_n, raw, expected) => {
    expect(parseDataSource(raw)).toEqual(expected);
  });

  it('only static sources are known without a call', () => {
    expect(isRemoteDataSource({ type: 'static', options: [] })).toBe(false);
    expect(isRemoteDataSource({ type: 'area' })).toBe(true);
    expect(isRemoteDataSource({ type: 'dictionary', code: 'x' })).toBe(true);
  });
});

describe('dictionary options: name -> label, id -> value', () => {
  it.each<[string, unknown, Option[]]>([
    [
      'a list',
      [
        { id: '1', name: '男' },
        { id: 2, name: '女' },
      ],
      [
        { label: '男', value: '1' },
        { label: '女', value: 2 },
      ],
    ],
    ['a page', { items: [{ id: 'a', name: 'A', extra: true }] }, [{ label: 'A', value: 'a' }]],
    ['entries missing id or name are dropped', [{ id: '1' }, { name: 'x' }, null, 'x', { id: '2', name: 'B' }], [{ label: 'B', value: '2' }]],
    ['duplicate ids keep the first', [{ id: '1', name: 'A' }, { id: '1', name: 'B' }], [{ label: 'A', value: '1' }]],
    ['numeric names become text', [{ id: '1', name: 3 }], [{ label: '3', value: '1' }]],
    ['anything else is empty', 'junk', []],
    ['a page without items is empty', { total: 0 }, []],
  ])('%s', (_n, body, options) => {
    expect(dictionaryToOptions(body)).toEqual(options);
  });
});

describe('select-component / event-config results: result or result.items', () => {
  it.each<[string, unknown, unknown[]]>([
    ['result is a list', { result: [1, 2] }, [1, 2]],
    ['result.items', { result: { items: ['a'], totalCount: 1 } }, ['a']],
    ['a bare list', ['x'], ['x']],
    ['a bare page', { items: ['y'] }, ['y']],
    ['result without items', { result: { value: 1 } }, []],
    ['nothing', null, []],
    ['a number', 5, []],
  ])('%s', (_n, body, list) => {
    expect(resultList(body)).toEqual(list);
  });

  it.each<[string, unknown, Option[]]>([
    ['label / value', { result: [{ label: 'A', value: 'a' }] }, [{ label: 'A', value: 'a' }]],
    ['name / id', { result: { items: [{ name: 'B', id: 7 }] } }, [{ label: 'B', value: 7 }]],
    ['title / code', { result: [{ title: 'C', code: 'c' }] }, [{ label: 'C', value: 'c' }]],
    ['text only', { result: [{ text: 'D' }] }, [{ label: 'D', value: 'D' }]],
    ['value only', { result: [{ value: 9 }] }, [{ label: '9', value: 9 }]],
    ['primitives', { result: ['x', 3] }, [{ label: 'x', value: 'x' }, { label: '3', value: 3 }]],
    [
      'children and childs',
      { result: [{ label: 'P', value: 'p', children: [{ label: 'C', value: 'c', isLeaf: true }] }, { name: 'Q', id: 'q', childs: [{ name: 'R', id: 'r' }] }] },
      [
        { label: 'P', value: 'p', children: [{ label: 'C', value: 'c', isLeaf: true }] },
        { label: 'Q', value: 'q', children: [{ label: 'R', value: 'r' }] },
      ],
    ],
    ['unusable items are dropped', { result: [null, {}, { label: {} }, Number.NaN, true] }, []],
  ])('%s', (_n, body, options) => {
    expect(resultToOptions(body)).toEqual(options);
  });

  it('cuts a cyclic option tree instead of looping', () => {
    const node: Record<string, unknown> = { label: 'a', value: 'a' };
    node.children = [node];
    let depth = 0;
    let level: Option[] | undefined = sanitiseOptions([node]);
    while (level && level.length > 0) {
      depth += 1;
      level = level[0]?.children;
    }
    expect(depth).toBeGreaterThan(1);
    expect(depth).toBeLessThan(20);
  });

  it.each<[string, unknown, unknown]>([
    ['a scalar result', { result: 'text' }, 'text'],
    ['a list result', { result: [1] }, [1]],
    ['a page result', { result: { items: ['a'] } }, ['a']],
    ['a record result', { result: { a: 1 } }, { a: 1 }],
    ['no result', {}, null],
    ['not an object', 'x', null],
  ])('event value: %s', (_n, body, value) => {
    expect(eventResultValue(body)).toEqual(value);
  });
});

describe('regions: country, province, city, district', () => {
  it('keeps the four levels of SPEC point 9', () => {
    expect([...REGION_LEVELS]).toEqual(['country', 'province', 'city', 'district']);
  });

  const tree = [
    {
      name: '中国',
      code: '100000',
      leve: 0,
      children: [
        {
          name: '江苏省',
          code: '320000',
          leve: 1,
          children: [
            {
              name: '南京市',
              code: '320100',
              leve: 2,
              children: [{ name: '玄武区', code: '320102', leve: 3, children: [{ name: '街道', code: '1', leve: 4 }] }],
            },
            { name: '苏州市', code: 320500, leve: 2, children: [] },
          ],
        },
      ],
    },
  ];

  it('opens the country and maps name -> label, code -> value down to districts', () => {
    expect(regionsToOptions(tree)).toEqual([
      {
        label: '江苏省',
        value: '320000',
        isLeaf: false,
        children: [
          { label: '南京市', value: '320100', isLeaf: false, children: [{ label: '玄武区', value: '320102', isLeaf: true }] },
          { label: '苏州市', value: '320500', isLeaf: true },
        ],
      },
    ]);
  });

  it.each<['province' | 'city' | 'district', number]>([
    ['province', 1],
    ['city', 2],
    ['district', 3],
  ])('stops at %s (%d levels)', (to, levels) => {
    let depth = 0;
    let level: Option[] | undefined = regionsToOptions(tree, to);
    while (level && level.length > 0) {
      depth += 1;
      level = level[0]?.children;
    }
    expect(depth).toBe(levels);
  });

  it('takes tree position when leve is absent, the first level being provinces', () => {
    const noLeve = [{ name: 'P', code: 'p', children: [{ name: 'C', code: 'c', children: [{ name: 'D', code: 'd', children: [{ name: 'X', code: 'x' }] }] }] }];
    expect(regionsToOptions(noLeve)).toEqual([
      { label: 'P', value: 'p', isLeaf: false, children: [{ label: 'C', value: 'c', isLeaf: false, children: [{ label: 'D', value: 'd', isLeaf: true }] }] },
    ]);
  });

  it.each<[string, unknown, Option[]]>([
    ['a single root node', { name: 'P', code: 'p' }, [{ label: 'P', value: 'p', isLeaf: true }]],
    ['a country without children', { name: '中国', code: '1', leve: 0 }, []],
    ['malformed nodes are dropped', [null, { name: 'X' }, { code: 'y' }, { name: 'Z', code: 'z' }], [{ label: 'Z', value: 'z', isLeaf: true }]],
    ['junk', 'junk', []],
  ])('%s', (_n, nodes, options) => {
    expect(regionsToOptions(nodes)).toEqual(options);
  });
});

const OPTIONS: Option[] = [
  { label: 'A', value: 'a' },
  { label: 'B', value: 1 },
  {
    label: 'P',
    value: 'p',
    children: [
      { label: 'Q', value: 'q', isLeaf: true },
      { label: 'L', value: 'lazy' },
      { label: 'E', value: 'e', children: [] },
    ],
  },
];

describe('reconciliation: a value not in the loaded options is cleared', () => {
  it.each<[string, FieldType, unknown, unknown]>([
    ['radio kept', 'radio', 'a', 'a'],
    ['radio 1 matches "1"', 'radio', '1', '1'],
    ['radio cleared', 'radio', 'z', ''],
    ['select cleared', 'select', 'z', ''],
    ['select child values are not top-level options', 'select', 'q', ''],
    ['select empty stays', 'select', '', ''],
    ['select malformed cleared', 'select', { a: 1 }, ''],
    ['checkbox keeps only valid values', 'checkbox', ['a', 'z', 1], ['a', 1]],
    ['multiselect all invalid', 'multiselect', ['z'], []],
    ['multiselect not a list', 'multiselect', 'a', []],
    ['cascader valid leaf path', 'cascader', ['p', 'q'], ['p', 'q']],
    ['cascader prefix is valid', 'cascader', ['p'], ['p']],
    ['cascader below a lazy node is accepted', 'cascader', ['p', 'lazy', 'deeper'], ['p', 'lazy', 'deeper']],
    ['cascader below a leaf clears', 'cascader', ['p', 'q', 'x'], []],
    ['cascader below loaded empty children clears', 'cascader', ['p', 'e', 'x'], []],
    ['cascader wrong child clears', 'cascader', ['p', 'z'], []],
    ['cascader wrong root clears', 'cascader', ['z'], []],
    ['cascader bad element clears', 'cascader', ['p', {}], []],
    ['cascader not a list clears', 'cascader', 'p', []],
    ['cascader empty stays', 'cascader', [], []],
    ['address valid region', 'address', { region: ['p', 'q'], street: 's' }, { region: ['p', 'q'], street: 's' }],
    ['address invalid region keeps street', 'address', { region: ['z'], street: 's' }, { region: [], street: 's' }],
    ['address without region array', 'address', { street: 's' }, { region: [], street: 's' }],
    ['address malformed', 'address', 'junk', { region: [], street: '' }],
    ['input untouched', 'input', 'anything', 'anything'],
  ])('%s', (_n, type, value, expected) => {
    expect(reconcileValue(type, value, OPTIONS)).toEqual(expected);
  });

  it('keeps the same reference when nothing changes', () => {
    const checked = ['a', 1];
    const path = ['p', 'q'];
    const address = { region: ['p'], street: '' };
    expect(reconcileValue('checkbox', checked, OPTIONS)).toBe(checked);
    expect(reconcileValue('cascader', path, OPTIONS)).toBe(path);
    expect(reconcileValue('address', address, OPTIONS)).toBe(address);
  });

  it('does nothing before options are loaded, or for an unknown type', () => {
    expect(reconcileValue('select', 'z', undefined)).toBe('z');
    expect(reconcileValue('nope' as FieldType, 'z', OPTIONS)).toBe('z');
  });

  it('an empty loaded list clears every choice', () => {
    expect(reconcileValue('radio', 'a', [])).toBe('');
    expect(reconcileValue('checkbox', ['a'], [])).toEqual([]);
    expect(reconcileValue('cascader', ['p'], [])).toEqual([]);
  });

  it.each<[FieldType, unknown, boolean]>([
    ['radio', 'a', true],
    ['radio', 'z', false],
    ['checkbox', ['a', 1], true],
    ['checkbox', 'a', false],
    ['cascader', ['p', 'q'], true],
    ['address', { region: ['p'] }, true],
    ['address', null, false],
    ['input', 'x', true],
  ])('isValueInOptions(%s, %j) = %s', (type, value, expected) => {
    expect(isValueInOptions(type, value, OPTIONS)).toBe(expected);
  });

  it('isValidPath needs a list', () => {
    expect(isValidPath('p', OPTIONS)).toBe(false);
    expect(isValidPath([], OPTIONS)).toBe(true);
  });
});

describe('properties', () => {
  const key = fc.oneof(fc.constantFrom('a', 'b', 'c', 'p', 'q'), fc.integer({ min: 0, max: 3 }));
  const optionTree: fc.Arbitrary<Option[]> = fc.letrec<{ list: Option[]; option: Option }>((tie) => ({
    list: fc.array(tie('option'), { maxLength: 4 }),
    option: fc.record(
      { label: fc.string(), value: key, children: tie('list'), isLeaf: fc.boolean() },
      { requiredKeys: ['label', 'value'] },
    ),
  })).list;
  const choiceTypes = fc.constantFrom<FieldType>('radio', 'select', 'checkbox', 'multiselect', 'cascader', 'address');

  it('reconciliation never leaves a value outside the options', () => {
    fc.assert(
      fc.property(choiceTypes, fc.anything(), optionTree, (type, value, options) => {
        const out = reconcileValue(type, value, options);
        const empty = out === '' || (Array.isArray(out) && out.length === 0) || (type === 'address' && Array.isArray((out as { region: unknown[] }).region) && (out as { region: unknown[] }).region.length === 0);
        expect(empty || isValueInOptions(type, out, options)).toBe(true);
      }),
    );
  });

  it('reconciliation keeps every offered value of a multiple choice', () => {
    fc.assert(
      fc.property(fc.array(key), optionTree, (value, options) => {
        const out = reconcileValue('checkbox', value, options) as unknown[];
        const offered = value.filter((v) => options.some((o) => String(o.value) === String(v)));
        expect(out).toEqual(offered);
      }),
    );
  });

  it('reconciliation is idempotent', () => {
    fc.assert(
      fc.property(choiceTypes, fc.anything(), optionTree, (type, value, options) => {
        const once = reconcileValue(type, value, options);
        expect(reconcileValue(type, once, options)).toBe(once);
      }),
    );
  });

  it('mappers never throw on arbitrary input', () => {
    fc.assert(
      fc.property(fc.anything(), fc.constantFrom(...FIELD_TYPES), (body, type) => {
        expect(Array.isArray(dictionaryToOptions(body))).toBe(true);
        expect(Array.isArray(resultToOptions(body))).toBe(true);
        expect(Array.isArray(regionsToOptions(body))).toBe(true);
        eventResultValue(body);
        parseDataSource(body);
        reconcileValue(type, body, resultToOptions(body));
      }),
    );
  });
});
