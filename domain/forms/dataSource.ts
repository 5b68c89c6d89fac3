import { emptyValueOf, isFieldType } from './fields';
import { ADDRESS_PROMPTS } from './messages';
import type { DataSource, FieldType, Option, OptionValue } from './types';
import { isRecord, nonBlank } from '../shared/guards';

/**
 * Options of choice fields and where they come from (SPEC point 3 "Region node",
 * "Option", "Dictionary options"; point 5 "Data-source fields"; point 7 dictionary,
 * area cascader, select component and event-config calls).
 *
 * Loading is I/O and belongs to the application layer; this file only maps what a
 * call answered into options and reconciles a value with the options it now has.
 * The load-failure message 「{title}」数据源加载失败 is `dataSourceLoadFailed` in messages.ts.
 */


const isOptionValue = (v: unknown): v is OptionValue =>
  typeof v === 'string' || (typeof v === 'number' && Number.isFinite(v));

/** Option trees deeper than this are cut: real trees are a few levels, a cyclic one is a bug. */
const MAX_DEPTH = 16;

// ---------------------------------------------------------------------------
// Data source descriptors
// ---------------------------------------------------------------------------


/** A data source descriptor as written in a definition, or null when it cannot be used. */
export const parseDataSource = (raw: unknown): DataSource | null => {
  if (!isRecord(raw)) return null;
  switch (raw.type) {
    case 'static':
      return Array.isArray(raw.options) ? { type: 'static', options: sanitiseOptions(raw.options) } : null;
    case 'dictionary':
      return nonBlank(raw.code) ? { type: 'dictionary', code: raw.code } : null;
    case 'area':
      return { type: 'area' };
    case 'select-component': {
      const id = nonBlank(raw.id) ? raw.id : undefined;
      const code = nonBlank(raw.code) ? raw.code : undefined;
      if (id === undefined && code === undefined) return null;
      return { type: 'select-component', ...(id !== undefined ? { id } : {}), ...(code !== undefined ? { code } : {}) };
    }
    case 'event-config':
      return nonBlank(raw.id) ? { type: 'event-config', id: raw.id } : null;
    default:
      return null;
  }
};

/** Sources whose options must be fetched; static options are known at once. */
export const isRemoteDataSource = (source: DataSource): boolean => source.type !== 'static';

// ---------------------------------------------------------------------------
// Mapping call results to options
// ---------------------------------------------------------------------------

const firstKey = (item: Record<string, unknown>, names: readonly string[]): OptionValue | undefined => {
  for (const name of names) {
    const v = item[name];
    if (isOptionValue(v)) return v;
  }
  return undefined;
};

/** Keeps the first option of each value: duplicates would make a choice ambiguous. */
const dedupe = (options: Option[]): Option[] => {
  const seen = new Set<string>();
  return options.filter((o) => {
    const key = String(o.value);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
};

const LABEL_KEYS = ['label', 'name', 'title', 'text'] as const;
const VALUE_KEYS = ['value', 'id', 'code'] as const;

/**
 * One result item as an option. Decided, since the spec does not show the item shape:
 * a bare string or number is both label and value; a record takes its label from
 * label / name / title / text and its value from value / id / code (whichever comes
 * first), falling back on each other; children come from children or childs.
 */
const itemToOption = (item: unknown, depth: number): Option | null => {
  if (isOptionValue(item)) return { label: String(item), value: item };
  if (!isRecord(item)) return null;
  const label = firstKey(item, LABEL_KEYS);
  const value = firstKey(item, VALUE_KEYS);
  if (label === undefined && value === undefined) return null;
  const option: Option = { label: String(label ?? value), value: (value ?? label) as OptionValue };
  const rawChildren = Array.isArray(item.children) ? item.children : Array.isArray(item.childs) ? item.childs : undefined;
  if (rawChildren && depth < MAX_DEPTH) option.children = itemsToOptions(rawChildren, depth + 1);
  if (typeof item.isLeaf === 'boolean') option.isLeaf = item.isLeaf;
  return option;
};

const itemsToOptions = (items: readonly unknown[], depth: number): Option[] => {
  const out: Option[] = [];
  for (const item of items) {
    const o = itemToOption(item, depth);
    if (o) out.push(o);
  }
  return dedupe(out);
};

/** Options from any option-like list (static options in a definition, result items). */
export const sanitiseOptions = (items: unknown): Option[] => (Array.isArray(items) ? itemsToOptions(items, 0) : []);

/**
 * The list inside a select-component or event-config answer: the body's `result`
 * when it is a list, else `result.items` (SPEC point 7: "reads result or result.items").
 * A bare list or `{ items }` is accepted too. Anything else is an empty list.
 */
export const resultList = (body: unknown): unknown[] => {
  if (Array.isArray(body)) return body;
  if (!isRecord(body)) return [];
  const result = body.result;
  if (Array.isArray(result)) return result;
  if (isRecord(result) && Array.isArray(result.items)) return result.items;
  if (Array.isArray(body.items)) return body.items;
  return [];
};

/** Options from a select-component or event-config answer. */
export const resultToOptions = (body: unknown): Option[] => sanitiseOptions(resultList(body));

/**
 * The value a `set` rule with an event gets from `event-config/run`: `result.items`
 * when the result is a page, else the result itself; null when there is none.
 */
export const eventResultValue = (body: unknown): unknown => {
  if (!isRecord(body) || body.result === undefined) return null;
  const result = body.result;
  if (isRecord(result) && Array.isArray(result.items)) return result.items;
  return result;
};

/**
 * Dictionary drop-down answer (SPEC: name -> label, id -> value). The answer is a list
 * of `{ id, name }`, or a page `{ items }`; entries without both are dropped.
 */
export const dictionaryToOptions = (body: unknown): Option[] => {
  const list = Array.isArray(body) ? body : isRecord(body) && Array.isArray(body.items) ? body.items : [];
  const out: Option[] = [];
  for (const item of list) {
    if (!isRecord(item) || !isOptionValue(item.id) || !isOptionValue(item.name)) continue;
    out.push({ label: String(item.name), value: item.id });
  }
  return dedupe(out);
};

// ---------------------------------------------------------------------------
// Regions
// ---------------------------------------------------------------------------

export { ADDRESS_PROMPTS };

/** SPEC point 9: region cascade depth country, province, city, district. */
export const REGION_LEVELS = ['country', 'province', 'city', 'district'] as const;
export type RegionLevel = (typeof REGION_LEVELS)[number];

const PROMPT_ORDER = ['province', 'city', 'district'] as const;

/** The prompt of an address picker column (0 province, 1 city, 2 district); '' past the last. */
export const addressPrompt = (column: number): string => {
  const level = Number.isInteger(column) ? PROMPT_ORDER[column] : undefined;
  return level ? ADDRESS_PROMPTS[level] : '';
};

/**
 * `leve` is the level's index in REGION_LEVELS: 0 country, 1 province, 2 city,
 * 3 district (decided; the spec gives the levels, not their numbers). A node without
 * `leve` takes its position in the tree, the first level being provinces.
 */
const levelIndex = (node: Record<string, unknown>, position: number): number =>
  typeof node.leve === 'number' && Number.isInteger(node.leve) && node.leve >= 0 && node.leve < REGION_LEVELS.length
    ? node.leve
    : position;

const regionToOption = (node: unknown, position: number, last: number): Option | null => {
  if (!isRecord(node) || !isOptionValue(node.name) || !isOptionValue(node.code)) return null;
  const level = levelIndex(node, position);
  const option: Option = { label: String(node.name), value: String(node.code) };
  const children = Array.isArray(node.children) && level < last ? regionsAt(node.children, level + 1, last) : [];
  if (children.length > 0) option.children = children;
  option.isLeaf = children.length === 0;
  return option;
};

const regionsAt = (nodes: readonly unknown[], position: number, last: number): Option[] => {
  const out: Option[] = [];
  for (const node of nodes) {
    const o = regionToOption(node, position, last);
    if (o) out.push(o);
  }
  return dedupe(out);
};

/**
 * Region tree (`area/cascader`) to cascader options, from provinces down to `to`
 * (district by default). A country root (leve 0) is opened so the picker starts at
 * provinces, which is where its prompts start. Codes become text values.
 */
export const regionsToOptions = (nodes: unknown, to: RegionLevel = 'district'): Option[] => {
  let list: unknown[] = Array.isArray(nodes) ? nodes : isRecord(nodes) ? [nodes] : [];
  // Countries are opened, not listed (bounded: a malformed tree could nest countries).
  for (let i = 0; i < MAX_DEPTH && list.some((n) => isRecord(n) && n.leve === 0); i += 1) {
    list = list.flatMap((n) => (isRecord(n) && n.leve === 0 ? (Array.isArray(n.children) ? n.children : []) : [n]));
  }
  return regionsAt(list, REGION_LEVELS.indexOf('province'), REGION_LEVELS.indexOf(to));
};

// ---------------------------------------------------------------------------
// Reconciliation
// ---------------------------------------------------------------------------

const sameKey = (a: unknown, b: unknown): boolean => isOptionValue(a) && isOptionValue(b) && String(a) === String(b);

const inList = (options: readonly Option[], value: unknown): boolean =>
  options.some((o) => isRecord(o) && sameKey(o.value, value));

/**
 * Whether a cascader path runs through the options. A prefix is a valid path (the
 * user may stop above the leaves). Below a node whose children are not loaded yet
 * (lazy: no children and not a leaf) the rest cannot be judged and is accepted.
 */
export const isValidPath = (path: unknown, options: readonly Option[]): boolean => {
  if (!Array.isArray(path)) return false;
  let level: readonly Option[] | undefined = options;
  let parentIsLeaf = false;
  for (const key of path) {
    if (!isOptionValue(key)) return false;
    if (level === undefined) return !parentIsLeaf;
    const node: Option | undefined = level.find((o) => isRecord(o) && sameKey(o.value, key));
    if (!node) return false;
    level = Array.isArray(node.children) ? node.children : undefined;
    parentIsLeaf = node.isLeaf === true;
  }
  return true;
};

/** Whether a non-empty value is a choice the options offer (the reconciliation's test). */
export const isValueInOptions = (type: FieldType, value: unknown, options: readonly Option[]): boolean => {
  switch (type) {
    case 'radio':
    case 'select':
      return inList(options, value);
    case 'checkbox':
    case 'multiselect':
      return Array.isArray(value) && value.every((v) => inList(options, v));
    case 'cascader':
      return isValidPath(value, options);
    case 'address':
      return isRecord(value) && isValidPath(value.region, options);
    default:
      return true;
  }
};

/**
 * The value a field keeps once its options are loaded (SPEC point 5 "Data-source
 * fields"): a single choice not offered is cleared; checkbox and multiselect keep
 * only offered values; a cascader clears on an invalid path; an address keeps its
 * street but clears an invalid region (decided: it is a cascader plus text).
 * Single choices are looked up among the top-level options only.
 * Without options (`undefined`: nothing loaded yet) the value is kept as it is.
 * An unchanged value is returned as the same reference, so callers can tell.
 */
export const reconcileValue = (type: FieldType, value: unknown, options: readonly Option[] | undefined): unknown => {
  if (!Array.isArray(options) || !isFieldType(type)) return value;
  switch (type) {
    case 'radio':
    case 'select':
      return value === emptyValueOf(type) || inList(options, value) ? value : emptyValueOf(type);
    case 'checkbox':
    case 'multiselect': {
      if (!Array.isArray(value)) return emptyValueOf(type);
      const kept = value.filter((v) => inList(options, v));
      return kept.length === value.length ? value : kept;
    }
    case 'cascader':
      if (!Array.isArray(value)) return emptyValueOf(type);
      return value.length === 0 || isValidPath(value, options) ? value : emptyValueOf(type);
    case 'address': {
      if (!isRecord(value)) return emptyValueOf(type);
      const region = value.region;
      if (Array.isArray(region) && (region.length === 0 || isValidPath(region, options))) return value;
      return { ...value, region: [] };
    }
    default:
      return value;
  }
};
