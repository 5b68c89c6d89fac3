import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  activeRows,
  coerceValue,
  displayValue,
  emptyValueOf,
  findField,
  findOption,
  formFields,
  initialFieldState,
  initialFormState,
  initialValue,
  isContainerNode,
  isContentBlock,
  isEmptyValue,
  isFieldNode,
  isFieldType,
  isFileType,
  isOptionType,
  isTextType,
  pathLabels,
  subformColumns,
  valueKindOf,
  walkContentBlocks,
  walkFields,
} from '../../../../domain/forms/fields';
import { READONLY_PLACEHOLDER } from '../../../../domain/forms/messages';
import {
  FIELD_TYPES,
  type FieldDefinition,
  type FieldType,
  type FormDefinition,
  type FormNode,
  type Option,
} from '../../../../domain/forms/types';

const f = (type: FieldType, extra: Partial<FieldDefinition> = {}): FieldDefinition => ({ id: `${type}1`, type, ...extra });

const tree: FormNode[] = [
  { id: 'name', type: 'input', title: '姓名' },
  { id: 'p1', type: 'paragraph', content: '<b>说明</b>' },
  {
    id: 'g1',
    type: 'grid',
    panes: [
      { span: 12, children: [{ id: 'age', type: 'number' }] },
      { span: 12, children: [{ id: 'frame', type: 'iframe', src: 'https://x', params: [{ key: 'a', fieldId: 'age' }] }] },
    ],
  },
  {
    id: 's1',
    type: 'steps',
    panes: [
      { title: '一', children: [{ id: 'phone', type: 'input', format: 'mobile' }] },
      {
        title: '二',
        children: [
          { id: 't1', type: 'tabs', panes: [{ title: 'A', children: [{ id: 'birthday', type: 'date', mode: 'day' }] }] },
        ],
      },
    ],
  },
  { id: 'c1', type: 'collapse', children: [{ id: 'note', type: 'textarea' }, { id: 'txt', type: 'text', content: 'hi' }] },
  {
    id: 'members',
    type: 'subform',
    title: '家庭成员',
    children: [
      { id: 'mname', type: 'input' },
      { id: 'tb', type: 'table', panes: [{ row: 0, col: 0, children: [{ id: 'mphone', type: 'input' }] }] },
    ],
  },
];

describe('walking a definition', () => {
  it('lists value fields in document order through every container', () => {
    expect(walkFields(tree).map((x) => x.id)).toEqual(['name', 'age', 'phone', 'birthday', 'note', 'members']);
  });

  it('keeps subform columns out of the main list', () => {
    expect(subformColumns(walkFields(tree)[5] as FieldDefinition).map((x) => x.id)).toEqual(['mname', 'mphone']);
    expect(subformColumns(f('input'))).toEqual([]);
  });

  it('lists content blocks', () => {
    expect(walkContentBlocks(tree).map((x) => x.id)).toEqual(['p1', 'frame', 'txt']);
  });

  it('finds fields, including subform columns', () => {
    expect(findField(tree, 'birthday')?.type).toBe('date');
    expect(findField(tree, 'mphone')?.type).toBe('input');
    expect(findField(tree, 'missing')).toBeUndefined();
  });

  it.each([[null], [undefined], [42], ['x'], [{}], [[null, 1, 'a', { type: 'input' }, { id: 'x', type: 'nope' }]]])(
    'bad input %j gives no fields',
    (nodes) => {
      expect(walkFields(nodes)).toEqual([]);
      expect(walkContentBlocks(nodes)).toEqual([]);
    },
  );

  it('skips malformed panes', () => {
    const nodes = [{ id: 'g', type: 'grid', panes: [null, 'x', { children: 'no' }, { children: [{ id: 'a', type: 'input' }] }] }];
    expect(walkFields(nodes).map((x) => x.id)).toEqual(['a']);
  });

  it('stops on a cyclic definition', () => {
    const grid: { id: string; type: string; children: unknown[] } = { id: 'g', type: 'grid', children: [] };
    grid.children.push({ id: 'a', type: 'input' }, grid);
    expect(walkFields([grid]).length).toBeGreaterThan(0);
    expect(walkContentBlocks([grid])).toEqual([]);
  });

  it('reads a form definition', () => {
    expect(formFields({ fields: tree }).length).toBe(6);
    expect(formFields(null)).toEqual([]);
    expect(formFields(undefined)).toEqual([]);
  });

  it.each([
    [{ id: 'a', type: 'input' }, true, false, false],
    [{ type: 'input' }, false, false, false],
    [{ id: 'g', type: 'grid' }, false, true, false],
    [{ id: 'i', type: 'iframe', src: '' }, false, false, true],
    [null, false, false, false],
    [[], false, false, false],
  ])('%j: field %s, container %s, content %s', (node, field, container, content) => {
    expect(isFieldNode(node)).toBe(field);
    expect(isContainerNode(node)).toBe(container);
    expect(isContentBlock(node)).toBe(content);
  });
});

describe('value kinds', () => {
  it.each([
    ['input', 'text', ''],
    ['textarea', 'text', ''],
    ['date', 'text', ''],
    ['radio', 'choice', ''],
    ['select', 'choice', ''],
    ['number', 'number', null],
    ['switch', 'boolean', false],
    ['date-range', 'list', []],
    ['checkbox', 'list', []],
    ['multiselect', 'list', []],
    ['cascader', 'list', []],
    ['picker', 'list', []],
    ['address', 'address', { region: [], street: '' }],
    ['image', 'files', []],
    ['file', 'files', []],
    ['document', 'files', []],
    ['subform', 'rows', []],
  ] as const)('%s holds %s, empty %j', (type, kind, empty) => {
    expect(valueKindOf(type)).toBe(kind);
    expect(emptyValueOf(type)).toEqual(empty);
    expect(isEmptyValue(type, emptyValueOf(type))).toBe(type !== 'switch');
  });

  it('covers every field type', () => {
    expect(FIELD_TYPES).toHaveLength(17);
    for (const t of FIELD_TYPES) expect(isFieldType(t)).toBe(true);
    expect(isFieldType('grid')).toBe(false);
    expect(isFieldType(1)).toBe(false);
  });

  it.each([
    ['input', true, false, false],
    ['textarea', true, false, false],
    ['image', false, true, false],
    ['file', false, true, false],
    ['document', false, true, false],
    ['radio', false, false, true],
    ['cascader', false, false, true],
    ['picker', false, false, false],
  ] as const)('%s: text %s, file %s, options %s', (type, text, file, option) => {
    expect(isTextType(type)).toBe(text);
    expect(isFileType(type)).toBe(file);
    expect(isOptionType(type)).toBe(option);
  });
});

describe('coerceValue', () => {
  const file = { uid: 'u', name: 'a.pdf', status: 'done' };
  const row = { _id: 'r', values: {} };
  it.each([
    ['input', 'abc', 'abc'],
    ['input', 12, '12'],
    ['input', Number.NaN, ''],
    ['input', null, ''],
    ['radio', 3, 3],
    ['radio', 'x', 'x'],
    ['radio', {}, ''],
    ['number', 5, 5],
    ['number', '5.5', 5.5],
    ['number', ' ', null],
    ['number', 'abc', null],
    ['number', Infinity, null],
    ['number', [], null],
    ['switch', true, true],
    ['switch', 1, true],
    ['switch', 'true', true],
    ['switch', '1', true],
    ['switch', 'yes', false],
    ['switch', undefined, false],
    ['checkbox', ['a', 1, null, {}], ['a', 1]],
    ['checkbox', 'a', []],
    ['date-range', ['2024-01-01', '2024-02-01', 'x'], ['2024-01-01', '2024-02-01']],
    ['date-range', [null, 5], ['', '5']],
    ['picker', [{ id: '1', name: 'A' }, { name: 'B' }, null], [{ id: '1', name: 'A' }]],
    ['address', { region: ['11', 2], street: 'x' }, { region: ['11'], street: 'x' }],
    ['address', { region: 'no', street: 3 }, { region: [], street: '' }],
    ['address', 'x', { region: [], street: '' }],
    ['file', [file, { uid: 1 }, null], [file]],
    ['file', 'x', []],
    ['subform', [row, { values: {} }, 1], [row]],
    ['subform', {}, []],
  ] as const)('%s %j -> %j', (type, input, expected) => {
    expect(coerceValue(type, input)).toEqual(expected);
  });
});

describe('isEmptyValue', () => {
  it.each([
    ['input', '  ', true],
    ['input', 'a', false],
    ['input', 1, true],
    ['select', 0, false],
    ['select', '', true],
    ['select', Number.NaN, true],
    ['number', 0, false],
    ['number', '0', false],
    ['number', null, true],
    ['switch', false, false],
    ['switch', null, true],
    ['checkbox', ['a'], false],
    ['checkbox', 'a', true],
    ['date-range', ['2024-01-01'], true],
    ['date-range', ['2024-01-01', ''], true],
    ['date-range', ['2024-01-01', null], true],
    ['date-range', ['2024-01-01', '2024-01-02'], false],
    ['address', { region: ['11'] }, false],
    ['address', { region: 'x' }, true],
    ['address', null, true],
    ['image', [{ uid: 'a' }], false],
    ['image', null, true],
    ['subform', [{ _id: 'a', values: {}, _removed: true }], true],
    ['subform', [{ _id: 'a', values: {} }], false],
  ] as const)('%s %j -> %s', (type, value, empty) => {
    expect(isEmptyValue(type, value)).toBe(empty);
  });

  it('activeRows drops removed and malformed rows', () => {
    expect(activeRows([{ _id: 'a' }, { _id: 'b', _removed: true }, null]).map((r) => r._id)).toEqual(['a']);
    expect(activeRows('x')).toEqual([]);
  });
});

describe('initial state', () => {
  it.each([
    [f('input', { defaultValue: '张三' }), '张三'],
    [f('input', { defaultValue: 7 }), '7'],
    [f('number', { defaultValue: '3' }), 3],
    [f('number'), null],
    [f('switch', { defaultValue: true }), true],
    [f('checkbox', { defaultValue: ['a'] }), ['a']],
    [f('checkbox', { defaultValue: 'a' }), []],
  ])('%j starts with %j', (field, value) => {
    expect(initialValue(field)).toEqual(value);
  });

  it.each([
    [{}, { visible: true, required: false, readonly: false }],
    [{ hidden: true }, { visible: false, required: false, readonly: false }],
    [{ internal: true }, { visible: false, required: false, readonly: false }],
    [{ required: true, readonly: true }, { visible: true, required: true, readonly: true }],
  ])('flags %j -> %j', (flags, expected) => {
    const s = initialFieldState(f('input', flags));
    expect({ visible: s.visible, required: s.required, readonly: s.readonly }).toEqual(expected);
    expect(s.errors).toEqual([]);
    expect(s.options).toBeUndefined();
  });

  it('static options are loaded at once', () => {
    const options = [{ label: '男', value: 1 }];
    expect(initialFieldState(f('radio', { dataSource: { type: 'static', options } })).options).toBe(options);
    expect(initialFieldState(f('radio', { dataSource: { type: 'dictionary', code: 'sex' } })).options).toBeUndefined();
  });

  it('builds the whole form state keyed by id', () => {
    const def: FormDefinition = { fields: tree };
    const state = initialFormState(def);
    expect(Object.keys(state)).toEqual(['name', 'age', 'phone', 'birthday', 'note', 'members']);
    expect(state.members?.value).toEqual([]);
    expect(initialFormState(null)).toEqual({});
  });
});

describe('displayValue', () => {
  const options: Option[] = [
    { label: '浙江省', value: '33', children: [{ label: '杭州市', value: '3301', children: [{ label: '西湖区', value: '330106' }] }] },
    { label: '男', value: 1 },
    { label: '女', value: 2 },
  ];
  it.each([
    [f('input'), '', '-'],
    [f('input'), '   ', '-'],
    [f('input'), 'abc', 'abc'],
    [f('textarea'), 'a\nb', 'a\nb'],
    [f('number'), 0, '0'],
    [f('number'), '12.5', '12.5'],
    [f('number'), null, '-'],
    [f('switch'), true, '是'],
    [f('switch'), false, '否'],
    [f('switch'), undefined, '-'],
    [f('date', { mode: 'year' }), '2024-05-06', '2024'],
    [f('date', { mode: 'month' }), '2024-05-06', '2024/05'],
    [f('date', { mode: 'day' }), '2024-05-06', '2024/05/06'],
    [f('date', { mode: 'Date' }), '2024-05-06 10:11', '2024/05/06'],
    [f('date', { mode: 'DateTime' }), '2024-05-06 10:11', '2024/05/06 10:11'],
    [f('date', { mode: 'second' }), '2024-05-06 10:11:12', '24/05/06 10:11:12'],
    [f('date'), 'garbage', 'garbage'],
    [f('date-range', { mode: 'day' }), ['2024-01-01', '2024-01-31'], '2024/01/01 ~ 2024/01/31'],
    [f('date-range', { mode: 'day' }), ['2024-01-01', 'x'], '2024/01/01 ~ x'],
    [f('date-range'), ['2024-01-01'], '-'],
    [f('radio'), 1, '男'],
    [f('select'), '2', '女'],
    [f('select'), 9, '9'],
    [f('select'), '330106', '西湖区'],
    [f('checkbox'), [1, 2], '男、女'],
    [f('multiselect'), [2, 'x'], '女、x'],
    [f('cascader'), ['33', '3301', '330106'], '浙江省 / 杭州市 / 西湖区'],
    [f('cascader'), ['33', '9999'], '浙江省 / 9999'],
    [f('address'), { region: ['33', '3301', '330106'], street: ' 文三路1号 ' }, '浙江省杭州市西湖区 文三路1号'],
    [f('address'), { region: ['33', '3301'] }, '浙江省杭州市'],
    [f('address'), { region: [] , street: 'x'}, '-'],
    [f('picker'), [{ id: '1', name: '张三' }, { id: '2', name: '李四' }, { id: '3' }], '张三、李四'],
    [f('picker'), [{ id: '3' }], '-'],
    [f('image'), [{ uid: 'a', name: 'a.png' }, { uid: 'b', name: 'b.jpg' }], 'a.png、b.jpg'],
    [f('file'), [{ uid: 'a', name: 'a.pdf' }, 'junk'], 'a.pdf'],
    [f('document'), [], '-'],
    [f('subform'), [{ _id: 'a', values: {} }, { _id: 'b', values: {}, _removed: true }], '共1条'],
    [f('subform'), [], '-'],
  ])('%j shows %j as %j', (field, value, expected) => {
    expect(displayValue(field, value, options)).toBe(expected);
  });

  it('uses the placeholder constant', () => {
    expect(displayValue(f('input'), '')).toBe(READONLY_PLACEHOLDER);
  });

  it('shows raw values when options are not loaded', () => {
    expect(displayValue(f('radio'), 1)).toBe('1');
    expect(displayValue(f('cascader'), ['a', 'b'])).toBe('a / b');
  });

  it.each([[null], [{}], [{ id: 'x', type: 'grid' }]])('a bad field %j shows the placeholder', (field) => {
    expect(displayValue(field as unknown as FieldDefinition, 'x')).toBe('-');
  });

  it('findOption and pathLabels tolerate junk', () => {
    expect(findOption(undefined, 1)).toBeUndefined();
    expect(findOption([null as unknown as Option, { label: 'a', value: 1 }], 1)?.label).toBe('a');
    expect(findOption(options, {})).toBeUndefined();
    expect(pathLabels(undefined, ['x'])).toEqual(['x']);
  });

  it('a value that cannot be made text shows as nothing, not an error (fast-check counterexample)', () => {
    const hostile = { toString: {} };
    expect(displayValue({ id: 'x', type: 'multiselect' }, [hostile], [])).toBe('-');
    expect(displayValue({ id: 'x', type: 'checkbox' }, ['a', hostile], [{ label: 'A', value: 'a' }])).toBe('A、');
    expect(pathLabels(undefined, [hostile, 'x'])).toEqual(['', 'x']);
  });

  it('never throws and always gives text', () => {
    fc.assert(
      fc.property(fc.constantFrom(...FIELD_TYPES), fc.anything(), fc.anything(), (type, value, mode) => {
        const out = displayValue({ id: 'x', type, mode: mode as string }, value, options);
        expect(typeof out).toBe('string');
        expect(out.length).toBeGreaterThan(0);
        coerceValue(type, value);
        isEmptyValue(type, value);
      }),
    );
  });
});
