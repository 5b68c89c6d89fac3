import { badRequest } from './errors';

/**
 * Small readers for request bodies and queries. Each throws a 400 with a message the
 * client can show, so a handler reads everything first and mutates only afterwards.
 */

export function asObject(body: unknown, what = '请求体'): Record<string, unknown> {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) throw badRequest(`${what}格式不正确`);
  return body as Record<string, unknown>;
}

export function asArray(body: unknown, what = '请求体'): unknown[] {
  if (!Array.isArray(body)) throw badRequest(`${what}必须是数组`);
  return body;
}

interface StrOpts {
  required?: boolean;
  max?: number;
  /** Message when required and missing or blank. */
  requiredMessage?: string;
  maxMessage?: string;
  trim?: boolean;
}

export function optStr(obj: Record<string, unknown>, key: string, opts: StrOpts = {}): string | undefined {
  const v = obj[key];
  if (v === undefined || v === null) {
    if (opts.required) throw badRequest(opts.requiredMessage ?? `${key} 不能为空`, key);
    return undefined;
  }
  if (typeof v !== 'string') throw badRequest(`${key} 必须是字符串`, key);
  const s = opts.trim === false ? v : v.trim();
  if (opts.required && s.length === 0) throw badRequest(opts.requiredMessage ?? `${key} 不能为空`, key);
  if (opts.max !== undefined && [...s].length > opts.max) throw badRequest(opts.maxMessage ?? `${key} 不能超过${opts.max}个字符`, key);
  return s;
}

export function reqStr(obj: Record<string, unknown>, key: string, opts: Omit<StrOpts, 'required'> = {}): string {
  return optStr(obj, key, { ...opts, required: true }) as string;
}

interface NumOpts {
  required?: boolean;
  min?: number;
  max?: number;
  integer?: boolean;
  message?: string;
}

/** Accepts numbers and numeric strings (query strings and lax clients send either). */
export function optNum(obj: Record<string, unknown>, key: string, opts: NumOpts = {}): number | undefined {
  const v = obj[key];
  if (v === undefined || v === null || v === '') {
    if (opts.required) throw badRequest(opts.message ?? `${key} 不能为空`, key);
    return undefined;
  }
  const n = typeof v === 'number' ? v : typeof v === 'string' ? Number(v) : NaN;
  if (!Number.isFinite(n)) throw badRequest(opts.message ?? `${key} 必须是数字`, key);
  if (opts.integer && !Number.isInteger(n)) throw badRequest(opts.message ?? `${key} 必须是整数`, key);
  if (opts.min !== undefined && n < opts.min) throw badRequest(opts.message ?? `${key} 不能小于${opts.min}`, key);
  if (opts.max !== undefined && n > opts.max) throw badRequest(opts.message ?? `${key} 不能大于${opts.max}`, key);
  return n;
}

export function reqNum(obj: Record<string, unknown>, key: string, opts: Omit<NumOpts, 'required'> = {}): number {
  return optNum(obj, key, { ...opts, required: true }) as number;
}

export function strList(v: unknown, key: string): string[] {
  if (!Array.isArray(v) || v.some((x) => typeof x !== 'string' && typeof x !== 'number')) {
    throw badRequest(`${key} 必须是字符串数组`, key);
  }
  return v.map(String);
}

/** A query value: the first one when a key is repeated. */
export function q(query: Record<string, string | string[]>, key: string): string | undefined {
  // Query keys arrive as sent; ABP binds them case-insensitively, so do we.
  const found = Object.keys(query).find((k) => k.toLowerCase() === key.toLowerCase());
  if (found === undefined) return undefined;
  const v = query[found];
  return Array.isArray(v) ? v[0] : v;
}

export function qObj(query: Record<string, string | string[]>, keys: string[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const k of keys) out[k] = q(query, k);
  return out;
}

export function paging(query: Record<string, string | string[]>, defaultMax: number): { skip: number; max: number } {
  const o = qObj(query, ['SkipCount', 'MaxResultCount']);
  const skip = optNum(o, 'SkipCount', { min: 0, integer: true }) ?? 0;
  const max = optNum(o, 'MaxResultCount', { min: 1, max: 1000, integer: true }) ?? defaultMax;
  return { skip, max };
}
