/**
 * The benchmark's form: 300 value fields of every common type and 100 rules (60
 * interceptors, 40 listeners), generated deterministically so every run measures the
 * same thing. Shared by the page (bench/formBenchEntry.tsx) and the runner.
 */
import type { Executor, FieldDefinition, FormDefinition, FormNode, Interceptor, Listener } from '../domain/forms/types';

export const BENCH_FIELD_COUNT = 300;
export const BENCH_RULE_COUNT = 100;

const TYPES: FieldDefinition['type'][] = ['input', 'input', 'input', 'input', 'input', 'input', 'textarea', 'number', 'select', 'radio', 'switch', 'date', 'checkbox', 'input', 'input'];
const OPTIONS = [
  { label: '选项一', value: 'a' },
  { label: '选项二', value: 'b' },
  { label: '选项三', value: 'c' },
];

export const benchFieldId = (i: number): string => `f${String(i).padStart(3, '0')}`;

function field(i: number): FieldDefinition {
  const type = TYPES[i % TYPES.length] ?? 'input';
  const base: FieldDefinition = { id: benchFieldId(i), identifier: `k${i}`, type, title: `字段${i + 1}`, required: i % 7 === 0 };
  switch (type) {
    case 'input':
      return { ...base, max: 50, placeholder: '请输入', ...(i % 11 === 0 ? { format: 'mobile' as const } : {}) };
    case 'textarea':
      return { ...base, max: 200 };
    case 'number':
      return { ...base, min: 0, max: 1000 };
    case 'select':
    case 'radio':
    case 'checkbox':
      return { ...base, dataSource: { type: 'static', options: OPTIONS }, direction: 'horizontal' };
    case 'date':
      return { ...base, mode: i % 2 === 0 ? 'day' : 'DateTime' };
    default:
      return base;
  }
}

/** The fields typed into (inputs), in order. */
export const benchInputIds = (): string[] =>
  Array.from({ length: BENCH_FIELD_COUNT }, (_, i) => field(i))
    .filter((f) => f.type === 'input' && f.format === undefined)
    .map((f) => f.id);

export function buildBenchForm(): FormDefinition {
  const fields = Array.from({ length: BENCH_FIELD_COUNT }, (_, i) => field(i));
  const inputs = fields.filter((f) => f.type === 'input' && f.format === undefined);
  const ops: Executor['op'][] = ['required', 'hidden', 'disabled', 'optional', 'visible', 'editable'];
  // Interceptors: an input's emptiness or content changes 1 to 3 fields further down.
  const interceptors: Interceptor[] = Array.from({ length: 60 }, (_, r) => {
    const watched = inputs[(r * 3) % inputs.length] as FieldDefinition;
    const at = fields.indexOf(watched);
    const targets = [1, 2, 3].slice(0, 1 + (r % 3)).map((d) => fields[(at + d * 5) % fields.length] as FieldDefinition);
    return {
      id: `i${r}`,
      matchers: [r % 2 === 0 ? { fieldId: watched.id, factor: 'not-empty' } : { fieldId: watched.id, factor: 'in', value: 'x' }],
      executors: targets.map((t, k) => ({ fieldId: t.id, op: ops[(r + k) % ops.length] as Executor['op'] })),
    };
  });
  // Listeners: an input's change sets a number field.
  const numbers = fields.filter((f) => f.type === 'number');
  const listeners: Listener[] = Array.from({ length: 40 }, (_, r) => ({
    id: `l${r}`,
    fields: [(inputs[(r * 5 + 1) % inputs.length] as FieldDefinition).id],
    executors: [{ fieldId: (numbers[r % numbers.length] as FieldDefinition).id, op: 'set', value: r }],
  }));
  // Some structure: every 30 fields share a two-column grid row.
  const nodes: FormNode[] = [];
  for (let i = 0; i < fields.length; i += 30) {
    const chunk = fields.slice(i, i + 30);
    nodes.push({ id: `g${i}`, type: 'grid', panes: [{ span: 12, children: chunk.slice(0, 2) }, { span: 12, children: chunk.slice(2, 4) }] });
    nodes.push(...chunk.slice(4));
  }
  return { v: 'bench', table: 'bench', fields: nodes, interceptors, listeners };
}
