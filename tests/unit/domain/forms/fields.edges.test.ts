import { describe, expect, it } from 'vitest';
import {
  coerceValue,
  displayValue,
  findField,
  isEmptyValue,
  isOptionType,
  pathLabels,
  subformColumns,
  walkContentBlocks,
  walkFields,
} from '../../../../domain/forms/fields';
import { LIST_SEPARATOR, READONLY_PLACEHOLDER } from '../../../../domain/forms/messages';
import { FIELD_TYPES, type FieldDefinition, type FieldType } from '../../../../domain/forms/types';

/*
 * Field trees, values and their display (domain/forms/fields.ts) at their edges: the
 * depth cap, ids found in subforms, values of the wrong shape. Found by mutation testing
 * (reports/README.md).
 */

const nested = (depth: number, leaf: unknown): unknown[] => {
  let list: unknown[] = [leaf];
  for (let i = 0; i < depth; i += 1) list = [{ type: 'grid', panes: [{ children: list }] }];
  return list;
};

describe('the depth cap', () => {
  it('a field inside 64 containers is found, inside 65 it is not (a cyclic definition must end)', () => {
    const field = { id: 'deep', type: 'input' };
    expect(walkFields(nested(64, field)).map((f) => f.id)).toEqual(['deep']);
    expect(walkFields(nested(65, field))).toEqual([]);
  });

  it('the same for content blocks', () => {
    const block = { type: 'paragraph', content: 'x' };
    expect(walkContentBlocks(nested(64, block))).toHaveLength(1);
    expect(walkContentBlocks(nested(65, block))).toHaveLength(0);
  });
});

describe('subforms', () => {
  it('only a subform has columns, whatever children another field carries', () => {
    const column = { id: 'c', type: 'input' };
    expect(subformColumns({ id: 'x', type: 'input', children: [column] } as unknown as FieldDefinition)).toEqual([]);
    expect(subformColumns({ id: 's', type: 'subform', children: [column] } as unknown as FieldDefinition).map((f) => f.id)).toEqual(['c']);
  });

  it('findField looks past a subform without the column to the fields after it', () => {
    const nodes = [
      { id: 's', type: 'subform', children: [{ id: 'c', type: 'input' }] },
      { id: 'after', type: 'number' },
    ];
    expect(findField(nodes, 'after')?.type).toBe('number');
    expect(findField(nodes, 'c')?.type).toBe('input');
    expect(findField(nodes, 'none')).toBeUndefined();
  });
});

describe('option types', () => {
  const options: readonly FieldType[] = ['radio', 'select', 'checkbox', 'multiselect', 'cascader'];
  it.each(FIELD_TYPES.map((t) => [t, options.includes(t)] as const))('%s takes options? %s', (type, yes) => {
    expect(isOptionType(type)).toBe(yes);
  });
});

describe('coercing', () => {
  it.each([true, {}, Number.NaN, Number.POSITIVE_INFINITY, null])('%o as text is empty', (value) => {
    expect(coerceValue('input', value)).toBe('');
  });

  it.each([null, undefined, 'x', 5])('%o as an address is the empty address', (value) => {
    expect(coerceValue('address', value)).toEqual({ region: [], street: '' });
  });

  it('files keep only entries with a text uid and a text name', () => {
    const files = [{ uid: 1, name: 'a' }, { uid: 'u', name: 2 }, null, { uid: 'u3', name: 'c.pdf' }];
    expect(coerceValue('file', files)).toEqual([{ uid: 'u3', name: 'c.pdf' }]);
  });
});

describe('empty or not', () => {
  it.each([
    ['select', 'x', false],
    ['radio', 0, false],
    ['select', '', true],
    ['select', null, true],
    ['file', ['x'], false],
    ['file', [], true],
  ] as const)('%s %o empty? %s', (type, value, empty) => {
    expect(isEmptyValue(type, value)).toBe(empty);
  });
});

describe('display', () => {
  const options = [
    { label: '甲', value: 'a', children: [{ label: '甲一', value: 'a1' }] },
    { label: '乙', value: 'b', children: [{ label: '乙一', value: 'b1' }] },
    { label: '是', value: 'true' },
  ];

  it('a path is looked up level by level, by value; a value that is no option value shows as itself', () => {
    expect(pathLabels(options, ['b', 'b1'])).toEqual(['乙', '乙一']);
    expect(pathLabels(options, [true])).toEqual(['true']);
  });

  it('a picker shows its names; names that are all blank show the placeholder', () => {
    const picker = { id: 'p', type: 'picker' } as FieldDefinition;
    expect(displayValue(picker, [{ id: '1', name: '张三' }, { id: '2', name: '李四' }])).toBe(`张三${LIST_SEPARATOR}李四`);
    expect(displayValue(picker, [{ id: '1', name: '  ' }])).toBe(READONLY_PLACEHOLDER);
  });

  it('files show their names, passing over entries that are no file', () => {
    const file = { id: 'f', type: 'file' } as FieldDefinition;
    expect(displayValue(file, [null, 'x', { uid: 'u', name: 'a.pdf' }])).toBe('a.pdf');
  });
});
